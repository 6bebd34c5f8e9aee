package ascidiae

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The fast paths give the same random moves and the same states as the slow ones, over random
// games at every seat count and with the long game and a random preset.
func TestFastPathsAgree(t *testing.T) {
	rulestest.RunFast(t, Game, rulestest.Config{Games: 2, Every: 2, Setups: []rules.Setup{
		{Seats: 1, Seed: 1}, {Seats: 2, Seed: 2}, {Seats: 3, Seed: 3}, {Seats: 4, Seed: 4},
		{Seats: 2, Seed: 5, Options: map[string]string{"long": "yes", "preset": "random"}},
	}})
}

// Random games show the same prompts, menus, events, refusals, snapshots and views as when the
// digest was recorded (before the speed work).
func TestTraceUnchanged(t *testing.T) {
	rulestest.RunTrace(t, Game, []rules.Setup{
		{Seats: 1, Seed: 1}, {Seats: 2, Seed: 2}, {Seats: 3, Seed: 3}, {Seats: 4, Seed: 4},
		{Seats: 2, Seed: 5, Options: map[string]string{"long": "yes", "preset": "random"}},
	}, 3, 400)
}
