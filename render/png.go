package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"runtime"
	"sync"
	"sync/atomic"
)

// EncodePNG encodes img as a paletted PNG using pal, the game's fixed palette (at most 256
// colours). Pixels are mapped to their nearest palette colour through a lookup table built lazily
// and cached per palette, so after the first board a frame costs a few milliseconds. Draw on an
// opaque background: transparency is ignored. With a nil palette the image is encoded as true
// colour, which is slower and bigger.
func EncodePNG(img image.Image, pal color.Palette) ([]byte, error) {
	return encodePNG(img, pal, deflateLevel)
}

// EncodePNGSmall is EncodePNG deflating harder: about 10% smaller for a board of many labels, at
// about three times the deflating time (8-10 ms of processor time for a 1000 x 1700 board instead
// of 3). For a game whose largest boards pass the size budget.
func EncodePNGSmall(img image.Image, pal color.Palette) ([]byte, error) {
	return encodePNG(img, pal, boardDeflateSmall)
}

func encodePNG(img image.Image, pal color.Palette, level int) ([]byte, error) {
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: encoderBuffers}
	var buf bytes.Buffer
	if len(pal) == 0 {
		if err := enc.Encode(&buf, img); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	b := img.Bounds()
	// Quantised straight into the PNG's raw rows: each row is a filter byte then the indices, so a
	// paletted image whose rows start one byte into the buffer, a byte apart, fills it in place.
	w, h := b.Dx(), b.Dy()
	rp := rawBuffer(h * (w + 1))
	raw := *rp
	pm := &image.Paletted{Pix: raw[1:], Stride: w + 1, Rect: b, Palette: pal}
	quantiseParallel(quantiserFor(pal), pm, img)
	for y := 0; y < h; y++ {
		raw[y*(w+1)] = 0 // filter: none
	}
	buf.Grow(w * h / 16)
	writeRaw(&buf, raw, w, h, pal, level)
	rawBuffers.Put(rp)
	return buf.Bytes(), nil
}

// Quantise maps img onto pal exactly as EncodePNG does and returns the result, for tests and for
// callers that want to inspect or reuse the paletted image.
func Quantise(img image.Image, pal color.Palette) *image.Paletted {
	pm := image.NewPaletted(img.Bounds(), pal)
	quantiserFor(pal).quantise(pm, img)
	return pm
}

// QuantiseInto maps img onto dst's palette as Quantise does, writing dst from its top-left
// corner: with sub-images of both, a caller redoes only the part of a picture that changed.
func QuantiseInto(dst *image.Paletted, img image.Image) {
	quantiserFor(dst.Palette).quantise(dst, img)
}

type bufferPool struct{ p sync.Pool }

func (b *bufferPool) Get() *png.EncoderBuffer {
	if v, ok := b.p.Get().(*png.EncoderBuffer); ok {
		return v
	}
	return nil
}

func (b *bufferPool) Put(v *png.EncoderBuffer) { b.p.Put(v) }

var encoderBuffers = &bufferPool{}

// The lookup table has 64 levels per channel. An entry holds the palette index plus one, 0 while
// not yet computed, or ambiguous when two palette colours share the cell and the pixel needs an
// exact search.
const (
	lutBits   = 6
	lutShift  = 8 - lutBits
	lutSize   = 1 << (3 * lutBits)
	ambiguous = 1 << 16
)

type quantiser struct {
	pal    []color.RGBA
	inCell map[uint32][]uint8 // palette indices whose colour lies in each cell
	lut    []atomic.Uint32
	memo   []atomic.Uint64 // colours met, by hash: (colour | 1<<24) << 8 | index
}

var quantisers sync.Map // palette key -> *quantiser

func paletteKey(pal color.Palette) string {
	b := make([]byte, 0, 4*len(pal))
	for _, c := range pal {
		r, g, bl, a := c.RGBA()
		b = append(b, uint8(r>>8), uint8(g>>8), uint8(bl>>8), uint8(a>>8))
	}
	return string(b)
}

func quantiserFor(pal color.Palette) *quantiser {
	k := paletteKey(pal)
	if q, ok := quantisers.Load(k); ok {
		return q.(*quantiser)
	}
	q := &quantiser{inCell: make(map[uint32][]uint8), lut: make([]atomic.Uint32, lutSize), memo: make([]atomic.Uint64, 1<<memoBits)}
	for i, c := range pal {
		r, g, b, _ := c.RGBA()
		rgba := color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff}
		q.pal = append(q.pal, rgba)
		cell := cellOf(rgba.R, rgba.G, rgba.B)
		q.inCell[cell] = append(q.inCell[cell], uint8(i))
	}
	v, _ := quantisers.LoadOrStore(k, q)
	return v.(*quantiser)
}

func cellOf(r, g, b uint8) uint32 {
	return uint32(r>>lutShift)<<(2*lutBits) | uint32(g>>lutShift)<<lutBits | uint32(b>>lutShift)
}

// entry returns the table entry for a cell, computing it on first use. Concurrent renders may
// compute the same entry twice; they store the same value.
func (q *quantiser) entry(cell uint32) uint32 {
	if v := q.lut[cell].Load(); v != 0 {
		return v
	}
	var v uint32
	switch in := q.inCell[cell]; len(in) {
	case 0:
		const half = 1 << lutShift / 2
		r := uint8(cell>>(2*lutBits))<<lutShift + half
		g := uint8(cell>>lutBits&(1<<lutBits-1))<<lutShift + half
		b := uint8(cell&(1<<lutBits-1))<<lutShift + half
		v = uint32(q.nearest(r, g, b)) + 1
	case 1:
		// The one palette colour inside the cell must map to itself.
		v = uint32(in[0]) + 1
	default:
		v = ambiguous
	}
	q.lut[cell].Store(v)
	return v
}

