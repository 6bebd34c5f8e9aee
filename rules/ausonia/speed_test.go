package ausonia

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The fast paths give the same tokens, the same random moves and the same states as the slow
// ones, over random games at every seat count (solo with each Aspirant).
func TestFastPathsAgree(t *testing.T) {
	rulestest.RunFast(t, Game, rulestest.Config{Games: 2, Every: 5, Setups: []rules.Setup{
		{Seats: 1, Seed: 1}, {Seats: 1, Seed: 2, Options: map[string]string{"aspirant": "2"}},
		{Seats: 1, Seed: 3, Options: map[string]string{"aspirant": "3"}},
		{Seats: 2, Seed: 4}, {Seats: 3, Seed: 5}, {Seats: 4, Seed: 6},
	}})
}

// Random games show the same prompts, menus, events, refusals, snapshots and views as when the
// digest was recorded (before the speed work).
func TestTraceUnchanged(t *testing.T) {
	rulestest.RunTrace(t, Game, []rules.Setup{
		{Seats: 1, Seed: 1}, {Seats: 1, Seed: 2, Options: map[string]string{"aspirant": "2"}},
		{Seats: 1, Seed: 3, Options: map[string]string{"aspirant": "3"}},
		{Seats: 2, Seed: 4}, {Seats: 3, Seed: 5}, {Seats: 4, Seed: 6},
	}, 3, 2000)
}
