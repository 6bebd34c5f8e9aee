package reef

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Each test here proves one rule of games/reef-encounter.md (the facts the engine is built on;
// the seed rulebook has only the page on placing polyps), quoted above it.

// "Ties: more consumed polyps, then more larva cubes, then more polyps behind the screen, then
// more board polyps in corals guarded by own shrimps; else shared." Each case gives seat 0 the
// edge on one criterion and seat 1 a larger edge on every later one: the earlier criterion
// decides.
func TestRulebookTieBreakPrecedence(t *testing.T) {
	cases := []struct {
		name         string
		seat0, seat1 func(t *testing.T, s *state)
	}{
		{"points before consumed polyps",
			func(t *testing.T, s *state) { giveFish(t, s, 0, Pink, 1) },
			func(t *testing.T, s *state) { giveConsumed(t, s, 1, Grey, 3); giveCube(t, s, 1, Grey) }},
		{"consumed polyps before larva cubes",
			func(t *testing.T, s *state) { giveConsumed(t, s, 0, Grey, 1) },
			func(t *testing.T, s *state) { giveCube(t, s, 1, Grey); giveCube(t, s, 1, Pink); give(t, s, 1, Grey, 4) }},
		{"larva cubes before polyps behind the screen",
			func(t *testing.T, s *state) { giveCube(t, s, 0, Grey) },
			func(t *testing.T, s *state) {
				give(t, s, 1, Grey, 4)
				put(t, s, Grey, "2:A2", "2:B2", "2:C2")
				shrimpOn(t, s, 1, "2:B2")
			}},
		{"polyps behind the screen before guarded polyps",
			func(t *testing.T, s *state) { give(t, s, 0, Grey, 1) },
			func(t *testing.T, s *state) {
				put(t, s, Grey, "2:A2", "2:B2", "2:C2")
				shrimpOn(t, s, 1, "2:B2")
			}},
		{"only corals guarded by one's own shrimp count",
			func(t *testing.T, s *state) {
				put(t, s, Grey, "1:E1", "1:E2")
				shrimpOn(t, s, 0, "1:E1")
			},
			func(t *testing.T, s *state) {
				put(t, s, Grey, "2:A2", "2:B2", "2:C2", "2:A3", "2:B3") // nobody's shrimp
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if r := tiedFinish(t, tc.seat0, tc.seat1); r[0] != 1 || r[1] != 2 {
				t.Errorf("ranks %v, want seat 0 first", r)
			}
		})
	}
}

// tiedFinish scores a 2-player game in which each parrotfish holds one pink polyp, once the setups
// have run, and returns the ranks.
func tiedFinish(t *testing.T, setups ...func(t *testing.T, s *state)) []int {
	t.Helper()
	s := fixture(t, 2)
	giveFish(t, s, 0, Pink, 1)
	giveFish(t, s, 1, Pink, 1)
	for _, setup := range setups {
		setup(t, s)
	}
	s.finish(endTiles, &events{})
	return s.Res.Ranks
}

// "...else shared." Two players equal on every criterion share the place; the next one down is
// third, not second.
func TestRulebookFullTieIsShared(t *testing.T) {
	s := fixture(t, 3)
	for seat := 0; seat < 3; seat++ {
		giveFish(t, s, seat, White, 1)
	}
	giveFish(t, s, 1, Grey, 1)
	giveConsumed(t, s, 0, Grey, 1)
	giveConsumed(t, s, 2, Pink, 1)
	s.finish(endTiles, &events{})
	if r := s.Res.Ranks; r[1] != 1 || r[0] != 2 || r[2] != 2 {
		t.Fatalf("ranks %v, want [2 1 2]", r)
	}
	giveCube(t, s, 2, Grey)
	s.finish(endTiles, &events{})
	if r := s.Res.Ranks; r[1] != 1 || r[2] != 2 || r[0] != 3 {
		t.Fatalf("ranks %v, want [3 1 2] once seat 2 holds a larva cube", r)
	}
}

// lastTileToCover covers every coral tile but the first with its large alga's cylinder, and makes
// seat a player who has eaten once, with fish grey polyps in the parrotfish and one consumed grey
// polyp to pay for a cylinder.
func lastTileToCover(t testing.TB, s *state, seat, fish int) {
	t.Helper()
	for i := 1; i < NumTiles; i++ {
		large, _ := s.tileAlgae(i)
		s.AlgaSupply[large]--
		s.Tiles[i].Cover = large
	}
	p := &s.Players[seat]
	p.ShrimpsHome--
	p.ShrimpsEaten++
	giveFish(t, s, seat, Grey, fish)
	giveConsumed(t, s, seat, Grey, 1)
}

// "You may not cover the last uncovered tile unless your parrotfish holds at least 2 polyps."
func TestRulebookLastCoralTileNeedsTwoPolypsInTheParrotfish(t *testing.T) {
	for _, fish := range []int{0, 1, 2, 3} {
		s := fixture(t, 2)
		lastTileToCover(t, s, 0, fish)
		large, _ := s.tileAlgae(0)
		move := "alga g " + large.String() + " 1"
		offered := false
		for _, tok := range choiceTokens(t, s, 0, "alga g "+large.String()) {
			offered = offered || tok == "1"
		}
		if fish < 2 {
			if offered {
				t.Errorf("fish %d: the last tile is offered", fish)
			}
			if reason := refuse(t, s, 0, move); !strings.Contains(reason, "at least 2 polyps") {
				t.Errorf("fish %d: refused with %q", fish, reason)
			}
			// The open sea stays open to the same cylinder.
			mustApply(t, s, 0, "alga g "+large.String()+" sea")
			if s.Res != nil || s.Phase != phasePlay {
				t.Errorf("fish %d: the game ended on a cylinder put in the open sea", fish)
			}
			continue
		}
		if !offered {
			t.Errorf("fish %d: the last tile is not offered", fish)
		}
		mustApply(t, s, 0, move)
		if s.Tiles[0].Cover != large || s.Res == nil {
			t.Errorf("fish %d: tile cover %v, result %+v", fish, s.Tiles[0].Cover, s.Res)
		}
		checkTotals(t, s)
	}
}

// choiceTokens lists the tokens the choice tree offers after partial.
func choiceTokens(t *testing.T, s *state, seat int, partial string) []string {
	t.Helper()
	var out []string
	next, _, err := s.Choices(rules.Seat(seat), rules.Move(strings.Fields(partial)))
	if err != nil {
		t.Fatalf("choices after %q: %v", partial, err)
	}
	for _, c := range next {
		out = append(out, c.Token)
	}
	return out
}

// "...then every other player has one last turn in which the only action is eating one coral
// (returning 5 polyps to the bag instead of 4)." The last turns go once round the table in turn
// order from the player who ended the game, who has no further turn even with a coral to eat.
func TestRulebookLastTurnsAfterTheEnd(t *testing.T) {
	s := fixture(t, 4)
	s.Turn = 2
	lastTileToCover(t, s, 2, 2)
	put(t, s, White, "1:E1", "1:E2", "1:E3", "1:F3", "1:G3")
	shrimpOn(t, s, 2, "1:E2")
	put(t, s, Pink, "2:A2", "2:B2", "2:C2", "2:A3", "2:B3", "2:C3")
	shrimpOn(t, s, 3, "2:B2")
	put(t, s, Orange, "1:A3", "1:A4", "1:A5", "1:A6", "1:B6")
	shrimpOn(t, s, 0, "1:A5")
	put(t, s, Yellow, "3:B5", "3:C5", "3:D5", "3:B6", "3:C6", "3:D6", "3:B4")
	shrimpOn(t, s, 1, "3:C5")
	giveCube(t, s, 1, Yellow)
	give(t, s, 1, Yellow, 2)

	large, _ := s.tileAlgae(0)
	mustApply(t, s, 2, "alga g "+large.String()+" 1")
	eats := []struct {
		seat int
		sq   string
		col  Colour
		fish int
	}{{3, "2:B2", Pink, 1}, {0, "1:A5", Orange, 0}, {1, "3:C5", Yellow, 2}}
	for _, e := range eats {
		aw := s.Awaiting()
		if s.Res != nil || len(aw) != 1 || int(aw[0].Seat) != e.seat {
			t.Fatalf("want seat %d's last turn, awaiting %+v (result %+v)", e.seat, aw, s.Res)
		}
		if e.seat == 1 {
			if reason := refuse(t, s, 1, "grow y"); !strings.Contains(reason, "only eat") {
				t.Errorf("growing in a last turn: %q", reason)
			}
		}
		bag := s.Bag[e.col]
		mustApply(t, s, e.seat, "eat "+sqt(e.sq))
		if s.Bag[e.col] != bag+5 || s.Players[e.seat].Fish[e.col] != e.fish {
			t.Errorf("seat %d: bag %s %d -> %d, parrotfish %v", e.seat, e.col, bag, s.Bag[e.col], s.Players[e.seat].Fish)
		}
	}
	if s.Res == nil || len(s.Awaiting()) != 0 {
		t.Fatalf("after three last turns the game is over: %+v", s.Res)
	}
	if s.Players[2].Fish[Grey] != 2 || s.Polyp[at("1:E2")] != White {
		t.Errorf("the ending player ate again: fish %v", s.Players[2].Fish)
	}
	checkTotals(t, s)
}

// "Advanced variant (an option): no extra-growth tile; 5 polyps (6 in the last turn) go back to
// the bag when a coral is eaten." Against the standard 4 (5 in the last turn).
func TestRulebookEatenPolypsGoBackToTheBag(t *testing.T) {
	for _, tc := range []struct {
		advanced, last bool
		back           int
	}{{false, false, 4}, {false, true, 5}, {true, false, 5}, {true, true, 6}} {
		s := fixture(t, 2)
		s.Advanced = tc.advanced
		coral := []string{"1:E1", "1:E2", "1:E3", "1:F3", "1:G3", "1:G4", "1:F2"}
		put(t, s, White, coral...)
		shrimpOn(t, s, 0, "1:E2")
		if tc.last {
			s.Turn = 1
			s.trigger(1, endTiles, &events{})
		}
		bag := s.Bag
		mustApply(t, s, 0, "eat "+sqt("1:E2"))
		for c := range bag {
			want := bag[c]
			if Colour(c) == White {
				want += tc.back
			}
			if s.Bag[c] != want {
				t.Errorf("advanced %v, last %v: %d %s in the bag, want %d", tc.advanced, tc.last, s.Bag[c], Colour(c), want)
			}
		}
		if s.Players[0].Fish[White] != len(coral)-tc.back {
			t.Errorf("advanced %v, last %v: parrotfish %v", tc.advanced, tc.last, s.Players[0].Fish)
		}
		checkTotals(t, s)
	}
}
