// Package record reads and writes game records: a small text format, like chess PGN, holding
// everything needed to rebuild a game exactly (game, seats, seed, options, player names) and one
// line per move. It is the export format, the bug-report format and the test-fixture format.
//
//	# boardbot game record
//	game: autumn-ash
//	seats: 2
//	seed: 1234
//	option variant: standard
//	player 0: alice
//	player 1: bob
//
//	0: b1 b2
//	1: d6 d5 drone
//	takeover 1: resigned
//	0: c1 c2
//	end: aborted
//
// Lines starting with '#' are comments. Header lines come before the first move line; a move line
// is "<seat>: <notation>". Names may hold any text but a newline.
//
// Beside the moves, the log carries what the platform did to the game, each line where it
// happened (records written before these lines existed have none, and read as before):
//
//	takeover <seat>: <why>   from the next move on the bot plays the seat, which ranks after
//	                         every seat still played by its player; why is resigned, timeout or
//	                         left (the cause was not kept)
//	end: resigned <seat>...  the game ended here: those seats resigned and every other seat wins
//	end: timeout <seat>...   the game ended here: those seats ran out of time, every other wins
//	end: aborted             the game ended here without a result
//
// An end line is the record's last log line.
package record

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// Record is one game's setup and its moves.
type Record struct {
	Game    string
	Setup   rules.Setup
	Players []string // names by seat; may be shorter than Seats
	Moves   []Entry
	// Takeovers are the seats the bot took over from their players, in log order.
	Takeovers []Takeover
	// End is how the platform ended the game, nil when it did not (the rules ended it, or it
	// runs).
	End *End
}

// Why a seat was taken over, and how the platform ended a game.
const (
	Resigned = "resigned"
	Timeout  = "timeout"
	Left     = "left" // a takeover whose cause the bot did not keep
	Aborted  = "aborted"
)

// Takeover is a "takeover <seat>: <why>" line: the bot plays Seat from move After+1 on.
type Takeover struct {
	Seat  rules.Seat
	After int    // moves played before it
	Why   string // Resigned, Timeout or Left
	Line  int
}

// End is an "end: <how> <seats>" line, after the last move.
type End struct {
	How   string       // Resigned, Timeout or Aborted
	Seats []rules.Seat // who resigned or ran out of time; none when aborted
	Line  int
}

// TakenOver lists the seats the bot took over, in seat order, each once.
func (r *Record) TakenOver() []rules.Seat {
	var out []rules.Seat
	for _, t := range r.Takeovers {
		if !slices.Contains(out, t.Seat) {
			out = append(out, t.Seat)
		}
	}
	slices.Sort(out)
	return out
}

// Entry is one move line.
type Entry struct {
	Seat rules.Seat
	Move rules.Move
	Line int // line number in the parsed file; 0 when built in memory
}

// Limits that bound parsing before any work is done.
const (
	MaxLineLen = 4096
	MaxMoves   = 100000
)

