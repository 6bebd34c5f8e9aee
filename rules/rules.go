// Package rules is the engine contract every game implements, plus the small helpers the games and
// the platform share: seats, moves as tokens, choice trees, events with per-seat visibility,
// results and a seeded generator that lives inside the game state.
//
// A game package is pure: no I/O, no drawing, no Discord. The platform never knows a game's phases;
// it only asks who is awaited (Awaiting), what may come next (Choices) and applies complete moves
// (Apply).
package rules

import (
	"errors"
	"fmt"
	"slices"
	"sort"
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
	Summary  string   `json:"summary"`  // one paragraph for /rules
	Notation string   `json:"notation"` // how moves are written, with examples
	// SummaryMsg and NotationMsg are Summary and Notation as messages, rendered in the reader's
	// language (as Prompt.Msg); nil where a game has none yet.
	SummaryMsg  *msg.Message `json:"-"`
	NotationMsg *msg.Message `json:"-"`
}

// Option is a game option with a closed set of values.
type Option struct {
	Key     string         `json:"key"`
	Name    string         `json:"name"`
	Help    string         `json:"help,omitempty"`
	Default string         `json:"default"`
	Choices []OptionChoice `json:"choices"`
	NameMsg *msg.Message   `json:"-"` // Name as a message, as Prompt.Msg
	HelpMsg *msg.Message   `json:"-"` // Help as a message
}

// OptionChoice is one allowed value of an Option.
type OptionChoice struct {
	Value    string       `json:"value"`
	Label    string       `json:"label"`
	LabelMsg *msg.Message `json:"-"` // Label as a message, as Prompt.Msg
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
	Seat Seat   `json:"seat"`
	Text string `json:"text"`
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
	// Msg is Text as a message the platform renders in the reader's language; Text is its
	// English rendering. Nil for a game that has no catalogue yet.
	Msg *msg.Message `json:"msg,omitempty"`
}

// Answer is one public answer of a Prompt: a complete move and a short label for its button.
type Answer struct {
	Move  Move         `json:"move"`
	Label string       `json:"label"`
	Msg   *msg.Message `json:"msg,omitempty"` // Label as a message, as Prompt.Msg
}

// Choice is one token that may come next in a move, with a label for menus.
type Choice struct {
	Token string       `json:"token"`
	Label string       `json:"label,omitempty"`
	Msg   *msg.Message `json:"msg,omitempty"` // Label as a message, as Prompt.Msg
}

// Event is something that happened. To nil means everyone sees it; otherwise only those seats.
type Event struct {
	Text string `json:"text"`
	To   []Seat `json:"to,omitempty"`
	// Reveals marks that this event told a seat something it could not know before: a random
	// outcome, a card drawn, another seat's secret. Undo never goes back past a move that produced
	// such an event. A seat showing its own hidden information is Shows, not Reveals.
	Reveals bool `json:"reveals,omitempty"`
	// Shows names the seats whose own hidden information the event made known (cards played or
	// discarded from their hand): it is news to the other seats who see it, to these nothing new.
	// Undo may take back a move that showed the mover's own while the event has reached nobody
	// else (inside the mover's turn, before the thread is told), never after.
	Shows []Seat `json:"shows,omitempty"`
	// Kind is a short key for the sort of event ("offer", "shrimp"), for digests: a post too long
	// to list every line condenses a run of events of one Kind into Many, so nothing vanishes
	// uncounted. "" never condenses.
	Kind string `json:"kind,omitempty"`
	// Many is the condensed line for a run of this Kind, with %d for how many events it stands
	// for: "{seat:1} moved shrimps %d times". Empty: the platform writes a generic line.
	Many string `json:"many,omitempty"`
	// ManyMsg is Many as a message, its count the argument "Count" (a msg.Count the engine
	// leaves at 0: the platform sets it).
	ManyMsg *msg.Message `json:"many_msg,omitempty"`
	// Ref names the thing an event is about (a trade offer's id), so that a later event can take
	// it back: an event of Kind "withdraw" removes from a digest not yet posted the earlier events
	// with the same Ref, and itself (an offer made and withdrawn between two posts never shows).
	Ref string `json:"ref,omitempty"`
	// Msg is Text as a message, as Prompt.Msg.
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

// ManyWith is e's condensed line as a message counting n (nil when e has none).
func ManyWith(e Event, n int) *msg.Message {
	if e.ManyMsg == nil {
		return nil
	}
	m := *e.ManyMsg
	m.Args = append([]msg.Arg(nil), m.Args...)
	for i := range m.Args {
		if m.Args[i].Kind == msg.KCount {
			m.Args[i].Int = n
		}
	}
	return &m
}

// Say is the public event of message m, its Text the English rendering.
func Say(m *msg.Message) Event { return Event{Text: m.English(), Msg: m} }

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
	Ranks  []int  `json:"ranks"`
	Scores []int  `json:"scores,omitempty"`
	Reason string `json:"reason"`
	// ReasonMsg is Reason as a message, as Prompt.Msg.
	ReasonMsg *msg.Message `json:"reason_msg,omitempty"`
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

// Illegal is the error for a move the rules forbid. Reason is written for the player.
type Illegal struct {
	Reason string
	Msg    *msg.Message // Reason as a message, as Prompt.Msg; nil for a text without one
}

func (e *Illegal) Error() string { return e.Reason }

// Illegalf builds an *Illegal error.
func Illegalf(format string, a ...any) error {
	return &Illegal{Reason: fmt.Sprintf(format, a...)}
}

// Refuse is the *Illegal error of message m, its Reason the English rendering.
func Refuse(m *msg.Message) error { return &Illegal{Reason: m.English(), Msg: m} }

// IllegalMsg returns the message of an *Illegal error, nil if it has none or err is no *Illegal.
func IllegalMsg(err error) *msg.Message {
	var il *Illegal
	if errors.As(err, &il) {
		return il.Msg
	}
	return nil
}

// IsIllegal reports whether err is (or wraps) an *Illegal and returns its reason.
func IsIllegal(err error) (string, bool) {
	var il *Illegal
	if errors.As(err, &il) {
		return il.Reason, true
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
		return nil, Illegalf("That move is too long (%d characters; at most %d).", len(s), MaxMoveLen)
	}
	f := strings.Fields(s)
	if len(f) == 0 {
		return nil, Illegalf("The move is empty: type its tokens separated by spaces.")
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
