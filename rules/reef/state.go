package reef

import (
	"encoding/json"
	"fmt"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// phase is where the game stands.
type phase uint8

const (
	phaseSetup phase = iota // every seat feeds its parrotfish and takes two larva cubes
	phasePlay               // ordinary turns
	phaseLast               // after the end was triggered: the other seats may each eat once
	phaseOver
)

// tileState is a coral tile on the table: which side is up and the cylinder covering it.
type tileState struct {
	SideB bool `json:"side_b,omitempty"`
	Cover Alga `json:"cover"` // NoAlga while uncovered
}

// seaSpace is one large open-sea space.
type seaSpace struct {
	Colour Colour          `json:"colour"`
	Cube   bool            `json:"cube"`
	Polyps [NumColours]int `json:"polyps"`
}

func (sp *seaSpace) count() int { return sum(sp.Polyps[:]) }

// player is everything one seat owns.
type player struct {
	Screen   [NumColours]int `json:"screen"`   // polyps behind the screen (secret)
	Cubes    [NumColours]int `json:"cubes"`    // larva cubes behind the screen (secret)
	Fish     [NumColours]int `json:"fish"`     // polyps in the parrotfish (secret)
	Consumed [NumColours]int `json:"consumed"` // consumed polyps in front of the screen (public)
	// ShrimpsHome are behind the screen; ShrimpsEaten went to the parrotfish (the first one sits on
	// the open-sea board and lets its owner cover coral tiles).
	ShrimpsHome  int  `json:"shrimps_home"`
	ShrimpsEaten int  `json:"shrimps_eaten"`
	Ready        bool `json:"ready,omitempty"` // setup choices made
}

// turnState tracks the actions taken in the current turn.
type turnState struct {
	Started    bool   `json:"started,omitempty"`    // an action was taken: the parrotfish can no longer eat
	Larva      int    `json:"larva,omitempty"`      // larva cubes played (actions 2 and 3)
	Introduced bool   `json:"introduced,omitempty"` // action 4
	Traded     bool   `json:"traded,omitempty"`     // action 6
	Bought     bool   `json:"bought,omitempty"`     // action 8
	Covered    bool   `json:"covered,omitempty"`    // a cylinder went onto a coral tile
	Grow       Colour `json:"grow"`                 // colour of the larva play in progress, or NoColour
	FromScreen int    `json:"from_screen,omitempty"`
	PlayLaid   int    `json:"play_laid,omitempty"` // polyps laid in the larva play in progress
	// Spent is the colour, plus one, of the larva play that closed by itself this turn (no more
	// polyps of its colour to lay), 0 when none: a square written after it is refused for that
	// reason, not as a lay without a cube.
	Spent int8 `json:"spent,omitempty"`
	// Arrived marks the squares where the seat's shrimps arrived this turn (introduced or
	// moved), one bit a square: a shrimp moved on from one is a shuffle (HabitShrimpShuffle).
	Arrived [3]uint64 `json:"arrived,omitzero"`
}

// arrived says whether a shrimp of the seat to move arrived on sq this turn.
func (t *turnState) arrived(sq int) bool { return t.Arrived[sq/64]&(1<<(sq%64)) != 0 }

// arrive marks sq as a square a shrimp arrived on this turn (or clears it, on leaving).
func (t *turnState) arrive(sq int, on bool) {
	if on {
		t.Arrived[sq/64] |= 1 << (sq % 64)
	} else {
		t.Arrived[sq/64] &^= 1 << (sq % 64)
	}
}

// playLine is the larva play in progress as its line in the posts will tell it. Kept by loud
// moves only, as the turn marks (the search reads no texts).
type playLine struct {
	// Lays are the polyps laid and not yet told; Told: a part of this play was told already
	// (a shrimp moved in between).
	Lays []playLay `json:"lays,omitempty"`
	Told bool      `json:"told,omitempty"`
}

// playLay is one polyp of a larva play, as its line tells it.
type playLay struct {
	Sq       int    `json:"sq"`
	Consumed bool   `json:"consumed,omitempty"`
	Victim   Colour `json:"victim"` // the polyp overgrown, or NoColour
	Guard    int8   `json:"guard"`  // the seat whose shrimp guards the coral overgrown, or -1
	Growth   int8   `json:"growth"` // extra growth: 0 none concerned, else growthDone...
	GrowthSq int    `json:"growth_sq,omitempty"`
}

// state is a game of Reef Encounter. Squares are numbered board*42 + row*7 + column, boards in
// table order (board 1 first), rows and columns from zero.
type state struct {
	Seats    int        `json:"seats"`
	Advanced bool       `json:"advanced,omitempty"`
	RNG      *rules.RNG `json:"rng"`

	Layouts []int    `json:"layouts"` // printed board number of each table board
	Polyp   []Colour `json:"polyp"`   // per square
	Shrimp  []int8   `json:"shrimp"`  // per square: owner seat, or -1

	Tiles      [NumTiles]tileState  `json:"tiles"`
	Sea        [NumColours]seaSpace `json:"sea"`
	SeaAlga    Alga                 `json:"sea_alga"`
	Bonus      [NumColours]bool     `json:"bonus"`
	Bag        [NumColours]int      `json:"bag"`
	CubeSupply [NumColours]int      `json:"cube_supply"`
	AlgaSupply [NumAlgae]int        `json:"alga_supply"`
	Players    []player             `json:"players"`

	First int       `json:"first"`
	Phase phase     `json:"phase"`
	Turn  int       `json:"turn"`
	T     turnState `json:"t"`
	// LastTurns are the seats still owed a last turn, in order, once the end is triggered.
	LastTurns []int `json:"last_turns,omitempty"`

	// Marks are the squares the latest move changed and Note says what it did, for the image.
	Marks []int  `json:"marks,omitempty"`
	Note  string `json:"note,omitempty"`
	// NoteMsg is Note as a message, so the image says it in the board's language (absent from
	// snapshots written before it: the image then shows Note).
	NoteMsg *msg.Message `json:"note_msg,omitempty"`

	EndReason string `json:"end_reason,omitempty"`

	// Recent is each seat's latest turn, for the image (nil before the first move, and in
	// snapshots written before it).
	Recent []seatTurn `json:"recent,omitempty"`
	// Concluded: the platform ended the game (rules.Concluder): views reveal and score every
	// parrotfish as at the rules' own end.
	Concluded bool `json:"concluded,omitempty"`
	// Line is the larva play in progress, for its line in the posts (loud moves only).
	Line playLine `json:"line,omitzero"`

	rock []bool        // per square, from the layouts: never changes, shared between copies
	memo *stateMemo    // the coral map last built, for the walks and texts that ask for it again
	Res  *rules.Result `json:"result,omitempty"`
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

func (s *state) numSquares() int { return len(s.Layouts) * perBoard }

func (s *state) layout(b int) *layout { return &data.Layouts[s.Layouts[b]-1] }

func (s *state) isRock(sq int) bool { return s.rock[sq] }

// initRock caches which squares are rock; call it whenever Layouts is set.
func (s *state) initRock() {
	s.rock = make([]bool, s.numSquares())
	for i := range s.rock {
		s.rock[i] = s.layout(i / perBoard).Rock[i%perBoard]
	}
	s.memo = &stateMemo{}
}

func (s *state) growthSquare(b int) int { return b*perBoard + s.layout(b).Growth }

// clone is a deep copy, so a move can be applied to a copy and kept only if it succeeds.
func (s *state) clone() *state {
	c := *s
	c.RNG = s.RNG.Clone()
	c.Layouts = append([]int(nil), s.Layouts...)
	c.Polyp = append([]Colour(nil), s.Polyp...)
	c.Shrimp = append([]int8(nil), s.Shrimp...)
	c.Players = append([]player(nil), s.Players...)
	c.LastTurns = append([]int(nil), s.LastTurns...)
	c.Marks = append([]int(nil), s.Marks...)
	c.Recent = s.Recent // shared: recent copies it before changing it, and quiet moves never do
	c.memo = s.memo.fork()
	if s.Res != nil {
		r := *s.Res
		r.Ranks = append([]int(nil), r.Ranks...)
		r.Scores = append([]int(nil), r.Scores...)
		c.Res = &r
	}
	return &c
}

// Encode is the snapshot: the state as JSON (arrays only, so the bytes are deterministic).
// A result's message stays out of it (decode reads it back from the reason), so snapshots keep
// their form.
func (s *state) Encode() ([]byte, error) {
	if s.Res == nil || s.Res.ReasonMsg == nil {
		return json.Marshal(s)
	}
	c := *s
	r := *s.Res
	r.ReasonMsg = rules.Verbatim(s.Res.English()) // written as its English alone
	c.Res = &r
	return json.Marshal(&c)
}

func decode(b []byte) (*state, error) {
	s := &state{}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, fmt.Errorf("reef: decode: %w", err)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("reef: decode: %w", err)
	}
	if s.Res != nil {
		s.Res.ReasonMsg = reasonMsg(s.Res.English())
	}
	return s, nil
}

// check rejects snapshots the rules could not run on (anything out of range), so a damaged or
// hand-edited snapshot is refused at load instead of failing later.
func (s *state) check() error {
	if s.Seats < 2 || s.Seats > 4 || len(s.Players) != s.Seats || s.RNG == nil {
		return fmt.Errorf("bad seats or players")
	}
	if len(s.Layouts) != s.Seats {
		return fmt.Errorf("want %d boards, got %d", s.Seats, len(s.Layouts))
	}
	for _, l := range s.Layouts {
		if l < 1 || l > len(data.Layouts) {
			return fmt.Errorf("unknown board %d", l)
		}
	}
	n := s.numSquares()
	if len(s.Polyp) != n || len(s.Shrimp) != n {
		return fmt.Errorf("board squares do not match the boards")
	}
	s.initRock()
	onReef := make([]int, s.Seats)
	for i, p := range s.Polyp {
		if p < NoColour || p >= NumColours || (p != NoColour && !s.isRock(i)) {
			return fmt.Errorf("bad polyp on square %d", i)
		}
		sh := s.Shrimp[i]
		if sh < -1 || int(sh) >= s.Seats || (sh >= 0 && !s.isRock(i)) {
			return fmt.Errorf("bad shrimp on square %d", i)
		}
		if sh >= 0 {
			onReef[sh]++
		}
	}
	for _, t := range s.Tiles {
		if t.Cover < NoAlga || t.Cover >= NumAlgae {
			return fmt.Errorf("bad tile cover")
		}
	}
	var seen [NumColours]bool
	for _, sp := range s.Sea {
		if sp.Colour < 0 || sp.Colour >= NumColours || seen[sp.Colour] || !nonNegative(sp.Polyps[:]) {
			return fmt.Errorf("bad open-sea space")
		}
		seen[sp.Colour] = true
	}
	if s.SeaAlga < NoAlga || s.SeaAlga >= NumAlgae || !nonNegative(s.Bag[:]) || !nonNegative(s.CubeSupply[:]) || !nonNegative(s.AlgaSupply[:]) {
		return fmt.Errorf("bad supplies")
	}
	for i, p := range s.Players {
		if !nonNegative(p.Screen[:]) || !nonNegative(p.Cubes[:]) || !nonNegative(p.Fish[:]) || !nonNegative(p.Consumed[:]) ||
			p.ShrimpsHome < 0 || p.ShrimpsEaten < 0 || p.ShrimpsHome+p.ShrimpsEaten+onReef[i] != data.ShrimpsPerPlayer {
			return fmt.Errorf("bad player %d", i+1)
		}
	}
	if s.First < 0 || s.First >= s.Seats || s.Turn < 0 || s.Turn >= s.Seats || s.Phase > phaseOver {
		return fmt.Errorf("bad turn")
	}
	if (s.Phase == phaseLast) != (len(s.LastTurns) > 0) {
		return fmt.Errorf("last turns do not match the phase")
	}
	for _, t := range s.LastTurns {
		if t < 0 || t >= s.Seats {
			return fmt.Errorf("bad last turn seat")
		}
	}
	for _, m := range s.Marks {
		if m < 0 || m >= n {
			return fmt.Errorf("bad mark")
		}
	}
	if !s.checkRecent() {
		return fmt.Errorf("bad turn marks")
	}
	if s.T.Grow < NoColour || s.T.Grow >= NumColours || s.T.Larva < 0 || s.T.Larva > 2 || s.T.FromScreen < 0 || s.T.Spent < 0 || s.T.Spent > int8(NumColours) {
		return fmt.Errorf("bad larva play")
	}
	if (s.Phase == phaseOver) != (s.Res != nil) || (s.Res != nil && (len(s.Res.Ranks) != s.Seats || len(s.Res.Scores) != s.Seats)) {
		return fmt.Errorf("result does not match the phase")
	}
	return nil
}

func nonNegative(xs []int) bool {
	for _, x := range xs {
		if x < 0 {
			return false
		}
	}
	return true
}
