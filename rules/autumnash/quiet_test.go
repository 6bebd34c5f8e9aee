package autumnash

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// ApplyQuiet accepts and refuses what Apply does and leaves the same state, apart from the last
// move (left empty), and AwaitedSeats names Awaiting's seat, over seeded random games of every
// variant played to their end, with broken moves (a token too many, one too few, none, the
// wrong seat) tried before each move and moves tried once the game is over.
func TestApplyQuietAgrees(t *testing.T) {
	for i, v := range []string{VariantStandard, VariantBeginner, VariantUnsettled} {
		for g := 0; g < 3; g++ {
			seed := uint64(10*i + g)
			st, err := Game.New(rules.Setup{Seats: 2, Seed: seed, Options: map[string]string{OptVariant: v}})
			if err != nil {
				t.Fatal(err)
			}
			loud := st.(*state)
			r := rand.New(rand.NewPCG(seed, 9))
			var m rules.Move
			for n := 0; n < 3000; n++ {
				ps, seats := loud.Awaiting(), loud.AwaitedSeats()
				if len(ps) != len(seats) || (len(ps) == 1 && ps[0].Seat != seats[0]) {
					t.Fatalf("%s game %d: awaited seats %v, prompts %+v", v, g, seats, ps)
				}
				p := loud.turn
				if loud.result == nil {
					if m, err = rules.RandomMove(loud, p, r); err != nil {
						t.Fatal(err)
					}
				} else {
					p = rules.Seat(n % 2) // m is the game's last move
				}
				tries := []struct {
					seat rules.Seat
					m    rules.Move
				}{{p, append(m[:len(m):len(m)], "zz9")}, {p, m[:len(m)-1]}, {p, nil}, {other(p), m}, {rules.Spectator, m}, {p, m}}
				for _, try := range tries {
					quiet := loud.clone()
					_, errL := loud.Apply(try.seat, try.m)
					errQ := quiet.ApplyQuiet(try.seat, try.m)
					if (errL == nil) != (errQ == nil) || (errL != nil && errL.Error() != errQ.Error()) {
						t.Fatalf("%s game %d seat %d %q: Apply %v, ApplyQuiet %v", v, g, try.seat, try.m.String(), errL, errQ)
					}
					if errQ == nil && (quiet.last != nil || quiet.prev != nil) {
						t.Fatalf("%s game %d %q: ApplyQuiet left the last moves %+v, %+v", v, g, try.m.String(), quiet.last, quiet.prev)
					}
					quiet.last, quiet.prev = loud.last, loud.prev
					a, _ := loud.Encode()
					b, _ := quiet.Encode()
					if string(a) != string(b) {
						t.Fatalf("%s game %d %q: the states differ after Apply and ApplyQuiet:\n%s\n%s", v, g, try.m.String(), a, b)
					}
					if (loud.result == nil) != (quiet.result == nil) ||
						loud.result != nil && quiet.result.ReasonMsg.English() != loud.result.ReasonMsg.English() {
						t.Fatalf("%s game %d %q: results %+v and %+v", v, g, try.m.String(), loud.result, quiet.result)
					}
				}
				if loud.result != nil && n%2 == 1 {
					break
				}
			}
			if loud.result == nil {
				t.Fatalf("%s game %d: not over after 3000 moves", v, g)
			}
		}
	}
}

// A quiet move builds no event: it allocates less than Apply, which writes at least two messages
// and their English for every move.
func TestApplyQuietBuildsNoEvents(t *testing.T) {
	s := midgame(t, VariantStandard, 20)
	m, err := rules.RandomMove(s.clone(), s.turn, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	cs := make([]*state, 0, 400)
	for range 400 {
		cs = append(cs, s.clone())
	}
	k := 0
	loud := testing.AllocsPerRun(100, func() {
		if _, err := cs[k].Apply(cs[k].turn, m); err != nil {
			t.Fatal(err)
		}
		k++
	})
	quiet := testing.AllocsPerRun(100, func() {
		if err := cs[k].ApplyQuiet(cs[k].turn, m); err != nil {
			t.Fatal(err)
		}
		k++
	})
	t.Logf("allocations per move: Apply %.0f, ApplyQuiet %.0f", loud, quiet)
	if quiet >= loud {
		t.Fatalf("ApplyQuiet allocates %.0f times a move, Apply %.0f", quiet, loud)
	}
}

// BenchmarkQuietPlayout is rules' BenchmarkRandomPlayout/autumn-ash (same setups, same draws) as
// the search's playouts run it: seats from rules.AwaitedSeats, moves through rules.ApplyQuiet.
func BenchmarkQuietPlayout(b *testing.B) { rulestest.BenchQuietPlayout(b, Game) }

// BenchmarkSensibleMoves: the tactics of a mid-game position on a cold state (every move played
// on a copy, then the best reply found), as ai.Sensible asks before each of the AI's moves.
func BenchmarkSensibleMoves(b *testing.B) {
	for _, v := range []string{VariantStandard, VariantUnsettled} {
		b.Run(v, func(b *testing.B) {
			s := midgame(b, v, 20)
			b.ReportAllocs()
			for b.Loop() {
				c := s.clone()
				if len(c.SensibleMoves(c.turn)) == 0 {
					b.Fatal("no sensible move")
				}
			}
		})
	}
}
