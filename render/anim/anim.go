// Package anim encodes animated GIFs of boards: paletted frames in, bytes out, no I/O.
//
// Every frame of an animation shares one palette (a game's fixed palette), written once as the
// global colour table. After the first frame only the rectangle that changed is encoded, drawn
// over the previous frame (disposal "do not dispose"); when the palette leaves an index free,
// pixels inside that rectangle that did not change are written as that transparent index, so the
// compressor sees long runs of one symbol instead of the board again. Identical consecutive
// frames are merged into one longer frame. Frames share a width but may differ in height (boards
// whose panels follow the game): the picture is as tall as the tallest, and a shorter frame shows
// the first frame's bottom-left colour below it.
package anim

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math/bits"
	"time"
)

// Frame is one picture of the animation and how long it stays on screen.
type Frame struct {
	Image *image.Paletted
	Delay time.Duration // rounded to GIF's hundredths of a second; at least 20 ms
}

// Encode writes frames as a GIF that loops forever. All frames must have the same width and the
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

// Encoder builds a GIF one frame at a time, holding only three frames (the first, the last
// written and the one waiting), so a long game need not keep every picture in memory.
type Encoder struct {
	buf   bytes.Buffer // every frame after the first; the header and first frame come at Finish
	pal   color.Palette
	w, h  int  // width, and the tallest frame so far
	bits  int  // colour table size is 1<<bits
	trans int  // transparent index, or -1 when the palette is full
	bg    byte // what shows below a frame shorter than the picture
	pix   []byte
	bgRow []byte
	lzw   lzwEncoder

	first, prev, pending *image.Paletted // frames as copies with Stride w
	delay                time.Duration   // the pending frame's
	rect                 image.Rectangle // what the pending frame changes
	firstDelay           time.Duration
	frames               int
	done                 bool
}

// NewEncoder starts an animation of frames as wide as r, in the palette pal.
func NewEncoder(r image.Rectangle, pal color.Palette) (*Encoder, error) {
	if len(pal) == 0 || len(pal) > 256 {
		return nil, fmt.Errorf("anim: palette has %d colours, want 1 to 256", len(pal))
	}
	if r.Dx() > 0xffff || r.Empty() {
		return nil, fmt.Errorf("anim: frame width %d does not fit a GIF", r.Dx())
	}
	e := &Encoder{pal: pal, w: r.Dx(), trans: -1}
	// A free palette slot becomes the transparent index for unchanged pixels.
	if len(pal) < 256 {
		e.trans = len(pal)
	}
	// Room for the palette and, when there is space, one more index for transparency.
	e.bits = 1
	for 1<<e.bits < min(len(pal)+1, 256) {
		e.bits++
	}
	return e, nil
}

// Add appends a frame; the encoder copies its pixels, so the caller may reuse the image.
func (e *Encoder) Add(f Frame) error {
	if e.done {
		return errors.New("anim: Add after Finish")
	}
	if f.Image == nil || f.Image.Rect.Dx() != e.w || f.Image.Rect.Empty() || f.Image.Rect.Dy() > 0xffff {
		return fmt.Errorf("anim: frame is not %d pixels wide like the first", e.w)
	}
	if !samePalette(f.Image.Palette, e.pal) {
		return errors.New("anim: frame has another palette than the first")
	}
	var rect image.Rectangle
	if e.pending != nil {
		// One pass over the new frame finds what it changes, or that it changes nothing.
		r, ok := e.changed(e.pending, f.Image)
		if !ok {
			e.delay += f.Delay // the same picture stays longer
			return nil
		}
		e.flush()
		rect = r
	}
	e.pending = e.copyOf(f.Image, e.pending)
	e.delay, e.rect = f.Delay, rect
	e.h = max(e.h, f.Image.Rect.Dy())
	return nil
}

// flush writes the pending frame (the first waits for Finish, when the height is known).
func (e *Encoder) flush() {
	if e.first == nil {
		e.first, e.firstDelay = e.pending, e.delay
		e.bg = e.first.Pix[(e.first.Rect.Dy()-1)*e.w]
		e.prev, e.pending = e.first, nil
		return
	}
	e.frame(&e.buf, e.prev, e.pending, e.rect, e.delay)
	old := e.prev
	e.prev, e.pending = e.pending, nil
	if old != e.first {
		e.pending = old // reuse its buffer for the next copy
	}
}

func (e *Encoder) copyOf(img *image.Paletted, buf *image.Paletted) *image.Paletted {
	h := img.Rect.Dy()
	if buf == nil || cap(buf.Pix) < e.w*h {
		buf = image.NewPaletted(image.Rect(0, 0, e.w, h), e.pal)
	}
	buf.Pix, buf.Rect, buf.Stride = buf.Pix[:e.w*h], image.Rect(0, 0, e.w, h), e.w
	for y := 0; y < h; y++ {
		copy(buf.Pix[y*e.w:(y+1)*e.w], img.Pix[y*img.Stride:])
	}
	return buf
}

// Frames is the number of distinct frames so far.
func (e *Encoder) Frames() int {
	n := e.frames
	if e.first != nil {
		n++
	}
	if e.pending != nil {
		n++
	}
	return n
}

// Finish writes the last frame and the trailer and returns the GIF.
func (e *Encoder) Finish() ([]byte, error) {
	if e.done {
		return nil, errors.New("anim: Finish twice")
	}
	if e.pending == nil {
		return nil, errors.New("anim: no frames")
	}
	e.flush()
	e.done = true
	var out bytes.Buffer
	out.Grow(e.buf.Len() + e.w*e.h/8)
	e.header(&out)
	e.frame(&out, nil, e.first, image.Rect(0, 0, e.w, e.h), e.firstDelay)
	out.Write(e.buf.Bytes())
	out.WriteByte(0x3b) // trailer
	return out.Bytes(), nil
}

