package ausonia

import (
	"testing"
)

func g(s string) Gems {
	x, err := ParseGems(s)
	if err != nil {
		panic(err)
	}
	return x
}

func TestPayments(t *testing.T) {
	tests := []struct {
		cost, pool string
		want       []string // the any-slot fills offered
		wantAll    []string // everything taken, same order
	}{
		// Coloured slots take the real colour first.
		{"ss", "ssr", []string{""}, []string{"ss"}},
		// A rainbow covers a missing colour.
		{"ss", "sr", []string{""}, []string{"sr"}},
		{"ss", "s", nil, nil},
		// Any-slots: every way to fill them from what is left.
		{"sr", "ser", []string{"e", "r"}, []string{"se", "sr"}},
		{"rr", "seb", []string{"se", "sb", "eb"}, []string{"se", "sb", "eb"}},
		{"r", "sss", []string{"s"}, []string{"s"}},
		{"sebr", "sebr", []string{"r"}, []string{"sebr"}},
		{"sebr", "seb", nil, nil},
		{"sebr", "ssebr", []string{"s", "r"}, []string{"sseb", "sebr"}},
	}
	for _, tt := range tests {
		ps := payments(g(tt.cost), g(tt.pool))
		if len(ps) != len(tt.want) {
			t.Errorf("cost %s pool %s: %d ways, want %d (%v)", tt.cost, tt.pool, len(ps), len(tt.want), ps)
			continue
		}
		for i, p := range ps {
			if p.Any.Letters() != tt.want[i] || p.All.Letters() != tt.wantAll[i] {
				t.Errorf("cost %s pool %s way %d: any %q all %q, want %q %q", tt.cost, tt.pool, i, p.Any.Letters(), p.All.Letters(), tt.want[i], tt.wantAll[i])
			}
		}
	}
}

// canPay says yes exactly where payments lists a way, over every cost and pool of up to 3
// any-slots and 2 gems of each kind.
func TestCanPayAgrees(t *testing.T) {
	var all []Gems
	for a := 0; a < 81; a++ {
		all = append(all, Gems{a % 3, a / 3 % 3, a / 9 % 3, a / 27})
	}
	for _, cost := range all {
		for _, pool := range all {
			if got, want := canPay(cost, pool), len(payments(cost, pool)) > 0; got != want {
				t.Errorf("cost %s pool %s: canPay %v, payments %v", cost.Letters(), pool.Letters(), got, want)
			}
		}
	}
}

// Data keeps any-slots at 3 or fewer, so a payment menu never passes 20 entries, even with a huge
// pool: it always fits one select menu.
func TestPaymentMenusFit(t *testing.T) {
	pool := Gems{9, 9, 9, 9}
	for _, c := range Cards {
		if n := len(payments(c.Cost, pool)); n > maxMenu {
			t.Errorf("%s: %d ways to pay", c.Code, n)
		}
		for _, a := range c.Abilities {
			if a.Kind == CondCost {
				if n := len(payments(a.Gems, pool)); n > maxMenu {
					t.Errorf("%s ability: %d ways to pay", c.Code, n)
				}
			}
		}
	}
}

func TestGemsDescribe(t *testing.T) {
	for _, c := range []struct{ gems, anyWord, want string }{
		{"ssbr", "any", "2 sapphires, 1 bloodshard and 1 any-colour gem"},
		{"err", "any", "1 emerald and 2 any-colour gems"},
		{"sr", "", "1 sapphire and 1 rainbow"},
		{"bbrr", "", "2 bloodshards and 2 rainbows"},
		{"", "", "nothing"},
	} {
		if got := g(c.gems).Describe(c.anyWord); got != c.want {
			t.Errorf("%q: got %q, want %q", c.gems, got, c.want)
		}
	}
	if got := g("ebrs").Letters(); got != "sebr" {
		t.Errorf("letters %q", got)
	}
	if g("sser").Kinds() != 3 || g("bb").Kinds() != 1 {
		t.Errorf("kinds")
	}
}
