package ausonia

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
	"github.com/boardbot/boardbot/rules/ai/aitest"
)

// The search player reads only its seat's information: re-dealing what the seat cannot see
// leaves its move unchanged, with the same seed.
func TestAIBlind(t *testing.T) {
	for _, setup := range []rules.Setup{{Seats: 1, Seed: 5}, {Seats: 3, Seed: 6}} {
		for _, at := range []int{0, 17, 60} {
			st, err := aitest.Midgame(Game, setup, at)
			if err != nil {
				t.Fatal(err)
			}
			if st == nil {
				continue
			}
			scramble := func(st rules.State, viewer rules.Seat, seed uint64) rules.State {
				return st.(*state).Determinize(viewer, seed)
			}
			if err := aitest.Blind(Game, st, ai.Config{Iterations: 30, Rollout: 6, Seed: 11}, scramble); err != nil {
				t.Errorf("%d seats after %d moves: %v", setup.Seats, at, err)
			}
		}
	}
}
