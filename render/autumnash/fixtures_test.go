package autumnash

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	game "github.com/boardbot/boardbot/rules/autumnash"
)

var (
	_       = flag.Bool("update", false, "rewrite golden images")
	regenUp = flag.Bool("regen-views", false, "replay the seeded games and rewrite the view fixtures in testdata")
)

// A fixture is a position for the golden tests, found by playing a seeded random game through the
// rules and stopping at the first view pick accepts. The views are stored as JSON in testdata so
// the goldens test the drawing alone; -regen-views replays the games to refresh them after a
// change in the rules.
type fixture struct {
	name    string
	variant string
	seed    uint64
	pick    func(*game.View) bool
}

func stackHeight(v *game.View) int {
	h := 0
	for _, s := range v.Stacks {
		h = max(h, len(s))
	}
	return h
}

var fixtures = []fixture{
	{"start", game.VariantStandard, 1, func(*game.View) bool { return true }},
	{"beginner-start", game.VariantBeginner, 1, func(*game.View) bool { return true }},
	{"mid-stacks", game.VariantStandard, 3, func(v *game.View) bool { return stackHeight(v) >= 3 }},
	{"entered", game.VariantStandard, 4, func(v *game.View) bool { return v.Last != nil && v.Last.Entered != nil && len(v.Last.Path) == 3 }},
	{"bagging", game.VariantStandard, 2, func(v *game.View) bool { return v.Last != nil && len(v.Last.Bagged) >= 3 }},
	{"unsettled-early", game.VariantUnsettled, 5, func(v *game.View) bool { return v.Last != nil && countPieces(v) >= 4 }},
	{"unsettled-mid", game.VariantUnsettled, 5, func(v *game.View) bool { return countPieces(v) >= 10 && stackHeight(v) >= 2 }},
	// Both players' last moves bagged: the older bag must stay on the board.
	{"both-bagged", game.VariantStandard, 1, func(v *game.View) bool {
		return v.Last != nil && v.Prev != nil && v.Last.Points > 0 && v.Prev.Points > 0
	}},
	{"over", game.VariantStandard, 0, func(v *game.View) bool { return v.Result != nil && max(v.Scores[0], v.Scores[1]) >= v.Target }},
}

func countPieces(v *game.View) int {
	n := 0
	for _, s := range v.Stacks {
		n += len(s)
	}
	return n
}

func fixturePath(name string) string { return filepath.Join("testdata", name+".view.json") }

// findView plays seeded games from f.seed on (seed 0 means "search from 1") until pick accepts a
// view, the start position included.
func findView(t testing.TB, f fixture) *game.View {
	start := f.seed
	if start == 0 {
		start = 1
	}
	for seed := start; seed < start+500; seed++ {
		for _, v := range playout(t, f.variant, seed, f.pick) {
			if f.pick(v) {
				t.Logf("%s: seed %d", f.name, seed)
				return v
			}
		}
	}
	t.Fatalf("%s: no seeded game reached the position", f.name)
	return nil
}

func loadFixture(t testing.TB, f fixture) *game.View {
	t.Helper()
	if *regenUp {
		v := findView(t, f)
		b, err := json.MarshalIndent(v, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fixturePath(f.name), append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return v
	}
	b, err := os.ReadFile(fixturePath(f.name))
	if err != nil {
		t.Fatalf("%v (run go test -regen-views to create it)", err)
	}
	var v game.View
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%s: %v", f.name, err)
	}
	return &v
}
