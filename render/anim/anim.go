// Package anim encodes animated GIFs of boards: paletted frames in, bytes out, no I/O.
//
// Every frame of an animation shares one palette (a game's fixed palette), written once as the
// global colour table. After the first frame only the rectangle that changed is encoded, drawn
// over the previous frame (disposal "do not dispose"); when the palette leaves an index free,
// pixels inside that rectangle that did not change are written as that transparent index, so the
// compressor sees long runs of one symbol instead of the board again. Identical consecutive
// frames are merged into one longer frame.
package anim

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"time"
)

// Frame is one picture of the animation and how long it stays on screen.
type Frame struct {
	Image *image.Paletted
	Delay time.Duration // rounded to GIF's hundredths of a second; at least 20 ms
}

// Encode writes frames as a GIF that loops forever. All frames must have the same bounds and the
// same palette (at most 256 colours).
func Encode(frames []Frame) ([]byte, error) {
	if len(frames) == 0 {
		return nil, errors.New("anim: no frames")
	}
	if frames[0].Image == nil {
		return nil, errors.New("anim: frame 0 has no image")
	}
	e, err := NewEncoder(frames[0].Image.Rect, frames[0].Image.Palette)
	if err != nil {
		return nil, err
	}
	for i, f := range frames {
		if err := e.Add(f); err != nil {
			return nil, fmt.Errorf("frame %d: %w", i, err)
		}
	}
	return e.Finish()
}

// Encoder builds a GIF one frame at a time, holding only two frames, so a long game need not
// keep every picture in memory.
type Encoder struct {
	buf   bytes.Buffer
	rect  image.Rectangle
	pal   color.Palette
	w, h  int
	bits  int // colour table size is 1<<bits
	trans int // transparent index, or -1 when the palette is full
	pix   []byte
	lzw   lzwEncoder

	prev, pending *image.Paletted // last frame written; the frame waiting for its successor
	delay         time.Duration   // the pending frame's
	frames        int
	done          bool
}

// NewEncoder starts an animation of frames with the given bounds and palette.
func NewEncoder(r image.Rectangle, pal color.Palette) (*Encoder, error) {
	if len(pal) == 0 || len(pal) > 256 {
		return nil, fmt.Errorf("anim: palette has %d colours, want 1 to 256", len(pal))
	}
	if r.Dx() > 0xffff || r.Dy() > 0xffff || r.Empty() {
		return nil, fmt.Errorf("anim: frame size %dx%d does not fit a GIF", r.Dx(), r.Dy())
	}
	e := &Encoder{rect: r, pal: pal, w: r.Dx(), h: r.Dy(), trans: -1}
	// A free palette slot becomes the transparent index for unchanged pixels.
	if len(pal) < 256 {
		e.trans = len(pal)
	}
	e.header(pal)
	return e, nil
}

// Add appends a frame; the encoder copies its pixels, so the caller may reuse the image.
func (e *Encoder) Add(f Frame) error {
	if e.done {
		return errors.New("anim: Add after Finish")
	}
	if f.Image == nil || f.Image.Rect != e.rect {
		return fmt.Errorf("anim: frame is not %dx%d like the first", e.w, e.h)
	}
	if !samePalette(f.Image.Palette, e.pal) {
		return errors.New("anim: frame has another palette than the first")
	}
	if e.pending != nil && equalPix(e.pending, f.Image, e.w, e.h) {
		e.delay += f.Delay // the same picture stays longer
		return nil
	}
	if e.pending != nil {
		e.frame(e.prev, e.pending, e.delay)
		e.prev, e.pending = e.pending, e.prev // reuse the old buffer for the next copy
	}
	if e.pending == nil {
		e.pending = image.NewPaletted(image.Rect(0, 0, e.w, e.h), e.pal)
	}
	for y := 0; y < e.h; y++ {
		copy(e.pending.Pix[y*e.w:(y+1)*e.w], f.Image.Pix[y*f.Image.Stride:])
	}
	e.delay = f.Delay
	return nil
}

// Bounds is the frame rectangle every Add must match.
func (e *Encoder) Bounds() image.Rectangle { return e.rect }

// Frames is the number of distinct frames so far.
func (e *Encoder) Frames() int {
	if e.pending == nil {
		return e.frames
	}
	return e.frames + 1
}

// Finish writes the last frame and the trailer and returns the GIF.
func (e *Encoder) Finish() ([]byte, error) {
	if e.done {
		return nil, errors.New("anim: Finish twice")
	}
	if e.pending == nil {
		return nil, errors.New("anim: no frames")
	}
	e.frame(e.prev, e.pending, e.delay)
	e.done = true
	e.buf.WriteByte(0x3b) // trailer
	return e.buf.Bytes(), nil
}

func equalPix(a, b *image.Paletted, w, h int) bool {
	for y := 0; y < h; y++ {
		if !bytes.Equal(a.Pix[y*a.Stride:y*a.Stride+w], b.Pix[y*b.Stride:y*b.Stride+w]) {
			return false
		}
	}
	return true
}

