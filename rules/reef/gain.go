package reef

import "github.com/boardbot/boardbot/rules"

// Gain says what a whole move gains its seat (rules.Gainer): the points of what eating a coral
// puts into the parrotfish, at its colour's value now. Nothing else scores at once; a move that
// changes a colour's value (an alga, a coral grown stronger) changes every parrotfish alike,
// which is no gain of one move to say first.
func (s *state) Gain(seat rules.Seat, m rules.Move) rules.Gain {
	if len(m) == 0 || m[0] != vEat { // only eating scores: no walk of the tree for the rest
		return rules.Gain{}
	}
	st, _, complete, err := s.tree(seat, m)
	if err != nil || !complete || st.kind != kEat {
		return rules.Gain{}
	}
	cm := s.corals()
	id := cm.id[st.sq]
	n := cm.size[id]
	back := min(n, s.eatReturn())
	return rules.Gain{Points: (n - back) * s.colourValue(cm.colour[id])}
}
