package reef

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The fast paths give the same tokens, the same random moves and the same states as the slow
// ones, over random games at every seat count and in the advanced variant.
func TestFastPathsAgree(t *testing.T) {
	rulestest.RunFast(t, Game, rulestest.Config{Games: 2, Every: 3, Setups: []rules.Setup{
		{Seats: 2, Seed: 1}, {Seats: 3, Seed: 2}, {Seats: 4, Seed: 3},
		{Seats: 2, Seed: 4, Options: map[string]string{"variant": "advanced"}},
	}})
}

// The kept coral map is the map of the reef as it lies: after every move of random games, after
// a polyp or a shrimp changes in place, in a clone, and in the original after its clone moved.
func TestCoralMemoFollowsTheReef(t *testing.T) {
	for _, seats := range []int{2, 4} {
		s := newGame(t, seats, uint64(seats), "standard")
		r := rand.New(rand.NewPCG(uint64(seats), 5))
		same := func(s *state, when string) {
			t.Helper()
			if got, want := s.corals(), s.buildCorals(); !reflect.DeepEqual(got, want) {
				t.Fatalf("%d seats, %s: the kept coral map differs from the reef", seats, when)
			}
		}
		for step := 0; step < 400 && s.Result() == nil; step++ {
			same(s, fmt.Sprintf("move %d", step))
			c := s.clone()
			if err := rulestest.Step(c, r); err != nil {
				t.Fatal(err)
			}
			same(c, fmt.Sprintf("clone after move %d", step))
			same(s, fmt.Sprintf("original after its clone's move %d", step))
			sq := r.IntN(len(s.Polyp))
			old := s.Polyp[sq]
			s.Polyp[sq] = Colour(r.IntN(int(NumColours)))
			same(s, fmt.Sprintf("polyp changed in place at move %d", step))
			s.Polyp[sq] = old
			same(s, fmt.Sprintf("polyp restored at move %d", step))
			if err := rulestest.Step(s, r); err != nil {
				t.Fatal(err)
			}
		}
	}
}
