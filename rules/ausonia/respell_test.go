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
						pay, ok := s.certainPay(verb, []string{c.Token})
						if !ok {
							continue
						}
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
