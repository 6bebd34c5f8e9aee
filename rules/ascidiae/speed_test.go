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

// canSupply, the check of which abilities can be done, says yes exactly when tadOptions lists a
// reading of the icons: for every consume and cooperate printed or lent, and every pool of up to
// two tadpoles a colour.
func TestCanSupplyIsTadOptions(t *testing.T) {
	g := &State{Players: make([]Player, 1)}
	checked := 0
	for _, d := range data.Cards {
		abs := append([]Ability(nil), d.Abilities...)
		for _, l := range d.Lends {
			abs = append(abs, l.Ability)
		}
		for _, ab := range abs {
			for _, a := range ab.Actions {
				if a.Verb != Consume && a.Verb != Coop {
					continue
				}
				for n := 0; n < 81; n++ {
					c := &Placed{Card: d.ID, T: Pool{n % 3, n / 3 % 3, n / 9 % 3, n / 27 % 3}}
					g.Players[0].Grid[5] = c
					want := len(g.tadOptions(0, 5, c, a, Up)) > 0
					if got := canSupply(c.T, a); got != want {
						t.Errorf("%s %s with %v: canSupply %v, tadOptions lists %v", d.ID, ab.Code, c.T, got, want)
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no consume or cooperate in the data")
	}
}

// tadOptions lists, for icons of one colour each, the one reading combos gives (when the card
// holds it, or always for spawn): the short cut it takes for them changes nothing.
func TestTadOptionsFixedIsCombos(t *testing.T) {
	g := &State{Players: make([]Player, 1)}
	checked := 0
	for _, d := range data.Cards {
		abs := append([]Ability(nil), d.Abilities...)
		for _, l := range d.Lends {
			abs = append(abs, l.Ability)
		}
		for _, ab := range abs {
			for _, a := range ab.Actions {
				if _, ok := a.fixed(); !ok || a.Verb == Catch || a.Verb.Central() {
					continue
				}
				for n := 0; n < 81; n++ {
					c := &Placed{Card: d.ID, T: Pool{n % 3, n / 3 % 3, n / 9 % 3, n / 27 % 3}}
					g.Players[0].Grid[5] = c
					var want []Pool
					for _, p := range combos(a.Icons) {
						if a.Verb == Spawn || c.T.Covers(p) {
							want = append(want, p)
						}
					}
					if got := g.tadOptions(0, 5, c, a, Up); !slices.Equal(got, want) {
						t.Errorf("%s %s with %v: tadOptions %v, combos %v", d.ID, ab.Code, c.T, got, want)
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no action with fixed icons in the data")
	}
}
