package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai/aitest"
)

// The search player reads only its seat's information: re-dealing what the seat cannot see
// leaves its move unchanged, with the same seed.
func TestAIBlind(t *testing.T) {
	setups := []rules.Setup{{Seats: 2, Seed: 3}, {Seats: 4, Seed: 4, Options: map[string]string{OptVariant: VariantAdvanced}}}
	scramble := func(st rules.State, viewer rules.Seat, seed uint64) rules.State {
		return st.(*state).Determinize(viewer, seed)
	}
	for _, err := range aitest.BlindEverywhere(Game, setups, []int{0, 17, 60}, scramble) {
		t.Error(err)
	}
}
