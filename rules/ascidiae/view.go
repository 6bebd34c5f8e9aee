package ascidiae

import (
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// View is what a seat sees: the renderer draws it. Ascidiae hides only the initial placements
// while they are being made (everyone places at the same time): until the last seat has placed,
// a seat sees its own grid and the others' as empty.
type View struct {
	Seats       int            `json:"seats"`
	Solo        bool           `json:"solo"`
	Preset      string         `json:"preset"`
	PresetName  string         `json:"preset_name"`
	Difficulty  string         `json:"difficulty"`
	Long        bool           `json:"long"`
	WinTarget   int            `json:"win_target"`
	Current     string         `json:"current"`
	CurrentName string         `json:"current_name"`
	Path        []string       `json:"path"` // spaces in flow order
	Round       int            `json:"round"`
	TurnLimit   int            `json:"turn_limit"`
	SoloTurns   int            `json:"solo_turns,omitempty"`
	Setup       bool           `json:"setup"` // initial placement under way
	Seat        int            `json:"seat"`  // whose turn
	Wait        string         `json:"wait,omitempty"`
	Prompt      string         `json:"prompt,omitempty"`
	PromptMsg   *msg.Message   `json:"prompt_msg,omitempty"` // Prompt as a message
	Active      string         `json:"active,omitempty"`     // space of the activating card
	Pos         int            `json:"pos"`                  // index along Path the current has reached
	Piles       []PileView     `json:"piles"`
	Blocks      int            `json:"blocks"`
	Colonies    []ColonyView   `json:"colonies"`
	Players     []PlayerView   `json:"players"`
	Kinds       []KindView     `json:"kinds"` // every species in play, with generated texts
	Log         []string       `json:"log,omitempty"`
	LogMsgs     []*msg.Message `json:"log_msgs,omitempty"` // Log's messages
	Recent      []TurnLog      `json:"recent,omitempty"`
	Result      *rules.Result  `json:"result,omitempty"`
}

// PileView is a central board space.
type PileView struct {
	Space  string `json:"space"` // blue1..blue6, red1..red4
	Zone   string `json:"zone"`
	Card   string `json:"card"`
	Name   string `json:"name"`
	Count  int    `json:"count"`
	Locked bool   `json:"locked,omitempty"`
	Cost   Pool   `json:"cost"`
}

// ColonyView is a colony card on the green area.
type ColonyView struct {
	Slot       string `json:"slot"` // g1.. as in moves
	ID         string `json:"id"`
	Difficulty string `json:"difficulty"`
	Needs      Pool   `json:"needs"`
	By         int    `json:"by"` // claiming seat, -1 available
}

// PlayerView is one seat's grid and claims.
type PlayerView struct {
	Seat     int        `json:"seat"`
	Cells    []CellView `json:"cells"` // Spaces cells, a1..d3 row by row
	Colonies []string   `json:"colonies,omitempty"`
	Placed   bool       `json:"placed"`
	Hidden   bool       `json:"hidden,omitempty"` // placed, not shown until everyone has placed
	Turns    int        `json:"turns"`
}

// CellView is one space of a grid; Card is empty when the space is.
type CellView struct {
	Space    string `json:"space"`
	Card     string `json:"card,omitempty"`
	Name     string `json:"name,omitempty"`
	Orient   Dir    `json:"orient"`
	Tadpoles Pool   `json:"tadpoles"`
	Capacity int    `json:"capacity,omitempty"`
}

// KindView is a species in play.
type KindView struct {
	ID        string        `json:"id"`
	Name      string        `json:"name"`
	Kind      Kind          `json:"kind"`
	Group     int           `json:"group,omitempty"`
	Capacity  int           `json:"capacity"`
	OnRoot    Pool          `json:"on_root"`
	Abilities []AbilityView `json:"abilities,omitempty"`
	Lends     []LendView    `json:"lends,omitempty"`
	Text      string        `json:"text"`
	TextMsg   *msg.Message  `json:"text_msg,omitempty"` // Text as a message
}

// AbilityView is an ability with its generated text.
type AbilityView struct {
	Code    string       `json:"code"`
	Text    string       `json:"text"`
	TextMsg *msg.Message `json:"text_msg,omitempty"` // Text as a message
	Actions []Action     `json:"actions"`
}

// LendView is a borrowed ability printed on a lender.
type LendView struct {
	To      Dir         `json:"to"`
	Ability AbilityView `json:"ability"`
}

// View returns what seat s sees: everything, except the others' initial placements while the
// setup is open.
func (g *State) View(s rules.Seat) any { return g.view(s) }

// PublicView is the View of a spectator.
func (g *State) PublicView() *View { return g.view(rules.Spectator) }

func (g *State) view(viewer rules.Seat) *View {
	l := data.Layouts[g.Opt.Layout]
	pr, _ := data.preset(g.Opt.Preset)
	v := &View{
		Seats: g.Seats, Solo: g.solo(), Preset: pr.ID, PresetName: pr.Name, Difficulty: g.Opt.Difficulty,
		Long: g.Opt.Long, WinTarget: g.winTarget(), Current: l.ID, CurrentName: l.Name,
		Round: g.Round, TurnLimit: data.Rules.TurnLimit, Setup: g.setupPhase(), Seat: g.Turn.Seat,
		Pos: g.Turn.Pos, Blocks: g.Blocks, Result: g.Result(),
		Log: append([]string(nil), g.Log...), LogMsgs: append([]*msg.Message(nil), g.LogMsgs...),
		Recent: append([]TurnLog(nil), g.Recent...),
	}
	if g.solo() {
		v.SoloTurns = data.Rules.SoloTurns
		v.WinTarget = 2
	}
	for _, sp := range l.Path {
		v.Path = append(v.Path, SpaceName(sp))
	}
	if g.Res == nil && !v.Setup {
		v.Wait = g.Turn.Wait
		if v.Wait != "" {
			v.PromptMsg = g.promptMsg()
			v.Prompt = v.PromptMsg.English()
		}
		if _, sp := g.activeCard(); sp >= 0 {
			v.Active = SpaceName(sp)
		}
	}
	kinds := map[string]bool{"basica": true, "habilis": true}
	nb, nr := 0, 0
	for _, p := range g.Piles {
		kinds[p.Card] = true
		pv := PileView{Zone: p.Zone, Card: p.Card, Name: mustCard(p.Card).Name, Count: p.Count, Locked: p.Locked, Cost: p.Cost}
		if p.Zone == "blue" {
			nb++
			pv.Space = "blue" + itoa(nb)
		} else {
			nr++
			pv.Space = "red" + itoa(nr)
		}
		v.Piles = append(v.Piles, pv)
	}
	for i, s := range g.Colonies {
		col, _ := Colony(s.ID)
		v.Colonies = append(v.Colonies, ColonyView{Slot: slotToken(i), ID: s.ID, Difficulty: col.Difficulty, Needs: col.Needs, By: s.By})
	}
	for i, p := range g.Players {
		pv := PlayerView{Seat: i, Colonies: append([]string(nil), p.Colonies...), Placed: p.Placed, Turns: p.Turns}
		pv.Hidden = v.Setup && p.Placed && rules.Seat(i) != viewer
		for sp, c := range p.Grid {
			cv := CellView{Space: SpaceName(sp)}
			if c != nil && !pv.Hidden {
				d := def(c)
				kinds[c.Card] = true
				cv.Card, cv.Name, cv.Orient, cv.Tadpoles, cv.Capacity = c.Card, d.Name, c.Orient, c.T, d.Capacity
			}
			pv.Cells = append(pv.Cells, cv)
		}
		v.Players = append(v.Players, pv)
	}
	for _, c := range data.Cards {
		if kinds[c.ID] {
			v.Kinds = append(v.Kinds, kindView(c))
		}
	}
	return v
}

func kindView(c *CardDef) KindView {
	m := cardMsg(c)
	k := KindView{ID: c.ID, Name: c.Name, Kind: c.Kind, Group: c.Group, Capacity: c.Capacity, OnRoot: c.OnRoot, Text: m.English(), TextMsg: m}
	for _, ab := range c.Abilities {
		k.Abilities = append(k.Abilities, abilityView(ab))
	}
	for _, l := range c.Lends {
		k.Lends = append(k.Lends, LendView{To: l.To, Ability: abilityView(l.Ability)})
	}
	return k
}

func abilityView(ab Ability) AbilityView {
	m := abilityMsg(ab, nil)
	return AbilityView{Code: ab.Code, Text: m.English(), TextMsg: m, Actions: ab.Actions}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + itoa(i%10)
}
