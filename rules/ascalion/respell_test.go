package ascalion

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// A land or vessel may be typed with or without its region everywhere (docs/rules/ascalion.md,
// Notation): every region token the docs list (nw, ne, sw, se, isles, boats), both where the
// picker starts with regions (more than 25 areas) and where it lists the areas, reads as one move.
// A reader's `move revena` and `move se parthenion` in the draft, and `ne istros`, were refused.
func TestRegionTokensEverywhere(t *testing.T) {
	draft := func(seats, placed int) *state {
		g, err := Game.New(rules.Setup{Seats: seats, Seed: 3, Options: map[string]string{"setup": "draft"}})
		if err != nil {
			t.Fatal(err)
		}
		s := g.(*state)
		for range placed {
			p := s.Awaiting()[0].Seat
			if _, err := s.Apply(p, s.firstMove(int(p))); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	// A foreign boat at Hippo's Land's bank and lands of every region next to seat 0's.
	boats := newFixture(t, 2).own(0, "Hippo's Land", "Minda")
	boats.vessel(1, false, riverBase+1, "")
	boats.attackTurn(0)
	for _, c := range []struct {
		name  string
		s     *state
		lands []string // area tokens, each typed bare and after its region
	}{
		{"draft, sources over 25 lands", draft(4, 0), []string{"ys", "istros", "revena", "parthenion", "hippos"}},
		{"draft, warriors, over 25 lands", draft(4, 40), []string{"revena", "parthenion"}},
		{"draft, islands, over 25 lands", draft(5, 0), []string{"korsa", "lythia", "ys"}},
		{"attack, a few targets and a boat", boats.s, []string{"elgar", "vagon", "cimmria", "boat1"}},
	} {
		p := c.s.Awaiting()[0].Seat
		for _, land := range c.lands {
			a := c.s.areaByToken(land)
			if a < 0 {
				t.Fatalf("%s: no area %q", c.name, land)
			}
			var prefix rules.Move
			if c.s.Stage == stAttack {
				prefix = rules.Move{"attack"}
			}
			bare := append(append(rules.Move{}, prefix...), land)
			region := append(append(rules.Move{}, prefix...), regionOf(a), land)
			got, err := rules.Canonical(c.s, p, bare)
			if err != nil {
				t.Errorf("%s: %q refused: %v", c.name, bare, err)
				continue
			}
			got2, err := rules.Canonical(c.s, p, region)
			if err != nil {
				t.Errorf("%s: %q refused: %v", c.name, region, err)
				continue
			}
			if !got.Equal(got2) {
				t.Errorf("%s: %q reads as %q, %q as %q", c.name, bare, got, region, got2)
			}
		}
	}
}

// Goods typed in any order read as the tree's order, in a foot transport and in a put.
func TestGoodsInAnyOrder(t *testing.T) {
	f := newFixture(t, 2).own(0, "Minda", "Elgar").put("Minda", "horse wood iron")
	f.transportTurn(0, 2)
	for typed, want := range map[string]string{
		"foot minda elgar horse wood":      "foot minda elgar wood horse",
		"foot minda elgar iron wood horse": "foot minda elgar wood horse iron",
		"foot minda elgar wood horse":      "foot minda elgar wood horse",
	} {
		m, _ := rules.ParseMove(typed)
		got, err := rules.Canonical(f.s, 0, m)
		if err != nil {
			t.Errorf("%q refused: %v", typed, err)
			continue
		}
		if got.String() != want {
			t.Errorf("%q reads as %q, want %q", typed, got, want)
		}
	}
}
