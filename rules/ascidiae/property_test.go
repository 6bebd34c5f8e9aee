package ascidiae

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// TestProperties runs the shared property suite over every seat count and option value.
func TestProperties(t *testing.T) {
	cfg := rulestest.Config{Games: 1, Every: 25, Exhaustive: 24, MaxMoves: 8000}
	if testing.Short() {
		cfg.Setups = []rules.Setup{{Seats: 2, Seed: 3}}
	}
	errs, st := rulestest.CheckStats(Game, cfg)
	for _, err := range errs {
		t.Error(err)
	}
	t.Logf("games %d finished %d moves %d applied %d refused %d", st.Games, st.Finished, st.Moves, st.Applied, st.Refused)
	if st.Finished != st.Games {
		t.Errorf("%d of %d playouts finished", st.Finished, st.Games)
	}
}
