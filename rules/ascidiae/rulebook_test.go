package ascidiae

import (
	"fmt"
	"strings"
	"testing"
)

// Each test here proves one line of the rulebook (seeds/ascidiae.txt), quoted above it.

// "Push – Move exactly these tadpoles from here to the next space in this direction. ... If there
// aren't enough tadpoles, don't move any. The ability continues even if the tadpoles didn't move
// or got lost."
func TestRulebookShortPushMovesNoneAndGoesOn(t *testing.T) {
	testCard(t, "still", "consume B B B B")           // can never act: a1 keeps what it receives
	testCard(t, "pushpair", "push K W left, spawn R") // on b1, pushing into a1
	for _, tc := range []struct{ holds, b1, a1 string }{
		{"KW", "R", "KW"},
		{"KKW", "KR", "KW"},
		{"K", "KR", ""},   // the white is missing: the black stays too
		{"WW", "WWR", ""}, // the black is missing
		{"", "R", ""},
	} {
		g := scenario(t, 2, nil)
		g.put(0, "a1", "still", Up, "")
		g.put(0, "b1", "pushpair", Up, tc.holds)
		g.begin(0)
		if got := g.at(0, "b1").T; got != pool(tc.b1) {
			t.Errorf("b1 held %q: now %v, want %q", tc.holds, got, tc.b1)
		}
		if got := g.at(0, "a1").T; got != pool(tc.a1) {
			t.Errorf("b1 held %q: a1 received %v, want %q", tc.holds, got, tc.a1)
		}
	}
}

// "Capacity – Changes maximum tadpole capacity before purging." and "Asc mater is purge
// resistant." Mater (capacity 10) keeps tadpoles a card of the usual capacity 6 would purge.
func TestRulebookMaterHoldsMoreBeforePurging(t *testing.T) {
	for _, tc := range []struct {
		card  string
		n     int
		purge bool
	}{
		{"rubra", 6, false}, {"rubra", 7, true},
		{"mater", 7, false}, {"mater", 10, false}, {"mater", 11, true},
	} {
		g := scenario(t, 2, map[string]string{"preset": "fourth"})
		g.put(0, "a1", tc.card, Up, strings.Repeat("K", tc.n))
		g.begin(0)
		text := logText(g) + strings.Join(lineParts(g), " ")
		want := fmt.Sprintf("%s on a1 purges all %d", tc.card, tc.n)
		if got := strings.Contains(text, want); got != tc.purge {
			t.Errorf("%s with %d: purge %v, want %v\n%s", tc.card, tc.n, got, tc.purge, text)
		}
		if tc.purge && g.at(0, "a1").T.Total() != 0 {
			t.Errorf("%s with %d purged but keeps %v", tc.card, tc.n, g.at(0, "a1").T)
		}
		if !tc.purge && g.at(0, "a1").T[Black] < tc.n {
			t.Errorf("%s with %d lost its tadpoles: %v", tc.card, tc.n, g.at(0, "a1").T)
		}
	}
}

// copies counts the cards of one species still in the game: in the central piles and on every
// grid.
func copies(g *State, card string) int {
	n := 0
	for _, p := range g.Piles {
		if p.Card == card {
			n += p.Count
		}
	}
	for _, pl := range g.Players {
		for _, c := range pl.Grid {
			if c != nil && c.Card == card {
				n++
			}
		}
	}
	return n
}

// tadpolesOn counts the tadpoles on seat's grid.
func tadpolesOn(g *State, seat int) int {
	n := 0
	for _, c := range g.Players[seat].Grid {
		if c != nil {
			n += c.T.Total()
		}
	}
	return n
}

// Take root: "If that space was occupied, everything there is lost (return the tadpoles to the
// supply, and the ascidia to the box, it isn't available any more)." Displace says the same.
func TestRulebookDestroyedCardGoesWithItsTadpoles(t *testing.T) {
	t.Run("take root", func(t *testing.T) {
		g := scenario(t, 2, nil) // first game: vikenti costs 2 black
		g.put(0, "a1", "sverk", Up, "KKK")
		g.put(0, "c3", "rubra", Up, "RRKW")
		rubras, tads := copies(g, "rubra"), tadpolesOn(g, 0)
		g.begin(0)
		play(t, g, "root vikenti c3 left", "rest")
		if c := g.at(0, "c3"); c.Card != "vikenti" || c.T.Total() != 0 {
			t.Errorf("c3 %+v: want a bare vikenti, the rubra's tadpoles gone with it", c)
		}
		if got := copies(g, "rubra"); got != rubras-1 {
			t.Errorf("rubra copies %d -> %d: the lost one must leave the game", rubras, got)
		}
		// 2 black paid, 4 lost with the rubra: only the sverk's last black is left. Had the
		// vikenti kept the rubra's black, it would have consumed it when the current reached c3.
		if got := tadpolesOn(g, 0); got != tads-6 || g.at(0, "a1").T != pool("K") {
			t.Errorf("tadpoles on the grid %d (was %d), a1 %v", got, tads, g.at(0, "a1").T)
		}
		if !strings.Contains(logText(g), "vikenti on c3 can do none of its abilities") {
			t.Errorf("log:\n%s", logText(g))
		}
	})
	t.Run("displace", func(t *testing.T) {
		g := scenario(t, 2, nil)
		g.put(0, "a1", "sverk", Up, "KR")
		g.put(0, "b1", "rubra", Up, "RRR")
		g.put(0, "c1", "caerulea", Up, "BB")
		rubras := copies(g, "rubra")
		g.begin(0)
		play(t, g, "displace c1 b1 red", "rest")
		// The caerulea now on b1 activates there (spawn a blue, push it off the top): it holds
		// its own two blue and none of the rubra's reds; the rubra never activates.
		if c := g.at(0, "b1"); c.Card != "caerulea" || c.T != pool("BB") {
			t.Errorf("b1 %+v", c)
		}
		if g.at(0, "c1") != nil || copies(g, "rubra") != rubras-1 {
			t.Errorf("c1 %v, rubra copies %d (was %d)", g.at(0, "c1"), copies(g, "rubra"), rubras)
		}
		if text := logText(g) + strings.Join(lineParts(g), " "); strings.Contains(text, "rubra on b1") {
			t.Errorf("the lost rubra activated:\n%s", text)
		}
	})
}
