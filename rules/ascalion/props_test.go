package ascalion

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// scramble re-seeds the generator: the only thing nobody may see is what it will draw next
// (face-down source types are drawn when they are turned over).
func scramble(st rules.State, _ rules.Seat, seed uint64) (rules.State, error) {
	c := st.(*state).clone()
	c.RNG = rules.NewRNG(seed)
	return c, nil
}

func playRandom(t testing.TB, setup rules.Setup, maxMoves int) (*state, int) {
	t.Helper()
	g, err := Game.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*state)
	r := rand.New(rand.NewPCG(setup.Seed, 9))
	n := 0
	for ; n < maxMoves && s.Result() == nil; n++ {
		ps := s.Awaiting()
		if len(ps) == 0 {
			t.Fatalf("move %d: nobody awaited", n)
		}
		p := ps[r.IntN(len(ps))]
		m, err := rules.RandomMove(s, p.Seat, r)
		if err != nil {
			b, _ := json.Marshal(s.View(p.Seat))
			t.Fatalf("move %d stage %d: %v\n%s", n, s.Stage, err, b)
		}
		if _, err := s.Apply(p.Seat, m); err != nil {
			t.Fatalf("move %d: %q refused: %v", n, m, err)
		}
	}
	return s, n
}

func TestRandomPlayoutSmoke(t *testing.T) {
	for _, seats := range []int{2, 4, 6} {
		s, n := playRandom(t, rules.Setup{Seats: seats, Seed: uint64(seats)}, 20000)
		t.Logf("%d seats: %d moves, round %d, result %v", seats, n, s.Round, s.Result())
	}
}
