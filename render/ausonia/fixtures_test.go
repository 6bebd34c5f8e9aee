package ausonia

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/ausonia"
)

var (
	_       = flag.Bool("update", false, "rewrite golden images")
	regenUp = flag.Bool("regen-views", false, "replay the seeded games and rewrite the view fixtures in testdata")
)

// A fixture is a position for the golden tests: a seeded game played by a simple policy for a
// number of moves, seen by one seat or a spectator. Views are stored as JSON in testdata so the
// goldens test the drawing alone; -regen-views replays the games after a change in the rules.
type fixture struct {
	name   string
	seats  int
	seed   uint64
	moves  int        // moves to play; -1 plays to the end
	viewer rules.Seat // -2: the awaited seat
}

var fixtures = []fixture{
	{"start-public", 2, 1, 0, rules.Spectator},
	{"start-hand", 2, 1, 0, -2},
	{"mid-3p-hand", 3, 2, 60, -2},
	{"late-4p-public", 4, 3, 330, rules.Spectator},
	{"solo-hand", 1, 4, 40, -2},
	{"solo-public", 1, 4, 40, rules.Spectator}, // the Aspirant and the card it takes next
	{"over-2p", 2, 5, -1, rules.Spectator},
}

// policy plays every gem card, buys the dearest affordable card, uses what it can, then passes,
// always following the choice tree.
func policy(st rules.State, p rules.Seat) rules.Move {
	first := func(m rules.Move) rules.Move {
		for len(m) < 12 {
			cs, done, err := st.Choices(p, m)
			if err != nil || done || len(cs) == 0 {
				return m
			}
			m = append(m, cs[0].Token)
		}
		return m
	}
	root, _, _ := st.Choices(p, nil)
	has := func(tok string) bool {
		for _, c := range root {
			if c.Token == tok {
				return true
			}
		}
		return false
	}
	switch {
	case !has("pass"): // a keyword's question
		return first(nil)
	case has("play"):
		cs, _, _ := st.Choices(p, rules.Move{"play"})
		return first(rules.Move{"play", cs[0].Token})
	case has("build"):
		return first(rules.Move{"build"})
	case has("use"):
		return first(rules.Move{"use"})
	case has("buy"):
		cs, _, _ := st.Choices(p, rules.Move{"buy"})
		best := cs[len(cs)-1].Token
		return first(rules.Move{"buy", best})
	}
	return rules.Move{"pass"}
}

func playFixture(t *testing.T, f fixture) *game.View {
	st, err := game.Game.New(rules.Setup{Seats: f.seats, Seed: f.seed, Options: map[string]string{game.OptAspirant: "2"}})
	if err != nil {
		t.Fatal(err)
	}
	// After the given moves, go on to the start of someone's turn with a hand worth seeing.
	ready := func() bool {
		if f.moves < 0 || f.viewer != -2 {
			return true
		}
		v := st.View(st.Awaiting()[0].Seat).(*game.View)
		return v.Waiting != "" && len(v.Me.Hand) >= 5 && v.Pool.Total() == 0 && len(v.Players[v.Turn].Play) == 0
	}
	for n := 0; (f.moves < 0 || n < f.moves || !ready()) && st.Result() == nil; n++ {
		p := st.Awaiting()[0].Seat
		if _, err := st.Apply(p, policy(st, p)); err != nil {
			t.Fatalf("%s move %d: %v", f.name, n, err)
		}
		if n > 5000 {
			t.Fatalf("%s: no end", f.name)
		}
	}
	viewer := f.viewer
	if viewer == -2 {
		viewer = st.Awaiting()[0].Seat
	}
	return st.View(viewer).(*game.View)
}

func loadFixture(t *testing.T, f fixture) *game.View {
	t.Helper()
	path := filepath.Join("testdata", f.name+".view.json")
	if *regenUp {
		v := playFixture(t, f)
		b, _ := json.MarshalIndent(v, "", "  ")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return v
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -regen-views)", err)
	}
	v := &game.View{}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
	return v
}
