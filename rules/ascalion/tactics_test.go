package ascalion

import (
	"fmt"
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai/aitest"
)

// Tactics (issue 23): positions where the rules make one move clearly best. Three cities win at
// the end of the attack phase (§3.1, shared victory); a city is built from wood, gold, coal and
// iron, or 4 gold, lying in one land (§8); an attack wins when the attacker's total exceeds the
// defender's (§12.7) and the conquered land keeps its city (A34). So, for seat 0:
//   - build: a land holds a city recipe: build the city (with 2 cities it is the third);
//   - win: a city next to seat 0's lands can be taken, and seat 0 owns 2 cities: attack it;
//   - stop: the opponent owns 3 cities, one of them can be taken: attack it, or the opponent wins.
//
// Each position is checked first: the best move is legal, and other moves are too.
type ascTactic struct {
	name string
	s    *state
	want func(m rules.Move) bool
}

// tacticBoard: seat 0 owns every neighbour of target, the last seat owns the rest, the seats in
// between one far land each (so that they are in the game).
func tacticBoard(t *testing.T, n int, target string, far ...string) *fixture {
	f := newFixture(t, n)
	tg := f.land(target)
	for _, a := range board.Lands[tg].Adj {
		if f.s.inPlay(a) {
			f.s.Lands[a].Owner = 0
		}
	}
	for p := 1; p < n-1; p++ {
		f.own(p, far[p-1])
	}
	return f
}

func buildsCity(land string) func(rules.Move) bool {
	return func(m rules.Move) bool {
		return len(m) >= 2 && m[0] == "city" && slices.Contains(m[1:], board.Lands[board.LandByName(land)].Token)
	}
}

func attacks(land string) func(rules.Move) bool {
	return func(m rules.Move) bool {
		return len(m) >= 2 && m[0] == "attack" && m[len(m)-1] == board.Lands[board.LandByName(land)].Token
	}
}

func ascalionTactics(t *testing.T) []ascTactic {
	var out []ascTactic
	add := func(name string, f *fixture, want func(rules.Move) bool) {
		f.startCounts()
		out = append(out, ascTactic{name: name, s: f.s, want: want})
	}
	far := []string{"Ys", "Doilan"}
	// Build the third city: two cities owned, a recipe in a third land.
	for n := 2; n <= 4; n++ {
		f := tacticBoard(t, n, "Vagon", far...).city("Minda", "Ilion").put("Cimmria", "wood gold coal iron")
		add(fmt.Sprintf("%d seats: the third city from wood, gold, coal and iron", n), f.buildTurn(0), buildsCity("Cimmria"))
	}
	f := tacticBoard(t, 3, "Vagon", far...).city("Minda", "Zothic").put("Parthenion", "4gold")
	add("3 seats: the third city from 4 gold", f.buildTurn(0), buildsCity("Parthenion"))
	f = tacticBoard(t, 2, "Albur").city("Sitara").put("Erein", "wood gold coal iron").put("Mesa", "coal iron")
	add("2 seats: a second city rather than weapons", f.buildTurn(0), buildsCity("Erein"))
	// Take the third city: two cities owned, a weakly held city next to them.
	for n := 2; n <= 4; n++ {
		f := tacticBoard(t, n, "Vagon", far...).city("Minda", "Ilion", "Vagon").put("Minda", "weapon")
		add(fmt.Sprintf("%d seats: conquer Vagon's city, the third", n), f.attackTurn(0), attacks("Vagon"))
	}
	// Stop the opponent's win: the last seat owns 3 cities, one of them next to seat 0.
	for n := 2; n <= 4; n++ {
		f := tacticBoard(t, n, "Albur", far...).city("Albur", "Comorium", "Mabaron").put("Nordmark", "weapon horse")
		// At 3 and 4 seats the others hold a city each, so letting the opponent win leaves seat
		// 0 last: a finished game's second place is worth something to the search (ai.Values
		// ranks the losers), a trailing running game little.
		f.city(far[:n-2]...)
		add(fmt.Sprintf("%d seats: take Albur, or the opponent wins with 3 cities", n), f.attackTurn(0), attacks("Albur"))
	}
	return out
}

// The premises: the best move is legal, something else is too, and for the attacks the totals
// win (and the win or the stop follows).
func TestTacticPremises(t *testing.T) {
	for _, c := range ascalionTactics(t) {
		moves, _, err := rules.Enumerate(c.s, 0, 400)
		if err != nil && len(moves) == 0 {
			t.Fatalf("%s: %v", c.name, err)
		}
		good := 0
		for _, m := range moves {
			if c.want(m) {
				good++
			}
		}
		if good == 0 || good == len(moves) {
			t.Errorf("%s: %d of %d moves are the best one", c.name, good, len(moves))
		}
		if c.s.Stage == stAttack {
			for _, m := range moves {
				if c.want(m) && c.s.hopeless(0, c.s.areaByToken(m[len(m)-1])) {
					t.Errorf("%s: the attack %s is hopeless", c.name, m)
				}
			}
		}
	}
}

// normal finds at least 90% of the tactics, hard all; easy is only reported.
func TestAITactics(t *testing.T) {
	var cases []aitest.Tactic
	for _, c := range ascalionTactics(t) {
		cases = append(cases, aitest.Tactic{Name: c.name, State: func() rules.State { return c.s.clone() }, Good: c.want})
	}
	aitest.Tactics(t, Game, cases)
}
