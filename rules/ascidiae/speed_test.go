package ascidiae

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The fast paths give the same random moves and the same states as the slow ones, over random
// games at every seat count and with the long game and a random preset: one game per setup by
// default, two in the long tier (BOARDBOT_LONG=1).
func TestFastPathsAgree(t *testing.T) {
	rulestest.RunFast(t, Game, rulestest.Config{Games: rulestest.Scale(1, 2), Every: 2, Setups: []rules.Setup{
		{Seats: 1, Seed: 1}, {Seats: 2, Seed: 2}, {Seats: 3, Seed: 3}, {Seats: 4, Seed: 4},
		{Seats: 2, Seed: 5, Options: map[string]string{"long": "yes", "preset": "random"}},
	}})
}

// Random games show the same prompts, menus, events, refusals, snapshots and views as when the
// digest was recorded (before the speed work).
func TestTraceUnchanged(t *testing.T) {
	rulestest.RunTrace(t, Game, []rules.Setup{
		{Seats: 1, Seed: 1}, {Seats: 2, Seed: 2}, {Seats: 3, Seed: 3}, {Seats: 4, Seed: 4},
		{Seats: 2, Seed: 5, Options: map[string]string{"long": "yes", "preset": "random"}},
	}, 3, 400)
}

// eachActionHolding calls f for every action printed or lent in the data that keep accepts, with
// the card on space b2 of a one-seat state holding each pool of up to two tadpoles a colour, and
// fails t when keep accepts none.
func eachActionHolding(t *testing.T, keep func(Action) bool, f func(g *State, c *Placed, ab Ability, a Action)) {
	t.Helper()
	g := &State{Players: make([]Player, 1)}
	checked := 0
	for _, d := range data.Cards {
		abs := append([]Ability(nil), d.Abilities...)
		for _, l := range d.Lends {
			abs = append(abs, l.Ability)
		}
		for _, ab := range abs {
			for _, a := range ab.Actions {
				if !keep(a) {
					continue
				}
				for n := 0; n < 81; n++ {
					c := &Placed{Card: d.ID, T: Pool{n % 3, n / 3 % 3, n / 9 % 3, n / 27 % 3}}
					g.Players[0].Grid[5] = c
					f(g, c, ab, a)
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no such action in the data")
	}
}

// canSupply, the check of which abilities can be done, says yes exactly when tadOptions lists a
// reading of the icons, for every consume and cooperate.
func TestCanSupplyIsTadOptions(t *testing.T) {
	eachActionHolding(t, func(a Action) bool { return a.Verb == Consume || a.Verb == Coop },
		func(g *State, c *Placed, ab Ability, a Action) {
			want := len(g.tadOptions(0, 5, c, a, Up)) > 0
			if got := canSupply(c.T, a); got != want {
				t.Errorf("%s %s with %v: canSupply %v, tadOptions lists %v", c.Card, ab.Code, c.T, got, want)
			}
		})
}

// tadOptions lists, for icons of one colour each, the one reading combos gives (when the card
// holds it, or always for spawn): the short cut it takes for them changes nothing.
func TestTadOptionsFixedIsCombos(t *testing.T) {
	eachActionHolding(t, func(a Action) bool {
		_, ok := a.fixed()
		return ok && a.Verb != Catch && !a.Verb.Central()
	}, func(g *State, c *Placed, ab Ability, a Action) {
		var want []Pool
		for _, p := range combos(a.Icons) {
			if a.Verb == Spawn || c.T.Covers(p) {
				want = append(want, p)
			}
		}
		if got := g.tadOptions(0, 5, c, a, Up); !slices.Equal(got, want) {
			t.Errorf("%s %s with %v: tadOptions %v, combos %v", c.Card, ab.Code, c.T, got, want)
		}
	})
}

// ApplyQuiet accepts and refuses what Apply does and leaves the same state, apart from the turn's
// log (left empty), and AwaitedSeats names Awaiting's seats, over random games at every seat
// count, with broken moves between.
func TestApplyQuietAgrees(t *testing.T) {
	for _, setup := range []rules.Setup{
		{Seats: 1, Seed: 1}, {Seats: 2, Seed: 2}, {Seats: 3, Seed: 3}, {Seats: 4, Seed: 4},
		{Seats: 2, Seed: 5, Options: map[string]string{"long": "yes", "preset": "fourth"}},
	} {
		st, err := Game.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		loud := st.(*State)
		r := rand.New(rand.NewPCG(setup.Seed, 9))
		for n := 0; loud.Res == nil && n < 3000; n++ {
			ps, seats := loud.Awaiting(), loud.AwaitedSeats()
			if len(ps) != len(seats) {
				t.Fatalf("%+v: awaited seats %v, prompts %+v", setup, seats, ps)
			}
			for i := range ps {
				if ps[i].Seat != seats[i] {
					t.Fatalf("%+v: awaited seats %v, prompts %+v", setup, seats, ps)
				}
			}
			p := ps[r.IntN(len(ps))].Seat
			m, err := rules.RandomMove(loud, p, r)
			if err != nil {
				t.Fatal(err)
			}
			for _, mv := range []rules.Move{append(m[:len(m):len(m)], "zz9"), m[:len(m)-1], m} {
				quiet := loud.Clone().(*State)
				_, errL := loud.Apply(p, mv)
				errQ := quiet.ApplyQuiet(p, mv)
				if (errL == nil) != (errQ == nil) || (errL != nil && errL.Error() != errQ.Error()) {
					t.Fatalf("%+v %q: Apply %v, ApplyQuiet %v", setup, mv.String(), errL, errQ)
				}
				if quiet.quiet {
					t.Fatal("ApplyQuiet left the state quiet")
				}
				quiet.Log, quiet.LogMsgs, quiet.Turn.Parts, quiet.Recent = loud.Log, loud.LogMsgs, loud.Turn.Parts, loud.Recent
				a, _ := loud.Encode()
				b, _ := quiet.Encode()
				if string(a) != string(b) {
					t.Fatalf("%+v %q: the states differ after Apply and ApplyQuiet", setup, mv.String())
				}
			}
		}
	}
}

// BenchmarkQuietPlayout is rules' BenchmarkRandomPlayout/ascidiae (same setups, same draws) as
// the search's playouts run it: seats from AwaitedSeats, moves through ApplyQuiet.
func BenchmarkQuietPlayout(b *testing.B) { rulestest.BenchQuietPlayout(b, Game) }
