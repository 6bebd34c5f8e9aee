package reef

import (
	"strings"
	"testing"
)

// Board 1 as printed (the fixture clears the start polyps):
//
//	   A B C D E F G
//	1  . . . o o o .
//	2  . o o Y o o .
//	3  o o . o W o o
//	4  o G o * o . o
//	5  o o P . O o o
//	6  o o o o o o o

func TestLarvaPlayLimits(t *testing.T) {
	s := fixture(t, 2)
	giveCube(t, s, 0, Pink)
	give(t, s, 0, Pink, 6)
	giveConsumed(t, s, 0, Pink, 2)
	supply := s.CubeSupply[Pink]
	mustApply(t, s, 0, "grow p")
	if s.CubeSupply[Pink] != supply+1 || s.Players[0].Cubes[Pink] != 0 {
		t.Fatalf("the played cube goes back to the supply")
	}
	for _, sq := range []string{"1:A3", "1:A5", "1:E1", "1:G6"} {
		mustApply(t, s, 0, sqt(sq))
	}
	// Four from behind the screen per cube, however many are left there.
	if reason := refuse(t, s, 0, sqt("1:G3")); !strings.Contains(reason, "4 polyps from behind your screen") {
		t.Errorf("fifth polyp: %q", reason)
	}
	// Consumed polyps of the colour are not limited.
	mustApply(t, s, 0, "cp "+sqt("1:G3"))
	mustApply(t, s, 0, "cp "+sqt("1:G4"))
	if s.T.Grow != NoColour {
		t.Errorf("the play should close once nothing more can be laid")
	}
	p := s.Players[0]
	if p.Screen[Pink] != 2 || p.Consumed[Pink] != 0 {
		t.Errorf("after the play: %+v", p)
	}
	checkTotals(t, s)
}

func TestAtMostTwoLarvaPlays(t *testing.T) {
	s := fixture(t, 2)
	for _, c := range []Colour{Pink, White, White} {
		giveCube(t, s, 0, c)
		give(t, s, 0, c, 2)
	}
	mustApply(t, s, 0, "grow p")
	mustApply(t, s, 0, sqt("1:A3"))
	mustApply(t, s, 0, "done")
	mustApply(t, s, 0, "grow w")
	// Once the second colour is played, the first play is closed: every polyp now is white.
	mustApply(t, s, 0, sqt("1:A5"))
	if s.Polyp[at("1:A5")] != White {
		t.Fatalf("polyp of the second play is %s", s.Polyp[at("1:A5")])
	}
	mustApply(t, s, 0, "done")
	if reason := refuse(t, s, 0, "grow w"); !strings.Contains(reason, "two larva cubes") {
		t.Errorf("third play: %q", reason)
	}
}

func TestOnlyShrimpsMoveDuringALarvaPlay(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, Grey, "1:E2")
	shrimpOn(t, s, 0, "1:E2")
	giveCube(t, s, 0, Pink)
	giveCube(t, s, 0, White)
	give(t, s, 0, Pink, 3)
	mustApply(t, s, 0, "grow p")
	mustApply(t, s, 0, sqt("1:A3"))
	for _, m := range []string{"take g", "polyp w", "add " + sqt("1:A3"), "grow w"} {
		if reason := refuse(t, s, 0, m); !strings.Contains(reason, "Finish the pink larva play first") {
			t.Errorf("%s: %q", m, reason)
		}
	}
	// Action 5 may interrupt any action.
	mustApply(t, s, 0, "shrimp "+sqt("1:E2")+" "+sqt("1:A3"))
	mustApply(t, s, 0, sqt("1:A4"))
	if s.T.Grow != Pink {
		t.Errorf("the pink play should still be open")
	}
}

func TestPlacementNeedsEmptyRock(t *testing.T) {
	s := fixture(t, 2)
	giveCube(t, s, 0, White)
	give(t, s, 0, White, 4)
	put(t, s, White, "1:E3")
	put(t, s, Orange, "1:E5")
	mustApply(t, s, 0, "grow w")
	if reason := refuse(t, s, 0, sqt("1:D5")); !strings.Contains(reason, "sand") {
		t.Errorf("sand: %q", reason)
	}
	if reason := refuse(t, s, 0, sqt("1:E3")); !strings.Contains(reason, "already holds a white polyp") {
		t.Errorf("own colour: %q", reason)
	}
	if reason := refuse(t, s, 0, sqt("1:E5")); !strings.Contains(reason, "at least 2 polyps") {
		t.Errorf("lone attacker: %q", reason)
	}
	// Polyps of one play need not form one coral, and may grow a coral another player guards.
	put(t, s, White, "1:G6")
	shrimpOn(t, s, 1, "1:G6")
	mustApply(t, s, 0, sqt("1:A3"))
	mustApply(t, s, 0, sqt("1:G5"))
	if cm := s.corals(); cm.size[cm.id[at("1:G6")]] != 2 {
		t.Errorf("the guarded coral did not grow")
	}
}

