package ascidiae

import (
	"encoding/json"
	"fmt"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Placed is a card on a player's grid.
type Placed struct {
	UID    int    `json:"uid"` // unique in the game, so an activation can follow its card
	Card   string `json:"card"`
	Orient Dir    `json:"orient"`
	T      Pool   `json:"t"`

	d *CardDef // the species, set where the card is placed or decoded: looked up on every activation
}

// Player is one seat's colony of ascidiae.
type Player struct {
	Grid     [Spaces]*Placed `json:"grid"`
	Colonies []string        `json:"colonies,omitempty"` // claimed colony ids, in order
	Placed   bool            `json:"placed"`             // initial ascidiae placed
	Turns    int             `json:"turns"`              // turns begun
}

// Pile is one space of the central board: a stack of one species.
type Pile struct {
	Zone   string `json:"zone"` // "blue" or "red"
	Card   string `json:"card"`
	Count  int    `json:"count"`
	Locked bool   `json:"locked,omitempty"`
	Cost   Pool   `json:"cost"`
}

// ColonySlot is a face-up colony card on the green area; By is the claiming seat or -1.
type ColonySlot struct {
	ID string `json:"id"`
	By int    `json:"by"`

	d *ColonyDef // the colony, set at setup and decoding: the colonize check reads it often
}

// colony is the slot's colony card.
func (s *ColonySlot) colony() *ColonyDef {
	if s.d != nil {
		return s.d
	}
	col, _ := Colony(s.ID)
	return col
}

// AbRef names the ability an activation is doing.
type AbRef struct {
	Card   string `json:"card"`   // species that prints it
	Lend   int    `json:"lend"`   // -1: the card's own ability Index; else Lends[Lend]
	Index  int    `json:"index"`  // own ability index
	Orient Dir    `json:"orient"` // borrowed: the lender's orientation when chosen
	From   int    `json:"from"`   // borrowed: the lender's space
	Label  string `json:"label"`  // its token, "1".."n", for logs

	d *CardDef // Card's definition when known (references built by eachOffered)
}

// Cursor is where the current is in the turn.
type Cursor struct {
	Seat    int     `json:"seat"`
	Started bool    `json:"started"`        // the current flows (no more rearranging)
	Moved   [2]bool `json:"moved"`          // basica, habilis rearranged this turn
	Pos     int     `json:"pos"`            // index along the current path
	Active  int     `json:"active"`         // uid of the activating card, 0 none
	Ab      *AbRef  `json:"ab,omitempty"`   // ability under way
	Act     int     `json:"act"`            // next action of Ab
	Wait    string  `json:"wait,omitempty"` // decision awaited: start, ability, pick, central
	Claims  int     `json:"claims"`         // colonies claimed this turn
	// Parts are the activation's log so far (its event is written when it ends).
	Parts []*msg.Message `json:"parts,omitempty"`
	// Line is Parts in English, as snapshots of earlier versions have it: decode reads it.
	Line    []string `json:"line,omitempty"`
	Space   int      `json:"space"`             // space of the activating card when it started
	Partial bool     `json:"partial,omitempty"` // reserved
	// Was is where each card spun or displaced this turn stood before its first change, until it
	// next activates: a spin or displace that puts it back is a move undone (the undo habit).
	// Only ever replaced, never written in place, since clones share it.
	Was []Was `json:"was,omitempty"`
	// Auto are the decisions the rules took for Seat since its last one, each the token it would
	// have typed (rules.Presumer). Only ever replaced, as Was.
	Auto []string `json:"auto,omitempty"`
}

// Was is a card's place and facing before the turn changed them.
type Was struct {
	UID    int `json:"uid"`
	Space  int `json:"space"`
	Orient Dir `json:"orient"`
}

// TurnLog is the log of one finished turn.
type TurnLog struct {
	Seat  int      `json:"seat"`
	Turn  int      `json:"turn"`
	Lines []string `json:"lines"`
	// Msgs are Lines' messages, for the board in other languages (see decode).
	Msgs []*msg.Message `json:"msgs,omitempty"`
}

// Options are the validated game options.
type Options struct {
	Preset     string `json:"preset"`
	Difficulty string `json:"difficulty"`
	Long       bool   `json:"long"`
	Layout     int    `json:"layout"`
	Rearrange  int    `json:"rearrange"`
}

// State is an Ascidiae game.
type State struct {
	Seats    int            `json:"seats"`
	Opt      Options        `json:"opt"`
	Piles    []Pile         `json:"piles"`
	Blocks   int            `json:"blocks"`
	Colonies []ColonySlot   `json:"colonies"`
	Players  []Player       `json:"players"`
	Turn     Cursor         `json:"turn"`
	Round    int            `json:"round"` // rounds completed
	NextUID  int            `json:"next_uid"`
	Log      []string       `json:"log,omitempty"`      // current turn, in English
	LogMsgs  []*msg.Message `json:"log_msgs,omitempty"` // Log's messages
	Recent   []TurnLog      `json:"recent,omitempty"`   // last finished turns, oldest first
	Res      *rules.Result  `json:"result,omitempty"`
	RNG      *rules.RNG     `json:"rng"`

	watch *watch // set only on a copy that plays a move to see what it causes (menu labels)
	ar    arena  // the messages of its events (not shared with clones)
	// quiet is set on the copies the rules play to look ahead (the greedy player, what a menu's
	// move makes certain): they write no events and no log, which no one reads.
	quiet bool
}

var _ rules.State = (*State)(nil)

// Encode is the JSON snapshot.
func (g *State) Encode() ([]byte, error) { return json.Marshal(g) }

// Result is nil while the game runs.
func (g *State) Result() *rules.Result {
	if g.Res == nil || !rules.IsVerbatim(g.Res.ReasonMsg) {
		return g.Res
	}
	r := *g.Res
	r.ReasonMsg = reasonMsg(r.English(), g.Seats)
	return &r
}

func decode(b []byte) (*State, error) {
	var g State
	if err := json.Unmarshal(b, &g); err != nil {
		return nil, fmt.Errorf("ascidiae: decode: %w", err)
	}
	if g.Seats < 1 || len(g.Players) != g.Seats || g.RNG == nil {
		return nil, fmt.Errorf("ascidiae: decode: inconsistent snapshot")
	}
	for _, p := range g.Players {
		for _, c := range p.Grid {
			if c != nil {
				d, ok := Card(c.Card)
				if !ok {
					return nil, fmt.Errorf("ascidiae: decode: unknown card %q", c.Card)
				}
				c.d = d
			}
		}
	}
	for _, p := range g.Piles {
		if _, ok := Card(p.Card); !ok {
			return nil, fmt.Errorf("ascidiae: decode: unknown card %q", p.Card)
		}
	}
	for i, c := range g.Colonies {
		col, ok := Colony(c.ID)
		if !ok {
			return nil, fmt.Errorf("ascidiae: decode: unknown colony %q", c.ID)
		}
		g.Colonies[i].d = col
	}
	if g.Opt.Layout < 0 || g.Opt.Layout >= len(data.Layouts) {
		return nil, fmt.Errorf("ascidiae: decode: bad layout")
	}
	// A snapshot written before the logs had messages: its lines stay English, as notation.
	if len(g.Turn.Line) > 0 {
		g.Turn.Parts, g.Turn.Line = codeLines(g.Turn.Line, nil), nil
	}
	g.LogMsgs = codeLines(g.Log, g.LogMsgs)
	for i := range g.Recent {
		g.Recent[i].Msgs = codeLines(g.Recent[i].Lines, g.Recent[i].Msgs)
	}
	return &g, nil
}

func (g *State) solo() bool { return g.Seats == 1 }

func (g *State) path() [Spaces]int { return data.Layouts[g.Opt.Layout].Path }

// winTarget is the number of colonies that wins a multiplayer game.
func (g *State) winTarget() int {
	if g.Opt.Long {
		return data.Rules.LongWins
	}
	return data.Rules.Wins
}

// find returns the space of the card with uid on seat's grid, or -1.
func (g *State) find(seat, uid int) int {
	for i, c := range g.Players[seat].Grid {
		if c != nil && c.UID == uid {
			return i
		}
	}
	return -1
}

func (g *State) place(seat, sp int, card string, o Dir) *Placed {
	g.NextUID++
	c := &Placed{UID: g.NextUID, Card: card, Orient: o, d: mustCard(card)}
	g.Players[seat].Grid[sp] = c
	return c
}

func def(c *Placed) *CardDef {
	if c.d != nil {
		return c.d
	}
	d, _ := Card(c.Card)
	return d
}

// short is a card's name without the genus: "habilis".
func short(id string) string { return id }

func (g *State) pileByCard(id string) int {
	for i, p := range g.Piles {
		if p.Card == id {
			return i
		}
	}
	return -1
}

func (g *State) unclaimed() int {
	n := 0
	for _, c := range g.Colonies {
		if c.By < 0 {
			n++
		}
	}
	return n
}

// clone is a deep copy, for players that look ahead: quiet (see State.quiet); Clone is the
// copy that writes its events.
func (g *State) clone() *State {
	c := *g
	c.Piles = append([]Pile(nil), g.Piles...)
	c.Colonies = append([]ColonySlot(nil), g.Colonies...)
	c.Players = make([]Player, len(g.Players))
	n := 0
	for i := range g.Players {
		for _, pc := range g.Players[i].Grid {
			if pc != nil {
				n++
			}
		}
	}
	// One allocation for every card on the grids: the greedy player clones hundreds of times a
	// decision.
	cards := make([]Placed, 0, n)
	for i, p := range g.Players {
		np := p
		np.Colonies = p.Colonies[:len(p.Colonies):len(p.Colonies)] // append-only, as the logs below
		for sp, pc := range p.Grid {
			if pc != nil {
				cards = append(cards, *pc)
				np.Grid[sp] = &cards[len(cards)-1]
			}
		}
		c.Players[i] = np
	}
	if g.Turn.Ab != nil {
		ab := *g.Turn.Ab
		c.Turn.Ab = &ab
	}
	// The logs are only ever appended to (or dropped), so the copy shares them up to their
	// length; a cap at that length makes its first append copy instead of writing into g's.
	c.Turn.Parts = g.Turn.Parts[:len(g.Turn.Parts):len(g.Turn.Parts)]
	c.Log = g.Log[:len(g.Log):len(g.Log)]
	c.LogMsgs = g.LogMsgs[:len(g.LogMsgs):len(g.LogMsgs)]
	c.Recent = g.Recent[:len(g.Recent):len(g.Recent)]
	if g.Res != nil {
		r := *g.Res
		c.Res = &r
	}
	c.RNG = g.RNG.Clone()
	c.watch = nil
	c.ar = arena{}
	c.quiet = true
	return &c
}

// codeLines is msgs, or when it does not match lines (an older snapshot), lines as notation.
func codeLines(lines []string, msgs []*msg.Message) []*msg.Message {
	if len(msgs) == len(lines) {
		return msgs
	}
	out := make([]*msg.Message, len(lines))
	for i, l := range lines {
		out[i] = codeMsg(l)
	}
	return out
}
