package ai_test

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
	"github.com/boardbot/boardbot/rules/ai/aitest"
	"github.com/boardbot/boardbot/rules/autumnash"
)

// BenchmarkChooseAutumnAsh: one normal-level decision in a middle game.
func BenchmarkChooseAutumnAsh(b *testing.B) {
	st, err := aitest.Midgame(autumnash.Game, rules.Setup{Seats: 2, Seed: 1}, 20)
	if err != nil || st == nil {
		b.Fatal(err)
	}
	cfg, _ := ai.ForLevel("normal", 1)
	var s ai.Stats
	for b.Loop() {
		_, s, err = ai.Choose(autumnash.Game, st, st.Awaiting()[0].Seat, cfg)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(s.Simulated), "simmoves")
	b.ReportMetric(float64(s.Searches), "searches")
}
