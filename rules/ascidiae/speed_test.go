package ascidiae

import (
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The fast paths give the same random moves and the same states as the slow ones, over random
// games at every seat count and with the long game and a random preset.
func TestFastPathsAgree(t *testing.T) {
	rulestest.RunFast(t, Game, rulestest.Config{Games: 2, Every: 2, Setups: []rules.Setup{
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
