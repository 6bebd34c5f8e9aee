package reef

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// ApplyQuiet accepts and refuses what Apply does, with the same refusals, and leaves the same
// state apart from the image's note (Note and NoteMsg, texts for display only, left empty) and
// turn marks (Recent, left as they were), and
// AwaitedSeats names Awaiting's seats in order, over random games at every seat count in both
// variants, with broken moves between. Moves are drawn on the loud state or on the quiet one in
// turn, so each side applies both a drawn move and a walked one.
func TestApplyQuietAgrees(t *testing.T) {
	for _, c := range []struct {
		seats   int
		variant string
	}{{2, VariantStandard}, {3, VariantStandard}, {4, VariantStandard}, {2, VariantAdvanced}, {3, VariantAdvanced}, {4, VariantAdvanced}} {
		for seed := uint64(1); seed <= 2; seed++ {
			loud := newGame(t, c.seats, seed*31+uint64(c.seats), c.variant)
			r := rand.New(rand.NewPCG(seed, uint64(c.seats)))
			for n := 0; loud.Res == nil && n < 3000; n++ {
				ps, seats := loud.Awaiting(), loud.AwaitedSeats()
				want := make([]rules.Seat, len(ps))
				for i, p := range ps {
					want[i] = p.Seat
				}
				if len(seats) == 0 || !slices.Equal(seats, want) {
					t.Fatalf("%d seats %s seed %d move %d: awaited seats %v, prompts for %v", c.seats, c.variant, seed, n, seats, want)
				}
				p := seats[r.IntN(len(seats))]
				quiet := loud.clone()
				drawOn := loud
				if n%2 == 1 {
					drawOn = quiet
				}
				m, err := drawOn.RandomMoveFrom(p, nil, r)
				if err != nil {
					t.Fatal(err)
				}
				other := rules.Seat((int(p) + 1) % c.seats)
				for _, try := range []struct {
					seat rules.Seat
					m    rules.Move
				}{
					{p, append(m[:len(m):len(m)], "zz9")}, {p, m[:len(m)-1]}, {other, m}, {p, m},
				} { // on copies, which walk the tree (a copy does not keep the drawn move)
					_, errL := loud.clone().Apply(try.seat, try.m)
					errQ := quiet.clone().ApplyQuiet(try.seat, try.m)
					if (errL == nil) != (errQ == nil) || (errL != nil && errL.Error() != errQ.Error()) {
						t.Fatalf("%d seats %s seed %d %q: Apply %v, ApplyQuiet %v", c.seats, c.variant, seed, try.m.String(), errL, errQ)
					}
				}
				// The drawn move itself: one side takes the drawn path, the other walks.
				if _, err := loud.Apply(p, m); err != nil {
					t.Fatal(err)
				}
				if err := quiet.ApplyQuiet(p, m); err != nil {
					t.Fatal(err)
				}
				if quiet.Note != "" || quiet.NoteMsg != nil {
					t.Fatalf("%d seats %s seed %d %q: ApplyQuiet left the note %q", c.seats, c.variant, seed, m.String(), quiet.Note)
				}
				quiet.Note, quiet.NoteMsg, quiet.Recent, quiet.Line = loud.Note, loud.NoteMsg, cloneRecent(loud.Recent), loud.Line
				a, _ := loud.Encode()
				b, _ := quiet.Encode()
				if string(a) != string(b) {
					t.Fatalf("%d seats %s seed %d move %d %q: the states differ after Apply and ApplyQuiet:\n%s\n%s", c.seats, c.variant, seed, n, m.String(), a, b)
				}
				if (loud.Res == nil) != (quiet.Res == nil) || (loud.Res != nil && loud.Res.ReasonMsg.English() != quiet.Res.ReasonMsg.English()) {
					t.Fatalf("%d seats %s seed %d: results differ", c.seats, c.variant, seed)
				}
			}
			if loud.Res == nil {
				t.Fatalf("%d seats %s seed %d: the game did not end", c.seats, c.variant, seed)
			}
			if len(loud.AwaitedSeats()) != 0 {
				t.Fatalf("%d seats %s seed %d: seats awaited after the end", c.seats, c.variant, seed)
			}
		}
	}
}

// BenchmarkApplyQuiet is BenchmarkApply through ApplyQuiet, as the search applies moves.
func BenchmarkApplyQuiet(b *testing.B) {
	s := midGame(b)
	seat := s.Awaiting()[0].Seat
	moves := sampleMoves(b, s, 64)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := s.clone()
		if err := c.ApplyQuiet(seat, moves[i%len(moves)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQuietPlayout is rules' BenchmarkRandomPlayout/reef-encounter (same setups, same draws)
// as the search's playouts run it: seats from AwaitedSeats, moves through ApplyQuiet.
func BenchmarkQuietPlayout(b *testing.B) { rulestest.BenchQuietPlayout(b, Game) }

// BenchmarkGreedyMove is the easy AI's move in a mid-game position: it applies every candidate
// on a copy, quietly.
func BenchmarkGreedyMove(b *testing.B) {
	s := midGame(b)
	seat := s.Awaiting()[0].Seat
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.GreedyMove(seat, uint64(i%8))
	}
}
