package ausonia

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// What using an ability gains is the influence it gives: along random games at every number of
// seats, every whole "use" move is played on a copy and its Gain compared with the influence the
// seat has after it (at most that while a decision the ability asks for holds the rest back);
// every other move played gains nothing.
func TestGainIsTheInfluenceAnAbilityGives(t *testing.T) {
	gaining, checked := 0, 0
	for seats := 1; seats <= 4; seats++ {
		s := newGame(t, seats, uint64(seats))
		r := rand.New(rand.NewPCG(uint64(seats), 41))
		for i := 0; i < 300 && s.Res == nil; i++ {
			seat := s.Awaiting()[0].Seat
			if _, _, err := s.Choices(seat, rules.Move{vUse}); err == nil && s.Pend == nil {
				for _, m := range rulestest.WholeUnder(t, s, seat, rules.Move{vUse}) {
					gain := s.Gain(seat, m)
					cp := s.clone()
					before := cp.P[seat].Influence
					if _, err := cp.Apply(seat, m); err != nil {
						t.Fatalf("%q: %v", m, err)
					}
					got := cp.P[seat].Influence - before
					if gain.Wins || gain.Msg != nil || got > gain.Points || (cp.Pend == nil && got != gain.Points) {
						t.Fatalf("%d seats, move %d, %q: gain %+v, influence %+d", seats, i, m, gain, got)
					}
					checked++
					if gain.Points > 0 {
						gaining++
					}
				}
			}
			m, err := rules.RandomMove(s, seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if m[0] != vUse || s.Pend != nil {
				if g := s.Gain(seat, m); !g.Zero() {
					t.Fatalf("%q gains %+v", m, g)
				}
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatalf("%q: %v", m, err)
			}
		}
	}
	if gaining == 0 {
		t.Errorf("of %d abilities used, none gave influence: the test saw nothing", checked)
	}
}
