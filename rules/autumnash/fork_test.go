package autumnash

import (
	"math/rand/v2"
	"slices"
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

// A move that gives up a bag to keep the opponent from a bigger fork is the AI's choice and no
// habit, though one move deep another move looks better (from a random game, seed 202).
func TestForkStopIsNoHabit(t *testing.T) {
	s := pos(t, `variant standard
turn rainbow
scores 0 0
6 .      .      W3O1K1 Y3     .
5 .      Y1     .      .      K3
4 .      .      .      .      .
3 .      P2     P2     .      .
2 R1W1W1 .      G3O1O1 W2     K2
1 .      Y3Y1   .      .      .`)
	m := move("a1 pawn d6 d4 pawn")
	best, played := -2*winValue, 0
	for _, x := range s.tactics(s.turn) {
		best = max(best, x.net())
		if x.m.String() == m.String() {
			played = x.net()
		}
	}
	if played >= best {
		t.Fatalf("one move deep the move nets %d, the best %d: no premise", played, best)
	}
	if sm := s.SensibleMoves(s.turn); !slices.ContainsFunc(sm, func(x rules.Move) bool { return x.String() == m.String() }) {
		t.Fatalf("%s is not among the sensible moves %v", m, sm)
	}
	after := s.Clone().(*state)
	if _, err := after.Apply(s.turn, m); err != nil {
		t.Fatal(err)
	}
	if h := s.Habits(s.turn, m, nil, after); h != nil {
		t.Errorf("habits %v", h)
	}
}
