package ascalion

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The fast paths give the same tokens, the same random moves and the same states as the slow
// ones, over random games at several seat counts, with the draft and the expansion.
func TestFastPathsAgree(t *testing.T) {
	rulestest.RunFast(t, Game, rulestest.Config{Games: 1, Every: 20, MaxMoves: 20000, Exhaustive: 16, Setups: []rules.Setup{
		{Seats: 2, Seed: 1}, {Seats: 4, Seed: 2, Options: map[string]string{"setup": "quick"}},
		{Seats: 3, Seed: 3, Options: map[string]string{"expansion": "on", "trade": "reach"}},
		{Seats: 6, Seed: 4, Options: map[string]string{"setup": "quick", "rounds": "15"}},
	}})
}
