package autumnash

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// What a whole move gains is what playing it scores, and a win exactly where it reaches the
// target: over
// random games of every variant, each move played is compared with its Gain beforehand, and so
// is a sample of the other moves of the position.
func TestGainIsWhatTheMoveScores(t *testing.T) {
	scored, wins := 0, 0
	for _, variant := range []string{VariantStandard, VariantBeginner, VariantUnsettled} {
		for g := 0; g < 4; g++ {
			s := newGame(t, variant)
			r := rand.New(rand.NewPCG(uint64(g), 33))
			for i := 0; i < 400 && s.result == nil; i++ {
				seat := s.turn
				moves, _, err := rules.Enumerate(s, seat, 60)
				if err != nil {
					t.Fatal(err)
				}
				m, err := rules.RandomMove(s, seat, r)
				if err != nil {
					t.Fatal(err)
				}
				for _, mv := range append(moves, m) {
					gain := s.Gain(seat, mv)
					cp := s.clone()
					before := cp.scores[seat]
					if _, err := cp.Apply(seat, mv); err != nil {
						t.Fatalf("%s: %v", mv, err)
					}
					// A win at the target; one by leaving the other seat stuck is not foreseen.
					won := cp.result != nil && cp.result.ReasonMsg != nil && cp.result.ReasonMsg.ID == "res_wins"
					if gain.Points != cp.scores[seat]-before || gain.Wins != won {
						t.Fatalf("%s game %d, %q: gain %+v; playing it scores %d, wins %v", variant, g, mv, gain, cp.scores[seat]-before, won)
					}
					if gain.Points > 0 {
						scored++
					}
					if gain.Wins {
						wins++
					}
				}
				if _, err := s.Apply(seat, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if scored == 0 || wins == 0 {
		t.Errorf("no move scored (%d) or won (%d): the test saw nothing", scored, wins)
	}
	// Not the seat to move, or not a whole move: nothing.
	s := posFile(t, "scoring.txt")
	if g := s.Gain(1-s.turn, move("a3 b3 queen")); !g.Zero() {
		t.Errorf("the other seat gains %+v", g)
	}
	if g := s.Gain(s.turn, move("a3 b3")); !g.Zero() {
		t.Errorf("a move without its size gains %+v", g)
	}
	if g := s.Gain(s.turn, move("a3 b3 queen")); g.Points != 16 {
		t.Errorf("a3 b3 queen gains %+v, want 16 points", g)
	}
}
