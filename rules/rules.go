// Package rules is the engine contract every game implements, plus the small helpers the games and
// the platform share: seats, moves as tokens, choice trees, events with per-seat visibility,
// results and a seeded generator that lives inside the game state.
//
// A game package is pure: no I/O, no drawing, no Discord. The platform never knows a game's phases;
// it only asks who is awaited (Awaiting), what may come next (Choices) and applies complete moves
// (Apply).
package rules

import (
	"encoding/json"
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules/msg"
)

// Seat is a player's place at the table, 0..n-1.
type Seat int

// Spectator is the seat of someone who is not playing; View(Spectator) is the public view.
const Spectator Seat = -1

// Setup is everything a new game depends on. With the same Setup and the same moves a game
// replays identically.
type Setup struct {
	Seats   int               `json:"seats"`
	Seed    uint64            `json:"seed"`
	Options map[string]string `json:"options,omitempty"`
}

// Info describes a game for menus, validation and help.
type Info struct {
	ID       string   `json:"id"`   // stable identifier, e.g. "autumn-ash"
	Name     string   `json:"name"` // display name
	MinSeats int      `json:"min_seats"`
	MaxSeats int      `json:"max_seats"`
	Options  []Option `json:"options,omitempty"`
	// SummaryMsg is one paragraph for /rules; NotationMsg how moves are written, with examples.
	// Both are rendered in the reader's language (as Prompt.Msg).
	SummaryMsg  *msg.Message `json:"summary"`
	NotationMsg *msg.Message `json:"notation"`
}

// Option is a game option with a closed set of values.
type Option struct {
	Key     string         `json:"key"`
	Default string         `json:"default"`
	Choices []OptionChoice `json:"choices"`
	NameMsg *msg.Message   `json:"name"`           // the option's name, as Prompt.Msg
	HelpMsg *msg.Message   `json:"help,omitempty"` // what it does
}

// OptionChoice is one allowed value of an Option.
type OptionChoice struct {
	Value    string       `json:"value"`
	LabelMsg *msg.Message `json:"label"` // what the value means, as Prompt.Msg
}

// Game is a registered game: its description and its two constructors.
type Game interface {
	Info() Info
	New(Setup) (State, error)
	Decode([]byte) (State, error)
}

// State is a game in progress (or finished). Implementations must not share mutable data between
// states: Apply changes only its receiver.
type State interface {
	// Awaiting lists the seats that may move now, each with what is asked of it. Several seats at
	// once for votes, alliance calls, simultaneous choices. Empty once the game is over.
	Awaiting() []Prompt
	// Choices returns the tokens that may follow partial for seat s, and whether partial is already
	// a complete move. An invalid partial returns an *Illegal error explaining its last bad token.
	Choices(s Seat, partial Move) (next []Choice, complete bool, err error)
	// Apply plays a complete move for seat s. A move the rules forbid returns an *Illegal error and
	// leaves the state unchanged.
	Apply(s Seat, m Move) ([]Event, error)
	// View returns what seat s may see; Spectator gets the public view. The value must marshal to
	// JSON and must never carry another seat's private information.
	View(s Seat) any
	// Result is nil while the game runs.
	Result() *Result
	// Encode is the snapshot; the game's Decode reverses it exactly.
	Encode() ([]byte, error)
}

// Prompt says that a seat is awaited and what it is asked.
type Prompt struct {
	Seat Seat `json:"seat"`
	// Default is the move applied when the seat stays silent past its clock (a vote's "no", an
	// alliance's "neutral"); nil when the game has no such answer.
	Default Move `json:"default,omitempty"`
	// Answers are whole moves the seat may make that anyone may see offered: the answers to a
	// question (accept or reject a trade offer, attacker, defender or neutral, a vote, allow or
	// refuse a passage). The platform shows them as buttons on the public post, so a game lists
	// only answers whose moves and labels reveal nothing private (never cards from a hand). Each
	// must be a legal complete move of the seat; a prompt with none gets the private picker.
	Answers []Answer `json:"answers,omitempty"`
	// Open says the seat answers in the open: its choice is public as soon as it is made (a trade
	// answer said aloud at the table), though other seats are asked at the same time. Otherwise
	// seats asked at once choose in secret, and nothing of one seat's choice may reach public
	// events, views or prompts until the last of them has chosen (checked by rulestest).
	Open bool `json:"open,omitempty"`
	// Msg is what the seat is asked, a message the platform renders in the reader's language
	// (English is one rendering of it, Prompt.English).
	Msg *msg.Message `json:"msg,omitempty"`
}

