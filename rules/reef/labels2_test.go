package reef

import (
	"regexp"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// labelOf is the label of token tok among seat's choices after notation ("" when not offered).
func labelOf(t *testing.T, s *state, seat int, notation, tok string) string {
	t.Helper()
	var m rules.Move
	if notation != "" {
		var err error
		if m, err = rules.ParseMove(notation); err != nil {
			t.Fatal(err)
		}
	}
	next, _, err := s.Choices(rules.Seat(seat), m)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range next {
		if c.Token == tok {
			return rules.PlainSeats(s, c.English())
		}
	}
	t.Fatalf("%q not offered after %q", tok, notation)
	return ""
}

// Menus and refusals speak in words, never in the rulebook's action numbers ("6. Trade…").
func TestLabelsHaveNoRulebookNumbers(t *testing.T) {
	numbered := regexp.MustCompile(`(^|\()\d+\. `)
	for _, lang := range []string{"en", "de", "es", "fr"} {
		for _, id := range []string{"lb_eat", "lb_grow", "lb_grow_again", "lb_add", "lb_shrimp", "lb_trade", "lb_alga", "lb_buy", "lb_take_space", "lb_last_eat"} {
			if txt := msg.Render(say(id, pointsArg("Points", 3)), lang, nil); numbered.MatchString(txt) || strings.Contains(txt, "{{") {
				t.Errorf("%s %s: %q", lang, id, txt)
			}
		}
	}
	s := fixture(t, 2)
	put(t, s, White, "1:E1", "1:E2", "1:E3", "1:F3", "1:F2")
	shrimpOn(t, s, 0, "1:E2")
	giveCube(t, s, 0, Grey)
	give(t, s, 0, Grey, 2)
	next, _, _ := s.Choices(0, nil)
	for _, c := range next {
		if numbered.MatchString(c.English()) {
			t.Errorf("%s: %q", c.Token, c.English())
		}
	}
}

// The labels say what a choice is worth or will really do: the eat verb the best meal's points,
// a square next to the extra-growth space the coral's size with the growth, a board of a larva
// play what the player holds and what the cube still allows.
func TestLabelsCountWhatHappens(t *testing.T) {
	t.Run("eat", func(t *testing.T) {
		s := fixture(t, 2)
		put(t, s, White, "1:E1", "1:E2", "1:E3", "1:F3", "1:F2")
		shrimpOn(t, s, 0, "1:E2")
		want := "Your parrotfish eats a coral your shrimp guards (best meal: " +
			msg.Render(pointsArg("P", s.bestMeal(s.corals(), []int{at("1:E2")})).Msg, "en", nil) + " now)"
		if got := labelOf(t, s, 0, "", "eat"); got != want {
			t.Errorf("eat label %q, want %q", got, want)
		}
		if s.bestMeal(s.corals(), []int{at("1:E2")}) == 0 {
			t.Errorf("a meal of 5 worth nothing")
		}
	})
	t.Run("extra growth", func(t *testing.T) {
		s := fixture(t, 2)
		put(t, s, Yellow, "1:E3", "1:F3")
		giveCube(t, s, 0, Yellow)
		give(t, s, 0, Yellow, 3)
		mustApply(t, s, 0, "grow y")
		// D3 touches the extra-growth space D4: the coral of 2 becomes 4, not 3.
		if got, want := labelOf(t, s, 0, "1 d", "3"), "D3 on board 1: grow a yellow coral to 4 polyps (extra growth on D4)"; got != want {
			t.Errorf("label %q, want %q", got, want)
		}
		if got, want := labelOf(t, s, 0, "1 e", "2"), "E2 on board 1: grow a yellow coral to 3 polyps"; got != want {
			t.Errorf("label %q, want %q", got, want)
		}
		// A lone polyp next to the space starts a coral of 2.
		if got, want := labelOf(t, s, 0, "1 c", "4"), "C4 on board 1: grow a yellow coral to 2 polyps (extra growth on D4)"; got != want {
			t.Errorf("label %q, want %q", got, want)
		}
		mustApply(t, s, 0, "1 d 3")
		cm := s.corals()
		if n := cm.size[cm.id[at("1:D3")]]; n != 4 {
			t.Errorf("the coral has %d polyps after the move, the label said 4", n)
		}
	})
	t.Run("larva play holds", func(t *testing.T) {
		s := fixture(t, 2)
		put(t, s, Pink, "1:A3")
		giveCube(t, s, 0, Pink)
		give(t, s, 0, Pink, 1)
		mustApply(t, s, 0, "grow p")
		if got, want := labelOf(t, s, 0, "", "1"), "A pink polyp on board 1 (you hold 1; the cube allows 4 more)"; got != want {
			t.Errorf("label %q, want %q", got, want)
		}
		// The prompt is public: it tells the cube's limit, not what lies behind the screen.
		if got, want := rules.PlainSeats(s, s.promptText()), "Your pink larva play: lay pink polyps (this cube allows 4 more from behind your screen), move shrimps, or done."; got != want {
			t.Errorf("prompt %q, want %q", got, want)
		}
	})
}
