package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/autumnash"
)

// aaMidgame is an Autumn Ash position after n random moves.
func aaMidgame(tb testing.TB, n int) rules.State {
	st, err := autumnash.Game.New(rules.Setup{Seats: 2, Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(4, 4))
	for i := 0; i < n && st.Result() == nil; i++ {
		p := st.Awaiting()[0]
		m, err := rules.RandomMove(st, p.Seat, r)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := st.Apply(p.Seat, m); err != nil {
			tb.Fatal(err)
		}
	}
	return st
}

// BenchmarkChooseAutumnAsh: one normal-level decision in a middle game.
func BenchmarkChooseAutumnAsh(b *testing.B) {
	st := aaMidgame(b, 20)
	cfg, _ := ForLevel("normal", 1)
	var s Stats
	for b.Loop() {
		var err error
		_, s, err = Choose(autumnash.Game, st, st.Awaiting()[0].Seat, cfg)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(s.Simulated), "simmoves")
	b.ReportMetric(float64(s.Searches), "searches")
}
