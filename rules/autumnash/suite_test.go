package autumnash

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

var _ rules.State = (*state)(nil)

// TestProperties runs the shared suite over every variant.
func TestProperties(t *testing.T) {
	var setups []rules.Setup
	for i, v := range data.variants {
		setups = append(setups, rules.Setup{Seats: 2, Seed: uint64(i + 1), Options: map[string]string{OptVariant: v.name}})
	}
	errs, st := rulestest.CheckStats(Game, rulestest.Config{Setups: setups, Games: 8, Every: 4})
	for _, err := range errs {
		t.Error(err)
	}
	t.Logf("games %d finished %d moves %d applied %d refused %d", st.Games, st.Finished, st.Moves, st.Applied, st.Refused)
	if st.Finished != st.Games {
		t.Errorf("%d of %d games finished", st.Finished, st.Games)
	}
}
