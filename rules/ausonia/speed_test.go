package ausonia

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// BenchmarkRandomPlayout is random legal play as selfplay and the search's rollouts run it, in
// moves/s.
func BenchmarkRandomPlayout(b *testing.B) {
	rulestest.BenchPlayout(b, Game, rules.Setup{Seats: 1}, rules.Setup{Seats: 2}, rules.Setup{Seats: 3}, rules.Setup{Seats: 4})
}

// The fast paths give the same tokens, the same random moves and the same states as the slow
// ones, over random games at every seat count (solo with each Aspirant).
func TestFastPathsAgree(t *testing.T) {
	errs := rulestest.CheckFast(Game, rulestest.Config{Games: 2, Every: 5, Setups: []rules.Setup{
		{Seats: 1, Seed: 1}, {Seats: 1, Seed: 2, Options: map[string]string{"aspirant": "2"}},
		{Seats: 1, Seed: 3, Options: map[string]string{"aspirant": "3"}},
		{Seats: 2, Seed: 4}, {Seats: 3, Seed: 5}, {Seats: 4, Seed: 6},
	}})
	for _, err := range errs {
		t.Error(err)
	}
}
