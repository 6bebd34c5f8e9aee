package autumnash

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// bruteForkValue is forkValue played out in full: every reply, every answer, no zone and no
// shortcut for answers away from the threats.
func bruteForkValue(p *state, me rules.Seat) int {
	best := p.bestBag()
	var afterR, after state
	for _, r := range p.basicMoves(nil, anywhere) {
		g := p.playInto(&afterR, r)
		if g >= winValue {
			return winValue
		}
		least := 2 * winValue
		for _, q := range afterR.basicMoves(nil, anywhere) {
			gq := afterR.playInto(&after, q)
			v := -winValue
			if gq < winValue {
				v = after.bestBag() - gq
			}
			least = min(least, v)
		}
		if least == 2*winValue { // no answer at all
			least = 0
		}
		best = max(best, min(g+max(0, least), winValue-1))
	}
	_ = me
	return best
}

// forkValue, with its zones and shortcuts, agrees with playing every reply and answer out, over
// positions of random games small enough to play out. Its one shortcut that can differ counts an
// answer far from the threats as bagging the player's best bag, so it is never above the truth.
func TestForkValueAgrees(t *testing.T) {
	checked, differ, forks := 0, 0, 0
	for seed := uint64(1); seed <= 40 && checked < 16; seed++ {
		st, err := Game.New(rules.Setup{Seats: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		r := rand.New(rand.NewPCG(seed, 5))
		for n := 0; n < 200 && s.result == nil && checked < 16; n++ {
			if n >= 20 && n%7 == 0 {
				p := s.Clone().(*state)
				if rs := p.basicMoves(nil, anywhere); len(rs) < 120 {
					f := &forkSearch{me: other(p.turn)}
					fast := f.forkValue(p, p.bestBag(), 2*winValue)
					slow := bruteForkValue(p.Clone().(*state), other(p.turn))
					checked++
					if slow > p.bestBag() {
						forks++
					}
					if fast > slow {
						t.Fatalf("seed %d move %d: forkValue %d, played out %d\n%s", seed, n, fast, slow, p.diagram())
					}
					if fast != slow {
						differ++
						t.Logf("seed %d move %d: forkValue %d, played out %d", seed, n, fast, slow)
					}
				}
			}
			m, err := rules.RandomMove(s, s.turn, r)
			if err != nil {
				t.Fatal(err)
			}
			s.Apply(s.turn, m)
		}
	}
	t.Logf("%d positions, %d with a fork, %d differ", checked, forks, differ)
	if checked < 10 || forks == 0 || differ*5 > checked {
		t.Errorf("%d positions checked, %d differ", checked, differ)
	}
}
