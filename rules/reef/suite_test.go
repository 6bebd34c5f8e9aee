package reef

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// scramble re-deals everything viewer may not see: the bag, the other players' polyps behind
// their screens and in their parrotfish, their larva cubes, and the generator. Every container
// keeps its size, since sizes follow from public moves.
func scramble(st rules.State, viewer rules.Seat, seed uint64) (rules.State, error) {
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

func TestPropertySuite(t *testing.T) {
	var setups []rules.Setup
	for n := 2; n <= 4; n++ {
		for _, v := range []string{VariantStandard, VariantAdvanced} {
			setups = append(setups, rules.Setup{Seats: n, Seed: uint64(n*10 + len(v)), Options: map[string]string{OptVariant: v}})
		}
	}
	games, every := 2, 9
	if testing.Short() {
		games, every = 1, 25
	}
	errs, stats := rulestest.CheckStats(Game, rulestest.Config{Setups: setups, Games: games, Every: every, Exhaustive: 48, Scramble: scramble})
	for _, err := range errs {
		t.Error(err)
	}
	t.Logf("%+v", stats)
	if stats.Finished != stats.Games {
		t.Errorf("only %d of %d games finished", stats.Finished, stats.Games)
	}
}