// Write prints the record.
func (r *Record) Write(w io.Writer) error {
	b := &strings.Builder{}
	fmt.Fprintf(b, "# boardbot game record\ngame: %s\nseats: %d\nseed: %d\n", r.Game, r.Setup.Seats, r.Setup.Seed)
	keys := make([]string, 0, len(r.Setup.Options))
	for k := range r.Setup.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(b, "option %s: %s\n", k, r.Setup.Options[k])
	}
	for i, p := range r.Players {
		fmt.Fprintf(b, "player %d: %s\n", i, strings.ReplaceAll(p, "\n", " "))
	}
	b.WriteString("\n")
	takeovers := slices.Clone(r.Takeovers)
	slices.SortStableFunc(takeovers, func(a, b Takeover) int { return a.After - b.After })
	next := 0
	for i := 0; i <= len(r.Moves); i++ {
		// One taken over after the last move (or, built in memory, past it) is written at the end.
		for ; next < len(takeovers) && (takeovers[next].After <= i || i == len(r.Moves)); next++ {
			fmt.Fprintf(b, "takeover %d: %s\n", takeovers[next].Seat, takeovers[next].Why)
		}
		if i < len(r.Moves) {
			fmt.Fprintf(b, "%d: %s\n", r.Moves[i].Seat, r.Moves[i].Move.String())
		}
	}
	if r.End != nil {
		b.WriteString("end: " + r.End.How)
		for _, s := range r.End.Seats {
			fmt.Fprintf(b, " %d", s)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// String returns the printed record.
func (r *Record) String() string {
	var b strings.Builder
	_ = r.Write(&b)
	return b.String()
}

// ParseError names the line that could not be read.
type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

// Parse reads a record. It checks the format only; Replay checks the moves.
func Parse(rd io.Reader) (*Record, error) {
	r := &Record{Setup: rules.Setup{Options: map[string]string{}}}
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 1024), MaxLineLen)
	n := 0
	seenGame, seenSeats := false, false
	inLog := false              // a move, takeover or end line was read: the header is over
	playerLine := map[int]int{} // seat -> line, to name the line of a seat the record lacks
	for sc.Scan() {
		n++
		text := sc.Text()
		if n == 1 {
			// Windows editors save UTF-8 with a byte-order mark; it is not part of the record.
			text = strings.TrimPrefix(text, "\ufeff")
		}
		line := strings.TrimSpace(text)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			return nil, &ParseError{n, "expected \"key: value\" or \"seat: move\""}
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if r.End != nil {
			return nil, &ParseError{n, "nothing may follow the end line"}
		}
		if seat, err := strconv.Atoi(key); err == nil {
			if len(r.Moves) >= MaxMoves {
				return nil, &ParseError{n, fmt.Sprintf("more than %d moves", MaxMoves)}
			}
			m, err := rules.ParseMove(val)
			if err != nil {
				return nil, &ParseError{n, err.Error()}
			}
			r.Moves = append(r.Moves, Entry{Seat: rules.Seat(seat), Move: m, Line: n})
			inLog = true
			continue
		}
		if strings.HasPrefix(key, "takeover ") || key == "takeover" {
			seat, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(key, "takeover")))
			if err != nil {
				return nil, &ParseError{n, "takeover lines are \"takeover <seat>: resigned\", \"timeout\" or \"left\""}
			}
			if val != Resigned && val != Timeout && val != Left {
				return nil, &ParseError{n, fmt.Sprintf("a seat is taken over because its player resigned, ran out of time or left (resigned, timeout or left), not %q", val)}
			}
			if slices.ContainsFunc(r.Takeovers, func(t Takeover) bool { return t.Seat == rules.Seat(seat) }) {
				return nil, &ParseError{n, fmt.Sprintf("seat %d was taken over already", seat)}
			}
			r.Takeovers = append(r.Takeovers, Takeover{Seat: rules.Seat(seat), After: len(r.Moves), Why: val, Line: n})
			inLog = true
			continue
		}
		if key == "end" {
			e, msg := parseEnd(val)
			if msg != "" {
				return nil, &ParseError{n, msg}
			}
			e.Line = n
			r.End = e
			inLog = true
			continue
		}
		if inLog {
			return nil, &ParseError{n, "header line after the first move"}
		}
		switch {
		case key == "game":
			r.Game, seenGame = val, true
		case key == "seats":
			v, err := strconv.Atoi(val)
			if err != nil || v < 1 || v > 64 {
				return nil, &ParseError{n, "seats must be a number from 1 to 64"}
			}
			r.Setup.Seats, seenSeats = v, true
		case key == "seed":
			v, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				return nil, &ParseError{n, "seed must be a whole number"}
			}
			r.Setup.Seed = v
		case strings.HasPrefix(key, "option "):
			k := strings.TrimSpace(strings.TrimPrefix(key, "option "))
			if k == "" {
				return nil, &ParseError{n, "option without a name"}
			}
			r.Setup.Options[k] = val
		case strings.HasPrefix(key, "player "):
			i, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(key, "player ")))
			if err != nil || i < 0 || i > 63 {
				return nil, &ParseError{n, "player lines are \"player <seat>: <name>\""}
			}
			for len(r.Players) <= i {
				r.Players = append(r.Players, "")
			}
			r.Players[i] = val
			playerLine[i] = n
		default:
			return nil, &ParseError{n, fmt.Sprintf("unknown header %q", key)}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &ParseError{n + 1, fmt.Sprintf("the line is longer than %d characters", MaxLineLen)}
		}
		return nil, &ParseError{n + 1, err.Error()}
	}
	if !seenGame || !seenSeats {
		return nil, &ParseError{n, "a record needs \"game:\" and \"seats:\" lines"}
	}
	// Seats are numbered from 0 to seats-1; a line for any other seat is a typo, not a new seat.
	if len(r.Players) > r.Setup.Seats {
		i := len(r.Players) - 1
		return nil, &ParseError{playerLine[i], seatRange(i, r.Setup.Seats)}
	}
	for _, e := range r.Moves {
		if e.Seat < 0 || int(e.Seat) >= r.Setup.Seats {
			return nil, &ParseError{e.Line, seatRange(int(e.Seat), r.Setup.Seats)}
		}
	}
	for _, t := range r.Takeovers {
		if t.Seat < 0 || int(t.Seat) >= r.Setup.Seats {
			return nil, &ParseError{t.Line, seatRange(int(t.Seat), r.Setup.Seats)}
		}
	}
	if r.End != nil {
		for _, s := range r.End.Seats {
			if s < 0 || int(s) >= r.Setup.Seats {
				return nil, &ParseError{r.End.Line, seatRange(int(s), r.Setup.Seats)}
			}
		}
	}
	if len(r.Setup.Options) == 0 {
		r.Setup.Options = nil
	}
	return r, nil
}

