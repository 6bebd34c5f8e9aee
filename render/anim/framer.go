package anim

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"

	"github.com/boardbot/boardbot/render"
)

// Framer turns a game's successive boards into GIF frames at most Width pixels wide, in one
// palette. Between two turns most of a board stays as it was, so after the first board only the
// tiles of the source that changed are scaled and quantised again; every frame is pixel for pixel
// what scaling and quantising the whole board would give.
type Framer struct {
	width int
	pal   color.Palette

	prev   *image.RGBA     // the last source board, kept up to date tile by tile
	canvas *image.RGBA     // the last board scaled
	out    *image.Paletted // the last frame
	taps   scaleTaps
	dirty  []bool // per tile of the current board
}

// tile is the side of the squares compared between boards: small enough that a moved piece
// redraws little, large enough that comparing costs far less than scaling.
const tile = 32

// NewFramer makes frames at most width pixels wide (narrower boards keep their size) in pal.
func NewFramer(width int, pal color.Palette) *Framer {
	return &Framer{width: width, pal: pal}
}

// Frame returns img as a frame. The frame is reused by the next call: copy it (Encoder.Add does)
// before asking for another.
func (f *Framer) Frame(img image.Image) *image.Paletted {
	src, ok := img.(*image.RGBA)
	if !ok || src.Rect.Min != (image.Point{}) {
		src = image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
		draw.Draw(src, src.Rect, img, img.Bounds().Min, draw.Src)
	}
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	dw, dh := sw, sh
	if sw > f.width {
		dw, dh = f.width, (sh*f.width+sw/2)/sw
	}
	if f.prev == nil || f.prev.Rect != src.Rect || f.out.Rect.Dx() != dw || f.out.Rect.Dy() != dh {
		f.start(src, dw, dh)
		return f.out
	}
	f.update(src)
	return f.out
}

// start draws a whole board, for the first one and whenever the size changes.
func (f *Framer) start(src *image.RGBA, dw, dh int) {
	f.prev = image.NewRGBA(src.Rect)
	copy(f.prev.Pix, src.Pix[:len(f.prev.Pix)])
	f.out = image.NewPaletted(image.Rect(0, 0, dw, dh), f.pal)
	if dw == src.Rect.Dx() {
		f.canvas = nil
		render.QuantiseInto(f.out, f.prev)
		return
	}
	f.canvas = image.NewRGBA(f.out.Rect)
	f.taps = newScaleTaps(src.Rect.Dx(), src.Rect.Dy(), dw, dh)
	f.taps.scale(f.canvas, f.prev, f.canvas.Rect)
	render.QuantiseInto(f.out, f.canvas)
}

// update redraws the tiles of src that differ from the last board, a row of tiles at a time,
// each run of changed tiles as one rectangle.
func (f *Framer) update(src *image.RGBA) {
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	cols := (sw + tile - 1) / tile
	for ty := 0; ty < sh; ty += tile {
		y1 := min(ty+tile, sh)
		f.dirty = f.dirty[:0]
		for range cols {
			f.dirty = append(f.dirty, false)
		}
		any := false
		for y := ty; y < y1; y++ {
			a, b := src.Pix[y*src.Stride:][:4*sw], f.prev.Pix[y*f.prev.Stride:][:4*sw]
			if bytes.Equal(a, b) {
				continue
			}
			for c := range cols {
				if !f.dirty[c] {
					lo, hi := 4*c*tile, 4*min((c+1)*tile, sw)
					f.dirty[c] = !bytes.Equal(a[lo:hi], b[lo:hi])
					any = any || f.dirty[c]
				}
			}
		}
		if !any {
			continue
		}
		for c := 0; c < cols; {
			if !f.dirty[c] {
				c++
				continue
			}
			e := c
			for e < cols && f.dirty[e] {
				e++
			}
			f.redraw(src, image.Rect(c*tile, ty, min(e*tile, sw), y1))
			c = e
		}
	}
}

// redraw takes the source rectangle r from src and redraws every frame pixel it touches.
func (f *Framer) redraw(src *image.RGBA, r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := y*src.Stride + 4*r.Min.X
		copy(f.prev.Pix[o:o+4*r.Dx()], src.Pix[o:o+4*r.Dx()])
	}
	if f.canvas == nil {
		render.QuantiseInto(f.out.SubImage(r).(*image.Paletted), f.prev.SubImage(r))
		return
	}
	d := f.taps.covering(r)
	if d.Empty() {
		return
	}
	f.taps.scale(f.canvas, f.prev, d)
	render.QuantiseInto(f.out.SubImage(d).(*image.Paletted), f.canvas.SubImage(d))
}
