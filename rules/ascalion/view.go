package ascalion

import (
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// View is what a seat sees. Everything in Ascalion is open once the sources are turned over;
// before that nobody, the placer included, knows a face-down source, so every view is the
// public one plus the viewer's own prompt and its own answer to a passage request.
type View struct {
	Seat      int          `json:"seat"` // the viewer, -1 for a spectator
	Players   []PlayerView `json:"players"`
	Round     int          `json:"round"`
	Phase     int          `json:"phase"`
	PhaseName string       `json:"phase_name"`
	Step      string       `json:"step"` // what is being decided: "vote", "passage", "alliances"...
	SP        int          `json:"start_player"`
	Die       int          `json:"die,omitempty"`
	Waiting   []int        `json:"waiting"`
	Prompt    string       `json:"prompt,omitempty"` // for the viewer, when awaited
	Asked     string       `json:"asked,omitempty"`  // what the first awaited seat is asked (public)
	// PromptMsg, AskedMsg and LogMsg are Prompt, Asked and Log as messages (seats as
	// placeholders), for boards drawn in other languages.
	PromptMsg *msg.Message   `json:"prompt_msg,omitempty"`
	AskedMsg  *msg.Message   `json:"asked_msg,omitempty"`
	LogMsg    []*msg.Message `json:"log_msg,omitempty"`
	Lands     []LandView     `json:"lands"`
	Vessels   []VesselView   `json:"vessels,omitempty"`
	Attack    *AttackView    `json:"attack,omitempty"`
	Offers    []OfferView    `json:"offers,omitempty"`
	Passage   *PassageView   `json:"passage,omitempty"`
	Trip      *TripView      `json:"trip,omitempty"`
	Log       []string       `json:"log,omitempty"`
	Result    *rules.Result  `json:"result,omitempty"`
	Expansion bool           `json:"expansion,omitempty"`
	Islands   bool           `json:"islands,omitempty"`
	Supply    map[string]int `json:"supply"`
	BoatCost  int            `json:"boat_cost"`
	ShipCost  int            `json:"ship_cost"`
}

// PlayerView sums up one seat.
type PlayerView struct {
	Seat       int    `json:"seat"`
	Colour     string `json:"colour"`
	Areas      int    `json:"areas"`
	Start      int    `json:"start"`
	Cities     int    `json:"cities"`
	Out        bool   `json:"out,omitempty"`
	Transports int    `json:"transports,omitempty"` // left in the current transport phase
	Done       bool   `json:"done,omitempty"`       // trade window
	Vote       int    `json:"vote"`                 // -1 none, 0 no, 1 yes
	Univ       string `json:"univ,omitempty"`       // "", "founded", or the land's name
	SetupLeft  int    `json:"setup_sources,omitempty"`
}

// LandView is one land as drawn.
type LandView struct {
	Token    string `json:"token"`
	Name     string `json:"name"`
	InPlay   bool   `json:"in_play"`
	Owner    int    `json:"owner"`
	Source   string `json:"source,omitempty"` // resource name, "hidden" while face down
	City     bool   `json:"city,omitempty"`
	Goods    Goods  `json:"goods"`
	Value    int    `json:"value"`
	Temple   int    `json:"temple"`   // religion, -1 none
	Follower int    `json:"follower"` // religion, -1 none
	Univ     bool   `json:"univ,omitempty"`
	Book     bool   `json:"book,omitempty"`
}

// VesselView is a boat or ship.
type VesselView struct {
	ID       int    `json:"id"`
	Token    string `json:"token"`
	Ship     bool   `json:"ship,omitempty"`
	Owner    int    `json:"owner"`
	Pos      string `json:"pos"` // sea field or river section token
	Goods    Goods  `json:"goods"`
	Value    int    `json:"value"`
	Follower int    `json:"follower"`
	Book     bool   `json:"book,omitempty"`
	Stranded bool   `json:"stranded,omitempty"`
}

// AttackView is the conflict being decided.
type AttackView struct {
	Attacker int          `json:"attacker"`
	Defender int          `json:"defender"`
	Target   string       `json:"target,omitempty"`
	Name     string       `json:"name,omitempty"`
	Sides    []int        `json:"sides"` // per seat: 0 neutral/undecided, 1 attacker, 2 defender
	Asked    []int        `json:"asked,omitempty"`
	Declared int          `json:"declared"` // how many of Asked have declared
	Totals   *Totals      `json:"totals,omitempty"`
	Won      int          `json:"won"`
	Step     string       `json:"step"`
	Parts    []string     `json:"-"`
	NameMsg  *msg.Message `json:"name_msg,omitempty"` // Name as a message
}

// OfferView is a trade offer on the table.
type OfferView struct {
	ID   int    `json:"id"`
	From int    `json:"from"`
	To   int    `json:"to"`
	Give Goods  `json:"give"`
	Get  Goods  `json:"get"`
	Text string `json:"text"`
	// TextMsg is Text as a message (seats as placeholders).
	TextMsg *msg.Message `json:"text_msg,omitempty"`
}

// PassageView is a boat waiting at a river border.
type PassageView struct {
	Vessel   string `json:"vessel"`
	Owner    int    `json:"owner"`
	From     string `json:"from"`
	To       string `json:"to"`
	Strength int    `json:"strength"`
	Asked    []int  `json:"asked"`
	Answers  []int  `json:"answers"`
}

// TripView is a transport in progress.
type TripView struct {
	Kind string `json:"kind"`
	Pos  string `json:"pos"`
	MP   int    `json:"mp"`
}

var stageNames = map[stage]string{
	stSources: "setup: sources", stWarriors: "setup: warriors", stVote: "vote", stTieBreak: "vote",
	stTemple: "temple", stUnivPlace: "university", stBuild: "development", stPlace: "production",
	stTrade: "trade", stTransport: "transport", stPassage: "passage", stUnivChoice: "university",
	stAttack: "attack", stExtra: "extra transport", stAlly: "alliances", stBookLoss: "books", stOver: "game over",
}

func (s *state) View(seat rules.Seat) any {
	v := View{Seat: int(seat), Round: s.Round, Phase: s.Phase, SP: s.SP, Die: s.Die, Log: plainAll(s.Log),
		Expansion: s.Opt.Expansion, Islands: s.Opt.Islands,
		BoatCost: s.boatCost(), ShipCost: s.shipCost(), Waiting: s.awaited()}
	if v.Waiting == nil {
		v.Waiting = []int{}
	}
	if s.Res != nil {
		r := *s.Res
		v.Result = &r
	}
	v.PhaseName = phaseNames[s.Phase]
	v.Step = stageNames[s.Stage]
	if st, ok := stageNames[s.Stage]; ok && s.Phase == 0 || s.Stage == stOver {
		v.PhaseName = st
	}
	v.LogMsg = s.LogMsg
	if s.Res == nil && len(v.Waiting) > 0 {
		v.AskedMsg = s.promptText(v.Waiting[0])
		v.Asked = plain(v.AskedMsg.English())
	}
	if s.Res == nil {
		for _, p := range v.Waiting {
			if p == int(seat) {
				v.PromptMsg = s.promptText(p)
				v.Prompt = plain(v.PromptMsg.English())
			}
		}
	}
	for p := 0; p < s.N; p++ {
		pv := PlayerView{Seat: p, Colour: colourNames[p], Areas: s.countAreas(p), Cities: s.cities(p), Out: !s.alive(p), Vote: -1}
		if s.Start != nil {
			pv.Start = s.Start[p]
		}
		if s.Left != nil {
			pv.Transports = s.Left[p]
		}
		if s.Done != nil {
			pv.Done = s.Done[p]
		}
		if s.Votes != nil && (s.Stage == stVote || s.Stage == stTieBreak) {
			pv.Vote = s.Votes[p]
		}
		if s.SrcLeft != nil {
			pv.SetupLeft = s.SrcLeft[p]
		}
		if s.Opt.Expansion {
			switch u := s.Univ[p]; {
			case u == -2:
				pv.Univ = "founded"
			case u >= 0:
				pv.Univ = board.Lands[u].Name
			}
		}
		v.Players = append(v.Players, pv)
	}
	for i, L := range s.Lands {
		lv := LandView{Token: board.Lands[i].Token, Name: board.Lands[i].Name, InPlay: s.inPlay(i), Owner: L.Owner,
			City: L.City, Goods: L.Goods, Temple: L.Temple, Follower: L.Follower, Univ: L.Univ, Book: L.Book}
		switch {
		case L.Source == -2:
			lv.Source = "hidden"
		case L.Source >= 0:
			lv.Source = goodName[L.Source]
		}
		if L.Owner >= 0 {
			lv.Value = s.value(i)
		}
		v.Lands = append(v.Lands, lv)
	}
	for _, w := range s.Ships {
		a := vesselArea + w.ID
		v.Vessels = append(v.Vessels, VesselView{ID: w.ID, Token: s.areaToken(a), Ship: w.Ship, Owner: w.Owner, Pos: posToken(w.Pos),
			Goods: w.Goods, Value: s.value(a), Follower: w.Follower, Book: w.Book, Stranded: w.Stranded})
	}
	if a := s.Atk; a != nil && a.Target >= 0 {
		name := s.areaName(a.Target)
		av := &AttackView{Attacker: a.Attacker, Defender: a.Defender, Target: s.areaToken(a.Target), Name: plain(name.English()), NameMsg: name,
			Sides: append([]int(nil), a.Sides...), Asked: a.Asked, Declared: a.Next, Won: a.Won}
		switch s.Stage {
		case stExtra:
			av.Step = "extra transport"
		case stAlly:
			av.Step = "alliances"
		default:
			av.Step = "after the attack"
		}
		if s.Stage == stExtra || s.Stage == stAlly || (s.Stage == stPassage && s.Trip != nil && s.Trip.Mode == tripExtra) {
			t := s.totals()
			av.Totals = &t
		}
		v.Attack = av
	}
	for _, o := range s.Offers {
		var give Goods
		for i := 0; i+1 < len(o.Give); i += 2 {
			give[o.Give[i+1]]++
		}
		line := s.offerLine(o)
		v.Offers = append(v.Offers, OfferView{ID: o.ID, From: o.From, To: o.To, Give: give, Get: o.Get, Text: plain(line.English()), TextMsg: line})
	}
	if t := s.Trip; t != nil {
		tv := &TripView{Kind: t.Kind, MP: t.MP}
		if t.Kind == "boat" || t.Kind == "ship" {
			tv.Pos = posToken(s.vessel(t.Vessel).Pos)
			if x := t.Cross; x != nil {
				w := s.vessel(t.Vessel)
				v.Passage = &PassageView{Vessel: s.areaToken(vesselArea + w.ID), Owner: w.Owner, From: posToken(w.Pos), To: posToken(x.To),
					Strength: s.value(vesselArea + w.ID), Asked: x.Ask, Answers: ownAnswers(x, seat)}
			}
		} else {
			tv.Pos = board.Lands[t.Pos].Token
		}
		v.Trip = tv
	}
	v.Supply = map[string]int{"weapon": s.Sup[Weapon], "city": s.Sup[supCity], "boat": s.Sup[supBoat], "ship": s.Sup[supShip]}
	for k := 0; k < Weapon; k++ {
		v.Supply[goodName[k]] = s.Sup[k]
	}
	if s.Opt.Expansion {
		v.Supply["book"] = s.Sup[supBook]
		v.Supply["university"] = s.Sup[supUniv]
		v.Supply["sisters"] = s.Fol[0]
		v.Supply["brothers"] = s.Fol[1]
	}
	return v
}

// plainAll renders seat placeholders as colours in every line: the board names seats by colour
// (its legend), the platform names the players around it.
func plainAll(ts []string) []string {
	if ts == nil {
		return nil
	}
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = plain(t)
	}
	return out
}

// ownAnswers shows a passage's answers as seat may see them: its own only, since the banks
// answer at once and the prompt stays open until all have (the others read -1, still deciding).
func ownAnswers(x *crossing, seat rules.Seat) []int {
	out := make([]int, len(x.Answers))
	for i := range out {
		out[i] = -1
		if x.Ask[i] == int(seat) {
			out[i] = x.Answers[i]
		}
	}
	return out
}

// offerLine is an offer as the board's panel lists it (its own layout, goods by commas).
func (s *state) offerLine(o offer) M {
	comma := func(g Goods) M {
		var m M
		for k := 0; k < nGoods; k++ {
			if g[k] > 0 {
				part := say("panel_goods", msg.Count("N", g[k]), goodArg("Good", k))
				if m == nil {
					m = part
				} else {
					m = say("list_comma", nested("A", m), nested("B", part))
				}
			}
		}
		if m == nil {
			return say("code", code("Code", ""))
		}
		return m
	}
	return say("offer_line", num("N", o.ID), seatArg("From", o.From), nested("Give", comma(o.given())), seatArg("To", o.To), nested("Get", comma(o.Get)))
}
