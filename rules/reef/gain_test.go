package reef

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// What eating a coral gains is what it adds to the seat's score (the parrotfish at the colours'
// values now), for every coral a seat may eat along random games; other moves gain nothing.
func TestGainIsWhatEatingScores(t *testing.T) {
	eats, others := 0, 0
	for _, seats := range []int{2, 3, 4} {
		variant := VariantStandard
		if seats == 3 {
			variant = VariantAdvanced
		}
		s := newGame(t, seats, uint64(seats), variant)
		r := rand.New(rand.NewPCG(uint64(seats), 9))
		for i := 0; i < 500 && s.Res == nil; i++ {
			ps := s.Awaiting()
			seat := ps[r.IntN(len(ps))].Seat
			if _, _, err := s.Choices(seat, rules.Move{vEat}); err == nil {
				for _, m := range rulestest.WholeUnder(t, s, seat, rules.Move{vEat}) {
					gain := s.Gain(seat, m)
					cp := s.clone()
					before := cp.score(int(seat))
					if _, err := cp.Apply(seat, m); err != nil {
						t.Fatalf("%q: %v", m, err)
					}
					if got := cp.score(int(seat)) - before; gain.Points != got || gain.Points <= 0 || gain.Wins {
						t.Fatalf("%d seats, move %d, %q: gain %+v, scores %d", seats, i, m, gain, got)
					}
					eats++
				}
			}
			m, err := rules.RandomMove(s, seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if m[0] != vEat {
				if g := s.Gain(seat, m); !g.Zero() {
					t.Fatalf("%q gains %+v", m, g)
				}
				others++
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatalf("%q: %v", m, err)
			}
		}
	}
	if eats == 0 || others == 0 {
		t.Errorf("%d eats and %d other moves checked: the test saw too little", eats, others)
	}
}
