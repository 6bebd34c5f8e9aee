package autumnash

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The fast paths give the same tokens, the same random moves and the same states as the slow
// ones, over random games of every variant.
func TestFastPathsAgree(t *testing.T) {
	var setups []rules.Setup
	for i, v := range []string{VariantStandard, VariantBeginner, VariantUnsettled} {
		setups = append(setups, rules.Setup{Seats: 2, Seed: uint64(i), Options: map[string]string{OptVariant: v}})
	}
	rulestest.RunFast(t, Game, rulestest.Config{Games: 3, Setups: setups})
}
