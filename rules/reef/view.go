package reef

import (
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// View is what one seat, or a spectator, may see. Arrays indexed by colour follow Colours
// (grey, orange, pink, white, yellow); arrays indexed by alga follow blue, green, purple, red.
type View struct {
	Viewer  int    `json:"viewer"` // the seat viewing, or -1 for the public view
	Seats   int    `json:"seats"`
	Variant string `json:"variant"`
	Phase   string `json:"phase"` // "setup", "play", "last" (last turns) or "over"
	Turn    int    `json:"turn"`  // the seat to move in play and last turns, else -1
	First   int    `json:"first"`
	Prompt  string `json:"prompt,omitempty"`

	Boards     []BoardView      `json:"boards"`
	Tiles      []TileView       `json:"tiles"`
	Sea        []SeaView        `json:"sea"`      // clockwise
	SeaAlga    Alga             `json:"sea_alga"` // cylinder on the open-sea alga space
	Bonus      [NumColours]bool `json:"bonus"`    // bonus polyps beside the open sea
	Bag        int              `json:"bag"`      // polyps in the bag
	CubeSupply [NumColours]int  `json:"cube_supply"`
	AlgaSupply [NumAlgae]int    `json:"alga_supply"`
	// Values are the points a parrotfish polyp of each colour would score now.
	Values  [NumColours]int `json:"values"`
	Players []PlayerView    `json:"players"`

	Actions *TurnView `json:"actions,omitempty"` // what the player to move has done this turn
	// Turns are what each seat's latest turn did (the running one for the seat to move, once
	// it has acted), the oldest first: public moves only. Absent from older snapshots.
	Turns     []TurnMarks `json:"turns,omitempty"`
	LastTurns []int       `json:"last_turns,omitempty"`
	// Focus lists the boards the awaited decision concerns, the most relevant first, then the
	// board the latest turn played on: what a phone's image shows (at most two).
	Focus     []int  `json:"focus,omitempty"`
	Note      string `json:"note,omitempty"` // the latest move, in a few words
	EndReason string `json:"end_reason,omitempty"`
	// NoteMsg and EndReasonMsg are Note and EndReason as messages, for the image's language.
	NoteMsg      *msg.Message  `json:"note_msg,omitempty"`
	EndReasonMsg *msg.Message  `json:"end_reason_msg,omitempty"`
	Result       *rules.Result `json:"result,omitempty"`

	Me *Private `json:"me,omitempty"` // the viewer's own secrets
}

// BoardView is one reef board on the table.
type BoardView struct {
	Number  int                    `json:"number"` // table position, 1-based: the board token
	Layout  int                    `json:"layout"` // printed board, 1-4
	Squares [Rows][Cols]SquareView `json:"squares"`
}

// SquareView is one square of a reef board.
type SquareView struct {
	Rock      bool   `json:"rock,omitempty"`
	Growth    bool   `json:"growth,omitempty"` // the extra-growth space
	Polyp     Colour `json:"polyp"`            // NoColour when empty
	Shrimp    int    `json:"shrimp"`           // owner seat, or -1
	Protected bool   `json:"protected,omitempty"`
	Coral     int    `json:"coral,omitempty"` // size of the coral this polyp belongs to
	Mark      bool   `json:"mark,omitempty"`  // changed by the latest move
}

// TileView is a coral tile as it lies.
type TileView struct {
	Number   int    `json:"number"`
	Stronger Colour `json:"stronger"`
	Weaker   Colour `json:"weaker"`
	Large    Alga   `json:"large"`
	Small    Alga   `json:"small"`
	SideB    bool   `json:"side_b,omitempty"`
	Cover    Alga   `json:"cover"` // NoAlga while uncovered
}

// SeaView is one large open-sea space.
type SeaView struct {
	Colour Colour          `json:"colour"`
	Cube   bool            `json:"cube"`
	Polyps [NumColours]int `json:"polyps"`
}

// PlayerView is what everyone sees of a player. Counts behind the screen follow from public
// moves, so they are shown; colours behind the screen and in the parrotfish are not.
type PlayerView struct {
	Seat          int             `json:"seat"`
	Colour        string          `json:"colour"` // shrimp colour
	Consumed      [NumColours]int `json:"consumed"`
	Screen        int             `json:"screen"` // polyps behind the screen
	Cubes         int             `json:"cubes"`  // larva cubes behind the screen
	ShrimpsHome   int             `json:"shrimps_home"`
	ShrimpsOnReef int             `json:"shrimps_on_reef"`
	ShrimpsEaten  int             `json:"shrimps_eaten"`
	Fish          int             `json:"fish"` // polyps in the parrotfish
	Ready         bool            `json:"ready,omitempty"`
	// Revealed once the game is over.
	FishColours *[NumColours]int `json:"fish_colours,omitempty"`
	Score       *int             `json:"score,omitempty"`
}

// TurnView lists the actions already taken in the current turn.
type TurnView struct {
	Started    bool   `json:"started,omitempty"`
	Larva      int    `json:"larva,omitempty"`
	Introduced bool   `json:"introduced,omitempty"`
	Traded     bool   `json:"traded,omitempty"`
	Bought     bool   `json:"bought,omitempty"`
	Covered    bool   `json:"covered,omitempty"`
	Grow       Colour `json:"grow"` // larva play in progress, or NoColour
	FromScreen int    `json:"from_screen,omitempty"`
}

// TurnMarks is what one seat's latest turn touched on the table.
type TurnMarks struct {
	Seat      int          `json:"seat"`
	Running   bool         `json:"running,omitempty"` // the seat to move, still in this turn
	Laid      []Spot       `json:"laid,omitempty"`    // polyps laid on empty rock, extra growth too
	Overgrown []Spot       `json:"overgrown,omitempty"`
	Eaten     []Spot       `json:"eaten,omitempty"` // squares of the corals eaten
	Shrimps   []ShrimpMove `json:"shrimps,omitempty"`
	Covered   []int        `json:"covered,omitempty"`  // coral tile numbers covered by an alga
	Flipped   []int        `json:"flipped,omitempty"`  // coral tile numbers flipped
	SeaAlga   bool         `json:"sea_alga,omitempty"` // an alga went onto the open-sea space
	Took      []Colour     `json:"took,omitempty"`     // the open-sea space taken
}

// Spot is a square: Board indexes View.Boards, Row and Col count from zero.
type Spot struct {
	Board int `json:"board"`
	Row   int `json:"row"`
	Col   int `json:"col"`
}

// ShrimpMove is one shrimp's move; From is nil for a shrimp introduced from behind the screen,
// To is nil for one that went back there.
type ShrimpMove struct {
	From *Spot `json:"from,omitempty"`
	To   *Spot `json:"to,omitempty"`
}

// Private is what only its owner sees: behind the screen and inside the parrotfish.
type Private struct {
	Screen [NumColours]int `json:"screen"`
	Cubes  [NumColours]int `json:"cubes"`
	Fish   [NumColours]int `json:"fish"`
}

var phaseNames = [...]string{"setup", "play", "last", "over"}

// View returns seat's view; rules.Spectator gets the public one.
func (s *state) View(seat rules.Seat) any {
	v := &View{
		Viewer: int(seat), Seats: s.Seats, Variant: VariantStandard, Phase: phaseNames[s.Phase],
		Turn: -1, First: s.First, SeaAlga: s.SeaAlga, Bonus: s.Bonus, Bag: sum(s.Bag[:]),
		CubeSupply: s.CubeSupply, AlgaSupply: s.AlgaSupply, Note: s.Note, EndReason: s.EndReason,
		NoteMsg: s.NoteMsg,
	}
	if s.EndReason != "" {
		v.EndReasonMsg = reasonMsg(s.EndReason)
	}
	if seat < 0 || int(seat) >= s.Seats {
		v.Viewer = -1
	}
	if s.Advanced {
		v.Variant = VariantAdvanced
	}
	if s.Phase == phasePlay || s.Phase == phaseLast {
		v.Turn = s.Turn
		t := s.T
		v.Actions = &TurnView{Started: t.Started, Larva: t.Larva, Introduced: t.Introduced, Traded: t.Traded,
			Bought: t.Bought, Covered: t.Covered, Grow: t.Grow, FromScreen: t.FromScreen}
	}
	if ps := s.Awaiting(); len(ps) > 0 && s.Phase != phaseSetup {
		v.Prompt = ps[0].English()
	}
	v.LastTurns = append([]int(nil), s.LastTurns...)
	v.Turns = s.turnViews()
	v.Focus = s.focusBoards()
	if s.Res != nil {
		r := *s.Res
		v.Result = &r
	}
	cm := s.corals()
	marked := map[int]bool{}
	for _, m := range s.Marks {
		marked[m] = true
	}
	for b, l := range s.Layouts {
		bv := BoardView{Number: b + 1, Layout: l}
		lay := s.layout(b)
		for i := 0; i < perBoard; i++ {
			sq := b*perBoard + i
			q := SquareView{Rock: lay.Rock[i], Growth: i == lay.Growth, Polyp: s.Polyp[sq], Shrimp: int(s.Shrimp[sq]), Mark: marked[sq]}
			if q.Polyp != NoColour {
				q.Protected = s.protected(sq)
				q.Coral = cm.size[cm.id[sq]]
			}
			bv.Squares[i/Cols][i%Cols] = q
		}
		v.Boards = append(v.Boards, bv)
	}
	for t := range s.Tiles {
		strong, weak := s.tileColours(t)
		large, small := s.tileAlgae(t)
		v.Tiles = append(v.Tiles, TileView{Number: t + 1, Stronger: strong, Weaker: weak, Large: large, Small: small,
			SideB: s.Tiles[t].SideB, Cover: s.Tiles[t].Cover})
	}
	for _, sp := range s.Sea {
		v.Sea = append(v.Sea, SeaView{Colour: sp.Colour, Cube: sp.Cube, Polyps: sp.Polyps})
	}
	for _, c := range Colours {
		v.Values[c] = s.colourValue(c)
	}
	for i := range s.Players {
		p := &s.Players[i]
		pv := PlayerView{Seat: i, Colour: PlayerColour(i), Consumed: p.Consumed, Screen: sum(p.Screen[:]),
			Cubes: sum(p.Cubes[:]), ShrimpsHome: p.ShrimpsHome, ShrimpsOnReef: len(s.shrimpsOf(i)),
			ShrimpsEaten: p.ShrimpsEaten, Fish: sum(p.Fish[:]), Ready: p.Ready}
		if s.Phase == phaseOver || s.Concluded {
			fc := p.Fish
			pv.FishColours = &fc
			sc := s.score(i)
			if s.Res != nil {
				sc = s.Res.Scores[i]
			}
			pv.Score = &sc
		}
		v.Players = append(v.Players, pv)
	}
	if v.Viewer >= 0 {
		p := &s.Players[v.Viewer]
		v.Me = &Private{Screen: p.Screen, Cubes: p.Cubes, Fish: p.Fish}
	}
	return v
}
