package anim

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"math/rand/v2"
	"testing"
	"time"
)

func palette(n int) color.Palette {
	p := make(color.Palette, n)
	for i := range p {
		p[i] = color.RGBA{uint8(i), uint8(255 - i), uint8(i * 7), 0xff}
	}
	return p
}

// frames makes a board-like sequence: runs of one colour, then a few patches changed per frame
// (sometimes none, to exercise merging).
func frames(r *rand.Rand, w, h, n int, pal color.Palette) []Frame {
	cur := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	for i := range cur.Pix {
		if r.IntN(9) == 0 || i == 0 {
			cur.Pix[i] = uint8(r.IntN(len(pal)))
		} else {
			cur.Pix[i] = cur.Pix[i-1]
		}
	}
	var out []Frame
	for f := 0; f < n; f++ {
		next := image.NewPaletted(cur.Rect, pal)
		copy(next.Pix, cur.Pix)
		if f > 0 && r.IntN(4) != 0 {
			for k := r.IntN(3) + 1; k > 0; k-- {
				x0, y0 := r.IntN(w), r.IntN(h)
				x1, y1 := min(w, x0+1+r.IntN(w/2+1)), min(h, y0+1+r.IntN(h/2+1))
				c := uint8(r.IntN(len(pal)))
				for y := y0; y < y1; y++ {
					for x := x0; x < x1; x++ {
						if r.IntN(3) > 0 {
							next.Pix[y*w+x] = c
						}
					}
				}
			}
		}
		out = append(out, Frame{Image: next, Delay: time.Duration(r.IntN(90)+10) * 10 * time.Millisecond})
		cur = next
	}
	return out
}

// composite decodes a GIF and draws its frames as a viewer does, returning what is on screen
// after each frame and the frame's delay.
func composite(t *testing.T, b []byte) ([]*image.Paletted, []int) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if g.LoopCount != 0 {
		t.Fatalf("loop count %d, want 0 (forever)", g.LoopCount)
	}
	screen := image.NewPaletted(image.Rect(0, 0, g.Config.Width, g.Config.Height), g.Config.ColorModel.(color.Palette))
	var out []*image.Paletted
	for i, f := range g.Image {
		if g.Disposal[i] != gif.DisposalNone {
			t.Fatalf("frame %d: disposal %d, want none", i, g.Disposal[i])
		}
		tr := -1
		for k, c := range f.Palette {
			if _, _, _, a := c.RGBA(); a == 0 {
				tr = k
			}
		}
		for y := f.Rect.Min.Y; y < f.Rect.Max.Y; y++ {
			for x := f.Rect.Min.X; x < f.Rect.Max.X; x++ {
				if c := f.ColorIndexAt(x, y); int(c) != tr {
					screen.SetColorIndex(x, y, c)
				}
			}
		}
		snap := image.NewPaletted(screen.Rect, screen.Palette)
		copy(snap.Pix, screen.Pix)
		out = append(out, snap)
	}
	return out, g.Delay
}

// Whatever the palette size (with a spare index for transparency or without), a viewer shows
// exactly the frames given, identical neighbours merged with their times added, and every frame
// after the first covers only what changed.
func TestEncodeShowsEveryFrame(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, tc := range []struct{ w, h, n, colours int }{
		{1, 1, 3, 2}, {7, 5, 6, 3}, {64, 48, 12, 16}, {301, 203, 9, 200}, {160, 120, 8, 256}, {500, 400, 4, 255},
	} {
		fs := frames(r, tc.w, tc.h, tc.n, palette(tc.colours))
		b, err := Encode(fs)
		if err != nil {
			t.Fatal(err)
		}
		got, delays := composite(t, b)
		// What the viewer should show: each run of identical frames once, with the summed delay.
		var want []*image.Paletted
		var wantDelay []int
		for i, f := range fs {
			cs := int((f.Delay + 5*time.Millisecond) / (10 * time.Millisecond))
			if i > 0 && bytes.Equal(f.Image.Pix, fs[i-1].Image.Pix) {
				wantDelay[len(wantDelay)-1] += cs
				continue
			}
			want = append(want, f.Image)
			wantDelay = append(wantDelay, cs)
		}
		if len(got) != len(want) {
			t.Fatalf("%+v: %d frames shown, want %d", tc, len(got), len(want))
		}
		for i := range want {
			if !bytes.Equal(got[i].Pix, want[i].Pix) {
				t.Fatalf("%+v: frame %d differs on screen", tc, i)
			}
			if delays[i] != wantDelay[i] {
				t.Fatalf("%+v: frame %d delay %d, want %d", tc, i, delays[i], wantDelay[i])
			}
		}
	}
}

