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
			return c.Label
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
			want: []string{"Crystal Courier (1 sapphire and 1 rainbow)"}, wantNot: []string{"emerald"}},
		// "use p4 ss — Use Cardinal of the Ash, paying 2 sapphires" hid the effect.
		{name: "a payment choice says what the use does", play: []string{"h3"}, pool: "se",
			partial: "use h3", tok: "s", want: []string{"Use Courier, paying 1 sapphire: Draw 1"}},
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
			setOffer(t, s, "v7", "c4", "m1", "v2")
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
