package ai

import (
	"sort"

	"github.com/boardbot/boardbot/rules"
)

// Habits a player would laugh at (issue 23). The arena counts them per seat; the levels above
// easy avoid them. A game names its own habits by implementing HabitJudge (and EndJudge for what
// is only visible at the end); the undo habit is found here for every game.

// HabitUndo is a move that brings the position back to where it stood before an earlier
// decision of the same seat in the same turn (a shrimp moved to and fro).
const HabitUndo = "undo"

// HabitJudge is implemented by states (before the move) whose game can tell which habits a seat
// showed by playing m: events are what the move announced, after is the state it led to. It
// returns the names of the habits (nil: none). It must not change either state.
type HabitJudge interface {
	Habits(seat rules.Seat, m rules.Move, events []rules.Event, after rules.State) []string
}

// EndJudge is implemented by finished states whose game counts something per seat at the end
// (Reef Encounter: polyps left behind the screen); the arena adds the counts to the seat's
// habits.
type EndJudge interface {
	EndHabits(seat rules.Seat) map[string]int
}

// Keyer is implemented by states whose encoding changes with things that do not make a
// different position for the undo habit (a flag that an action was taken this turn). Key must be
// equal for two states a player would call the same position; games without it use Encode.
type Keyer interface {
	PositionKey() string
}

// Sensible is implemented by states whose game rules out, for a seat about to move, the moves a
// player would laugh at (failing to stop a threat, leaving points on the table). It returns the
// moves the levels above easy may choose from, complete and legal, or nil when any move will
// do. The search still decides among them.
type Sensible interface {
	SensibleMoves(seat rules.Seat) []rules.Move
}

// SensibleTokens is implemented by states whose moves are too many to list (Ascalion's transports
// and trade offers) but whose laughable ones show in a token: given seat's partial move and the
// tokens that may follow (the empty string: the move ends here), it returns those the levels above
// easy may take, never none when tokens has some. It must read only what the seat may see. The
// search applies it inside the seat's own move, with Sensible where the game has both.
type SensibleTokens interface {
	SensibleTokens(seat rules.Seat, partial rules.Move, tokens []string) []string
}

// LastTurnJudge is implemented by states whose game counts something that matters only in a
// seat's last turn (Reef Encounter: polyps it could have laid then and kept). Like Habits it
// judges one move; the watch sums a seat's counts over each of its turns and, at End, adds those
// of the seat's latest turn that counted anything (a move returns nil to count nothing).
type LastTurnJudge interface {
	LastTurnHabits(seat rules.Seat, m rules.Move, after rules.State) map[string]int
}

// PositionKey is the key of st for the undo habit.
func PositionKey(st rules.State) string {
	if k, ok := st.(Keyer); ok {
		return k.PositionKey()
	}
	b, err := st.Encode()
	if err != nil {
		return ""
	}
	return string(b)
}

// HabitWatch counts one game's habits per seat. Call Move for every move applied, with the state
// before it (a copy: Apply changes the state in place in most games) and the state after.
type HabitWatch struct {
	seat   rules.Seat
	seen   map[string]bool // positions before each decision of seat's current turn
	Counts map[rules.Seat]map[string]int
	// turn sums the LastTurnJudge counts of seat's current turn; last holds each seat's latest
	// turn that counted anything.
	turn map[string]int
	last map[rules.Seat]map[string]int
}

// NewHabitWatch starts counting.
func NewHabitWatch() *HabitWatch {
	return &HabitWatch{seat: rules.Spectator, Counts: map[rules.Seat]map[string]int{}, last: map[rules.Seat]map[string]int{}}
}

// Move records that seat played m from before (an unchanged copy) to after, with events, and
// returns the habits the move showed.
func (w *HabitWatch) Move(before rules.State, seat rules.Seat, m rules.Move, events []rules.Event, after rules.State) []string {
	var hs []string
	if seat != w.seat {
		w.endTurn()
		w.seat, w.seen = seat, map[string]bool{}
	}
	if j, ok := before.(LastTurnJudge); ok {
		if c := j.LastTurnHabits(seat, m, after); c != nil {
			if w.turn == nil {
				w.turn = map[string]int{}
			}
			for h, n := range c {
				w.turn[h] += n
			}
		}
	}
	// Only positions before earlier decisions count: a move that changes nothing is no undo.
	if w.seen[PositionKey(after)] {
		hs = append(hs, HabitUndo)
	}
	w.seen[PositionKey(before)] = true
	if j, ok := before.(HabitJudge); ok {
		hs = append(hs, j.Habits(seat, m, events, after)...)
	}
	for _, h := range hs {
		w.add(seat, h, 1)
	}
	return hs
}

func (w *HabitWatch) endTurn() {
	if w.turn != nil {
		w.last[w.seat], w.turn = w.turn, nil
	}
}

// End adds what a finished game's EndJudge counts for each seat, and the LastTurnJudge counts of
// each seat's last turn, and returns what it added.
func (w *HabitWatch) End(st rules.State, seats int) map[rules.Seat]map[string]int {
	w.endTurn()
	added := map[rules.Seat]map[string]int{}
	add := func(s rules.Seat, h string, n int) {
		w.add(s, h, n)
		if added[s] == nil {
			added[s] = map[string]int{}
		}
		added[s][h] += n
	}
	for s, c := range w.last {
		for h, n := range c {
			add(s, h, n)
		}
	}
	if j, ok := st.(EndJudge); ok {
		for s := 0; s < seats; s++ {
			for h, n := range j.EndHabits(rules.Seat(s)) {
				add(rules.Seat(s), h, n)
			}
		}
	}
	return added
}

func (w *HabitWatch) add(seat rules.Seat, h string, n int) {
	if w.Counts[seat] == nil {
		w.Counts[seat] = map[string]int{}
	}
	w.Counts[seat][h] += n
}

// HabitNames lists the habits of counts in a stable order.
func HabitNames(counts map[string]int) []string {
	var out []string
	for h := range counts {
		out = append(out, h)
	}
	sort.Strings(out)
	return out
}
