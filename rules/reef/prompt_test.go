package reef

import (
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// promptVerbs reads the verbs a turn prompt lists ("…'s turn: eat, grow, add as you can; …").
func promptVerbs(text string) []string {
	_, rest, ok := strings.Cut(text, "Choose freely among ")
	if !ok {
		return nil
	}
	list, _, ok := strings.Cut(rest, "; then")
	if !ok {
		return nil
	}
	return strings.Split(strings.Replace(list, " or ", ", ", 1), ", ")
}

// The turn prompt follows the choice tree: every verb the tree offers is listed, and the verbs
// that depend on public facts alone (eat, add, shrimp, alga) are listed exactly when offered.
// grow, trade and polyp also depend on what lies behind the screen, which a prompt may not tell.
func TestPromptFollowsTheTree(t *testing.T) {
	public := []string{vEat, vAdd, vShrimp, vAlga}
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		s := newGame(t, 2+int(seed%3), seed, VariantStandard)
		randomGame(t, s, seed, 400, func(rules.Seat, rules.Move, []rules.Event) {
			if s.Phase != phasePlay || s.T.Grow != NoColour {
				return
			}
			ps := s.Awaiting()
			listed := promptVerbs(ps[0].English())
			next, _, err := s.Choices(ps[0].Seat, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range next {
				if c.Token != vTake && !slices.Contains(listed, c.Token) {
					t.Fatalf("the tree offers %q, the prompt does not list it: %q", c.Token, ps[0].English())
				}
			}
			for _, v := range public {
				offered := slices.ContainsFunc(next, func(c rules.Choice) bool { return c.Token == v })
				if offered != slices.Contains(listed, v) {
					t.Fatalf("%q offered %v but listed %v: %q", v, offered, !offered, ps[0].English())
				}
			}
			checked++
		})
	}
	if checked < 100 {
		t.Fatalf("only %d turn positions checked", checked)
	}
}

// Issue 12: with no coral to eat, the prompt no longer offers "eat".
func TestPromptEatOnlyWhenACoralCanBeEaten(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, White, "1:E1", "1:E2", "1:E3", "1:F3")
	shrimpOn(t, s, 0, "1:E2")
	if v := promptVerbs(s.Awaiting()[0].English()); slices.Contains(v, vEat) {
		t.Fatalf("a coral of 4 cannot be eaten, yet the prompt lists eat: %v", v)
	}
	put(t, s, White, "1:G3")
	if v := promptVerbs(s.Awaiting()[0].English()); !slices.Contains(v, vEat) {
		t.Fatalf("a guarded coral of 5 can be eaten, yet the prompt lacks eat: %v", v)
	}
}

// The prompt leaves out grow and polyp when the public counts behind the screen rule them out
// (play-test: "Choose freely among grow, …" to a seat that could not grow).
func TestPromptLeavesOutWhatTheCountsRuleOut(t *testing.T) {
	cases := []struct {
		name             string
		cubes, polyps    int
		consumed         int
		wantGrow, wantPl bool
	}{
		{"no cube, polyps", 0, 3, 0, false, false},
		{"a cube, no polyp", 1, 0, 0, false, true},
		{"a cube and polyps", 1, 2, 0, true, true},
		{"no cube, two consumed to trade and lay", 0, 0, 2, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := fixture(t, 2)
			if c.cubes > 0 {
				giveCube(t, s, 0, Orange)
			}
			give(t, s, 0, Pink, c.polyps)
			giveConsumed(t, s, 0, Orange, c.consumed)
			v := promptVerbs(s.Awaiting()[0].English())
			if slices.Contains(v, vGrow) != c.wantGrow || slices.Contains(v, vPolyp) != c.wantPl {
				t.Errorf("prompt lists %v; want grow %v, polyp %v", v, c.wantGrow, c.wantPl)
			}
			next, _, _ := s.Choices(0, nil)
			for _, ch := range next {
				if ch.Token != vTake && !slices.Contains(v, ch.Token) {
					t.Errorf("the tree offers %q, the prompt does not list it: %v", ch.Token, v)
				}
			}
		})
	}
}
