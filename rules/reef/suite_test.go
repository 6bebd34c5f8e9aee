package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// scramble re-deals everything viewer may not see: the bag, the other players' polyps behind
// their screens and in their parrotfish, their larva cubes, and the generator. Every container
// keeps its size, since sizes follow from public moves.
// scramble is the game's own sampler: the suite then checks that it changes nothing the viewer
// may see.
func scramble(st rules.State, viewer rules.Seat, seed uint64) (rules.State, error) {
	return st.(*state).Determinize(viewer, seed), nil
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
