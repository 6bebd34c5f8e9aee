package autumnash

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// midgame plays n random moves from the start of variant.
func midgame(tb testing.TB, variant string, n int) *state {
	st, err := Game.New(rules.Setup{Seats: 2, Options: map[string]string{OptVariant: variant}})
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*state)
	r := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < n && s.result == nil; i++ {
		m, err := rules.RandomMove(s, s.turn, r)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := s.Apply(s.turn, m); err != nil {
			tb.Fatal(err)
		}
	}
	if s.result != nil {
		tb.Fatalf("game over after %d moves", n)
	}
	return s
}

// clone copies a state without its cache, as a freshly decoded one would be.
func (s *state) clone() *state { return s.Clone().(*state) }

// BenchmarkApply: one complete move on a cold state (no cached choices), including the check that
// the opponent still has a move and that the next player can move.
func BenchmarkApply(b *testing.B) {
	for _, v := range []string{VariantStandard, VariantUnsettled} {
		b.Run(v, func(b *testing.B) {
			s := midgame(b, v, 20)
			m, err := rules.RandomMove(s.clone(), s.turn, rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				c := s.clone()
				if _, err := c.Apply(c.turn, m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkChoicesRoot: the first menu of a turn on a cold state.
func BenchmarkChoicesRoot(b *testing.B) {
	for _, v := range []string{VariantStandard, VariantUnsettled} {
		b.Run(v, func(b *testing.B) {
			s := midgame(b, v, 20)
			b.ReportAllocs()
			for b.Loop() {
				c := s.clone()
				if _, _, err := c.Choices(c.turn, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEnumerate: every legal move of a position, cold (the worst case for a menu walk).
func BenchmarkEnumerate(b *testing.B) {
	for _, v := range []string{VariantStandard, VariantUnsettled} {
		b.Run(v, func(b *testing.B) {
			s := midgame(b, v, 20)
			var n int
			b.ReportAllocs()
			for b.Loop() {
				c := s.clone()
				moves, _, err := rules.Enumerate(c, c.turn, 1<<20)
				if err != nil {
					b.Fatal(err)
				}
				n = len(moves)
			}
			b.ReportMetric(float64(n), "moves")
		})
	}
}
