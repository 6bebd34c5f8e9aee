package reef

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
)

// A shrimp moved and moved straight back is an undo for the habit watch, although the image's
// note and the flag that an action was taken differ: the position key leaves them out.
func TestHabitShrimpToAndFro(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		s := newGame(t, 2, seed, "standard")
		r := rand.New(rand.NewPCG(seed, 7))
		for n := 0; n < 400 && s.Res == nil; n++ {
			seat := s.Awaiting()[0].Seat
			moves, _, err := rules.Enumerate(s, seat, 2000)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range moves {
				if len(m) != 7 || m[0] != vShrimp {
					continue
				}
				back := rules.Move{vShrimp, m[4], m[5], m[6], m[1], m[2], m[3]}
				w := ai.NewHabitWatch()
				before := s.clone()
				evs := mustApply(t, s, int(seat), m.String())
				if hs := w.Move(before, seat, m, evs, s); len(hs) != 0 {
					t.Fatalf("seed %d: %q counted as %v", seed, m, hs)
				}
				mid := s.clone()
				evs, err := s.Apply(seat, back)
				if err != nil {
					continue // the way back is not open (two shrimps on one board, a guarded coral)
				}
				if hs := w.Move(mid, seat, back, evs, s); len(hs) != 1 || hs[0] != ai.HabitUndo {
					t.Fatalf("seed %d: %q then %q: habits %v, want an undo", seed, m, back, hs)
				}
				return
			}
			m, err := rules.RandomMove(s, seat, r)
			if err != nil {
				t.Fatal(err)
			}
			mustApply(t, s, int(seat), m.String())
		}
	}
	t.Fatal("no shrimp could go to and fro in 40 random games")
}

// At the end each seat's polyps behind the screen are counted.
func TestHabitPolypsLeft(t *testing.T) {
	s := newGame(t, 3, 5, "standard")
	randomGame(t, s, 5, 20000, nil)
	if s.Res == nil {
		t.Fatal("the random game did not end")
	}
	for i := range s.Players {
		got := s.EndHabits(rules.Seat(i))[HabitPolypsLeft]
		if want := sum(s.Players[i].Screen[:]); got != want {
			t.Errorf("seat %d: %d polyps left counted, %d behind the screen", i, got, want)
		}
	}
}
