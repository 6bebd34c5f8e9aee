package rules_test

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/reef"
	"github.com/boardbot/boardbot/rules/rulestest"
)

var games = []rules.Game{autumnash.Game, reef.Game, ascalion.Game, ascidiae.Game, ausonia.Game}

// BenchmarkRandomPlayout is random legal play, as selfplay and the search's rollouts run it, per
// game at every seat count: BenchmarkRandomPlayout/reef-encounter and so on.
func BenchmarkRandomPlayout(b *testing.B) {
	for _, g := range games {
		b.Run(g.Info().ID, func(b *testing.B) { rulestest.BenchPlayout(b, g) })
	}
}

// BenchmarkClone compares each game's Clone with the Encode + Decode copy a search would make
// without it, on a position some way into a 2-player game (3 for Ascalion's map to fill).
func BenchmarkClone(b *testing.B) {
	for _, g := range games {
		seats := max(2, g.Info().MinSeats)
		setup, _ := g.Info().ValidateSetup(rules.Setup{Seats: seats, Seed: 3})
		st, err := g.New(setup)
		if err != nil {
			b.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, 3))
		for i := 0; i < 40 && st.Result() == nil; i++ {
			p := st.Awaiting()[0].Seat
			m, err := rules.RandomMove(st, p, r)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := st.Apply(p, m); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(g.Info().ID+"/clone", func(b *testing.B) {
			c, ok := st.(interface{ Clone() rules.State })
			if !ok {
				b.Skip("no Clone")
			}
			b.ReportAllocs()
			for b.Loop() {
				_ = c.Clone()
			}
		})
		b.Run(g.Info().ID+"/encode-decode", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				data, err := st.Encode()
				if err != nil {
					b.Fatal(err)
				}
				if _, err := g.Decode(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
