package render

import (
	"fmt"
	"image"
	"math"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Font selects one of the embedded Go fonts.
type Font uint8

// The embedded fonts. The Go fonts are bundled with golang.org/x/image, so a board never depends on
// what is installed on the host.
const (
	Regular Font = iota
	Bold
	Mono
	MonoBold
	numFonts
)

var fontData = [numFonts][]byte{goregular.TTF, gobold.TTF, gomono.TTF, gomonobold.TTF}

var (
	fontsOnce sync.Once
	fonts     [numFonts]*truetype.Font
)

// parsed returns the parsed font; parsing happens once per process.
//
// The fonts are parsed with github.com/golang/freetype/truetype, which gg already depends on:
// golang.org/x/image/font/opentype would pull golang.org/x/text into the module graph.
func parsed(f Font) *truetype.Font {
	fontsOnce.Do(func() {
		for i, b := range fontData {
			p, err := truetype.Parse(b)
			if err != nil {
				// The data is compiled in; failing here is a build defect, not a runtime condition.
				panic(fmt.Sprintf("render: embedded font %d: %v", i, err))
			}
			fonts[i] = p
		}
	})
	return fonts[f]
}

// Face returns a new face of the regular or bold Go font at size pixels (the em height at 72 DPI).
// Each call returns a new face, as faces in general are not safe for concurrent use; keep one per
// render. These faces draw from a process-wide cache of rasterised glyphs, so a new face costs
// nothing and text is fast after the first render.
func Face(size float64, bold bool) font.Face {
	if bold {
		return FontFace(Bold, size)
	}
	return FontFace(Regular, size)
}

// FontFace is Face for any embedded font, the monospaced ones included.
func FontFace(f Font, size float64) font.Face { return fontFace(f, size, softEdges) }

func fontFace(f Font, size float64, edges edgeKind) font.Face {
	if !(size > 0) || size > 1000 {
		size = 16
	}
	if f >= numFonts {
		f = Regular
	}
	return &cachedFace{s: sizedFor(sizeKey{f, fixed.Int26_6(math.Round(size * 64)), edges})}
}

// sized holds everything cached for one font at one size. The truetype face that rasterises
// misses keeps scratch buffers, so it is used under the lock only.
type sized struct {
	mu      sync.RWMutex
	face    font.Face
	metrics font.Metrics
	size    fixed.Int26_6
	edges   edgeKind // how glyph masks are sharpened
	glyphs  map[glyphKey]*glyph
	kerns   map[[2]rune]fixed.Int26_6
}

type sizeKey struct {
	font  Font
	size  fixed.Int26_6
	edges edgeKind
}

// maxSizes and maxGlyphs bound the caches; past them text is still drawn, just not remembered.
const (
	maxSizes  = 512
	maxGlyphs = 4096
)

var sizes = struct {
	sync.Mutex
	m map[sizeKey]*sized
}{m: make(map[sizeKey]*sized)}

func sizedFor(k sizeKey) *sized {
	f, size := k.font, k.size
	sizes.Lock()
	defer sizes.Unlock()
	if s := sizes.m[k]; s != nil {
		return s
	}
	face := truetype.NewFace(parsed(f), &truetype.Options{
		Size:    float64(size) / 64,
		DPI:     72,
		Hinting: font.HintingFull,
		// The truetype face's own cache would duplicate ours.
		GlyphCacheEntries: 1,
	})
	s := &sized{face: face, size: size, edges: k.edges, glyphs: make(map[glyphKey]*glyph), kerns: make(map[[2]rune]fixed.Int26_6)}
	s.metrics = face.Metrics()
	// The truetype face leaves out the cap and x heights (taken here from "H" and "x") and
	// reports the em size as line height, which is too tight for labels.
	if b, _, ok := face.GlyphBounds('H'); ok {
		s.metrics.CapHeight = -b.Min.Y
	}
	if b, _, ok := face.GlyphBounds('x'); ok {
		s.metrics.XHeight = -b.Min.Y
	}
	if h := (size*6 + 2) / 5; s.metrics.Height < h {
		s.metrics.Height = h
	}
	if len(sizes.m) < maxSizes {
		sizes.m[k] = s
	}
	return s
}

// glyphKey identifies a rasterised glyph at one size: the rune and the sub-pixel phase of the pen.
type glyphKey struct {
	r      rune
	fx, fy uint8 // sub-pixel phase in quarter pixels
}

// glyph is an immutable cached mask, positioned relative to a pen at the integer origin.
type glyph struct {
	dr      image.Rectangle
	mask    *image.Alpha
	advance fixed.Int26_6
	bounds  fixed.Rectangle26_6 // relative to the pen, as GlyphBounds reports it
	ok      bool
}

func (s *sized) glyph(k glyphKey) *glyph {
	s.mu.RLock()
	g := s.glyphs[k]
	s.mu.RUnlock()
	if g != nil {
		return g
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.glyphs[k]; g != nil {
		return g
	}
	phase := fixed.Point26_6{X: fixed.Int26_6(k.fx) << 4, Y: fixed.Int26_6(k.fy) << 4}
	dr, mask, mp, adv, ok := s.face.Glyph(phase, k.r)
	g = &glyph{dr: dr, advance: adv, ok: ok, mask: image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))}
	g.bounds, _, _ = s.face.GlyphBounds(k.r)
	if a, isAlpha := mask.(*image.Alpha); isAlpha {
		for y := 0; y < dr.Dy(); y++ {
			copy(g.mask.Pix[y*g.mask.Stride:][:dr.Dx()], a.Pix[a.PixOffset(mp.X, mp.Y+y):])
		}
	} else if mask != nil {
		for y := 0; y < dr.Dy(); y++ {
			for x := 0; x < dr.Dx(); x++ {
				_, _, _, al := mask.At(mp.X+x, mp.Y+y).RGBA()
				g.mask.Pix[y*g.mask.Stride+x] = uint8(al >> 8)
			}
		}
	}
	if s.edges != softEdges {
		sharpen(g.mask.Pix, s.edges)
	}
	if len(s.glyphs) < maxGlyphs {
		s.glyphs[k] = g
	}
	return g
}

