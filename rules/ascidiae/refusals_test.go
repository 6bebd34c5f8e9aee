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
			"Ascidia sverk holds 2 black, 1 white, 1 red, which pays for no open colony; the nearest, g2, needs 2 black, 1 white, 1 blue. Choose rest or another action."},
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

// The refusals of a move cut short, of one token too many, of a token that does not fit and of a
// seat out of turn say what is wrong in words and how to write it, at every kind of decision.
func TestRefusalsSayWhatToDo(t *testing.T) {
	placing := func(t *testing.T) *State { return newTestGame(t, 2, nil) }
	learning := func(t *testing.T) *State {
		g := newTestGame(t, 2, map[string]string{"current": "1a"})
		placeAll(t, g, []string{"b2 up c2 up", "b2 up c2 up"})
		return g
	}
	choosing := func(t *testing.T) *State {
		g := scenario(t, 2, nil)
		g.put(0, "a1", "basica", Right, "W")
		g.begin(0)
		return g
	}
	thinking := func(t *testing.T) *State {
		g := scenario(t, 2, nil)
		g.colonies("black1", "black2", "black3")
		g.put(0, "b2", "sverk", Up, "KKWR")
		g.begin(0)
		return g
	}
	cases := []struct {
		name string
		game func(t *testing.T) *State
		seat int
		move string
		want string
	}{
		{"placement cut short", placing, 0, "b2 up c2",
			`Almost: add a facing for habilis (up, right, down or left), as in "b2 up c2 up".`},
		{"placement too long", placing, 0, "b2 up c2 up left",
			`"b2 up c2 up" is a whole move already: leave out "left".`},
		{"both on one space", placing, 0, "b2 up b2 up",
			"Basica is already on b2: put habilis on another space."},
		{"a facing that is not one", placing, 0, "b2 north",
			`"north" is not a facing: write up, right, down or left.`},
		{"a learning turn's choice", learning, 0, "rubra",
			`"rubra" is not possible as a choice of this learning turn. Choose flow, basica or habilis.`},
		{"out of turn", learning, 1, "flow",
			"It is not your turn: Player 1 is playing."},
		{"an ability that is not offered", choosing, 0, "3",
			`"3" is not possible as the number of an ability. Choose 1 or 2.`},
		{"a colony left out", thinking, 0, "colonize",
			`Almost: add a colony to claim (g1), as in "colonize g1".`},
		{"a pile that is not one", thinking, 0, "root zz",
			`"zz" is not a pile on the central board: the piles are mariensis, vikenti, trinea, rostellaria, limpida, socer, rubra, caerulea, nivea and fusca.`},
		{"a space off the grid", thinking, 0, "displace b2 e2",
			`"e2" is not possible as the space to move it to. Choose b1, c2, b3 or a2.`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.game(t)
			m, _ := rules.ParseMove(c.move)
			_, err := g.Apply(rules.Seat(c.seat), m)
			reason, ok := rules.IsIllegal(err)
			if !ok || rules.PlainSeats(g, reason) != c.want {
				t.Errorf("%q refused with\n  %v\nwant\n  %s", c.move, err, c.want)
			}
		})
	}
}
