package ausonia

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// playout plays a game to the end with the given chooser and checks the snapshot after each move.
func playout(t testing.TB, s *state, choose func(*state, rules.Seat) rules.Move, maxMoves int) int {
	t.Helper()
	for n := 0; n < maxMoves; n++ {
		if s.Res != nil {
			return n
		}
		aw := s.Awaiting()
		if len(aw) != 1 {
			t.Fatalf("awaiting %v", aw)
		}
		m := choose(s, aw[0].Seat)
		if _, err := s.Apply(aw[0].Seat, m); err != nil {
			t.Fatalf("move %d %q: %v", n, m, err)
		}
		if err := s.check(); err != nil {
			t.Fatalf("after move %d %q: %v", n, m, err)
		}
	}
	t.Fatalf("no result after %d moves", maxMoves)
	return 0
}

func randomChooser(seed uint64) func(*state, rules.Seat) rules.Move {
	r := rand.New(rand.NewPCG(seed, 5))
	return func(s *state, p rules.Seat) rules.Move {
		m, err := rules.RandomMove(s, p, r)
		if err != nil {
			panic(err)
		}
		return m
	}
}

// Random legal play reaches a result at every table size.
func TestRandomPlayoutsFinish(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for seed := uint64(1); seed <= 3; seed++ {
			s := newGame(t, n, seed, OptAspirant+"="+[]string{"1", "2", "3"}[seed%3])
			playout(t, s, randomChooser(seed), 20000)
			if len(s.Res.Ranks) != n {
				t.Fatalf("ranks %v", s.Res.Ranks)
			}
		}
	}
}

// The greedy bot finishes games too, in a plausible number of rounds.
func TestGreedyPlayoutsFinish(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for seed := uint64(1); seed <= 3; seed++ {
			s := newGame(t, n, seed)
			playout(t, s, greedy, 20000)
			if s.Round < 5 || s.Round > 40 {
				t.Errorf("%d players, seed %d: %d rounds", n, seed, s.Round)
			}
		}
	}
}

// recorded is a finished greedy game's moves, for benchmarks.
func recorded(b *testing.B, n int) ([]rules.Seat, []rules.Move) {
	s := newGame(b, n, 7)
	var seats []rules.Seat
	var moves []rules.Move
	for s.Res != nil == false {
		p := s.Awaiting()[0].Seat
		m := greedy(s, p)
		if _, err := s.Apply(p, m); err != nil {
			b.Fatal(err)
		}
		seats, moves = append(seats, p), append(moves, m)
	}
	return seats, moves
}

// BenchmarkApply replays a whole 3-player greedy game and reports the cost of one move.
func BenchmarkApply(b *testing.B) {
	seats, moves := recorded(b, 3)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := newGame(b, 3, 7)
		for k, m := range moves {
			if _, err := s.Apply(seats[k], m); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/move")
}

// BenchmarkChoices asks for the root menu and the use menu in a mid-game position.
func BenchmarkChoices(b *testing.B) {
	seats, moves := recorded(b, 3)
	s := newGame(b, 3, 7)
	for k := range moves[:len(moves)/2] {
		s.Apply(seats[k], moves[k])
	}
	p := s.Awaiting()[0].Seat
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Choices(p, nil)
		s.Choices(p, rules.Move{vUse})
	}
}

// BenchmarkApplyQuiet is BenchmarkApply through ApplyQuiet, as the search applies moves.
func BenchmarkApplyQuiet(b *testing.B) {
	seats, moves := recorded(b, 3)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := newGame(b, 3, 7)
		for k, m := range moves {
			if err := s.ApplyQuiet(seats[k], m); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/move")
}

// BenchmarkQuietPlayout is rules' BenchmarkRandomPlayout/ausonia (same setups, same draws) as
// the search's playouts run it: seats from AwaitedSeats, moves through ApplyQuiet.
func BenchmarkQuietPlayout(b *testing.B) { rulestest.BenchQuietPlayout(b, Game) }