// pick is the pixel to store: the transparent index where nothing changed.
func pick(cur, old, trans byte) byte {
	if cur == old {
		return trans
	}
	return cur
}

func t8(b byte) uint64 { return uint64(b) * 0x0101010101010101 }

func samePalette(a, b color.Palette) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		r1, g1, b1, a1 := a[i].RGBA()
		r2, g2, b2, a2 := b[i].RGBA()
		if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
			return false
		}
	}
	return true
}

func (e *Encoder) header(pal color.Palette) {
	e.buf.WriteString("GIF89a")
	// Room for the palette and, when there is space, one more index for transparency.
	e.bits = 1
	for 1<<e.bits < min(len(pal)+1, 256) {
		e.bits++
	}
	e.buf.Write([]byte{byte(e.w), byte(e.w >> 8), byte(e.h), byte(e.h >> 8),
		0x80 | byte(e.bits-1)<<4 | byte(e.bits-1), 0, 0}) // global table, its size; background 0
	table := make([]byte, 3<<e.bits)
	for i, c := range pal {
		r, g, b, _ := c.RGBA()
		table[3*i], table[3*i+1], table[3*i+2] = byte(r>>8), byte(g>>8), byte(b>>8)
	}
	e.buf.Write(table)
	// NETSCAPE2.0: loop forever.
	e.buf.Write([]byte{0x21, 0xff, 11})
	e.buf.WriteString("NETSCAPE2.0")
	e.buf.Write([]byte{3, 1, 0, 0, 0})
}

// changed returns the smallest rectangle (in frame coordinates from 0,0) holding every pixel that
// differs between prev and cur, and false when none does.
func changed(prev, cur *image.Paletted, w, h int) (image.Rectangle, bool) {
	y0, y1 := -1, -1
	x0, x1 := w, 0
	for y := 0; y < h; y++ {
		a := prev.Pix[y*prev.Stride : y*prev.Stride+w]
		b := cur.Pix[y*cur.Stride : y*cur.Stride+w]
		if bytes.Equal(a, b) {
			continue
		}
		if y0 < 0 {
			y0 = y
		}
		y1 = y + 1
		l := 0
		for a[l] == b[l] {
			l++
		}
		r := w
		for a[r-1] == b[r-1] {
			r--
		}
		x0, x1 = min(x0, l), max(x1, r)
	}
	if y0 < 0 {
		return image.Rectangle{}, false
	}
	return image.Rect(x0, y0, x1, y1), true
}

func (e *Encoder) frame(prev, cur *image.Paletted, delay time.Duration) {
	rect := image.Rect(0, 0, e.w, e.h)
	if prev != nil {
		if r, ok := changed(prev, cur, e.w, e.h); ok {
			rect = r
		} else {
			rect = image.Rect(0, 0, 1, 1) // cannot happen after merging; keep the stream valid
		}
	}
	n := rect.Dx() * rect.Dy()
	if cap(e.pix) < n {
		e.pix = make([]byte, n)
	}
	pix := e.pix[:n]
	useTrans := prev != nil && e.trans >= 0
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		out := pix[(y-rect.Min.Y)*rect.Dx():][:rect.Dx()]
		src := cur.Pix[y*cur.Stride+rect.Min.X:][:rect.Dx()]
		if !useTrans {
			copy(out, src)
			continue
		}
		old := prev.Pix[y*prev.Stride+rect.Min.X:][:rect.Dx()]
		t := byte(e.trans)
		x := 0
		// Eight pixels at a time: most of the rectangle did not change.
		for ; x+8 <= len(src); x += 8 {
			a, b := binary.LittleEndian.Uint64(src[x:]), binary.LittleEndian.Uint64(old[x:])
			if a == b {
				binary.LittleEndian.PutUint64(out[x:], t8(t))
				continue
			}
			for k := x; k < x+8; k++ {
				out[k] = pick(src[k], old[k], t)
			}
		}
		for ; x < len(src); x++ {
			out[x] = pick(src[x], old[x], t)
		}
	}
	e.frames++
	cs := (delay + 5*time.Millisecond) / (10 * time.Millisecond)
	cs = min(max(cs, 2), 0xffff) // below 2 most viewers show 10 anyway
	flags := byte(1 << 2)        // disposal: do not dispose, the next frame draws over this one
	ti := byte(0)
	if useTrans {
		flags |= 1
		ti = byte(e.trans)
	}
	e.buf.Write([]byte{0x21, 0xf9, 4, flags, byte(cs), byte(cs >> 8), ti, 0})
	e.buf.Write([]byte{0x2c, byte(rect.Min.X), byte(rect.Min.X >> 8), byte(rect.Min.Y), byte(rect.Min.Y >> 8),
		byte(rect.Dx()), byte(rect.Dx() >> 8), byte(rect.Dy()), byte(rect.Dy() >> 8), 0})
	lit := max(e.bits, 2) // GIF's LZW needs a minimum code size of 2
	e.buf.WriteByte(byte(lit))
	run := -1
	if useTrans {
		run = e.trans
	}
	e.lzw.encode(&e.buf, pix, lit, run)
}
