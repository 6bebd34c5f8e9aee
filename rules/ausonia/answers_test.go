package ausonia

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Only the choice of an opponent is a public answer; a Discard (or any decision naming cards)
// declares none, so its answers never reach the public post.
func TestOnlyTargetsArePublicAnswers(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 6; seed++ {
		full, err := Game.Info().ValidateSetup(rules.Setup{Seats: 2 + int(seed%3), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		g, err := Game.New(full)
		if err != nil {
			t.Fatal(err)
		}
		s := g.(*state)
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
					t.Fatalf("a prompt that names cards declares public answers: %q %v", p.Text, p.Answers)
				}
				if s.Pend != nil {
					seen[s.Pend.Kind]++
				}
			}
			p := ps[r.IntN(len(ps))]
			m, err := rules.RandomMove(s, p.Seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Apply(p.Seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if seen[pendDiscard] == 0 {
		t.Fatalf("no Discard came up: %v", seen)
	}
	t.Logf("pending decisions seen: %v", seen)
}