// English is the prompt in English, seats as {seat:N} placeholders.
func (p Prompt) English() string { return p.Msg.English() }

// Answer is one public answer of a Prompt: a complete move and a short label for its button.
type Answer struct {
	Move Move         `json:"move"`
	Msg  *msg.Message `json:"msg,omitempty"` // the button's label, as Prompt.Msg
}

// English is the answer's label in English.
func (a Answer) English() string { return a.Msg.English() }

// Choice is one token that may come next in a move, with a label for menus.
type Choice struct {
	Token string       `json:"token"`
	Msg   *msg.Message `json:"msg,omitempty"` // the menu label, as Prompt.Msg; nil: the token alone
}

// English is the choice's label in English ("" when it has none).
func (c Choice) English() string { return c.Msg.English() }

// Event is something that happened. To nil means everyone sees it; otherwise only those seats.
type Event struct {
	To []Seat `json:"to,omitempty"`
	// Reveals marks that this event told a seat something it could not know before: a random
	// outcome, a card drawn, another seat's secret. Undo never goes back past a move that produced
	// such an event. A seat showing its own hidden information is Shows, not Reveals.
	Reveals bool `json:"reveals,omitempty"`
	// Shows names the seats whose own hidden information the event made known (cards played or
	// discarded from their hand): it is news to the other seats who see it, to these nothing new.
	// Undo may take back a move that showed the mover's own while the event has reached nobody
	// else (inside the mover's turn, before the thread is told), never after.
	Shows []Seat `json:"shows,omitempty"`
	// Kind is a short key for the sort of event ("offer", "withdraw"), read with Ref by digests.
	Kind string `json:"kind,omitempty"`
	// Ref names the thing an event is about (a trade offer's id), so that a later event can take
	// it back: an event of Kind "withdraw" removes from a digest not yet posted the earlier events
	// with the same Ref, and itself (an offer made and withdrawn between two posts never shows).
	Ref string `json:"ref,omitempty"`
	// Msg is what happened, as Prompt.Msg: the event's only text.
	Msg *msg.Message `json:"msg,omitempty"`
	// Detail marks an event that only restates what an earlier event of the same move already
	// told (an ability's "Influence 3", then the gain it makes): thread posts leave it out so
	// nothing is told twice; the history keeps it.
	Detail bool `json:"detail,omitempty"`
	// Routine marks housekeeping the rules do by themselves at the end of a turn (drawing back
	// up to the hand size, "ends the turn", whose turn it is now): thread posts and a board's
	// last-move box leave it out for what the players chose; the history keeps it.
	Routine bool `json:"routine,omitempty"`
	// Summary marks a line that tells in one sentence what the same turn's events marked Detail
	// tell step by step (Ausonia's turn, a Reef larva play): posts tell the line instead of the
	// steps; the history tells the steps instead of the line, so neither tells it twice.
	Summary bool `json:"summary,omitempty"`
}

// Say is the public event of message m.
func Say(m *msg.Message) Event { return Event{Msg: m} }

// English is the event in English, seats as {seat:N} placeholders.
func (e Event) English() string { return e.Msg.English() }

// Public reports whether every seat and spectator may see the event.
func (e Event) Public() bool { return e.To == nil }

// NewsTo reports whether the event tells seat s something s could not know before: a Reveals
// it sees, or hidden information that Shows of another seat.
func (e Event) NewsTo(s Seat) bool {
	if !e.VisibleTo(s) {
		return false
	}
	return e.Reveals || (len(e.Shows) > 0 && !slices.Contains(e.Shows, s))
}

// VisibleTo reports whether seat s may see the event.
func (e Event) VisibleTo(s Seat) bool {
	if e.To == nil {
		return true
	}
	for _, t := range e.To {
		if t == s {
			return true
		}
	}
	return false
}

