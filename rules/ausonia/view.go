package ausonia

import (
	"sort"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// View is what one seat (or a spectator) sees. Cards are given by code; CardByCode has the rest.
type View struct {
	Viewer     int            `json:"viewer"` // -1 for the public view
	Round      int            `json:"round"`
	Turn       int            `json:"turn"`  // the active seat
	First      int            `json:"first"` // the starting player (House I)
	Awaited    int            `json:"awaited"`
	Waiting    string         `json:"waiting"`               // what the awaited seat is asked, publicly
	WaitingMsg *msg.Message   `json:"waiting_msg,omitempty"` // Waiting as a message, its seats not yet named
	Ending     bool           `json:"ending"`
	Players    []PlayerView   `json:"players"`
	Offer      []string       `json:"offer"`
	PowerTop   string         `json:"power_top,omitempty"`
	PowerLeft  int            `json:"power_left"`
	FavourLeft int            `json:"favour_left"`
	Pool       Gems           `json:"pool"`  // gems the active player can still spend
	Spent      Gems           `json:"spent"` // gems the active player spent this turn
	Solo       *SoloView      `json:"solo,omitempty"`
	Last       []string       `json:"last,omitempty"`     // public events of the latest move
	LastMsg    []*msg.Message `json:"last_msg,omitempty"` // Last as messages (absent in games saved before them)
	Result     *rules.Result  `json:"result,omitempty"`
	Me         *MyView        `json:"me,omitempty"` // the viewer's private side
}

// PlayerView is one seat as everyone sees it.
type PlayerView struct {
	Seat      int      `json:"seat"`
	House     string   `json:"house"` // I..IV
	HouseName string   `json:"house_name"`
	Influence int      `json:"influence"`
	Hand      int      `json:"hand"`
	Draw      int      `json:"draw"`
	Discard   []string `json:"discard"` // face up, bottom to top
	Play      []string `json:"play"`
	Bought    []string `json:"bought"`  // face down in the play area, bought this turn
	Raised    int      `json:"raised"`  // face-down cards in the raise area, not in a source
	Sources   []string `json:"sources"` // each source's gem card (its foundation is face down)
	Seal      []string `json:"seal"`
}

// MyView is what only the viewer knows.
type MyView struct {
	Hand        []string `json:"hand"`
	Raised      []string `json:"raised"`      // your face-down raise area
	Foundations []string `json:"foundations"` // under your sources
	Looked      []string `json:"looked,omitempty"`
	Ready       []string `json:"ready,omitempty"` // cards with an ability you can use now
}

// SoloView is the Aspirant's side.
type SoloView struct {
	Aspirant  string   `json:"aspirant"` // code
	Name      string   `json:"name"`
	Influence int      `json:"influence"`
	Kept      []string `json:"kept"`
	Discard   []string `json:"discard"`
	Took      string   `json:"took,omitempty"`
}

func (s *state) codes(xs []int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = s.code(x)
	}
	return out
}

// sortedCodes hides the order of a set the viewer should not learn the order of.
func (s *state) sortedCodes(xs []int) []string {
	c := append([]int(nil), xs...)
	sort.Slice(c, func(i, j int) bool { return s.kinds[c[i]] < s.kinds[c[j]] })
	return s.codes(c)
}

func (s *state) View(seat rules.Seat) any {
	v := &View{
		Viewer: int(seat), Round: s.Round, Turn: int(s.Turn), First: int(s.First), Ending: s.Ending,
		Offer: s.codes(s.Offer), PowerLeft: len(s.PowerDeck), FavourLeft: len(s.FavourDeck),
		Last: copied(s.Last), LastMsg: s.lastMsgs(), Result: s.Res, Awaited: int(s.Turn), Pool: s.pool(), Spent: s.T.Spent,
	}
	if seat < 0 || int(seat) >= s.N {
		v.Viewer = -1
	}
	if n := len(s.PowerDeck); n > 0 {
		v.PowerTop = s.code(s.PowerDeck[n-1])
	}
	if s.Pend != nil {
		v.Awaited = int(s.Pend.Seat)
	}
	if s.Res == nil {
		v.WaitingMsg = s.waitingMsg()
		v.Waiting = rules.PlainSeats(s, v.WaitingMsg.English())
	}
	if v.Result != nil {
		r := *v.Result
		r.ReasonMsg = rules.Verbatim(rules.PlainSeats(s, r.English())) // the view's reason is plain text, as before messages
		v.Result = &r
	}
	for i, pl := range s.P {
		p := rules.Seat(i)
		pv := PlayerView{
			Seat: i, House: Houses[s.house(p)].Mark, HouseName: Houses[s.house(p)].Name,
			Influence: pl.Influence, Hand: len(pl.Hand), Draw: len(pl.Draw),
			Discard: s.codes(pl.Discard), Play: s.codes(pl.Play), Bought: s.codes(pl.Bought),
			Raised: len(pl.Raise), Seal: s.codes(pl.Seal), Sources: []string{},
		}
		for _, src := range pl.Sources {
			pv.Sources = append(pv.Sources, s.code(src.Gem))
		}
		v.Players = append(v.Players, pv)
	}
	if s.Solo != nil {
		a := Aspirants[s.Asp]
		sv := &SoloView{Aspirant: a.Code, Name: a.Name, Influence: s.Solo.Influence, Kept: s.codes(s.Solo.Kept), Discard: s.codes(s.Solo.Discard)}
		if s.Solo.Took >= 0 {
			sv.Took = s.code(s.Solo.Took)
		}
		v.Solo = sv
	}
	if v.Viewer >= 0 {
		pl := s.P[seat]
		me := &MyView{Hand: s.sortedCodes(pl.Hand), Raised: s.sortedCodes(pl.Raise), Foundations: []string{}}
		for _, src := range pl.Sources {
			me.Foundations = append(me.Foundations, s.code(src.Foundation))
		}
		if s.Pend != nil && s.Pend.Seat == seat && s.Pend.Kind == pendForesight {
			me.Looked = s.codes(s.Pend.Looked)
		}
		if s.Res == nil && s.Pend == nil && s.Turn == seat {
			seen := map[string]bool{}
			for _, o := range s.usable(seat) {
				if c := s.code(o.inst); !seen[c] {
					seen[c] = true
					me.Ready = append(me.Ready, c)
				}
			}
		}
		v.Me = me
	}
	return v
}

// waitingMsg says who is awaited and for what, without secrets.
func (s *state) waitingMsg() *msg.Message {
	if pd := s.Pend; pd != nil {
		who := seatArg("Seat", pd.Seat)
		switch pd.Kind {
		case pendTarget:
			return say("wait_target", who, msg.Nested("Effect", effectMsg(Effect{Kw: pd.Kw, X: pd.X})))
		case pendDiscard:
			return say("wait_discard", who, msg.Count("N", pd.X))
		default:
			return say("wait_resolve", who, msg.Nested("Effect", effectMsg(Effect{Kw: keywordOf(pd.Kind), X: pd.X})))
		}
	}
	return say("wait_turn", seatArg("Seat", s.Turn))
}

// lastMsgs are the messages of Last when the state has one for every line (a game saved before
// messages has none).
func (s *state) lastMsgs() []*msg.Message {
	if len(s.LastMsg) != len(s.Last) || len(s.Last) == 0 {
		return nil
	}
	return append([]*msg.Message(nil), s.LastMsg...)
}

// keywordOf is the keyword behind a pending decision's kind.
func keywordOf(kind string) Keyword {
	for k, n := range keywordNames {
		if n == kind {
			return Keyword(k)
		}
	}
	return Seal
}
