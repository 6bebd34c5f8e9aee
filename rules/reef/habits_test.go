package reef

import (
	"math/rand/v2"
	"slices"
	"strings"
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
				if len(m) != 7 || m[0] != vShrimp || before0(s, m) {
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
				// Back again is an undo, and a shuffle of a shrimp that arrived this turn.
				if hs := w.Move(mid, seat, back, evs, s); !slices.Contains(hs, ai.HabitUndo) || !slices.Contains(hs, HabitShrimpShuffle) {
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

// before0 says whether the shrimp move m starts where a shrimp arrived this turn.
func before0(s *state, m rules.Move) bool { return s.shuffles(m) }

// polyps_left counts, move by move, the polyps from behind the screen that a turn gave up laying:
// what was still layable at the take, the rest of a play ended early, a cube traded for a polyp.
// "lay" is a free square for the open larva play.
func TestHabitPolypsLeft(t *testing.T) {
	for _, c := range []struct {
		name  string
		give  func(t *testing.T, s *state)
		moves []string
		want  int
	}{
		{"take with a play left", func(t *testing.T, s *state) {
			give(t, s, 0, White, 6)
			giveCube(t, s, 0, White)
		}, []string{"take"}, 4},
		{"take with two plays left", func(t *testing.T, s *state) {
			give(t, s, 0, White, 6)
			give(t, s, 0, Grey, 2)
			giveCube(t, s, 0, White)
			giveCube(t, s, 0, Grey)
		}, []string{"take"}, 6},
		{"two cubes of one colour", func(t *testing.T, s *state) {
			give(t, s, 0, White, 6)
			giveCube(t, s, 0, White)
			giveCube(t, s, 0, White)
		}, []string{"take"}, 6},
		{"a consumed polyp traded for a cube", func(t *testing.T, s *state) {
			give(t, s, 0, Pink, 3)
			giveConsumed(t, s, 0, Pink, 1)
		}, []string{"take"}, 3},
		{"no cube for the polyps held", func(t *testing.T, s *state) {
			give(t, s, 0, Grey, 5)
			giveCube(t, s, 0, White)
		}, []string{"take"}, 0},
		{"four laid, then take", func(t *testing.T, s *state) {
			give(t, s, 0, White, 6)
			giveCube(t, s, 0, White)
		}, []string{"grow w", "lay", "lay", "lay", "lay", "take"}, 0},
		{"two laid, done, take", func(t *testing.T, s *state) {
			give(t, s, 0, White, 6)
			giveCube(t, s, 0, White)
		}, []string{"grow w", "lay", "lay", "done", "take"}, 2},
		{"the cube traded for a polyp", func(t *testing.T, s *state) {
			give(t, s, 0, White, 6)
			giveCube(t, s, 0, White)
		}, []string{"polyp w", "take"}, 4},
	} {
		s := fixture(t, 2)
		c.give(t, s)
		got := 0
		for _, n := range c.moves {
			switch n {
			case "take":
				n = "take " + s.Sea[0].Colour.Letter()
			case "lay":
				sq := s.targets(s.corals(), s.T.Grow)[0]
				tk := squareTokens(sq)
				n = strings.Join(tk[:], " ")
			}
			before := s.clone()
			mustApply(t, s, 0, n)
			m, _ := rules.ParseMove(n)
			got += before.LastTurnHabits(0, m, s)[HabitPolypsLeft]
		}
		if got != c.want {
			t.Errorf("%s: %d polyps left counted, want %d", c.name, got, c.want)
		}
	}
}

// An eat that ends the game at the start of a turn counts nothing: the turn before stays the
// seat's last laying turn.
func TestHabitPolypsLeftEndingEat(t *testing.T) {
	s := fixture(t, 2)
	lastShrimp(s, 0)
	give(t, s, 0, White, 6)
	giveCube(t, s, 0, White)
	put(t, s, White, nineWhite...)
	shrimpOn(t, s, 0, "1:C6")
	before := s.clone()
	mustApply(t, s, 0, "eat "+sqt("1:C6"))
	if s.Phase == phasePlay {
		t.Fatal("the eat did not end the game")
	}
	if h := before.LastTurnHabits(0, rules.Move{vEat, "1", "c", "6"}, s); h != nil {
		t.Errorf("counted %v", h)
	}
}

// When the end may come before its next turn, the levels above easy lay all they can before the
// take (SensibleMoves keeps only the moves that lay on), and so does the greedy player they roll
// out; earlier in the game they are free.
func TestLaysOutBeforeTheEnd(t *testing.T) {
	s := fixture(t, 2)
	give(t, s, 0, White, 6)
	give(t, s, 0, Grey, 3)
	giveCube(t, s, 0, White)
	if s.SensibleMoves(0) != nil {
		t.Fatal("far from the end, moves are left out")
	}
	lastShrimp(s, 1) // the other parrotfish may end the game at the start of its turn
	sm := s.SensibleMoves(0)
	if len(sm) == 0 {
		t.Fatal("near the end, nothing is left out")
	}
	for _, m := range sm {
		if m[0] != vGrow {
			t.Errorf("sensible before laying: %s", m)
		}
	}
	got, seed, white := 0, uint64(1), -1
	for s.Turn == 0 {
		m := s.GreedyMove(0, seed)
		seed++
		if sm := s.SensibleMoves(0); sm != nil && !inMoves(sm, m) {
			t.Errorf("the greedy move %s is not among the sensible moves %v", m, sm)
		}
		before := s.clone()
		if _, err := s.Apply(0, m); err != nil {
			t.Fatal(err)
		}
		got += before.LastTurnHabits(0, m, s)[HabitPolypsLeft]
		if m[0] == vTake {
			white = before.Players[0].Screen[White]
		}
	}
	if got != 0 || white != 2 {
		t.Errorf("%d polyps left counted, %d white behind the screen at the take", got, white)
	}
}

func inMoves(ms []rules.Move, m rules.Move) bool {
	for _, x := range ms {
		if x.Equal(m) {
			return true
		}
	}
	return false
}
