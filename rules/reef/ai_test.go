package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai/aitest"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The search player reads only its seat's information: re-dealing what the seat cannot see
// leaves its move unchanged, with the same seed.
func TestAIBlind(t *testing.T) {
	setups := []rules.Setup{{Seats: 2, Seed: 3}, {Seats: 4, Seed: 4, Options: map[string]string{OptVariant: VariantAdvanced}}}
	scramble := func(st rules.State, viewer rules.Seat, seed uint64) rules.State {
		return st.(*state).Determinize(viewer, seed)
	}
	// The setup and an early position by default; the long tier adds one 60 moves in.
	at := []int{0, 17}
	if rulestest.Long() {
		at = append(at, 60)
	}
	for _, err := range aitest.BlindEverywhere(Game, setups, at, scramble) {
		t.Error(err)
	}
}
