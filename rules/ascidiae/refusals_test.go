package ascidiae

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Refusals name the rule and what is wrong with the move, never only "cannot follow": each case
// is a slip a player makes, with the whole answer.
func TestRefusalWording(t *testing.T) {
	// Seat 1's sverk holds 2 black, 1 white, 1 red; colony g1 is already seat 2's.
	claimed := func(t *testing.T) *State {
		g := scenario(t, 2, nil)
		g.colonies("black1", "black2", "black3")
		g.Colonies[0].By = 1
		g.put(0, "b2", "sverk", Up, "KKWR")
		g.begin(0)
		return g
	}
	cases := []struct {
		name string
		game func(t *testing.T) *State
		move string
		want string
	}{
		{"a colony already claimed", claimed, "colonize g1",
			"Colony g1 is already claimed by {seat:1}."},
		{"a colony the tadpoles do not pay for", claimed, "colonize g2",
			"Colony g2 needs 2 black, 1 white, 1 blue; Ascidia sverk holds 2 black, 1 white, 1 red."},
		{"no open colony paid for", claimed, "colonize",
			"Ascidia sverk holds 2 black, 1 white, 1 red, which pays for no open colony (g2 needs 2 black, 1 white, 1 blue; g3 needs 2 black, 1 red, 1 blue). Choose rest or another action."},
		{"a colony that does not exist", claimed, "colonize g7",
			`"g7" is not a colony: the colonies are g1 to g3.`},
		{"every colony claimed", func(t *testing.T) *State {
			g := claimed(t)
			g.Colonies[1].By, g.Colonies[2].By = 1, 1
			return g
		}, "colonize g2", "Colony g2 is already claimed by {seat:1}."},
		{"nothing left to colonize", func(t *testing.T) *State {
			g := claimed(t)
			g.Colonies[1].By, g.Colonies[2].By = 1, 1
			return g
		}, "colonize", "Every colony has been claimed: none is left to colonize. Choose rest or another action."},
		{"a word the action does not allow", func(t *testing.T) *State {
			testCard(t, "probe", "order")
			g := scenario(t, 2, nil)
			g.put(0, "b2", "probe", Up, "KKKKK")
			g.begin(0)
			return g
		}, "colonize g1", "Ascidia probe may now order (any yellow action), not colonize. Choose rest or another action."},
		{"a wrong token says what comes next", claimed, "displace zz",
			`"zz" is not possible as the space of the ascidia to move. Choose b2.`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.game(t)
			m, _ := rules.ParseMove(c.move)
			_, err := g.Apply(0, m)
			reason, ok := rules.IsIllegal(err)
			// A want ending in a space is a prefix: the rest lists the live choices.
			if !ok || (reason != c.want && !(strings.HasSuffix(c.want, " ") && strings.HasPrefix(reason, c.want))) {
				t.Errorf("%q refused with\n  %v\nwant\n  %s", c.move, err, c.want)
			}
		})
	}
}
