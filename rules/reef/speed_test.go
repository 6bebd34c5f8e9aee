package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The fast paths give the same tokens, the same random moves and the same states as the slow
// ones, over random games at every seat count and in the advanced variant.
func TestFastPathsAgree(t *testing.T) {
	rulestest.RunFast(t, Game, rulestest.Config{Games: 2, Every: 3, Setups: []rules.Setup{
		{Seats: 2, Seed: 1}, {Seats: 3, Seed: 2}, {Seats: 4, Seed: 3},
		{Seats: 2, Seed: 4, Options: map[string]string{"variant": "advanced"}},
	}})
}
