package reef

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/msg"
)

func TestEatCoral(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, White, "1:E1", "1:E2", "1:E3", "1:F3", "1:G3", "1:G4")
	shrimpOn(t, s, 0, "1:E2")
	bag := s.Bag[White]
	evs := mustApply(t, s, 0, "eat "+sqt("1:E2"))
	p := s.Players[0]
	if p.Fish[White] != 2 || s.Bag[White] != bag+4 || p.ShrimpsEaten != 1 || p.ShrimpsHome != 3 {
		t.Fatalf("after eating 6: fish %v, bag %d (was %d), eaten %d", p.Fish, s.Bag[White], bag, p.ShrimpsEaten)
	}
	for _, n := range []string{"1:E1", "1:E2", "1:E3", "1:F3", "1:G3", "1:G4"} {
		if s.Polyp[at(n)] != NoColour || s.Shrimp[at(n)] >= 0 {
			t.Fatalf("%s not cleared", n)
		}
	}
	if !strings.Contains(evs[0].English(), "onto the open-sea board") {
		t.Errorf("first eaten shrimp: %q", evs[0].English())
	}
	checkTotals(t, s)
	// Eating is the first action only.
	put(t, s, Pink, "1:A3", "1:A4", "1:A5", "1:A6", "1:B6")
	shrimpOn(t, s, 0, "1:A5")
	if reason := refuse(t, s, 0, "eat "+sqt("1:A5")); !strings.Contains(reason, "first action") {
		t.Errorf("second eat: %q", reason)
	}
	// Next turn: the second shrimp goes into the parrotfish with the polyps.
	s.nextTurn(&events{})
	s.nextTurn(&events{})
	evs = mustApply(t, s, 0, "eat "+sqt("1:A5"))
	if s.Players[0].ShrimpsEaten != 2 || s.Players[0].Fish[Pink] != 1 || !strings.Contains(evs[0].English(), "into the parrotfish too") {
		t.Errorf("second eat: %+v, %q", s.Players[0], evs[0].English())
	}
}

func TestEatRefusals(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, White, "1:E1", "1:E2", "1:E3", "1:F3")
	put(t, s, Pink, "1:A3", "1:A4", "1:A5", "1:A6", "1:B6")
	shrimpOn(t, s, 0, "1:E2")
	shrimpOn(t, s, 1, "1:A5")
	if reason := refuse(t, s, 0, "eat "+sqt("1:E2")); !strings.Contains(reason, "4 polyps") {
		t.Errorf("coral of 4: %q", reason)
	}
	if reason := refuse(t, s, 0, "eat "+sqt("1:A5")); !strings.Contains(reason, "your own shrimp") {
		t.Errorf("another player's coral: %q", reason)
	}
	// Once a larger coral is guarded, it may be eaten, and an action taken first forbids it.
	put(t, s, White, "1:G3")
	mustApply(t, s, 0, "shrimp "+sqt("1:E2")+" "+sqt("1:E1"))
	if reason := refuse(t, s, 0, "eat "+sqt("1:E1")); !strings.Contains(reason, "first action") {
		t.Errorf("after a shrimp move: %q", reason)
	}
}

func TestAdvancedEatingReturnsFive(t *testing.T) {
	s := fixture(t, 2)
	s.Advanced = true
	put(t, s, White, "1:E1", "1:E2", "1:E3", "1:F3", "1:G3", "1:G4")
	shrimpOn(t, s, 0, "1:E2")
	mustApply(t, s, 0, "eat "+sqt("1:E2"))
	if s.Players[0].Fish[White] != 1 {
		t.Errorf("advanced: fish %v, want 1 white", s.Players[0].Fish)
	}
}

func TestEatenGrowthSpaceGrowsAgain(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, Orange, "1:D1", "1:D2", "1:D3", "1:D4", "1:E4")
	shrimpOn(t, s, 0, "1:D2")
	mustApply(t, s, 0, "eat "+sqt("1:D2"))
	giveCube(t, s, 0, Grey)
	give(t, s, 0, Grey, 1)
	mustApply(t, s, 0, "grow g")
	mustApply(t, s, 0, sqt("1:C4"))
	if s.Polyp[at("1:D4")] != Grey {
		t.Errorf("the vacated extra-growth space did not grow again")
	}
}

// What goes into the parrotfish agrees with its number in French and Spanish (play-test: "1 vont
// dans le poisson-perroquet").
func TestEatFishAgrees(t *testing.T) {
	cases := []struct {
		coral  int
		fr, es string
	}{
		{5, "1 va dans le poisson-perroquet", "1 va al pez loro"},
		{6, "2 vont dans le poisson-perroquet", "2 van al pez loro"},
	}
	for _, c := range cases {
		s := fixture(t, 2)
		sqs := []string{"1:E1", "1:E2", "1:E3", "1:F3", "1:G3", "1:D3"}[:c.coral]
		put(t, s, White, sqs...)
		shrimpOn(t, s, 0, "1:E2")
		if s.eatReturn() != 4 {
			t.Fatalf("eat return %d, the cases assume 4", s.eatReturn())
		}
		var fr, es string
		for _, e := range mustApply(t, s, 0, "eat "+sqt("1:E2")) {
			if e.Msg != nil && strings.Contains(e.Msg.English(), "parrotfish eats") {
				fr, es = msg.Render(e.Msg, "fr", nil), msg.Render(e.Msg, "es", nil)
			}
		}
		if !strings.Contains(fr, c.fr) || !strings.Contains(es, c.es) {
			t.Errorf("coral of %d: got\n  %s\n  %s\nwant %q and %q", c.coral, fr, es, c.fr, c.es)
		}
	}
}
