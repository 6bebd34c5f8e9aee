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
// One game per setup by default; the long tier (BOARDBOT_LONG=1) plays two.
func TestFastPathsAgree(t *testing.T) {
	rulestest.RunFast(t, Game, rulestest.Config{Games: rulestest.Scale(1, 2), Every: 3, Setups: []rules.Setup{
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

// A move RandomMoveFrom drew is applied without walking the tree again, with the same events and
// the same state as when Apply walks it; Apply forgets it, and a move that differs is walked.
func TestDrawnMoveAppliesAsWalked(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		s := newGame(t, seats, uint64(10+seats), "standard")
		r := rand.New(rand.NewPCG(uint64(seats), 6))
		for step := 0; step < 600 && s.Result() == nil; step++ {
			p := s.Awaiting()[r.IntN(len(s.Awaiting()))].Seat
			walked := s.clone() // a clone does not inherit the drawn move
			m, err := s.RandomMoveFrom(p, nil, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := s.drawnStep(p, m); !ok {
				t.Fatalf("move %d: the drawn move %q is not kept", step, m.String())
			}
			if _, ok := walked.drawnStep(p, m); ok {
				t.Fatalf("move %d: a clone kept the drawn move", step)
			}
			if len(m) > 1 {
				if _, ok := s.drawnStep(p, m[:len(m)-1]); ok {
					t.Fatalf("move %d: a prefix of the drawn move passes for it", step)
				}
			}
			rulestest.ApplyAlike(t, s, walked, p, m, step, "applying the drawn move differs from walking it")
			if _, ok := s.drawnStep(p, m); ok {
				t.Fatalf("move %d: the drawn move outlived Apply", step)
			}
		}
	}
}

// SquareName writes every square of four boards as the notation has it ("2:C4").
func TestSquareNameEverySquare(t *testing.T) {
	for sq := 0; sq < 4*perBoard; sq++ {
		b, i := sq/perBoard, sq%perBoard
		if got, want := SquareName(sq), fmt.Sprintf("%d:%c%d", b+1, 'A'+i%Cols, i/Cols+1); got != want {
			t.Fatalf("square %d: %q, want %q", sq, got, want)
		}
	}
	if got := SquareName(perBoard + 2*Cols + 2); got != "2:C3" {
		t.Fatalf("got %q, want 2:C3", got)
	}
}
