package ascalion

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// The questions Ascalion asks other players (votes, passage, alliance calls, trade offers)
// declare their answers as public whole moves; the seat's own turn declares none (it goes through
// the private picker).
func TestAnswersAreLegalWholeMoves(t *testing.T) {
	asked := map[stage]int{}
	for _, setup := range []rules.Setup{{Seats: 3, Seed: 12, Options: map[string]string{"setup": "quick"}}, {Seats: 4, Seed: 4}} {
		s := rulestest.Start(t, Game, setup).(*state)
		r := rand.New(rand.NewPCG(setup.Seed, 1))
		for n := 0; n < 3000 && s.Result() == nil; n++ {
			ps := s.Awaiting()
			for _, p := range ps {
				question := s.Stage == stVote || s.Stage == stTieBreak || s.Stage == stPassage || s.Stage == stAlly
				if question && len(p.Answers) < 2 {
					t.Fatalf("move %d, stage %d: a question with answers %v", n, s.Stage, p.Answers)
				}
				if (s.Stage == stBuild || s.Stage == stAttack) && len(p.Answers) != 0 {
					t.Fatalf("move %d: an ordinary turn declares answers %v", n, p.Answers)
				}
				for _, a := range p.Answers {
					if err := rules.Check(s, p.Seat, a.Move); err != nil || a.English() == "" {
						t.Fatalf("move %d, stage %d: answer %q (%q): %v", n, s.Stage, a.Move, a.English(), err)
					}
					asked[s.Stage]++
				}
			}
			rulestest.PlayRandom(t, s, r)
		}
	}
	if asked[stTrade] == 0 || asked[stAlly] == 0 {
		t.Fatalf("random games never offered trade or alliance answers: %v", asked)
	}
	t.Logf("answers offered by stage: %v", asked)
}
