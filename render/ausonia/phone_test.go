package ausonia

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
)

// size decodes a PNG's width and height.
func size(t *testing.T, b []byte) (int, int) {
	t.Helper()
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return cfg.Width, cfg.Height
}

// A seat's private view is drawn for a phone: every label, the hand's cards' names and texts
// among them, at least 9 px once the image is 400 px wide. The cards' faces are cached sprites,
// so their labels are recorded by painting each card of the hand afresh.
func TestPrivateViewReadsOnAPhone(t *testing.T) {
	for _, f := range fixtures {
		if f.viewer == rules.Spectator {
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			v := loadFixture(t, f)
			if len(v.Me.Hand) == 0 {
				t.Fatal("an empty hand tests nothing")
			}
			stop := render.RecordLabels()
			b, err := PNG(v, render.SampleMeta(len(v.Players)))
			for _, code := range v.Me.Hand {
				sp := render.NewSprite(tileW, 400)
				paintTile(sp, 0, 0, 400, code, false, "")
			}
			labels := stop()
			if err != nil {
				t.Fatal(err)
			}
			w, h := size(t, b)
			small, px, ok := render.SmallestLabel(labels, w, 400)
			if !ok || px < 9-1e-9 {
				t.Errorf("%dx%d: %q is %.1f px at 400 px wide, want at least 9", w, h, small.Text, px)
			}
			if h*400/w > 1800 {
				t.Errorf("%dx%d is %d px tall at 400 px wide, want at most 1800", w, h, h*400/w)
			}
		})
	}
}

// The 4-seat focus image stays within about two phone screens: the houses not playing take two
// lines each.
func TestFocusFourSeatsIsTwoScreens(t *testing.T) {
	v := loadFixture(t, fixtures[3])
	if len(v.Players) != 4 {
		t.Fatalf("fixture has %d seats", len(v.Players))
	}
	b, err := Focus(v, render.SampleMeta(4))
	if err != nil {
		t.Fatal(err)
	}
	if w, h := size(t, b); h*400/w > 1400 {
		t.Errorf("%dx%d is %d px tall at 400 px wide, want at most 1400", w, h, h*400/w)
	}
}
