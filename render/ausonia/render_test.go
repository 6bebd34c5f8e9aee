package ausonia

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/ausonia"
)

func TestGolden(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			v := loadFixture(t, f)
			img, err := Image(v, render.SampleMeta(len(v.Players)))
			if err != nil {
				t.Fatal(err)
			}
			// Compare what is sent: the image after quantising to the game's palette.
			render.Golden(t, f.name, render.Quantise(img, pal))
		})
	}
}

func TestPNGIsSmall(t *testing.T) {
	for _, f := range fixtures {
		b, err := PNG(loadFixture(t, f), render.Meta{})
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > 150_000 {
			t.Errorf("%s: %d bytes", f.name, len(b))
		}
	}
}

func TestRejectsWhatIsNotAView(t *testing.T) {
	for _, v := range []any{nil, 3, (*game.View)(nil), &game.View{}, &game.View{Players: make([]game.PlayerView, 2), Turn: 5}} {
		if _, err := Image(v, render.Meta{}); err == nil {
			t.Errorf("%#v accepted", v)
		}
	}
}

func BenchmarkRenderAndEncode(b *testing.B) {
	t := &testing.T{}
	v := loadFixture(t, fixtures[2])
	b.ResetTimer()
	var size int
	done := render.CPUPerOp(b)
	for i := 0; i < b.N; i++ {
		png, err := PNG(v, render.Meta{})
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	done(b.N)
	b.ReportMetric(float64(size), "bytes")
}

// PNG draws on pooled canvases of varying heights: each fixture, drawn after all the others,
// encodes exactly like a fresh Image.
func TestPNGOnPooledCanvasMatchesImage(t *testing.T) {
	for _, f := range fixtures {
		PNG(loadFixture(t, f), render.Meta{}) // fill the pool with boards of every height
	}
	for _, f := range fixtures {
		v := loadFixture(t, f)
		got, err := PNG(v, render.Meta{})
		if err != nil {
			t.Fatal(err)
		}
		img, _ := Image(v, render.Meta{})
		want, _ := render.EncodePNG(img, pal)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: PNG on a pooled canvas differs from a fresh Image", f.name)
		}
	}
}

// TestGoldenFocus keeps the focus image posted with the board at a mid-game moment: whose move,
// the last move, the Offer Row and Power card, every house, the house to play with its areas.
func TestGoldenFocus(t *testing.T) {
	for _, f := range fixtures {
		if f.name != "late-4p-public" {
			continue // mid-game moments only (a spectator view, as the bot draws it)
		}
		t.Run(f.name, func(t *testing.T) {
			v := loadFixture(t, f)
			b, err := Focus(v, render.SampleMeta(len(v.Players)))
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

func BenchmarkFocus(b *testing.B) {
	t := &testing.T{}
	v := loadFixture(t, fixtures[3])
	meta := render.SampleMeta(len(v.Players))
	b.ResetTimer()
	var size int
	done := render.CPUPerOp(b)
	for i := 0; i < b.N; i++ {
		png, err := Focus(v, meta)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	done(b.N)
	b.ReportMetric(float64(size), "bytes")
}

// The last move names its players as the header does: the view keeps the engine's seat
// placeholders and the board renders them with the players' names ("alice": the house is the badge, not brackets).
func TestLastMoveNamesThePlayers(t *testing.T) {
	f := fixture{"names", 2, 5, 30, rules.Spectator}
	v := playFixture(t, f)
	if len(v.Last) == 0 {
		t.Fatal("the fixture's view has no last move")
	}
	if !rules.HasSeatRefs(strings.Join(v.Last, "\n")) {
		t.Fatalf("the view's last move names no seat by placeholder: %q", v.Last)
	}
	stop := render.RecordLabels()
	if _, err := PNG(v, render.SampleMeta(2)); err != nil {
		stop()
		t.Fatal(err)
	}
	labels := stop()
	checked := 0
	for _, line := range v.Last {
		i := strings.Index(line, "}")
		if !rules.HasSeatRefs(line) || i < 0 || strings.TrimSpace(line[i+1:]) == "" {
			continue
		}
		rest := line[i+1:]
		for _, l := range labels {
			if strings.HasSuffix(l.Text, rest) {
				checked++
				if !strings.HasPrefix(l.Text, "alice ") && !strings.HasPrefix(l.Text, "Bartholom") || strings.Contains(l.Text, "(House") {
					t.Errorf("last move %q drawn as %q: the player not named by name alone", line, l.Text)
				}
			}
		}
	}
	if checked == 0 {
		t.Errorf("no line of the last move was found among the labels: %q", v.Last)
	}
}

// A thread post's board tells in its last-move box the post's turns (Meta.Last), not the
// engine's last move; without them (a /board, a replay) it tells the engine's.
func TestLastMoveBoxTellsThePost(t *testing.T) {
	v := playFixture(t, fixture{"names", 2, 5, 30, rules.Spectator})
	texts := func(m render.Meta) string {
		stop := render.RecordLabels()
		if _, err := PNG(v, m); err != nil {
			stop()
			t.Fatal(err)
		}
		var out []string
		for _, l := range stop() {
			out = append(out, l.Text)
		}
		return strings.Join(out, "\n")
	}
	m := render.SampleMeta(2)
	m.Last = []string{"alice (House I) plays Steward.", "alice (House I) buys Tower Builder for 2 emeralds.", "",
		"Bartholomew (House II) uses Plague Doctor: Influence 3."}
	got := texts(m)
	for _, l := range m.Last {
		if l != "" && !strings.Contains(got, l) {
			t.Errorf("the box lacks the post's line %q:\n%s", l, got)
		}
	}
	own := v.Last[len(v.Last)-1]
	if i := strings.Index(own, "}"); i >= 0 {
		own = own[i+1:]
	}
	if strings.Contains(got, own) {
		t.Errorf("the box still tells the engine's last move %q", own)
	}
	if !strings.Contains(texts(render.SampleMeta(2)), own) {
		t.Errorf("without the post's lines, the box tells the engine's last move %q", own)
	}
}
