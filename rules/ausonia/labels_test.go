package ausonia

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// labelOf is the label Choices gives token tok after the partial move.
func labelOf(t *testing.T, s *state, p rules.Seat, partial, tok string) string {
	t.Helper()
	var m rules.Move
	if partial != "" {
		m, _ = rules.ParseMove(partial)
	}
	cs, _, err := s.Choices(p, m)
	if err != nil {
		t.Fatalf("choices after %q: %v", partial, err)
	}
	for _, c := range cs {
		if c.Token == tok {
			return c.English()
		}
	}
	t.Fatalf("no %q after %q in %+v", tok, partial, cs)
	return ""
}

// Menu labels say what the whole move does and what it really costs.
func TestMenuLabelsTellTheWholeMove(t *testing.T) {
	for _, tc := range []struct {
		name          string
		hand, play    []string
		pool          string
		offer         []string // the Offer Row, when not the usual one
		partial, tok  string
		want, wantNot []string
	}{
		// "pass s1 s3 — Sapphire Prism" named only the last card discarded.
		{name: "a pass names every card it discards", hand: []string{"h1", "h3", "s1"},
			partial: "pass h1", tok: "h3", want: []string{"discarding Steward and Courier"}},
		{name: "a pass of one card", hand: []string{"h1", "h3", "s1"},
			partial: "pass", tok: "s1", want: []string{"discarding Sapphire Seam"}},
		// With one way to pay, what is paid (a rainbow in an emerald slot), not the printed cost.
		{name: "a buy shows the payment", pool: "sr", partial: "buy", tok: "v7",
			// What the card does, then what the buy costs now (the price of its paid ability is on
			// the card: a menu line has no room for both).
			want: []string{"Crystal Courier: Draw 2 · for 1 sapphire and 1 rainbow"}, wantNot: []string{"emerald"}},
		// Several ways: the default one, which "buy c1" alone takes; the effect before the payment.
		{name: "a buy shows the default payment", pool: "seb", partial: "buy", tok: "n8",
			want: []string{"Witness: If you used Manipulation: Influence 2. · for 1 sapphire and 1 emerald"}},
		// "buy n8 s — Buy Witness, paying 1 sapphire and 1 emerald" left out the ability.
		{name: "a payment choice of a buy says the card's ability", pool: "seb", partial: "buy n8", tok: "b",
			want: []string{"Witness: If you used Manipulation: Influence 2. · for 1 emerald and 1 bloodshard"}},
		// Paid as printed: the card's text alone, the cost being on its face.
		{name: "a buy paid as printed leaves the cost to the card", pool: "ee", partial: "buy", tok: "m1",
			wantNot: []string{" · for"}},
		// One card to buy: the action's own line, which a menu may show alone, names it.
		{name: "the one card to buy is named by the action", pool: "sr", offer: []string{"v7", "c4", "m1", "c1"}, partial: "", tok: "buy",
			want: []string{"Crystal Courier: Draw 2 · for 1 sapphire and 1 rainbow"}},
		// "use p4 ss — Use Cardinal of the Ash, paying 2 sapphires" hid the effect.
		{name: "a payment choice says what the use does", play: []string{"h3"}, pool: "se",
			partial: "use h3", tok: "s", want: []string{"Use Courier: Draw 1 · paying 1 sapphire"}},
		{name: "one way to use shows the payment and the effect", play: []string{"h3"}, pool: "b",
			partial: "use", tok: "h3", want: []string{"Courier: Paying 1 bloodshard: Draw 1."}},
		// "play h1 — Steward" with no gems to pay it.
		{name: "a card nothing can pay says so", hand: []string{"h1", "h3"},
			partial: "play", tok: "h1", want: []string{"Steward — no gems this turn · Pay 1 any gem"}},
		{name: "a card the hand's gems can pay does not", hand: []string{"h1", "s1"},
			partial: "play", tok: "h1", wantNot: []string{"no gems"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := twoPlayer(t, tc.hand...)
			if tc.play != nil {
				set(t, s, 0, "play", tc.play...)
			}
			setOffer(t, s, "v7", "c4", "m1", "n8")
			if tc.offer != nil {
				setOffer(t, s, tc.offer...)
				topPower(t, s, "p11") // out of reach
			}
			if tc.pool != "" {
				s.T.Gems = g(tc.pool)
			}
			l := labelOf(t, s, 0, tc.partial, tc.tok)
			for _, w := range tc.want {
				if !strings.Contains(l, w) {
					t.Errorf("label %q does not say %q", l, w)
				}
			}
			for _, w := range tc.wantNot {
				if strings.Contains(l, w) {
					t.Errorf("label %q says %q", l, w)
				}
			}
		})
	}
}