// Result is how a game ended.
type Result struct {
	// Ranks[i] is seat i's place, 1 for first; equal places are ties.
	Ranks  []int `json:"ranks"`
	Scores []int `json:"scores,omitempty"`
	// ReasonMsg is why the game ended, as Prompt.Msg. Its JSON also carries its English
	// rendering as "reason", the only form older versions stored and read (see MarshalJSON).
	ReasonMsg *msg.Message `json:"reason_msg,omitempty"`
}

// English is the reason in English, seats as {seat:N} placeholders.
func (r *Result) English() string { return r.ReasonMsg.English() }

// resultJSON is Result as stored: "reason" is the English text older versions wrote and read.
type resultJSON struct {
	Ranks     []int        `json:"ranks"`
	Scores    []int        `json:"scores,omitempty"`
	Reason    string       `json:"reason"`
	ReasonMsg *msg.Message `json:"reason_msg,omitempty"`
}

// MarshalJSON writes the reason's English beside its message, so snapshots and stored results
// keep their shape and a version before messages still reads them. A Verbatim reason is its
// English alone, as it was stored.
func (r Result) MarshalJSON() ([]byte, error) {
	j := resultJSON{r.Ranks, r.Scores, r.ReasonMsg.English(), r.ReasonMsg}
	if IsVerbatim(r.ReasonMsg) {
		j.ReasonMsg = nil
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a result; one stored before its reason had a message (only "reason")
// keeps its English words as a verbatim message, so a finished game still tells why it ended.
func (r *Result) UnmarshalJSON(b []byte) error {
	var j resultJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*r = Result{Ranks: j.Ranks, Scores: j.Scores, ReasonMsg: j.ReasonMsg}
	if r.ReasonMsg == nil && j.Reason != "" {
		r.ReasonMsg = Verbatim(j.Reason)
	}
	return nil
}

// Verbatim is a message of text as it was written, the same in every language: only for texts
// stored before their messages existed, and for tests' made-up events. Engines never emit it
// (TestNoEnglishTwins checks).
// Its {seat:N} placeholders become seat arguments ("Who", never the "Seat" that names an event's
// actor), so a reader's names go in as in any message.
func Verbatim(text string) *msg.Message {
	i := strings.Index(text, seatOpen)
	if i >= 0 {
		if j := strings.Index(text[i:], seatClose); j > 0 {
			if n, err := strconv.Atoi(text[i+len(seatOpen) : i+j]); err == nil && n >= 0 {
				return msg.New(catName, "verbatim_seat", msg.Code("Head", text[:i]), msg.Seat("Who", n),
					msg.Nested("Tail", Verbatim(text[i+j+len(seatClose):])))
			}
		}
	}
	return msg.New(catName, "verbatim", msg.Code("Text", text))
}

// IsVerbatim reports whether m is a Verbatim text.
func IsVerbatim(m *msg.Message) bool {
	return m != nil && m.Cat == catName && (m.ID == "verbatim" || m.ID == "verbatim_seat")
}

// Winners returns the seats ranked first.
func (r *Result) Winners() []Seat {
	var w []Seat
	for i, rk := range r.Ranks {
		if rk == 1 {
			w = append(w, Seat(i))
		}
	}
	return w
}

// RanksByScore ranks seats by descending score; equal scores share a place.
func RanksByScore(scores []int) []int {
	ranks := make([]int, len(scores))
	for i, si := range scores {
		r := 1
		for _, sj := range scores {
			if sj > si {
				r++
			}
		}
		ranks[i] = r
	}
	return ranks
}

// Illegal is the error for a move the rules forbid. Msg is written for the player.
type Illegal struct {
	Msg *msg.Message
}

// Error is the refusal in English, seats as {seat:N} placeholders.
func (e *Illegal) Error() string { return e.Msg.English() }

// Refuse is the *Illegal error of message m.
func Refuse(m *msg.Message) error { return &Illegal{Msg: m} }

// IllegalMsg returns the message of an *Illegal error, nil if err is no *Illegal.
func IllegalMsg(err error) *msg.Message {
	var il *Illegal
	if errors.As(err, &il) {
		return il.Msg
	}
	return nil
}

// IsIllegal reports whether err is (or wraps) an *Illegal and returns its reason in English.
func IsIllegal(err error) (string, bool) {
	var il *Illegal
	if errors.As(err, &il) {
		return il.Error(), true
	}
	return "", false
}

// Move is a move as tokens; its notation is the tokens joined by single spaces.
type Move []string

// MaxMoveLen bounds a parsed move, before any work is done on it.
const MaxMoveLen = 512

// String prints the notation.
func (m Move) String() string { return strings.Join(m, " ") }

// ParseMove splits notation into tokens. It rejects overlong input.
func ParseMove(s string) (Move, error) {
	if len(s) > MaxMoveLen {
		return nil, errTooLong(len(s))
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		return nil, Refuse(msg.New(catName, "move_empty"))
	}
	return Move(f), nil
}

// Equal reports whether two moves have the same tokens.
func (m Move) Equal(o Move) bool {
	if len(m) != len(o) {
		return false
	}
	for i := range m {
		if m[i] != o[i] {
			return false
		}
	}
	return true
}

// ValidateSetup checks seats and options against info, fills defaulted options and returns the
// completed setup. Unknown option keys and values are refused with a message naming the choices.
func (info Info) ValidateSetup(s Setup) (Setup, error) {
	if s.Seats < info.MinSeats || s.Seats > info.MaxSeats {
		if info.MinSeats == info.MaxSeats {
			return s, Refuse(msg.New(catName, "setup_seats_exact", msg.Code("Game", info.Name), msg.Count("Count", info.MinSeats), msg.Number("Got", s.Seats)))
		}
		return s, Refuse(msg.New(catName, "setup_seats_range", msg.Code("Game", info.Name), msg.Number("Min", info.MinSeats), msg.Count("Count", info.MaxSeats), msg.Number("Got", s.Seats)))
	}
	opts := make(map[string]string, len(info.Options))
	known := map[string]Option{}
	for _, o := range info.Options {
		known[o.Key] = o
		opts[o.Key] = o.Default
	}
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := s.Options[k]
		o, ok := known[k]
		if !ok {
			names := make([]string, 0, len(info.Options))
			for _, o := range info.Options {
				names = append(names, o.Key)
			}
			if len(names) == 0 {
				return s, Refuse(msg.New(catName, "setup_no_options", msg.Code("Game", info.Name), msg.Code("Key", k)))
			}
			return s, Refuse(msg.New(catName, "setup_no_option", msg.Code("Game", info.Name), msg.Code("Key", k), msg.Code("Keys", strings.Join(names, ", "))))
		}
		found := false
		var vals []string
		for _, c := range o.Choices {
			vals = append(vals, c.Value)
			if c.Value == v {
				found = true
			}
		}
		if !found {
			return s, Refuse(msg.New(catName, "setup_bad_value", msg.Code("Key", k), msg.Code("Value", v), msg.Code("Values", strings.Join(vals, ", "))))
		}
		opts[k] = v
	}
	s.Options = opts
	return s, nil
}

// Option returns the option with the given key, if the game has one.
func (info Info) Option(key string) (Option, bool) {
	for _, o := range info.Options {
		if o.Key == key {
			return o, true
		}
	}
	return Option{}, false
}

// SeatNamer is implemented by states whose texts and boards call seats by names of their own
// ("Rainbow", "House II", "Red"), so the platform can say which player holds which.
type SeatNamer interface {
	SeatName(Seat) string
}

// TurnCounter is implemented by games that number their turns, so the platform can tell a seat's
// next turn from the next step of the same turn when the same seats stay awaited (a solo game, or
// a seat that plays twice in a row). The number only has to change when a new turn begins.
type TurnCounter interface {
	TurnCount() int
}

// PartCounter is implemented by games whose rules move a seat on to another part of a turn by
// themselves while the same seats stay awaited (Ascalion: the city that ends the development
// phase, then the trade phase asking the same player). The number changes whenever such a part
// begins, so a step typed for one part is never played in the next. Only typed steps read it:
// turn numbers, posts and pings keep to TurnCounter.
type PartCounter interface {
	PartCount() int
}

// RoundCounter is implemented by games played in rounds in which a seat may be asked several
// times (a vote, then foals; a discard during another's turn): the platform then pings a player
// at most once a round for prompts that follow their own move. The number only has to change
// when a new round begins.
type RoundCounter interface {
	RoundCount() int
}

// Clone copies st through its snapshot (Encode, then g's Decode): the copy shares nothing with it.
func Clone(g Game, st State) (State, error) {
	b, err := st.Encode()
	if err != nil {
		return nil, err
	}
	return g.Decode(b)
}
