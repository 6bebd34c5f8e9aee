package ausonia

import (
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// A turn is told in the thread as one line, written when it ends: what was played, used, bought
// (and paid), sealed, raised and discarded, the corruption dealt and the influence gained with
// its total. The step-by-step events of the turn stay for the mover's replies and the history
// (rules.Event.Detail). The steps are kept as numbers in the turn state, not as messages: the
// search applies moves without events, and the state must be the same either way.

// Kinds of a turn step.
const (
	stPlay = iota + 1
	stUse
	stBuy
	stBuild
	stUnseal
	stSeal
	stRaise
	stDeal    // Corruption on an opponent: A the seat, X lost, Now left
	stDealAsp // Corruption on the Aspirant
	stDiscard // cards discarded by the mover, public (the hand at pass, Foresight's rest)
	stManip   // Manipulation: cards put on top of the draw pile
)

// step is one thing the active player did this turn, as the summary tells it.
type step struct {
	K   int   `json:"k"`
	C   []int `json:"c,omitempty"`   // card instances (never changed once recorded: shared by clones)
	A   int   `json:"a,omitempty"`   // use: the ability; deal: the seat; raise: how many from hand
	G   Gems  `json:"g,omitzero"`    // buy: what was paid
	X   int   `json:"x,omitempty"`   // deal: influence lost
	Now int   `json:"now,omitempty"` // deal: influence left
}

// note records a step of the turn, merging a play into the play just before it.
func (s *state) note(st step) {
	if n := len(s.T.Log); st.K == stPlay && n > 0 && s.T.Log[n-1].K == stPlay {
		last := &s.T.Log[n-1]
		last.C = append(last.C[:len(last.C):len(last.C)], st.C...)
		return
	}
	s.T.Log = append(s.T.Log, st)
}

// detail marks the events written since at as told by the turn's summary, but for those it does
// not tell: another seat's doing (an opponent's forced discard), the end coming, the Aspirant's
// losses.
func (s *state) detail(at int) {
	for i := at; i < len(s.ev); i++ {
		e := &s.ev[i]
		if e.To != nil || e.Msg == nil || ownLine[e.Msg.ID] {
			continue
		}
		other := false
		for _, a := range e.Msg.Args {
			if e.Msg.ID == "ev_lose" { // the corruption dealt, which the summary tells
				break
			}
			if a.Kind == msg.KSeat && a.Name == "Seat" && rules.Seat(a.Int) != s.Turn {
				other = true
			}
		}
		if !other {
			e.Detail = true
		}
	}
}

// detailUnlessAsking is detail, except for a step that puts a question to another seat (an
// opponent's forced discard): the thread posts that question at once, and tells what caused it
// ("alice uses Cardinal for Discard 1") rather than that someone moved.
func (s *state) detailUnlessAsking(at int) {
	if s.Pend == nil || s.Pend.Seat == s.Turn {
		s.detail(at)
	}
}

// ownLine are the events of a turn told on a line of their own, not by the summary.
var ownLine = map[string]bool{
	"ev_reached": true, "ev_asp_lose_kept": true, "ev_asp_no_kept": true, "ev_favour_empty": true,
}

// summarize writes the line of seat p's turn.
func (s *state) summarize(p rules.Seat) {
	if s.quiet {
		return
	}
	// Gem cards are told by what they gave, once for the turn; a card played and then used is told
	// by its use.
	var gems Gems
	used := map[int]bool{}
	for _, st := range s.T.Log {
		switch st.K {
		case stPlay:
			for _, x := range st.C {
				if c := s.card(x); c.Kind == GemCard {
					gems = gems.Add(c.Gives)
				}
			}
		case stUse:
			used[st.C[0]] = true
		}
	}
	var parts []*msg.Message
	if gems.Total() > 0 {
		parts = append(parts, say("sum_gems", msg.Nested("Gems", gemsMsg(gems, false))))
	}
	for _, st := range s.T.Log {
		if st.K == stPlay {
			var rest []int
			for _, x := range st.C {
				if s.card(x).Kind != GemCard && !used[x] {
					rest = append(rest, x)
				}
			}
			if len(rest) == 0 {
				continue
			}
			st.C = rest
		}
		if m := s.stepMsg(st); m != nil {
			parts = append(parts, m)
		}
	}
	if s.T.Gain > 0 {
		parts = append(parts, say("sum_gain", msg.Number("X", s.T.Gain), msg.Number("Now", s.P[p].Influence)))
	}
	if len(parts) == 0 {
		// No steps tell this turn: the history tells the line too, or a turn passed read only
		// "alice ends the turn.".
		s.say(func() *msg.Message { return say("sum_pass", seatArg("Seat", p)) })
		return
	}
	s.say(func() *msg.Message {
		return say("sum_turn", seatArg("Seat", p), msg.Nested("Steps", joinMsg("sum_join", parts)))
	})
	if n := len(s.ev); n > 0 {
		s.ev[n-1].Summary = true // the history tells the turn's steps instead
	}
}

// stepMsg is a step as a part of the summary ("buys Salt Merchant for 3 emeralds").
func (s *state) stepMsg(st step) *msg.Message {
	cards := func() msg.Arg { return msg.Nested("Cards", s.namesMsg(st.C)) }
	switch st.K {
	case stPlay:
		return say("sum_play", cards())
	case stUse:
		c := s.card(st.C[0])
		// Influence and Corruption are told by what they did (the gain, the corruption dealt), Seal
		// and Raise by their own steps ("seals …"): "uses Notary for Seal" when nothing was sealed
		// told of a seal that never happened.
		var fx []Effect
		for _, e := range c.Abilities[st.A].Do {
			if e.Kw != Influence && e.Kw != Corruption && e.Kw != Seal && e.Kw != Raise {
				fx = append(fx, e)
			}
		}
		if len(fx) == 0 {
			return say("sum_use", cardTerm("Card", c))
		}
		return say("sum_use_for", cardTerm("Card", c), msg.Nested("Effects", effectsMsg(fx)))
	case stBuy:
		return say("sum_buy", cards(), msg.Nested("Gems", gemsMsg(st.G, false)))
	case stBuild:
		return say("sum_build", cards())
	case stUnseal:
		return say("sum_unseal", cards())
	case stSeal:
		return say("sum_seal", cards())
	case stRaise:
		var from []*msg.Message
		if st.A > 0 {
			from = append(from, say("raise_from_hand", msg.Number("N", st.A)))
		}
		if len(st.C) > 0 {
			from = append(from, say("raise_from_pile", cards()))
		}
		return say("sum_raise", msg.Count("N", st.A+len(st.C)), msg.Nested("From", listMsg(from)))
	case stDeal:
		return say("sum_deal", msg.Number("X", st.X), seatArg("Target", rules.Seat(st.A)), msg.Number("Now", st.Now))
	case stDealAsp:
		return say("sum_deal", msg.Number("X", st.X), s.aspArg("Target"), msg.Number("Now", st.Now))
	case stDiscard:
		return say("sum_discard", cards())
	case stManip:
		return say("sum_manip", cards())
	}
	return nil
}
