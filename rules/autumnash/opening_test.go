package autumnash

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
)

// Normal's opening varies with the seed (issue 40: a player who meets it twice should not see the
// same first move): over 20 seeds, Rainbow's first move at normal is one of many, and not every
// one of them enters a leaf on a corner.
func TestNormalOpeningsVary(t *testing.T) {
	seen := map[string]int{}
	corner := 0
	for seed := uint64(1); seed <= 20; seed++ {
		st, err := Game.New(rules.Setup{Seats: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		cfg, _ := ai.ForLevel("normal", seed)
		m, _, err := ai.Choose(Game, st, 0, cfg)
		if err != nil {
			t.Fatal(err)
		}
		seen[m.String()]++
		s := st.(*state)
		if sq, ok := s.v.parseSquare(m[0]); ok && s.isFieldCorner(sq) && s.b.vacant(sq) {
			corner++
		}
	}
	t.Logf("%d distinct first moves over 20 seeds, %d entering a corner: %v", len(seen), corner, seen)
	if len(seen) < 10 {
		t.Errorf("%d distinct first moves over 20 seeds, want at least 10: %v", len(seen), seen)
	}
	if corner == 20 {
		t.Error("every first move enters a leaf on a corner")
	}
}