// nearest is an exhaustive search with weights roughly matching the eye's sensitivity.
func (q *quantiser) nearest(r, g, b uint8) uint8 {
	best, bestD := 0, int(^uint(0)>>1)
	for i, c := range q.pal {
		dr, dg, db := int(r)-int(c.R), int(g)-int(c.G), int(b)-int(c.B)
		d := 3*dr*dr + 4*dg*dg + 2*db*db
		if d < bestD {
			best, bestD = i, d
			if d == 0 {
				break
			}
		}
	}
	return uint8(best)
}

func (q *quantiser) quantise(dst *image.Paletted, img image.Image) {
	b := img.Bounds()
	src, ok := img.(*image.RGBA)
	if !ok {
		if p, ok := img.(*image.Paletted); ok && samePalette(p.Palette, q.pal) {
			for y := b.Min.Y; y < b.Max.Y; y++ {
				copy(dst.Pix[(y-b.Min.Y)*dst.Stride:][:b.Dx()], p.Pix[p.PixOffset(b.Min.X, y):][:b.Dx()])
			}
			return
		}
		src = image.NewRGBA(b)
		draw.Draw(src, b, img, b.Min, draw.Src)
	}
	w := b.Dx()
	lastKey, lastIdx := uint32(1<<31), uint8(0) // the sentinel never equals a 24-bit key
	var above, aboveOut []byte
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := src.Pix[src.PixOffset(b.Min.X, y):][: 4*w : 4*w]
		out := dst.Pix[(y-b.Min.Y)*dst.Stride:][:w:w]
		for x0 := 0; x0 < w; x0 += segment {
			x1 := min(x0+segment, w)
			// A board is mostly shapes taller than a pixel: a stretch of row that repeats the
			// row above (one fast compare) takes the indices found there.
			if above != nil && bytes.Equal(row[4*x0:4*x1], above[4*x0:4*x1]) {
				copy(out[x0:x1], aboveOut[x0:x1])
				continue
			}
			x := x0
			// Two pixels per load: most pairs repeat the colour before them and stop at the test.
			for ; x+1 < x1; x += 2 {
				two := binary.LittleEndian.Uint64(row[4*x:])
				k0, k1 := uint32(two)&0xffffff, uint32(two>>32)&0xffffff
				if k0 == lastKey && k1 == lastKey {
					out[x], out[x+1] = lastIdx, lastIdx
					continue
				}
				if k0 != lastKey {
					lastKey, lastIdx = k0, q.index(k0)
				}
				out[x] = lastIdx
				if k1 != lastKey {
					lastKey, lastIdx = k1, q.index(k1)
				}
				out[x+1] = lastIdx
			}
			for ; x < x1; x++ {
				if k := binary.LittleEndian.Uint32(row[4*x:]) & 0xffffff; k != lastKey {
					lastKey, lastIdx = k, q.index(k)
				}
				out[x] = lastIdx
			}
		}
		above, aboveOut = row, out
	}
}

// segment is the stretch of a row compared with the row above at once: short enough that text
// spoils few of them, long enough that the compare is cheap beside mapping the pixels.
const segment = 32

// index maps an opaque colour (0xBBGGRR) to its palette index. Colours met before come from a
// small memo, so the colours of a board (its palette's and its antialiased shades) are looked up
// in one probe instead of through the table and, where a cell holds several palette colours,
// a search of the palette.
func (q *quantiser) index(key uint32) uint8 {
	h := (key * 0x9e3779b1) >> (32 - memoBits)
	tag := uint64(key|1<<24) << 8
	if e := q.memo[h].Load(); e&^0xff == tag {
		return uint8(e)
	}
	r, g, bl := uint8(key), uint8(key>>8), uint8(key>>16)
	cell := cellOf(r, g, bl)
	v := q.lut[cell].Load()
	if v == 0 {
		v = q.entry(cell)
	}
	var idx uint8
	if v == ambiguous {
		idx = q.nearest(r, g, bl)
	} else {
		idx = uint8(v - 1)
	}
	q.memo[h].Store(tag | uint64(idx))
	return idx
}

// memoBits sizes the memo of colours: 16K entries, 128 KB per palette.
const memoBits = 14

// quantiseParallel splits a large image into horizontal stripes quantised at once, one per
// processor: a board is posted right after a move, so its latency is what players feel. The
// lookup table is safe for concurrent use.
func quantiseParallel(q *quantiser, dst *image.Paletted, img image.Image) {
	b := img.Bounds()
	n := runtime.GOMAXPROCS(0)
	if _, ok := img.(*image.RGBA); !ok || n < 2 || b.Dx()*b.Dy() < 1<<18 {
		q.quantise(dst, img)
		return
	}
	var wg sync.WaitGroup
	h := (b.Dy() + n - 1) / n
	for y0 := b.Min.Y; y0 < b.Max.Y; y0 += h {
		y1 := min(y0+h, b.Max.Y)
		stripe := image.Rect(b.Min.X, y0, b.Max.X, y1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := dst.SubImage(image.Rect(dst.Rect.Min.X, dst.Rect.Min.Y+y0-b.Min.Y, dst.Rect.Max.X, dst.Rect.Min.Y+y1-b.Min.Y)).(*image.Paletted)
			q.quantise(d, img.(*image.RGBA).SubImage(stripe))
		}()
	}
	wg.Wait()
}

func samePalette(p color.Palette, q []color.RGBA) bool {
	if len(p) != len(q) {
		return false
	}
	for i, c := range p {
		r, g, b, _ := c.RGBA()
		if uint8(r>>8) != q[i].R || uint8(g>>8) != q[i].G || uint8(b>>8) != q[i].B {
			return false
		}
	}
	return true
}
