package ascidiae

import (
	"math/rand/v2"

	"github.com/boardbot/boardbot/rules"
)

// Scramble is the property suite's scrambler (rulestest.Config.Scramble), also used by the
// bot-level privacy test. Ascidiae has no hands; nobody may see what the generator will draw next
// (it is re-seeded), and while the initial placement is open nobody but the seat itself may see
// where a seat placed (those placements are made again at random).
func Scramble(st rules.State, viewer rules.Seat, seed uint64) (rules.State, error) {
	c, err := rules.Clone(Game, st)
	if err != nil {
		return nil, err
	}
	g := c.(*State)
	g.RNG = rules.NewRNG(seed)
	if g.setupPhase() {
		r := rand.New(rand.NewPCG(seed, 1))
		for s := range g.Players {
			if rules.Seat(s) == viewer || !g.Players[s].Placed {
				continue
			}
			grid := &g.Players[s].Grid
			var cards []*Placed
			for sp, pc := range grid {
				if pc != nil {
					cards = append(cards, pc)
					grid[sp] = nil
				}
			}
			for i, sp := range r.Perm(Spaces)[:len(cards)] {
				cards[i].Orient = Dir(r.IntN(4))
				grid[sp] = cards[i]
			}
		}
	}
	return g, nil
}