// row is line y of a frame as shown: its pixels, or the background below its bottom.
func (e *Encoder) row(f *image.Paletted, y int) []byte {
	if y < f.Rect.Dy() {
		return f.Pix[y*f.Stride : y*f.Stride+e.w]
	}
	if len(e.bgRow) != e.w || (e.w > 0 && e.bgRow[0] != e.bg) {
		e.bgRow = bytes.Repeat([]byte{e.bg}, e.w)
	}
	return e.bgRow
}

// pick is the pixel to store: the transparent index where nothing changed.
func pick(cur, old, trans byte) byte {
	if cur == old {
		return trans
	}
	return cur
}

// firstDiff is the first index where a and b differ; they must differ somewhere.
func firstDiff(a, b []byte) int {
	i := 0
	for ; i+8 <= len(a); i += 8 {
		if d := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); d != 0 {
			return i + bits.TrailingZeros64(d)/8
		}
	}
	for a[i] == b[i] {
		i++
	}
	return i
}

// lastDiff is the last index where a and b differ; they must differ somewhere.
func lastDiff(a, b []byte) int {
	i := len(a)
	for ; i >= 8; i -= 8 {
		if d := binary.LittleEndian.Uint64(a[i-8:]) ^ binary.LittleEndian.Uint64(b[i-8:]); d != 0 {
			return i - 1 - bits.LeadingZeros64(d)/8
		}
	}
	for a[i-1] == b[i-1] {
		i--
	}
	return i - 1
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

func (e *Encoder) header(out *bytes.Buffer) {
	out.WriteString("GIF89a")
	out.Write([]byte{byte(e.w), byte(e.w >> 8), byte(e.h), byte(e.h >> 8),
		0x80 | byte(e.bits-1)<<4 | byte(e.bits-1), 0, 0}) // global table, its size; background 0
	table := make([]byte, 3<<e.bits)
	for i, c := range e.pal {
		r, g, b, _ := c.RGBA()
		table[3*i], table[3*i+1], table[3*i+2] = byte(r>>8), byte(g>>8), byte(b>>8)
	}
	out.Write(table)
	// NETSCAPE2.0: loop forever.
	out.Write([]byte{0x21, 0xff, 11})
	out.WriteString("NETSCAPE2.0")
	out.Write([]byte{3, 1, 0, 0, 0})
}

// changed returns the smallest rectangle holding every pixel that differs between prev and cur
// as shown (down to the taller of the two), and false when none does.
func (e *Encoder) changed(prev, cur *image.Paletted) (image.Rectangle, bool) {
	y0, y1 := -1, -1
	x0, x1 := e.w, 0
	for y := 0; y < max(prev.Rect.Dy(), cur.Rect.Dy()); y++ {
		a, b := e.row(prev, y), e.row(cur, y)
		if bytes.Equal(a, b) {
			continue
		}
		if y0 < 0 {
			y0 = y
		}
		y1 = y + 1
		l, r := firstDiff(a, b), lastDiff(a, b)+1
		x0, x1 = min(x0, l), max(x1, r)
	}
	if y0 < 0 {
		return image.Rectangle{}, false
	}
	return image.Rect(x0, y0, x1, y1), true
}

// frame writes cur as the part rect of the picture, drawn over prev (nil for the first frame,
// which covers the whole picture).
func (e *Encoder) frame(out *bytes.Buffer, prev, cur *image.Paletted, rect image.Rectangle, delay time.Duration) {
	n := rect.Dx() * rect.Dy()
	if cap(e.pix) < n {
		e.pix = make([]byte, n)
	}
	pix := e.pix[:n]
	useTrans := prev != nil && e.trans >= 0
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		dst := pix[(y-rect.Min.Y)*rect.Dx():][:rect.Dx()]
		src := e.row(cur, y)[rect.Min.X:rect.Max.X]
		if !useTrans {
			copy(dst, src)
			continue
		}
		old := e.row(prev, y)[rect.Min.X:rect.Max.X]
		t := byte(e.trans)
		x := 0
		// Eight pixels at a time: most of the rectangle did not change.
		for ; x+8 <= len(src); x += 8 {
			a, b := binary.LittleEndian.Uint64(src[x:]), binary.LittleEndian.Uint64(old[x:])
			if a == b {
				binary.LittleEndian.PutUint64(dst[x:], t8(t))
				continue
			}
			for k := x; k < x+8; k++ {
				dst[k] = pick(src[k], old[k], t)
			}
		}
		for ; x < len(src); x++ {
			dst[x] = pick(src[x], old[x], t)
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
	out.Write([]byte{0x21, 0xf9, 4, flags, byte(cs), byte(cs >> 8), ti, 0})
	out.Write([]byte{0x2c, byte(rect.Min.X), byte(rect.Min.X >> 8), byte(rect.Min.Y), byte(rect.Min.Y >> 8),
		byte(rect.Dx()), byte(rect.Dx() >> 8), byte(rect.Dy()), byte(rect.Dy() >> 8), 0})
	lit := max(e.bits, 2) // GIF's LZW needs a minimum code size of 2
	out.WriteByte(byte(lit))
	run := -1
	if useTrans {
		run = e.trans
	}
	e.lzw.encode(out, pix, lit, run)
}
