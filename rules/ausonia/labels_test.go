package ausonia

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
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
			want: []string{"Crystal Courier: Draw 2 · for S+R"}, wantNot: []string{"emerald"}},
		// Several ways: the default one, which "buy c1" alone takes; the effect before the payment.
		{name: "a buy shows the default payment", pool: "seb", partial: "buy", tok: "n8",
			want: []string{"Witness: If you used Manipulation: Influence 2. · for S+E"}},
		// "buy n8 s — Buy Witness, paying 1 sapphire and 1 emerald" left out the ability.
		{name: "a payment choice of a buy says the card's ability", pool: "seb", partial: "buy n8", tok: "b",
			want: []string{"Witness: If you used Manipulation: Influence 2. · for E+B"}},
		// Paid as printed: the card's text alone, the cost being on its face.
		{name: "a buy paid as printed leaves the cost to the card", pool: "ee", partial: "buy", tok: "m1",
			wantNot: []string{" · for"}},
		// One card to buy: the action's own line, which a menu may show alone, names it.
		{name: "the one card to buy is named by the action", pool: "sr", offer: []string{"v7", "c4", "m1", "c1"}, partial: "", tok: "buy",
			want: []string{"Crystal Courier: Draw 2 · for S+R"}},
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

// A payment of several kinds of gem is written in the boards' letters of the reader's language,
// so that a buy with a long card text still fits Discord's 100 characters: "for 2 sapphires,
// 1 emerald and 2 bloodshards" cut German, Spanish and French menu lines at the payment.
func TestPaymentLabelsFitInEveryLanguage(t *testing.T) {
	s := twoPlayer(t)
	setOffer(t, s, "v7", "c4", "m1", "n8")
	topPower(t, s, "p10") // Papal Legate, cost ssbbr
	s.T.Gems = g("sssebbr")
	cs, _, err := s.Choices(0, rules.Move{"buy", "p10"})
	if err != nil || len(cs) < 2 {
		t.Fatalf("want several ways to pay for p10, got %v, %v", cs, err)
	}
	var pay *msg.Message
	for _, c := range cs {
		if c.Token == "e" {
			pay = c.Msg
		}
	}
	if pay == nil {
		t.Fatalf("no payment e among %v", cs)
	}
	for _, tc := range []struct{ lang, prefix, gems string }{
		{"en", "buy p10 e — ", "2S+E+2B"},
		{"de", "kaufen p10 e — ", "2S+M+2B"},
		{"es", "comprar p10 e — ", "2Z+E+2Q"},
		{"fr", "acheter p10 e — ", "2S+E+2C"},
	} {
		l := msg.Render(pay, tc.lang, nil)
		if !strings.HasSuffix(l, " "+tc.gems) {
			t.Errorf("%s: payment label %q does not end in %q", tc.lang, l, tc.gems)
		}
		if n := utf8.RuneCountInString(tc.prefix + l); n > 100 {
			t.Errorf("%s: %q is %d characters, more than a menu line holds", tc.lang, tc.prefix+l, n)
		}
	}
	// One kind stays in words: "paying S" read as a typo.
	if l := msg.Render(gemsShortMsg(g("ss")), "fr", nil); l != "2 saphirs" {
		t.Errorf("one kind of gem in letters: %q", l)
	}
}