// Only the changed rectangle is stored after the first frame.
func TestEncodeStoresOnlyTheChangedRectangle(t *testing.T) {
	pal := palette(4)
	a := image.NewPaletted(image.Rect(0, 0, 100, 80), pal)
	b := image.NewPaletted(a.Rect, pal)
	copy(b.Pix, a.Pix)
	b.SetColorIndex(10, 20, 1)
	b.SetColorIndex(30, 25, 2)
	out, err := Encode([]Frame{{Image: a, Delay: time.Second}, {Image: b, Delay: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if want := image.Rect(10, 20, 31, 26); g.Image[1].Rect != want {
		t.Fatalf("second frame covers %v, want %v", g.Image[1].Rect, want)
	}
}

// Long runs and the table resets of a large random image decode exactly (the LZW edge cases).
func TestLZWAgainstDecoder(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{1, 2, 3, 4093, 4094, 4095, 4096, 20000, 300000} {
		for _, colours := range []int{2, 4, 256} {
			w := n
			if n > 60000 {
				w = 1000 // a GIF is at most 65535 wide
			}
			img := image.NewPaletted(image.Rect(0, 0, w, (n+w-1)/w), palette(colours))
			for i := range img.Pix {
				img.Pix[i] = uint8(r.IntN(colours))
			}
			b, err := Encode([]Frame{{Image: img, Delay: time.Second}})
			if err != nil {
				t.Fatal(err)
			}
			got, _ := composite(t, b)
			if !bytes.Equal(got[0].Pix, img.Pix) {
				t.Fatalf("n=%d colours=%d: decoded pixels differ", n, colours)
			}
		}
	}
}

func TestEncodeRefusesMismatchedFrames(t *testing.T) {
	a := image.NewPaletted(image.Rect(0, 0, 4, 4), palette(3))
	for name, fs := range map[string][]Frame{
		"none":     nil,
		"size":     {{Image: a}, {Image: image.NewPaletted(image.Rect(0, 0, 5, 4), palette(3))}},
		"palette":  {{Image: a}, {Image: image.NewPaletted(a.Rect, palette(4))}},
		"nil":      {{Image: a}, {}},
		"too many": {{Image: image.NewPaletted(a.Rect, palette(257))}},
	} {
		if _, err := Encode(fs); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// Following runs of the transparent index by counting gives exactly the codes of plain LZW.
func TestLZWRunsMatchPlainCodes(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{1, 2, 100, 5000, 200000} {
		pix := make([]byte, n)
		for i := range pix {
			switch {
			case r.IntN(4) == 0:
				pix[i] = uint8(r.IntN(5))
			case r.IntN(40) == 0:
				// a long run, longer than any code the table can hold early on
				for k := 0; k < r.IntN(3000) && i < n; k, i = k+1, i+1 {
					pix[i] = 7
				}
				i--
			default:
				pix[i] = 7
			}
		}
		var plain, runs bytes.Buffer
		var z lzwEncoder
		z.encode(&plain, pix, 3, -1)
		z.encode(&runs, pix, 3, 7)
		if !bytes.Equal(plain.Bytes(), runs.Bytes()) {
			t.Fatalf("n=%d: the run path changes the output", n)
		}
	}
}

// Frames of one width and different heights: the picture is as tall as the tallest, and each
// frame is shown with the first frame's bottom-left colour below it.
func TestEncodeFramesOfDifferentHeights(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	pal := palette(6)
	var fs []Frame
	for _, h := range []int{40, 70, 25, 70, 55} {
		fs = append(fs, frames(r, 50, h, 1, pal)[0])
	}
	bg := fs[0].Image.Pix[39*50]
	b, err := Encode(fs)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := composite(t, b)
	if len(got) != len(fs) || got[0].Rect.Dy() != 70 {
		t.Fatalf("%d frames, %d tall; want %d, 70", len(got), got[0].Rect.Dy(), len(fs))
	}
	for i, f := range fs {
		want := image.NewPaletted(got[i].Rect, pal)
		for k := range want.Pix {
			want.Pix[k] = bg
		}
		copy(want.Pix, f.Image.Pix)
		if !bytes.Equal(got[i].Pix, want.Pix) {
			t.Fatalf("frame %d (%d tall) shows something else", i, f.Image.Rect.Dy())
		}
	}
}

// firstDiff and lastDiff, which compare eight bytes at a time, find the same ends as a byte by
// byte scan, for every length and every pair of differing positions.
func TestDiffEnds(t *testing.T) {
	for n := 1; n <= 40; n++ {
		for i := range n {
			for j := i; j < n; j++ {
				a, b := make([]byte, n), make([]byte, n)
				b[i], b[j] = 1, 1
				if got := firstDiff(a, b); got != i {
					t.Fatalf("n=%d, differing at %d and %d: firstDiff %d", n, i, j, got)
				}
				if got := lastDiff(a, b); got != j {
					t.Fatalf("n=%d, differing at %d and %d: lastDiff %d", n, i, j, got)
				}
			}
		}
	}
}
