package rules

import (
	"math"

	"github.com/boardbot/boardbot/rules/msg"
)

// Gain is what one whole move brings its seat at once, so that menus can list the best moves
// first and say the gain before anything else in a label (a label shortened to fit a menu line
// loses its end, never its gain).
type Gain struct {
	// Points is what the move scores now, in the game's own score (victory points, points,
	// prestige); negative for what it costs in that score.
	Points int `json:"points,omitempty"`
	// Wins says the move ends the game with the seat ranked first.
	Wins bool `json:"wins,omitempty"`
	// Msg says the gain in the game's own words when points alone would not ("builds a city",
	// "+3 · takes the lead"): a short phrase, at most a few words, since it starts a menu line.
	// Nil: the platform says Points (and Wins) itself.
	Msg *msg.Message `json:"msg,omitempty"`
}

// Zero reports whether the move gains nothing worth saying.
func (g Gain) Zero() bool { return !g.Wins && g.Points == 0 && g.Msg == nil }

// Value orders gains, higher first: a win above everything, then points; a gain the game words
// itself (Msg) ranks just above the same points without one.
func (g Gain) Value() int {
	if g.Wins {
		return math.MaxInt32
	}
	v := g.Points * 2
	if g.Msg != nil {
		v++
	}
	return v
}

// Gainer is implemented by games that can say what a whole move gains, for menus to sort by.
// Menus are built on every keystroke and ask for every whole move they count (thousands), so
// Gain must take microseconds: read it from the move and the position, never by cloning the
// state or searching ahead. It must not change the state.
type Gainer interface {
	// Gain is what the complete legal move m of seat s gains s at once; the zero Gain when
	// nothing (or when m is not a whole move, which callers avoid).
	Gain(s Seat, m Move) Gain
}

// GainOf is st's Gain for seat s's whole move m, the zero Gain for a game without one.
func GainOf(st State, s Seat, m Move) Gain {
	if g, ok := st.(Gainer); ok {
		return g.Gain(s, m)
	}
	return Gain{}
}

// StepGrouper is implemented by games whose menus group at every step: where a list of whole
// moves would fit, it is still offered as its next tokens while they split it (Autumn Ash: a
// leaf's moves as destinations, then sizes), so a player picks one decision at a time.
type StepGrouper interface {
	GroupEveryStep() bool
}

// GroupsEveryStep reports whether st's menus group at every step.
func GroupsEveryStep(st State) bool {
	g, ok := st.(StepGrouper)
	return ok && g.GroupEveryStep()
}

// MenuOrderer is implemented by games that list one next token first in menus, among moves that
// gain alike, beyond the engine's own order (which random play and search share, so it must not
// change): Autumn Ash lists the leaf just entered first.
type MenuOrderer interface {
	// MenuFirst is the token to list first after partial, or "".
	MenuFirst(s Seat, partial Move) string
}
