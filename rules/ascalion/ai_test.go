package ascalion

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai/aitest"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The search player reads only its seat's information: re-dealing what the seat cannot see
// leaves its move unchanged, with the same seed. The 5-seat game and the 60th move run in the
// long tier.
func TestAIBlind(t *testing.T) {
	setups := []rules.Setup{{Seats: 2, Seed: 7}, {Seats: 5, Seed: 8}}
	setups = setups[:rulestest.Scale(1, len(setups))]
	at := []int{0, 17, 60}
	at = at[:rulestest.Scale(2, len(at))]
	scramble := func(st rules.State, viewer rules.Seat, seed uint64) rules.State {
		return st.(*state).Determinize(viewer, seed)
	}
	for _, err := range aitest.BlindEverywhere(Game, setups, at, scramble) {
		t.Error(err)
	}
}
