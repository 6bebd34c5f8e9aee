package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

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
	errs, stats := rulestest.CheckStats(Game, rulestest.Config{Setups: setups, Games: games, Every: every, Exhaustive: 48, Scramble: Scramble})
	for _, err := range errs {
		t.Error(err)
	}
	t.Logf("%+v", stats)
	if stats.Finished != stats.Games {
		t.Errorf("only %d of %d games finished", stats.Finished, stats.Games)
	}
}
