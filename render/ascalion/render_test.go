package ascalion

import (
	"bytes"
	"encoding/json"
	"flag"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/ascalion"
)

var update = flag.Bool("update", false, "rewrite golden images and the positions they are drawn from")

// position loads a fixture's snapshot from testdata, or with -update plays it afresh and saves it,
// so the golden images do not depend on how random play unfolds.
func position(t testing.TB, name string, setup rules.Setup, moves int, stop func(rules.State) bool) rules.State {
	t.Helper()
	path := filepath.Join("testdata", name+".json")
	if !*update {
		if b, err := os.ReadFile(path); err == nil {
			st, err := game.Game.Decode(b)
			if err != nil {
				t.Fatalf("%s: %v (run with -update to regenerate)", path, err)
			}
			return st
		}
	}
	st := play(t, setup, moves, stop)
	b, err := st.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return st
}

// play makes a game of n seats and plays random legal moves until stop says so.
func play(t testing.TB, setup rules.Setup, moves int, stop func(rules.State) bool) rules.State {
	t.Helper()
	st, err := game.Game.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(setup.Seed, 3))
	for i := 0; i < moves && st.Result() == nil; i++ {
		if stop != nil && stop(st) {
			break
		}
		ps := st.Awaiting()
		p := ps[r.IntN(len(ps))]
		m, err := rules.RandomMove(st, p.Seat, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(p.Seat, m); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func stageIs(want string) func(rules.State) bool {
	return func(st rules.State) bool { return st.View(rules.Spectator).(game.View).PhaseName == want }
}

var fixtures = []struct {
	name  string
	setup rules.Setup
	moves int
	stop  func(rules.State) bool
}{
	{"setup", rules.Setup{Seats: 4, Seed: 1}, 20, nil},
	{"midgame4", rules.Setup{Seats: 4, Seed: 2, Options: map[string]string{"setup": "quick"}}, 700, nil},
	{"attack6", rules.Setup{Seats: 6, Seed: 3, Options: map[string]string{"setup": "quick", "expansion": "on"}}, 3000,
		func(st rules.State) bool {
			v := st.View(rules.Spectator).(game.View)
			return v.Attack != nil && v.Attack.Totals != nil && len(v.Attack.Asked) > 0
		}},
	{"trade3", rules.Setup{Seats: 3, Seed: 4, Options: map[string]string{"setup": "quick"}}, 3000,
		func(st rules.State) bool { return len(st.View(rules.Spectator).(game.View).Offers) > 0 }},
	{"end5", rules.Setup{Seats: 5, Seed: 11, Options: map[string]string{"setup": "quick", "expansion": "on"}}, 40000, nil},
	{"passage4", rules.Setup{Seats: 4, Seed: 5, Options: map[string]string{"setup": "quick"}}, 6000,
		func(st rules.State) bool { return st.View(rules.Spectator).(game.View).Passage != nil }},
}

func TestGolden(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			st := position(t, f.name, f.setup, f.moves, f.stop)
			img, err := Image(st.View(rules.Spectator), render.SampleMeta(f.setup.Seats))
			if err != nil {
				t.Fatal(err)
			}
			render.Golden(t, f.name, img)
			b, err := PNG(st.View(0), render.Meta{})
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > 150_000 {
				t.Errorf("PNG is %d bytes, want under 150 KB", len(b))
			}
			if dir := os.Getenv("ASCALION_PNG"); dir != "" {
				_ = os.WriteFile(filepath.Join(dir, f.name+".png"), b, 0o644)
			}
		})
	}
}

// A view that went through JSON draws the same picture.
func TestImageFromJSON(t *testing.T) {
	st := position(t, "trade3", rules.Setup{Seats: 3, Seed: 4, Options: map[string]string{"setup": "quick"}}, 3000, nil)
	a, err := Image(st.View(rules.Spectator), render.Meta{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(st.View(rules.Spectator))
	c, err := Image(b, render.Meta{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.(*image.RGBA).Pix, c.(*image.RGBA).Pix) {
		t.Error("the JSON round trip changes the picture")
	}
	if _, err := Image([]byte(`{"lands":[]}`), render.Meta{}); err == nil {
		t.Error("a JSON object that is no Ascalion view must be refused")
	}
}

func TestImageRejectsOtherViews(t *testing.T) {
	if _, err := Image(42, render.Meta{}); err == nil {
		t.Error("a non-Ascalion view must be refused")
	}
	if _, err := Image((*game.View)(nil), render.Meta{}); err == nil {
		t.Error("a nil view must be refused")
	}
}

func BenchmarkRenderPNG(b *testing.B) {
	st := position(b, "attack6", rules.Setup{Seats: 6, Seed: 3, Options: map[string]string{"setup": "quick", "expansion": "on"}}, 3000, nil)
	v := st.View(rules.Spectator)
	b.ReportAllocs()
	done := render.CPUPerOp(b)
	for b.Loop() {
		if _, err := PNG(v, render.Meta{}); err != nil {
			b.Fatal(err)
		}
	}
	done(b.N)
}

// BenchmarkFocus is the focus image posted with the board, drawn and encoded.
func BenchmarkFocus(b *testing.B) {
	st := position(b, "attack6", rules.Setup{Seats: 6, Seed: 3, Options: map[string]string{"setup": "quick", "expansion": "on"}}, 3000, nil)
	v := st.View(rules.Spectator)
	meta := render.SampleMeta(6)
	b.ReportAllocs()
	done := render.CPUPerOp(b)
	for b.Loop() {
		if _, err := Focus(v, meta); err != nil {
			b.Fatal(err)
		}
	}
	done(b.N)
}

// TestGoldenFocus keeps the focus image posted with the board at mid-game moments: the map around
// the last move, the players, the decision and the last events.
func TestGoldenFocus(t *testing.T) {
	for _, f := range fixtures {
		if f.name != "midgame4" && f.name != "attack6" && f.name != "trade3" {
			continue // mid-game moments only
		}
		t.Run(f.name, func(t *testing.T) {
			st := position(t, f.name, f.setup, f.moves, f.stop)
			b, err := Focus(st.View(rules.Spectator), render.SampleMeta(f.setup.Seats))
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			render.Golden(t, "focus-"+f.name, img)
		})
	}
}

// A thread post's board tells in its last-move box the post's turns (Meta.Last); without them
// the engine's log of the latest moves.
func TestLastMoveBoxTellsThePost(t *testing.T) {
	f := fixtures[len(fixtures)-1]
	st := position(t, f.name, f.setup, f.moves, f.stop)
	texts := func(m render.Meta) string {
		stop := render.RecordLabels()
		if _, err := Image(st.View(rules.Spectator), m); err != nil {
			stop()
			t.Fatal(err)
		}
		var out []string
		for _, l := range stop() {
			out = append(out, l.Text)
		}
		return strings.Join(out, "\n")
	}
	m := render.SampleMeta(f.setup.Seats)
	m.Last = []string{"alice (Red) carries 1 iron on foot from Velinor to Calmor.", "", "bob (Blue) is done trading."}
	got := texts(m)
	for _, l := range m.Last {
		if l != "" && !strings.Contains(got, l) {
			t.Errorf("the box lacks the post's line %q:\n%s", l, got)
		}
	}
	if strings.Contains(texts(render.SampleMeta(f.setup.Seats)), m.Last[0]) {
		t.Error("without the post's lines the box tells them anyway")
	}
}
