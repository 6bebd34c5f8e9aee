package ausonia

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Refusals name the rule and how to write the move right; each case is a slip with the whole
// answer the player gets.
func TestRefusalWording(t *testing.T) {
	cases := []struct {
		name    string
		seat    rules.Seat
		prepare string // a move played first, "" for none
		move    string
		want    string
	}{
		{"a card not in hand", 0, "", "play s1", "Sapphire Seam is not in your hand: play a card from the menu."},
		{"a card not in hand, in capitals", 0, "", "Play S1", "Sapphire Seam is not in your hand: play a card from the menu."},
		{"a word that is no action", 0, "", "dance", `"dance" is not an action; start with play, pass.`},
		{"a card code typed wrong", 0, "", "play zz", `"zz" is not a card code: codes look like s1, h2, v3 or p7, and each menu lists them.`},
		{"a card under the top of the power deck", 0, "play all", "buy p3", "Grand Banker is not for sale: only the Offer Row and the Power deck's top card are."},
		{"a card under the top of the power deck, in capitals", 0, "play all", "BUY P3", "Grand Banker is not for sale: only the Offer Row and the Power deck's top card are."},
		{"gems named wrong for the any-gem slots", 0, "play all", "buy p1 zz", `"zz" is not a way to pay for Witchfinder General. Its any-gem slots take gems of your choice, one letter each (s sapphire, e emerald, b bloodshard, r rainbow): ss, se, sr, ee, er, rr.`},
		{"a payment where there is one way to pay", 0, "play all", "play s1 ss", `"play s1 ss" says more than the move takes: play names one card from your hand, or all for every gem card.`},
		{"out of turn", 1, "", "pass", "It is not your move: House I is awaited."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := twoPlayer(t, "s3", "e3", "b3", "s2", "e2", "b2")
			topPower(t, s, "p3")
			topPower(t, s, "p1")
			if c.prepare != "" {
				do(t, s, 0, c.prepare)
			}
			m, _ := rules.ParseMove(c.move)
			_, err := s.Apply(c.seat, m)
			if reason, ok := rules.IsIllegal(err); !ok || rules.PlainSeats(s, reason) != c.want {
				t.Errorf("%q refused with\n  %v\nwant\n  %s", c.move, err, c.want)
			}
		})
	}
}

// Card codes, payments and every other token are read in any case, on every path: the Action
// Phase, the discards after pass, and a pending decision's picker.
func TestTokensInAnyCase(t *testing.T) {
	for _, moves := range [][2][]string{
		{{"PLAY ALL", "Buy P1 SS"}, {"play all", "buy p1 ss"}},
		{{"Pass S2 E2"}, {"pass s2 e2"}},
		{{"play all", "PLAY H1", "Use H1 S"}, {"play all", "play h1", "use h1 s"}},
	} {
		a := twoPlayer(t, "s3", "e3", "b3", "s2", "e2", "h1")
		b := twoPlayer(t, "s3", "e3", "b3", "s2", "e2", "h1")
		topPower(t, a, "p1")
		topPower(t, b, "p1")
		for i := range moves[0] {
			do(t, a, 0, moves[0][i])
			do(t, b, 0, moves[1][i])
		}
		ja, _ := a.Encode()
		jb, _ := b.Encode()
		if string(ja) != string(jb) {
			t.Errorf("%v and %v lead to different states", moves[0], moves[1])
		}
	}
}
