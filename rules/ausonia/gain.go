package ausonia

import (
	"fmt"

	"github.com/boardbot/boardbot/rules"
)

// Gain says what a whole move gains its seat (rules.Gainer): the influence an ability's keywords
// give (Influence, and Corruption once the last round has begun), counted when the move uses it
// even if a decision it asks for (a Foresight) comes before the gain. Only abilities give
// influence; playing, buying, building and passing gain none at once.
func (s *state) Gain(seat rules.Seat, m rules.Move) rules.Gain {
	m = lowered(m)
	if s.Res != nil || s.Pend != nil || seat != s.Turn || len(m) < 2 || m[0] != vUse {
		return rules.Gain{}
	}
	var mine []useOpt
	for _, o := range s.usable(seat) {
		if s.code(o.inst) == m[1] {
			mine = append(mine, o)
		}
	}
	if len(mine) == 0 {
		return rules.Gain{}
	}
	o := mine[0]
	if len(mine) > 1 { // the ability is chosen by its number, as useChoices reads it
		if len(m) < 3 {
			return rules.Gain{}
		}
		found := false
		for _, c := range mine {
			if fmt.Sprint(c.k+1) == m[2] {
				o, found = c, true
			}
		}
		if !found {
			return rules.Gain{}
		}
	}
	x := 0
	for _, e := range s.card(o.inst).Abilities[o.k].Do {
		if e.Kw == Influence || (e.Kw == Corruption && s.Ending) {
			x += e.X
		}
	}
	return rules.Gain{Points: x}
}