// The seed page's diagram: a pink polyp may not go where it would join two pink corals that
// both hold a shrimp.
func TestGuardedPinkJoin(t *testing.T) {
	s := fixture(t, 3)
	put(t, s, Pink, "1:B5", "1:B6", "1:D6", "1:E6")
	shrimpOn(t, s, 1, "1:B6")
	shrimpOn(t, s, 2, "1:E6")
	giveCube(t, s, 0, Pink)
	give(t, s, 0, Pink, 4)
	mustApply(t, s, 0, "grow p")
	if reason := refuse(t, s, 0, sqt("1:C6")); !strings.Contains(reason, "join two pink corals that both hold a shrimp") {
		t.Errorf("C6: %q", reason)
	}
	// A space touching only one of them is fine.
	mustApply(t, s, 0, sqt("1:C5"))
	// Another colour may go between them.
	s2 := fixture(t, 3)
	put(t, s2, Pink, "1:B5", "1:B6", "1:D6", "1:E6")
	shrimpOn(t, s2, 1, "1:B6")
	shrimpOn(t, s2, 2, "1:E6")
	giveCube(t, s2, 0, Grey)
	give(t, s2, 0, Grey, 1)
	mustApply(t, s2, 0, "grow g")
	mustApply(t, s2, 0, sqt("1:C6"))
	// With one coral unguarded, the join is allowed.
	s3 := fixture(t, 3)
	put(t, s3, Pink, "1:B5", "1:B6", "1:D6", "1:E6")
	shrimpOn(t, s3, 1, "1:B6")
	giveCube(t, s3, 0, Pink)
	give(t, s3, 0, Pink, 1)
	mustApply(t, s3, 0, "grow p")
	mustApply(t, s3, 0, sqt("1:C6"))
	if cm := s3.corals(); cm.size[cm.id[at("1:C6")]] != 5 {
		t.Errorf("joined coral has %d polyps", cm.size[cm.id[at("1:C6")]])
	}
}

// The seed page's extra growth: a polyp laid on any space next to the empty extra-growth space
// makes the coral grow into it at once, with a polyp from beside the open sea, outside the limit.
func TestExtraGrowth(t *testing.T) {
	for _, next := range []string{"1:C4", "1:E4", "1:D3"} {
		s := fixture(t, 2)
		giveCube(t, s, 0, Yellow)
		give(t, s, 0, Yellow, 4)
		mustApply(t, s, 0, "grow y")
		evs := mustApply(t, s, 0, sqt(next))
		if s.Polyp[at("1:D4")] != Yellow {
			t.Fatalf("%s: no extra growth into D4", next)
		}
		if s.T.FromScreen != 1 || s.Players[0].Screen[Yellow] != 3 {
			t.Errorf("%s: the extra polyp counted against the four", next)
		}
		found := false
		for _, e := range evs {
			found = found || strings.Contains(e.English(), "extra growth: the yellow coral grows into D4")
		}
		if !found {
			t.Errorf("%s: no event for the extra growth", next)
		}
		checkTotals(t, s)
	}
	// A diagonal neighbour does not count.
	s := fixture(t, 2)
	giveCube(t, s, 0, Yellow)
	give(t, s, 0, Yellow, 4)
	mustApply(t, s, 0, "grow y")
	mustApply(t, s, 0, sqt("1:C5"))
	if s.Polyp[at("1:D4")] != NoColour {
		t.Errorf("diagonal placement grew into D4")
	}
	// When the space is vacant again, it grows again.
	mustApply(t, s, 0, sqt("1:E4"))
	s.Bag[Yellow]++
	s.Polyp[at("1:D4")] = NoColour
	mustApply(t, s, 0, sqt("1:E5"))
	if s.Polyp[at("1:D4")] != NoColour {
		t.Errorf("E5 is not next to D4")
	}
	mustApply(t, s, 0, sqt("1:C4"))
	if s.Polyp[at("1:D4")] != Yellow {
		t.Errorf("vacant D4 did not grow again")
	}
}

func TestNoExtraGrowthJoiningGuardedCorals(t *testing.T) {
	s := fixture(t, 3)
	put(t, s, White, "1:E4", "1:D3")
	shrimpOn(t, s, 1, "1:E4")
	shrimpOn(t, s, 2, "1:D3")
	giveCube(t, s, 0, White)
	give(t, s, 0, White, 1)
	mustApply(t, s, 0, "grow w")
	mustApply(t, s, 0, sqt("1:C4"))
	if s.Polyp[at("1:D4")] != NoColour {
		t.Errorf("extra growth joined two guarded corals")
	}
}

func TestNoExtraGrowthWithoutAPolyp(t *testing.T) {
	s := fixture(t, 2)
	giveCube(t, s, 0, Yellow)
	give(t, s, 0, Yellow, 2)
	s.Players[1].Screen[Yellow] += s.Bag[Yellow] + 1 // every other yellow is out of reach
	s.Bag[Yellow], s.Bonus[Yellow] = 0, false
	mustApply(t, s, 0, "grow y")
	mustApply(t, s, 0, sqt("1:C4"))
	if s.Polyp[at("1:D4")] != NoColour {
		t.Errorf("extra growth out of nothing")
	}
}

