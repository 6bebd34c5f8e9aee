package reef

import (
	"github.com/boardbot/boardbot/rules"
	"math/rand/v2"
)

// Scramble is the property suite's scrambler (rulestest.Config.Scramble), also used by the bot-
// level privacy test. It re-deals everything viewer may not see: the bag, the other players' polyps
// behind their screens and in their parrotfish, their larva cubes, and the generator. Every
// container keeps its size, since sizes follow from public moves.
func Scramble(st rules.State, viewer rules.Seat, seed uint64) (rules.State, error) {
	s := st.(*state).clone()
	r := rand.New(rand.NewPCG(seed, 99))
	redeal := func(boxes []*[NumColours]int) {
		var pool []Colour
		sizes := make([]int, len(boxes))
		for i, b := range boxes {
			for c, n := range b {
				for k := 0; k < n; k++ {
					pool = append(pool, Colour(c))
				}
			}
			sizes[i] = sum(b[:])
			*b = [NumColours]int{}
		}
		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		for i, b := range boxes {
			for k := 0; k < sizes[i]; k++ {
				b[pool[0]]++
				pool = pool[1:]
			}
		}
	}
	polyps := []*[NumColours]int{&s.Bag}
	var cubes []*[NumColours]int
	for i := range s.Players {
		if rules.Seat(i) == viewer {
			continue
		}
		polyps = append(polyps, &s.Players[i].Screen, &s.Players[i].Fish)
		cubes = append(cubes, &s.Players[i].Cubes)
	}
	redeal(polyps)
	redeal(cubes)
	s.RNG = rules.NewRNG(r.Uint64())
	return s, nil
}
