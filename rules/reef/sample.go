package reef

import (
	"math/rand/v2"

	"github.com/boardbot/boardbot/rules"
)

// Determinize re-deals what viewer cannot see (rules.Determinizer): the polyp tiles in the bag,
// behind the other screens and under the other parrotfish are pooled and dealt again in the same
// numbers, the other players' larva cubes likewise, and the generator behind future draws is
// reseeded. The pools are built from colour counts, so the sample does not depend on how the
// hidden tiles were really spread. The property suite uses it as its scrambler.
func (s *state) Determinize(viewer rules.Seat, seed uint64) rules.State {
	c := s.clone()
	r := rand.New(rand.NewPCG(seed, 99))
	redeal := func(boxes []*[NumColours]int) {
		// The pool is laid out from the total per colour, never box by box, which would tell
		// where the tiles were.
		var total [NumColours]int
		sizes := make([]int, len(boxes))
		for i, b := range boxes {
			for col, n := range b {
				total[col] += n
			}
			sizes[i] = sum(b[:])
			*b = [NumColours]int{}
		}
		var pool []Colour
		for col, n := range total {
			for k := 0; k < n; k++ {
				pool = append(pool, Colour(col))
			}
		}
		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		for i, b := range boxes {
			for k := 0; k < sizes[i]; k++ {
				b[pool[0]]++
				pool = pool[1:]
			}
		}
	}
	polyps := []*[NumColours]int{&c.Bag}
	var cubes []*[NumColours]int
	for i := range c.Players {
		if rules.Seat(i) == viewer {
			continue
		}
		polyps = append(polyps, &c.Players[i].Screen, &c.Players[i].Fish)
		cubes = append(cubes, &c.Players[i].Cubes)
	}
	redeal(polyps)
	redeal(cubes)
	c.RNG = rules.NewRNG(r.Uint64())
	return c
}

// Evaluate rates a running game for a search's cut-off playouts (rules.Evaluator), from worth:
// 30 worth (three points) is the lead that makes a win about three times as likely as a loss.
func (s *state) Evaluate() []float64 {
	w := make([]float64, s.Seats)
	for i := range w {
		w[i] = s.worth(i)
	}
	return rules.Standings(w, 30)
}

// worth values a position for seat me: points, then corals its shrimps guard (big enough to eat
// is better), open corals, others' guarded corals against it, and what it has in hand.
func (s *state) worth(me int) float64 {
	cm := s.corals()
	p := &s.Players[me]
	v := 10 * float64(s.score(me))
	for id, size := range cm.size {
		switch sh := int(cm.shrimp[id]); {
		case sh == me:
			v += 2 * float64(size)
			if size >= data.MinEat {
				v += 4
			}
		case sh < 0:
			v += 0.4 * float64(size)
		default:
			v -= 0.6 * float64(size) / float64(s.Seats-1)
		}
	}
	// Polyps behind the screen score nothing (they only break ties): they are worth little next
	// to a polyp on the reef, so the player lays them rather than hoarding them. A larva cube is
	// worth the polyps behind the screen it can lay (up to 4 each), so the player takes the
	// open-sea spaces whose cube matches what it holds: with a flat 0.3 a cube, polyps of colours
	// it had no cube for piled up (18 a seat at the end of greedy games; 7 with this, and the
	// greedy player with it won 28 of 40 games against the one without).
	v += 1.5*float64(sum(p.Consumed[:])) + 0.15*float64(sum(p.Screen[:]))
	for c, k := range p.Cubes {
		if k > 0 {
			v += 0.1*float64(k) + 0.1*float64(min(data.MaxPerCube*k, p.Screen[c]))
		}
	}
	return v
}
