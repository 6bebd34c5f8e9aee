package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// Every seat count in both variants: one game each, checked at every 18th position, by default;
// the long tier (BOARDBOT_LONG=1) plays two, checked at every 9th.
func TestPropertySuite(t *testing.T) {
	var setups []rules.Setup
	for n := 2; n <= 4; n++ {
		for _, v := range []string{VariantStandard, VariantAdvanced} {
			setups = append(setups, rules.Setup{Seats: n, Seed: uint64(n*10 + len(v)), Options: map[string]string{OptVariant: v}})
		}
	}
	games, every := rulestest.Scale(1, 2), rulestest.Scale(18, 9)
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
