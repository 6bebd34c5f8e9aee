package ausonia

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// A met condition (rulebook line 162: "the ability is automatically activated and you can use it
// at any time during your Action Phase") is named by the prompt and the menu, and a pass that
// leaves it, or gems, unused says so: players passed Ledger-Keeper's +1 away without a word.
func TestMetConditionIsNamedAndPassIsNotSilent(t *testing.T) {
	s := twoPlayer(t, "m4", "s1")
	set(t, s, 0, "play", "e1")
	setOffer(t, s, "v7", "c4", "m1", "v2")
	s.T.Gems = g("e")
	prompt := func() string { return s.Awaiting()[0].English() }
	if p := prompt(); strings.Contains(p, "condition is met") {
		t.Fatalf("prompt names a condition not met yet: %q", p)
	}
	if l := labelOf(t, s, 0, "", "pass"); !strings.Contains(l, "unused: 1 emerald") {
		t.Errorf("pass label %q does not say the gem left", l)
	}
	do(t, s, 0, "play m4")
	do(t, s, 0, "use m4") // pays the emerald: Draw 1, and a Mercanti card was used
	if p := prompt(); !strings.Contains(p, "Ledger-Keeper: its condition is met, \"use m4\" for Influence 1.") {
		t.Errorf("prompt %q does not name the met condition", p)
	}
	if l := labelOf(t, s, 0, "", "use"); !strings.Contains(l, "free now: Influence 1 from Ledger-Keeper") {
		t.Errorf("use label %q does not name the free ability", l)
	}
	if l := labelOf(t, s, 0, "use", "m4"); !strings.Contains(l, "Ledger-Keeper: condition met, free now: Influence 1.") {
		t.Errorf("use m4 label %q does not say it is free", l)
	}
	if l := labelOf(t, s, 0, "", "pass"); !strings.Contains(l, "unused: Influence 1 from Ledger-Keeper") {
		t.Errorf("pass label %q does not say the free ability left", l)
	}
	before := s.Clone().(*state)
	ev := do(t, s, 0, "pass")
	var told string
	for _, e := range ev {
		if strings.Contains(e.English(), "unused") {
			told = e.English()
			if len(e.To) != 1 || e.To[0] != 0 {
				t.Errorf("%q is told to %v, not to the passer alone", e.English(), e.To)
			}
		}
	}
	if told != "You pass with Influence 1 from Ledger-Keeper unused." {
		t.Errorf("the pass says %q", told)
	}
	// Used, nothing is left: the pass is the plain one.
	do(t, before, 0, "use m4")
	if l := labelOf(t, before, 0, "", "pass"); strings.Contains(l, "unused") {
		t.Errorf("pass label %q with nothing left", l)
	}
	for _, e := range do(t, before, 0, "pass") {
		if strings.Contains(e.English(), "unused") {
			t.Errorf("a pass with nothing left says %q", e.English())
		}
	}
	_ = rules.Seat(0)
}

// "move play a7" with the hand then empty and no gems printed only "You played play a7." while
// the platform played the only move left, the pass, and the next typed "pass" went to the next
// turn: the step's reply says the turn ends there.
func TestStepLeavingOnlyThePassSaysTheTurnEnds(t *testing.T) {
	told := func(ev []rules.Event) bool {
		for _, e := range ev {
			if e.English() == "Nothing is left to play: your turn ends here." {
				if len(e.To) != 1 || e.To[0] != 0 {
					t.Errorf("told to %v", e.To)
				}
				return true
			}
		}
		return false
	}
	s := twoPlayer(t, "h1", "h3")
	setOffer(t, s, "v7", "c4", "m1", "n8")
	topPower(t, s, "p11")
	if told(do(t, s, 0, "play h1")) {
		t.Error("said with a card still in hand")
	}
	if !told(do(t, s, 0, "play h3")) {
		t.Error("not said with nothing left but the pass")
	}
	if moves, whole, err := rules.Enumerate(s, 0, 3); err != nil || !whole || len(moves) != 1 || moves[0].String() != "pass" {
		t.Errorf("moves left %v %v %v, want the pass alone", moves, whole, err)
	}
	if told(do(t, s, 0, "pass")) {
		t.Error("said by the pass itself")
	}
}
