package ascidiae

import (
	"github.com/boardbot/boardbot/rules"
)

// Ascidiae draws at random only while setting up, and everything on the table is public, so a
// search needs no sampler: only a copy and an evaluation.

// Evaluate rates a running game for a search's cut-off playouts (rules.Evaluator) by score: a
// claimed colony is 1000, so 600 is the lead worth three to one. Solo, the two best collectors'
// progress is what leads to two claims in one turn; 300 is about one such claim in reach. A
// colony claimed alone in a turn (the claims of the turn in progress aside) wins nothing and
// leaves one fewer to claim, so it counts against.
func (g *State) Evaluate() []float64 {
	if g.solo() {
		p := &g.Players[0]
		lone := len(p.Colonies) - g.Turn.Claims
		s := float64(score(g, 0)) - 1000*float64(lone) - 400*float64(lone) + 700*float64(g.Turn.Claims)
		return rules.SoloChance(s, 300, 60)
	}
	w := make([]float64, g.Seats)
	for i := range w {
		w[i] = float64(score(g, i))
	}
	return rules.Standings(w, 60)
}

// score values a position for seat (the balance players' measure): claimed colonies, cards on
// the grid, pushes that feed collectors, tadpoles a card can hold, and how much of an open colony
// its best collectors already have.
func collects(d *CardDef) bool {
	for _, ab := range d.Abilities {
		for _, a := range ab.Actions {
			if a.Verb == Think || a.Verb == Colonize {
				return true
			}
		}
	}
	return false
}

func score(g *State, seat int) int {
	if g.Res != nil {
		if g.Res.Ranks[seat] == 1 {
			return 1 << 20
		}
		return -1 << 20
	}
	p := &g.Players[seat]
	s := 1000 * len(p.Colonies)
	best, second := 0, 0
	for sp, c := range p.Grid {
		if c == nil {
			continue
		}
		d := def(c)
		s += 6
		// Where its pushes land: on a collector is best, on nothing is waste.
		for _, ab := range d.Abilities {
			for _, a := range ab.Actions {
				if a.Verb != Push {
					continue
				}
				n := step(sp, a.Dir.Turn(c.Orient))
				switch {
				case n < 0 || p.Grid[n] == nil:
					s -= 2
				case collects(def(p.Grid[n])):
					s += 4
				default:
					s += 1
				}
			}
		}
		if n := c.T.Total(); n <= d.Capacity {
			s += 2 * n
		} else {
			s -= 3 * n
		}
		if !collects(d) {
			continue
		}
		cardBest := 0
		for _, sl := range g.Colonies {
			if sl.By >= 0 {
				continue
			}
			col, _ := Colony(sl.ID)
			m := 0
			for k := range col.Needs {
				m += min(c.T[k], col.Needs[k])
			}
			cardBest = max(cardBest, m*m)
		}
		if cardBest > best {
			best, second = cardBest, best
		} else {
			second = max(second, cardBest)
		}
	}
	if g.solo() {
		// Solo wins by claiming two in one turn: progress on two collectors counts.
		return s + 4*best + 4*second
	}
	return s + 4*best
}
