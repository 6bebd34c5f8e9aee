package anim

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/render"
)

// A Framer redraws only what changed, yet every frame equals the whole board scaled and
// quantised: boards changed in small patches, at tile edges and corners, resized, and narrower
// than the frame width.
func TestFramerMatchesWholeFrames(t *testing.T) {
	pal := color.Palette{}
	for i := range 40 {
		pal = append(pal, color.RGBA{uint8(i * 6), uint8(255 - i*5), uint8(i * 37), 255})
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		name  string
		width int
		sizes []image.Point
	}{
		{"shrunk", 300, []image.Point{{450, 333}}},
		{"as drawn", 500, []image.Point{{450, 333}}},
		{"height follows the view", 300, []image.Point{{450, 333}, {450, 360}, {450, 360}, {451, 360}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := NewFramer(c.width, pal)
			var board *image.RGBA
			for step := range 12 {
				size := c.sizes[min(step/3, len(c.sizes)-1)]
				if board == nil || board.Rect.Size() != size {
					board = noise(size.X, size.Y)
				}
				// A few patches of one colour, some across tile edges or at the border.
				for range r.IntN(4) {
					x, y := r.IntN(size.X), r.IntN(size.Y)
					p := image.Rect(x, y, x+1+r.IntN(70), y+1+r.IntN(50))
					col := color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255}
					draw.Draw(board, p, image.NewUniform(col), image.Point{}, draw.Src)
				}
				got := f.Frame(board)
				want := whole(board, c.width, pal)
				if got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
					t.Fatalf("step %d (%v): the frame differs from the whole board redrawn", step, size)
				}
			}
		})
	}
}

func whole(src *image.RGBA, width int, pal color.Palette) *image.Paletted {
	if src.Rect.Dx() <= width {
		return render.Quantise(src, pal)
	}
	dst := image.NewRGBA(image.Rect(0, 0, width, (src.Rect.Dy()*width+src.Rect.Dx()/2)/src.Rect.Dx()))
	Scale(dst, src)
	return render.Quantise(dst, pal)
}
