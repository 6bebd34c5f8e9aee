package reef

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// midGame is a 4-player position after some random play, with a larva play open when possible.
func midGame(b *testing.B) *state {
	s := newGame(b, 4, 42, VariantStandard)
	randomGame(b, s, 42, 150, nil)
	if s.Res != nil {
		b.Fatal("game over before the benchmark position")
	}
	return s
}

// sampleMoves draws random complete moves for the seat to move.
func sampleMoves(b *testing.B, s *state, n int) []rules.Move {
	r := rand.New(rand.NewPCG(1, 2))
	seat := s.Awaiting()[0].Seat
	var out []rules.Move
	for len(out) < n {
		m, err := rules.RandomMove(s, seat, r)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func BenchmarkApply(b *testing.B) {
	s := midGame(b)
	seat := s.Awaiting()[0].Seat
	moves := sampleMoves(b, s, 64)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := s.clone()
		if _, err := c.Apply(seat, moves[i%len(moves)]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkChoicesTurnMenu(b *testing.B) {
	s := midGame(b)
	seat := s.Awaiting()[0].Seat
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := s.Choices(seat, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkChoicesPlacement asks for the rows of one column during a larva play: the deepest
// and busiest level of the tree.
func BenchmarkChoicesPlacement(b *testing.B) {
	s := fixture(b, 4)
	put(b, s, White, "1:E1", "1:E2", "2:A2", "3:C3")
	put(b, s, Yellow, "1:E3", "2:B2")
	shrimpOn(b, s, 1, "1:E2")
	giveCube(b, s, 0, White)
	give(b, s, 0, White, 4)
	mustApply(b, s, 0, "grow w")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := s.Choices(0, rules.Move{"1", "e"}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRandomGame4p(b *testing.B) {
	for i := 0; i < b.N; i++ {
		s := newGame(b, 4, uint64(i), VariantStandard)
		randomGame(b, s, uint64(i), 20000, nil)
	}
}