// edgeKind is how much a glyph's edge is blended: Style.Crisp and Style.Sharp.
type edgeKind uint8

const (
	softEdges  edgeKind = iota // as rasterised
	crispEdges                 // coverage under 3/16 dropped, full ink from 13/16
	sharpEdges                 // coverage under 6/16 dropped, full ink from 10/16
)

// sharpen steepens a glyph mask's edge: the coverage below the kind's floor becomes none, and
// the ramp above it reaches full coverage at its ceiling instead of at 1.
func sharpen(mask []uint8, k edgeKind) {
	lo, span := 48, 159
	if k == sharpEdges {
		lo, span = 96, 64
	}
	for i, a := range mask {
		mask[i] = uint8(min(255, max(0, (int(a)-lo)*255/span)))
	}
}

// cachedFace is a font.Face over the shared per-size cache. It is in fact safe for concurrent use,
// but callers should not rely on that: font.Face does not promise it.
type cachedFace struct{ s *sized }

// Close releases nothing: the face owns no resources of its own.
func (c *cachedFace) Close() error { return nil }

// Glyph implements font.Face from the cache. The pen is snapped to quarter pixels, which is
// invisible at board sizes and keeps the cache small.
func (c *cachedFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	g := c.s.glyph(glyphKey{r: r, fx: uint8((dot.X & 63) >> 4), fy: uint8((dot.Y & 63) >> 4)})
	off := image.Pt(dot.X.Floor(), dot.Y.Floor())
	return g.dr.Add(off), g.mask, image.Point{}, g.advance, g.ok
}

// GlyphBounds implements font.Face.
func (c *cachedFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	g := c.s.glyph(glyphKey{r: r})
	return g.bounds, g.advance, g.ok
}

// GlyphAdvance implements font.Face.
func (c *cachedFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	g := c.s.glyph(glyphKey{r: r})
	return g.advance, g.ok
}

// Kern implements font.Face.
func (c *cachedFace) Kern(r0, r1 rune) fixed.Int26_6 {
	k := [2]rune{r0, r1}
	c.s.mu.RLock()
	v, ok := c.s.kerns[k]
	c.s.mu.RUnlock()
	if ok {
		return v
	}
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	v = c.s.face.Kern(r0, r1)
	if len(c.s.kerns) < maxGlyphs {
		c.s.kerns[k] = v
	}
	return v
}

// Metrics implements font.Face.
func (c *cachedFace) Metrics() font.Metrics { return c.s.metrics }
