package reef

import (
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// rockRun names n rock squares side by side in one row of board b (1-based), from the left.
func rockRun(t *testing.T, s *state, b, n int) []string {
	t.Helper()
	for r := 0; r < Rows; r++ {
		for c := 0; c+n <= Cols; c++ {
			var out []string
			for i := 0; i < n; i++ {
				sq := (b-1)*perBoard + r*Cols + c + i
				if !s.isRock(sq) || s.Polyp[sq] != NoColour {
					break
				}
				out = append(out, SquareName(sq))
			}
			if len(out) == n {
				return out
			}
		}
	}
	t.Fatalf("no run of %d rock squares on board %d", n, b)
	return nil
}

func focusOf(s *state) []int { return s.View(rules.Spectator).(*View).Focus }

// The phone's image shows the boards the awaited decision concerns, then the board the latest
// turn played on (View.Focus, 0-based, at most two).
func TestFocusBoards(t *testing.T) {
	// playedOn2: seat 0 lays a white polyp on board 2 and ends its turn: seat 1 is to move.
	playedOn2 := func(t *testing.T, seats int) *state {
		s := fixture(t, seats)
		run := rockRun(t, s, 2, 2)
		put(t, s, White, run[0])
		giveCube(t, s, 0, White)
		give(t, s, 0, White, 1)
		mustApply(t, s, 0, "grow w")
		mustApply(t, s, 0, sqt(run[1])) // the screen is empty: the play ends
		mustApply(t, s, 0, "take "+s.Sea[0].Colour.Letter())
		if s.Turn != 1 {
			t.Fatalf("seat %d to move", s.Turn)
		}
		return s
	}
	// meal puts a coral of five grey polyps guarded by seat's shrimp on board b.
	meal := func(t *testing.T, s *state, seat, b int) {
		run := rockRun(t, s, b, 5)
		put(t, s, Grey, run...)
		shrimpOn(t, s, seat, run[0])
	}
	for _, c := range []struct {
		name string
		prep func(t *testing.T) *state
		want []int
	}{
		{"setup: no board yet", func(t *testing.T) *state {
			return newGame(t, 3, 1, VariantStandard)
		}, nil},
		{"a fresh turn: the board the last turn played on", func(t *testing.T) *state {
			return playedOn2(t, 3)
		}, []int{1}},
		{"a fresh turn with a meal: the meal's board first", func(t *testing.T) *state {
			s := playedOn2(t, 3)
			meal(t, s, 1, 3)
			return s
		}, []int{2, 1}},
		{"a meal is not on offer once the turn started", func(t *testing.T) *state {
			s := playedOn2(t, 3)
			meal(t, s, 1, 3)
			giveConsumed(t, s, 1, White, 1)
			mustApply(t, s, 1, "alga w green sea")
			return s
		}, []int{1}},
		{"a larva play: the boards where its colour grows, most squares first", func(t *testing.T) *state {
			s := playedOn2(t, 4)
			put(t, s, Pink, rockRun(t, s, 4, 1)...)
			put(t, s, Pink, rockRun(t, s, 3, 1)[0])
			put(t, s, Pink, rockRun(t, s, 3, 3)[2]) // board 3 has two pink polyps
			giveCube(t, s, 1, Pink)
			give(t, s, 1, Pink, 2)
			mustApply(t, s, 1, "grow p")
			return s
		}, []int{2, 3}},
		{"a larva play after a polyp: the board just laid on first", func(t *testing.T) *state {
			s := playedOn2(t, 4)
			put(t, s, Pink, rockRun(t, s, 3, 1)...)
			giveCube(t, s, 1, Pink)
			give(t, s, 1, Pink, 2)
			mustApply(t, s, 1, "grow p")
			mustApply(t, s, 1, sqt(rockRun(t, s, 4, 1)[0]))
			return s
		}, []int{3, 2}},
		{"a last turn: the corals to eat", func(t *testing.T) *state {
			s := playedOn2(t, 3)
			meal(t, s, 1, 3)
			s.Phase, s.LastTurns = phaseLast, []int{1, 2}
			return s
		}, []int{2, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := focusOf(c.prep(t)); !slices.Equal(got, c.want) {
				t.Errorf("focus %v, want %v", got, c.want)
			}
		})
	}
}