// parseEnd reads the value of an end line, or says what is wrong with it.
func parseEnd(val string) (*End, string) {
	f := strings.Fields(val)
	const want = "end lines are \"end: resigned <seats>\", \"end: timeout <seats>\" or \"end: aborted\""
	if len(f) == 0 {
		return nil, want
	}
	e := &End{How: f[0]}
	switch e.How {
	case Aborted:
		if len(f) > 1 {
			return nil, "an aborted game has no seats to name: \"end: aborted\""
		}
		return e, ""
	case Resigned, Timeout:
	default:
		return nil, want
	}
	if len(f) == 1 {
		return nil, fmt.Sprintf("name the seats that %s: \"end: %s 1\"", map[string]string{Resigned: "resigned", Timeout: "ran out of time"}[e.How], e.How)
	}
	for _, w := range f[1:] {
		s, err := strconv.Atoi(w)
		if err != nil {
			return nil, fmt.Sprintf("%q is not a seat number", w)
		}
		if slices.Contains(e.Seats, rules.Seat(s)) {
			return nil, fmt.Sprintf("seat %d is named twice", s)
		}
		e.Seats = append(e.Seats, rules.Seat(s))
	}
	return e, ""
}

func seatRange(seat, seats int) string {
	return fmt.Sprintf("there is no seat %d: this record has %d seats, numbered 0 to %d", seat, seats, seats-1)
}

// MoveError says which move of a record the rules refused.
type MoveError struct {
	Index int // 0-based move index
	Line  int // line in the file, when parsed
	Err   error
}

func (e *MoveError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d (move %d): %v", e.Line, e.Index+1, e.Err)
	}
	return fmt.Sprintf("move %d: %v", e.Index+1, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// Step is called after each replayed move with its index, the state after it and its events.
type Step func(i int, st rules.State, evs []rules.Event) error

// Replay rebuilds the game. The setup is validated (defaults filled) as at creation; each move must
// come from an awaited seat and be legal. step may be nil.
func Replay(g rules.Game, r *Record, step Step) (rules.State, error) {
	if g.Info().ID != r.Game {
		return nil, fmt.Errorf("record is for %q, not %q", r.Game, g.Info().ID)
	}
	setup, err := g.Info().ValidateSetup(r.Setup)
	if err != nil {
		return nil, err
	}
	st, err := g.New(setup)
	if err != nil {
		return nil, err
	}
	for i, e := range r.Moves {
		if err := rules.MayMove(st, e.Seat); err != nil {
			return st, &MoveError{i, e.Line, r.named(st, err)}
		}
		evs, err := st.Apply(e.Seat, e.Move)
		if err != nil {
			return st, &MoveError{i, e.Line, r.named(st, err)}
		}
		if step != nil {
			if err := step(i, st, evs); err != nil {
				return st, err
			}
		}
	}
	return st, nil
}

// named renders the seat placeholders of a refusal with the record's player names (the game's
// own seat names, or "Player N", where it has none).
func (r *Record) named(st rules.State, err error) error {
	m := rules.IllegalMsg(err)
	if m == nil || !rules.HasSeatRefs(m.English()) {
		return err
	}
	return rules.Refuse(rules.NameSeats(m, func(s rules.Seat) string {
		if int(s) < len(r.Players) && r.Players[s] != "" {
			return r.Players[s]
		}
		return rules.SeatTitle(st, s)
	}))
}
