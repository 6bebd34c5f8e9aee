package ausonia

import (
	"math/rand/v2"
	"slices"

	"github.com/boardbot/boardbot/rules"
)

// Determinize re-deals what viewer cannot see (rules.Determinizer): each other player's hand,
// draw pile, raised cards, face-down foundations and the cards it looked at are pooled and dealt
// again in the same numbers, viewer's own draw pile is shuffled, so are the favour deck and the
// power deck below its visible top, and the generator is reseeded. Every pool is sorted before it
// is shuffled, so the sample does not depend on where the hidden cards really are. The property
// suite uses it as its scrambler.
func (s *state) Determinize(viewer rules.Seat, seed uint64) rules.State {
	c := s.clone()
	r := rand.New(rand.NewPCG(seed, 3))
	shuffle := func(xs []int) {
		slices.Sort(xs)
		r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	}
	for i, pl := range c.P {
		if rules.Seat(i) == viewer {
			shuffle(pl.Draw)
			continue
		}
		zones := []*[]int{&pl.Hand, &pl.Draw, &pl.Raise}
		var found []int
		for _, src := range pl.Sources {
			found = append(found, src.Foundation)
		}
		zones = append(zones, &found)
		if c.Pend != nil && c.Pend.Seat == rules.Seat(i) && c.Pend.Looked != nil {
			zones = append(zones, &c.Pend.Looked)
		}
		var all []int
		for _, z := range zones {
			all = append(all, *z...)
		}
		shuffle(all)
		for _, z := range zones {
			n := len(*z)
			*z = append([]int(nil), all[:n]...)
			all = all[n:]
		}
		for k := range pl.Sources {
			pl.Sources[k].Foundation = found[k]
		}
	}
	shuffle(c.FavourDeck)
	if n := len(c.PowerDeck); n > 1 {
		shuffle(c.PowerDeck[:n-1])
	}
	c.RNG = rules.NewRNG(r.Uint64())
	return c
}

// Evaluate rates a running game for a search's cut-off playouts (rules.Evaluator) by influence:
// 6 influence is the lead worth three to one; solo, the distance to the Aspirant's influence.
func (s *state) Evaluate() []float64 {
	if s.Solo != nil {
		return rules.SoloChance(float64(s.P[0].Influence), float64(s.Solo.Influence), 6)
	}
	w := make([]float64, s.N)
	for i, pl := range s.P {
		w[i] = float64(pl.Influence)
	}
	return rules.Standings(w, 6)
}
