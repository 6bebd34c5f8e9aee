package aitest

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
)

// Tactic is a position where the rules make one move clearly best.
type Tactic struct {
	Name  string
	State func() rules.State // a fresh copy for each search
	Seat  rules.Seat
	Good  func(m rules.Move) bool // the move does what the position asks
}

// Tactics asks each level for a move in every position: normal must find at least 90% of them
// and hard all (hard is skipped with -short); easy is only reported.
func Tactics(t *testing.T, g rules.Game, cases []Tactic) {
	t.Helper()
	if len(cases) < 10 {
		t.Fatalf("%d tactic positions, want at least 10", len(cases))
	}
	levels := []string{"easy", "normal", "hard"}
	if testing.Short() {
		levels = levels[:2]
	}
	for _, level := range levels {
		found := 0
		for i, c := range cases {
			cfg, _ := ai.ForLevel(level, uint64(i+1))
			m, _, err := ai.Choose(g, c.State(), c.Seat, cfg)
			if err != nil {
				t.Fatalf("%s %s: %v", level, c.Name, err)
			}
			if c.Good(m) {
				found++
			} else if level != "easy" {
				t.Logf("%s missed %s: played %s", level, c.Name, m)
			}
		}
		t.Logf("%s: %d of %d", level, found, len(cases))
		if level == "normal" && found*10 < 9*len(cases) || level == "hard" && found < len(cases) {
			t.Errorf("%s found %d of %d tactics", level, found, len(cases))
		}
	}
}
