package ausonia

import (
	"fmt"
	"testing"

	"github.com/boardbot/boardbot/rules/ai"
)

// greedyTo plays a seeded game of the greedy player until round `round` begins at seat's turn.
func greedyTo(t testing.TB, seats int, seed uint64, round int) *state {
	t.Helper()
	s := newGame(t, seats, seed)
	for n := 0; s.Res == nil && n < 5000; n++ {
		seat := s.Awaiting()[0].Seat
		if s.Round >= round && s.Pend == nil && seat == s.Turn && len(s.T.Log) == 0 {
			return s
		}
		if _, err := s.Apply(seat, s.GreedyMove(seat, seed*7919+uint64(n))); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("seed %d: the game ended before round %d", seed, round)
	return nil
}

// aiTurn plays one whole turn of the seat to move at level, as the bot does (one Turn across
// its decisions), and returns the decisions it took.
func aiTurn(t testing.TB, s *state, level string, seed uint64) int {
	t.Helper()
	seat, turn, n := s.Turn, ai.NewTurn(level), 0
	for s.Res == nil && s.Awaiting()[0].Seat == seat && (s.Turn == seat || s.Pend != nil) {
		cfg, err := ai.ForLevel(level, seed+uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		cfg.Turn = turn
		m, _, err := ai.Choose(Game, s, seat, cfg)
		if err != nil {
			t.Fatal(err)
		}
		passes := m[0] == vPass && s.Pend == nil
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		n++
		if passes {
			break
		}
	}
	return n
}

// BenchmarkAITurn: one whole AI turn at each level above easy and seat count, early (round 2)
// and in the middle of the game (round 8), with the process's CPU per turn (GC included). For
// profiles of the AI's time.
func BenchmarkAITurn(b *testing.B) {
	for _, level := range []string{"normal", "hard"} {
		for _, seats := range []int{2, 3, 4} {
			for _, round := range []int{2, 8} {
				b.Run(fmt.Sprintf("%s/%d/r%d", level, seats, round), func(b *testing.B) {
					start := greedyTo(b, seats, 11, round)
					c0 := processCPU()
					for b.Loop() {
						aiTurn(b, start.clone(), level, 5)
					}
					b.ReportMetric(float64((processCPU()-c0).Milliseconds())/float64(b.N), "cpu-ms/turn")
				})
			}
		}
	}
}
