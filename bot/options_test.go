package bot

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Ausonia's pass is one move with the hand cards to discard chosen after it: the root menu
// read "pass … (64 moves)", as if there were 64 ways to pass. The entry says what it does, in
// the autocomplete and in the picker, and keeps its count for the footer.
func TestOptionsAfterAreNotCounted(t *testing.T) {
	g := replayKits["ausonia"].Game
	st, err := g.New(rules.Setup{Seats: 2, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	seat := st.Awaiting()[0].Seat
	if _, ok := st.(OptionsAfter); !ok {
		t.Fatal("Ausonia does not say that its pass has options after it")
	}
	name := func(s rules.Seat) string { return []string{"alice", "bob"}[s] }
	for _, lang := range Languages {
		words := rules.WordsOf(g, lang)
		var pass *Suggestion
		sgs := suggestIn(lang, words, st, seat, "", 25, name)
		for i := range sgs {
			if sgs[i].Value == "pass" {
				pass = &sgs[i]
			}
		}
		if pass == nil {
			t.Fatalf("%s: no pass entry in %+v", lang, sgs)
		}
		if pass.Moves < 2 {
			t.Fatalf("%s: the pass has no discards to choose (%d moves): the test needs a hand", lang, pass.Moves)
		}
		if strings.Contains(pass.Label, "(") && strings.Contains(pass.Label, Count{N: pass.Moves}.MovesIn(lang)) {
			t.Errorf("%s: the pass entry counts its discards: %q", lang, pass.Label)
		}
		step, err := treeStepIn(lang, words, st, seat, nil, name)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range step.Next {
			if c.Token == "pass" && (step.Counts[i].Shown() || step.Counts[i].N < 2) {
				t.Errorf("%s: the picker counts the pass's discards, or lost their number: %+v", lang, step.Counts[i])
			}
		}
	}
	// Another kind keeps its count.
	sgs := suggestIn("en", rules.WordsOf(g, "en"), st, seat, "", 25, name)
	counted := false
	for _, s := range sgs {
		counted = counted || (s.Moves > 1 && strings.Contains(s.Label, "moves)"))
	}
	if !counted {
		t.Errorf("no kind of move says how many moves it holds: %+v", sgs)
	}
}
