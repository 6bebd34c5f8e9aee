package ascalion

import (
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// The AI attacks on the odds (issue 36): its total with the best extra transport it can make and
// the neighbours it can count on must beat the defence (a tie loses, §12.7: "Die höhere Summe
// gewinnt; bei Gleichstand verliert der Angreifer"), except against a player one city from
// victory. Each case: whether declaring the attack on Hippo's Land is a hopeless_attack, and
// whether the levels above easy may still choose it.
func TestHopelessAttack(t *testing.T) {
	for _, c := range []struct {
		name     string
		f        func(t *testing.T) *fixture
		hopeless bool
	}{
		{"tie: 5 against 5, nothing to bring", func(t *testing.T) *fixture {
			return newFixture(t, 2).own(0, "Minda").put("Minda", "weapon").put("Elgar", "horse")
		}, true},
		{"3 seats: 2 against 3, only a neighbour could turn it", func(t *testing.T) *fixture {
			return newFixture(t, 3).own(0, "Minda").own(1, "Vagon").put("Vagon", "horse")
		}, true},
		{"3 seats: the same against a player one city from victory", func(t *testing.T) *fixture {
			return newFixture(t, 3).own(0, "Minda").own(1, "Vagon").put("Vagon", "horse").city("Ys", "Doilan")
		}, false},
		{"2 against 4, a weapon next door carried in makes 5", func(t *testing.T) *fixture {
			return newFixture(t, 2).own(0, "Minda", "Bressa").put("Bressa", "weapon")
		}, false},
		{"2 against 4, the only transport brings a horse: 3 (spare weapons far away)", func(t *testing.T) *fixture {
			return newFixture(t, 2).own(0, "Minda", "Bressa", "Ys").put("Bressa", "horse").put("Ys", "2weapon")
		}, true},
		{"4 against 4 less the river: 5 against 4", func(t *testing.T) *fixture {
			return newFixture(t, 2).own(0, "Minda").put("Minda", "weapon")
		}, false},
	} {
		f := c.f(t).attackTurn(0).startCounts()
		got := slices.Contains(f.habitsOf(0, "attack hippos"), HabitHopelessAttack)
		if got != c.hopeless {
			t.Errorf("%s: hopeless_attack %v, want %v", c.name, got, c.hopeless)
		}
		// Ruled out either at the first token (no attack worth making) or as a target.
		m, _ := rules.ParseMove("attack")
		first := f.s.SensibleTokens(0, nil, f.next(0, ""))
		targets := f.s.SensibleTokens(0, m, f.next(0, "attack"))
		if may := slices.Contains(first, "attack") && slices.Contains(targets, "hippos"); may == c.hopeless {
			t.Errorf("%s: the levels above easy may choose among %v, then %v", c.name, first, targets)
		}
	}
}

// The extra transport the attack was declared on is the one made: the weapon next door is
// carried to Minda, and the attack wins 5 against 4.
func TestExtraTransportRaisesTheTotal(t *testing.T) {
	f := newFixture(t, 2).own(0, "Minda", "Bressa").put("Bressa", "weapon horse").attackTurn(0).startCounts()
	f.play(0, "attack hippos")
	if f.s.Stage != stExtra {
		t.Fatalf("stage %d after the declaration", f.s.Stage)
	}
	moves := f.s.SensibleMoves(0)
	if len(moves) == 0 {
		t.Fatal("no sensible extra transport")
	}
	for _, m := range moves {
		c := f.s.clone()
		if _, err := c.Apply(0, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if c.owner(f.land("Hippo's Land")) != 0 {
			t.Errorf("%s: the attack did not win (Minda holds %s)", m, goodsText(c.Lands[f.land("Minda")].Goods).English())
		}
	}
	// Nothing to gain: only skipping is sensible.
	g := newFixture(t, 2).own(0, "Minda", "Bressa").put("Minda", "weapon horse").put("Bressa", "weapon horse").attackTurn(0).startCounts()
	g.play(0, "attack hippos")
	if got := g.s.SensibleMoves(0); len(got) != 1 || got[0].String() != "skip" {
		t.Errorf("nothing to gain: sensible extra transports %v", got)
	}
}
