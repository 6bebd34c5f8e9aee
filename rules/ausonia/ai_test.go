package ausonia

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai/aitest"
)

// The search player reads only its seat's information: re-dealing what the seat cannot see
// leaves its move unchanged, with the same seed.
func TestAIBlind(t *testing.T) {
	setups := []rules.Setup{{Seats: 1, Seed: 5}, {Seats: 3, Seed: 6}}
	scramble := func(st rules.State, viewer rules.Seat, seed uint64) rules.State {
		return st.(*state).Determinize(viewer, seed)
	}
	for _, err := range aitest.BlindEverywhere(Game, setups, []int{0, 17, 60}, scramble) {
		t.Error(err)
	}
}

// The greedy player reads only what its seat may know: re-dealing what the seat cannot see (the
// other hands and piles, its own draw order) never changes its move. GreedyMove relies on this to
// play on the real state without drawing a sample first.
func TestGreedyBlind(t *testing.T) {
	for _, setup := range []rules.Setup{{Seats: 1, Seed: 21}, {Seats: 2, Seed: 22}, {Seats: 3, Seed: 23}, {Seats: 4, Seed: 24}} {
		s := newGame(t, setup.Seats, setup.Seed)
		for n := 0; s.Res == nil && n < 600; n++ {
			seat := s.Awaiting()[0].Seat
			m := greedy(s, seat)
			for k := uint64(1); k <= 3; k++ {
				if o := greedy(s.Determinize(seat, k*31+uint64(n)).(*state), seat); !o.Equal(m) {
					t.Fatalf("%d seats, move %d: greedy plays %q, on a re-dealt sample %q", setup.Seats, n, m, o)
				}
			}
			if _, err := s.Apply(seat, s.GreedyMove(seat, uint64(n))); err != nil {
				t.Fatal(err)
			}
		}
	}
}