func TestAdvancedHasNoExtraGrowth(t *testing.T) {
	s := fixture(t, 2)
	s.Advanced = true
	giveCube(t, s, 0, Yellow)
	give(t, s, 0, Yellow, 2)
	mustApply(t, s, 0, "grow y")
	mustApply(t, s, 0, sqt("1:C4"))
	if s.Polyp[at("1:D4")] != NoColour {
		t.Errorf("extra growth in the advanced game")
	}
}

func TestAttack(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, White, "1:A3", "1:A4")
	put(t, s, Yellow, "1:B3", "1:B2", "1:C2")
	giveCube(t, s, 0, White)
	give(t, s, 0, White, 4)
	mustApply(t, s, 0, "grow w")
	// White beats yellow on tile 1 (side A); the white coral of 2 next to B3 attacks.
	mustApply(t, s, 0, sqt("1:B3"))
	if s.Polyp[at("1:B3")] != White || s.Players[0].Consumed[Yellow] != 1 || s.T.FromScreen != 1 {
		t.Fatalf("attack: %s on B3, consumed %v", s.Polyp[at("1:B3")], s.Players[0].Consumed)
	}
	if cm := s.corals(); cm.size[cm.id[at("1:A3")]] != 3 {
		t.Errorf("attacking coral should now hold 3")
	}
	checkTotals(t, s)
}

func TestAttackSplitsACoral(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, White, "1:A5", "1:A6")
	put(t, s, Yellow, "1:B4", "1:B5", "1:B6")
	giveCube(t, s, 0, White)
	giveConsumed(t, s, 0, White, 1)
	mustApply(t, s, 0, "grow w")
	mustApply(t, s, 0, "cp "+sqt("1:B5")) // a consumed polyp attacks as well
	cm := s.corals()
	if cm.id[at("1:B4")] == cm.id[at("1:B6")] || cm.size[cm.id[at("1:B4")]] != 1 {
		t.Errorf("the yellow coral should have split in two")
	}
}

func TestAttackRefusals(t *testing.T) {
	setup := func() *state {
		s := fixture(t, 3)
		put(t, s, White, "1:A3", "1:A4")
		put(t, s, Yellow, "1:B3", "1:B2", "1:C2")
		giveCube(t, s, 0, White)
		give(t, s, 0, White, 4)
		return s
	}
	// The tile decides, whatever the sizes: flipped, yellow beats white.
	s := setup()
	s.Tiles[0].SideB = true
	mustApply(t, s, 0, "grow w")
	if reason := refuse(t, s, 0, sqt("1:B3")); !strings.Contains(reason, "white does not beat yellow on coral tile 1") {
		t.Errorf("flipped tile: %q", reason)
	}
	// A shrimp on the polyp protects it.
	s = setup()
	shrimpOn(t, s, 1, "1:B3")
	mustApply(t, s, 0, "grow w")
	if reason := refuse(t, s, 0, sqt("1:B3")); !strings.Contains(reason, "protected") {
		t.Errorf("shrimp on it: %q", reason)
	}
	// A shrimp next to it in the same coral protects it too.
	s = setup()
	shrimpOn(t, s, 1, "1:B2")
	mustApply(t, s, 0, "grow w")
	if reason := refuse(t, s, 0, sqt("1:B3")); !strings.Contains(reason, "protected") {
		t.Errorf("shrimp next to it: %q", reason)
	}
	// Two steps away the shrimp does not protect.
	s = setup()
	shrimpOn(t, s, 1, "1:C2")
	mustApply(t, s, 0, "grow w")
	mustApply(t, s, 0, sqt("1:B3"))
	// A coral of one polyp cannot attack.
	s = fixture(t, 2)
	put(t, s, White, "1:A3")
	put(t, s, Yellow, "1:B3")
	giveCube(t, s, 0, White)
	give(t, s, 0, White, 4)
	mustApply(t, s, 0, "grow w")
	if reason := refuse(t, s, 0, sqt("1:B3")); !strings.Contains(reason, "at least 2 polyps") {
		t.Errorf("lone attacker: %q", reason)
	}
	// An attack may not join two guarded corals of the attacker's colour.
	s = setup()
	s.Polyp[at("1:B2")], s.Polyp[at("1:C2")] = White, White
	s.Bag[Yellow] += 2
	s.Bag[White] -= 2
	shrimpOn(t, s, 1, "1:A4")
	shrimpOn(t, s, 2, "1:C2")
	mustApply(t, s, 0, "grow w")
	if reason := refuse(t, s, 0, sqt("1:B3")); !strings.Contains(reason, "join two white corals") {
		t.Errorf("guarded join by attack: %q", reason)
	}
	checkTotals(t, s)
}
