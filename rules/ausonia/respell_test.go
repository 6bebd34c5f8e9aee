package ausonia

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// A payment the rules make certain may be written: "buy X <the one way>" and "use X <the one
// way>" are the tree's "buy X" and "use X" (a review's "use h2 se" was refused); a payment that
// is not the one way is still refused.
func TestCertainPaymentMayBeWritten(t *testing.T) {
	buys, uses := 0, 0
	for seed := uint64(1); seed <= 6 && (buys == 0 || uses == 0); seed++ {
		s := newGame(t, 2, seed)
		r := rand.New(rand.NewPCG(seed, 9))
		for step := 0; step < 400 && s.Result() == nil; step++ {
			aw := s.Awaiting()
			if len(aw) == 0 {
				break
			}
			seat := aw[0].Seat
			if seat == s.Turn {
				for _, verb := range []string{vBuy, vUse} {
					next, _, err := s.Choices(seat, rules.Move{verb})
					if err != nil {
						continue
					}
					for _, c := range next {
						pays, ok := s.payWays(verb, []string{c.Token})
						if !ok || len(pays) != 1 {
							continue
						}
						pay := pays[0]
						if _, complete, err := s.Choices(seat, rules.Move{verb, c.Token}); err != nil || !complete {
							continue // an ability number comes next
						}
						typed := rules.Move{verb, c.Token, pay.Any.Letters()}
						if pay.Any.Letters() == "" {
							typed[2] = pay.All.Letters()
						}
						got, err := rules.Canonical(s, seat, typed)
						if err != nil || got.String() != verb+" "+c.Token {
							t.Fatalf("%q: %v %v, want %q", typed, got, err, verb+" "+c.Token)
						}
						if _, err := rules.Canonical(s, seat, rules.Move{verb, c.Token, "zz"}); err == nil {
							t.Fatalf("%s %s zz: accepted", verb, c.Token)
						}
						if verb == vBuy {
							buys++
						} else {
							uses++
						}
					}
				}
			}
			m, err := rules.RandomMove(s, seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if buys == 0 || uses == 0 {
		t.Fatalf("random games met %d buys and %d uses with one way to pay", buys, uses)
	}
	t.Logf("%d buys and %d uses with one way to pay written with it", buys, uses)
}

// "play all" with one gem card in hand plays that card (the tree offers "all" only for two or
// more; a review lost a turn to its refusal); with none it is still refused.
func TestPlayAllWithOneGemCard(t *testing.T) {
	s := newGame(t, 2, 1)
	p := s.Turn
	set(t, s, p, "hand", "s2", "h1")
	got, err := rules.Canonical(s, p, rules.Move{"play", "all"})
	if err != nil || got.String() != "play s2" {
		t.Fatalf("play all with one gem card: %v %v, want play s2", got, err)
	}
	set(t, s, p, "hand", "h1")
	if _, err := rules.Canonical(s, p, rules.Move{"play", "all"}); err == nil {
		t.Fatal("play all with no gem card: accepted")
	}
}

// Payment letters come in any order, for the any-slots or for all that is paid ("buy p11 bs" was
// refused while "sb" worked), and a payment left out where there are several ways is the default
// one, keeping rainbows ("use h2" was refused: "add eb, er, bb or br"); the event says what was
// paid.
func TestPaymentLettersAnyOrderAndLeftOut(t *testing.T) {
	s := twoPlayer(t, "s1")
	set(t, s, 0, "play", "h2")
	setOffer(t, s, "n8", "c4", "m1", "v2")
	s.T.Gems = g("ebr")
	for _, tc := range []struct{ typed, want string }{
		{"use h2", "use h2 eb"}, // the fewest rainbows
		{"use h2 be", "use h2 eb"},
		{"use h2 rb", "use h2 br"},
		{"USE h2 RE", "use h2 er"},
		{"buy n8", "buy n8 b"}, // e fills the emerald slot; b, not the rainbow, the any-slot
		{"buy n8 be", "buy n8 b"},
		{"buy n8 re", "buy n8 r"},
	} {
		m, _ := rules.ParseMove(tc.typed)
		got, err := rules.Canonical(s, 0, m)
		if err != nil || got.String() != tc.want {
			t.Errorf("%q reads as %v (%v), want %q", tc.typed, got, err, tc.want)
		}
	}
	for _, bad := range []string{"use h2 ss", "use h2 ebr", "buy n8 es"} {
		m, _ := rules.ParseMove(bad)
		if got, err := rules.Canonical(s, 0, m); err == nil {
			t.Errorf("%q accepted as %v", bad, got)
		}
	}
	m, _ := rules.Canonical(s, 0, rules.Move{"use", "h2"})
	ev, err := s.Apply(0, m)
	if err != nil {
		t.Fatal(err)
	}
	if ev[0].English() != "{seat:0} uses Envoy, paying 1 emerald and 1 bloodshard: Influence 2." {
		t.Errorf("the use says %q", ev[0].English())
	}
	if pool := s.pool(); pool != g("r") {
		t.Errorf("pool left %v, want the rainbow kept", pool)
	}
}

func TestDefaultPayKeepsRainbows(t *testing.T) {
	for _, tc := range []struct{ cost, pool, want string }{
		{"rr", "ebr", "eb"},
		{"rr", "srr", "sr"},
		{"r", "ssbr", "s"}, // a second sapphire, not the only bloodshard: more colours left
		{"r", "sser", "s"},
	} {
		if got := defaultPay(payments(g(tc.cost), g(tc.pool)), g(tc.pool)).Any.Letters(); got != tc.want {
			t.Errorf("cost %s from %s: %q, want %q", tc.cost, tc.pool, got, tc.want)
		}
	}
}
