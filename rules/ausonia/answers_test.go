package ausonia

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// Only the choice of an opponent is a public answer; a Discard (or any decision naming cards)
// declares none, so its answers never reach the public post.
func TestOnlyTargetsArePublicAnswers(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 6; seed++ {
		s := rulestest.Start(t, Game, rules.Setup{Seats: 2 + int(seed%3), Seed: seed}).(*state)
		r := rand.New(rand.NewPCG(seed, 2))
		for n := 0; n < 1500 && s.Result() == nil; n++ {
			ps := s.Awaiting()
			for _, p := range ps {
				switch {
				case s.Pend != nil && s.Pend.Kind == pendTarget:
					if len(p.Answers) != len(s.opponents()) {
						t.Fatalf("target prompt answers %v for %d opponents", p.Answers, len(s.opponents()))
					}
					for _, a := range p.Answers {
						if err := rules.Check(s, p.Seat, a.Move); err != nil {
							t.Fatalf("answer %q: %v", a.Move, err)
						}
					}
				case len(p.Answers) != 0:
					t.Fatalf("a prompt that names cards declares public answers: %q %v", p.English(), p.Answers)
				}
				if s.Pend != nil {
					seen[s.Pend.Kind]++
				}
			}
			rulestest.PlayRandom(t, s, r)
		}
	}
	if seen[pendDiscard] == 0 {
		t.Fatalf("no Discard came up: %v", seen)
	}
	t.Logf("pending decisions seen: %v", seen)
}

// TurnCount changes exactly when an Action Phase ends: a pass (and what it sets off) moves it on,
// every other move of the turn leaves it, so the platform can tell a solo player's next turn
// from the next step of the same one.
func TestTurnCountMovesOnWithThePass(t *testing.T) {
	for _, seats := range []int{1, 2} {
		s := rulestest.Start(t, Game, rules.Setup{Seats: seats, Seed: 3}).(*state)
		r := rand.New(rand.NewPCG(3, 4))
		turns := 0
		for n := 0; n < 800 && s.Result() == nil; n++ {
			p := s.Awaiting()[0]
			pending := s.Pend != nil
			m, err := rules.RandomMove(s, p.Seat, r)
			if err != nil {
				t.Fatal(err)
			}
			before := s.TurnCount()
			if _, err := s.Apply(p.Seat, m); err != nil {
				t.Fatal(err)
			}
			after := s.TurnCount()
			ends := !pending && m[0] == vPass
			switch {
			case s.Result() != nil:
			case ends && after <= before:
				t.Fatalf("%d seats, move %d: %q ended the turn but the count stayed %d", seats, n, m, before)
			case !ends && after != before:
				t.Fatalf("%d seats, move %d: %q inside a turn moved the count %d -> %d", seats, n, m, before, after)
			}
			if ends {
				turns++
			}
		}
		if turns < 5 {
			t.Fatalf("%d seats: only %d turns ended", seats, turns)
		}
	}
}
