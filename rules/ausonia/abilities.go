package ausonia

import (
	"slices"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// pool is what the active player can still spend this turn.
func (s *state) pool() Gems {
	var g Gems
	for i := range g {
		g[i] = s.T.Gems[i] - s.T.Spent[i]
	}
	return g
}

func (s *state) used(inst, k int) bool { return contains(s.T.Used, inst*2+k) }

// condMet reports whether a condition ability's condition was met this turn. A rainbow counts as
// every colour, wherever it was spent: it is wild.
func (s *state) condMet(a *Ability) bool {
	switch a.Kind {
	case CondGems:
		for c := Sapphire; c < Rainbow; c++ {
			if a.Gems[c] > 0 && s.T.Spent[c]+s.T.Spent[Rainbow] < a.Gems[c] {
				return false
			}
		}
		return true
	case CondKeyword:
		return s.T.Kw&(1<<a.Kw) != 0
	case CondGuild:
		return s.T.Guilds&(1<<a.Guild) != 0
	}
	return false
}

// useOpt is an ability the active player may activate now.
type useOpt struct {
	inst, k int
	pays    []payment // cost abilities: the ways to pay
}

// usable lists the abilities seat p may activate now, one per card code and ability: cost
// abilities of cards in the play area that can be paid, and condition abilities whose condition
// was met, of cards in the play area or the hand. Bought cards are face down and unusable.
func (s *state) usable(p rules.Seat) []useOpt {
	pl := s.P[p]
	var out []useOpt
	// one entry per card kind and ability: a short list, cheaper than a map in every search move
	seen := make([][2]int, 0, 16)
	pool := s.pool()
	try := func(inst int, inPlay bool) {
		c := s.card(inst)
		for k := range c.Abilities {
			a := &c.Abilities[k]
			key := [2]int{s.kinds[inst], k}
			if slices.Contains(seen, key) || s.used(inst, k) {
				continue
			}
			o := useOpt{inst: inst, k: k}
			if a.Kind == CondCost {
				if !inPlay {
					continue
				}
				o.pays = payments(a.Gems, pool)
				if len(o.pays) == 0 {
					continue
				}
			} else if !s.condMet(a) {
				continue
			}
			seen = append(seen, key)
			out = append(out, o)
		}
	}
	for _, x := range pl.Play {
		try(x, true)
	}
	for _, x := range pl.Hand {
		try(x, false)
	}
	return out
}

// activate uses ability k of card inst for the active player, paying pay.
func (s *state) activate(inst, k int, pay Gems) {
	p := s.Turn
	c := s.card(inst)
	a := &c.Abilities[k]
	s.T.Used = append(s.T.Used, inst*2+k)
	s.note(step{K: stUse, C: []int{inst}, A: k})
	s.T.Spent = s.T.Spent.Add(pay)
	if c.Guild >= 0 {
		s.T.Guilds |= 1 << c.Guild
	}
	for _, e := range a.Do {
		s.T.Kw |= 1 << e.Kw
	}
	if a.Kind == CondCost {
		s.say(func() *msg.Message {
			return say("ev_use_paying", seatArg("Seat", p), cardTerm("Card", c), msg.Nested("Gems", gemsMsg(pay, false)), msg.Nested("Effects", effectsMsg(a.Do)))
		})
	} else {
		s.say(func() *msg.Message {
			return say("ev_use", seatArg("Seat", p), cardTerm("Card", c), msg.Nested("Effects", effectsMsg(a.Do)))
		})
	}
	s.kinded("use")
	s.Queue = append(s.Queue, a.Do...)
	s.resolve()
}
