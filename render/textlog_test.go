package render

import (
	"image"
	"testing"
)

// Recording hears every label with its size, the ones inside cached sprites too, and a crop
// keeps only the labels of the part cut out.
func TestRecordLabels(t *testing.T) {
	sprites := NewSprites(func(s string) image.Image {
		c := NewSprite(40, 20)
		c.Text(2, 10, s, Style{Size: 11})
		return c.Image()
	})
	sprites.Get("cached") // drawn before the recording: only a fresh draw is heard
	c := NewCanvas(200, 100, Paper)
	stop := RecordLabels()
	c.Text(10, 20, "left", Style{Size: 14})
	c.Text(150, 80, "right", Style{Size: 20})
	c.Text(150, 80, "  ", Style{Size: 5})
	c.Blit(sprites.Get("cached"), 0, 0)
	CropLabels(c.RGBA, image.Rect(100, 50, 200, 100))
	got := stop()
	want := map[string]float64{"right": 20, "cached": 11}
	if len(got) != len(want) {
		t.Fatalf("recorded %+v, want %v", got, want)
	}
	for _, l := range got {
		if want[l.Text] != l.Size {
			t.Errorf("recorded %q at %v, want %v", l.Text, l.Size, want[l.Text])
		}
	}
	small, px, ok := SmallestLabel(got, 800, 400)
	if !ok || small.Text != "cached" || px != 5.5 {
		t.Errorf("smallest label %+v at %v px, want cached at 5.5", small, px)
	}
	c.Text(10, 20, "after", Style{})
	if rest := RecordLabels(); len(rest()) != 0 {
		t.Error("labels were recorded after the recording stopped")
	}
}
