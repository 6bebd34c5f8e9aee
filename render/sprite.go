package render

import (
	"image"
	"image/color"
	"sync"
)

// Sprites caches pre-drawn images (pieces, tiles, markers) keyed by everything that changes how they
// look: a board draws each distinct appearance once per process and then only copies pixels.
// Sprites is safe for concurrent use; the images it returns are shared and must not be modified.
type Sprites[K comparable] struct {
	paint func(K) image.Image
	mu    sync.RWMutex
	m     map[K]image.Image
}

// maxSprites bounds a cache whose keys come from data, such as sizes derived from a board's shape.
const maxSprites = 4096

// NewSprites returns a cache that draws a missing sprite with paint (typically on NewSprite).
func NewSprites[K comparable](paint func(K) image.Image) *Sprites[K] {
	return &Sprites[K]{paint: paint, m: make(map[K]image.Image)}
}

// Get returns the sprite for k, drawing it on first use.
func (s *Sprites[K]) Get(k K) image.Image {
	return s.get(k, nil)
}

// GetOr is Get for a sprite whose drawing needs more than its key holds (data the key only names,
// such as a card's definition): paint draws it on first use instead of the cache's function. The
// key must still name everything that changes how the sprite looks.
func (s *Sprites[K]) GetOr(k K, paint func() image.Image) image.Image {
	return s.get(k, paint)
}

func (s *Sprites[K]) get(k K, paint func() image.Image) image.Image {
	draw := func() image.Image {
		if paint != nil {
			return paint()
		}
		return s.paint(k)
	}
	if recording.Load() {
		return draw() // drawn afresh so that its labels are recorded (RecordLabels)
	}
	s.mu.RLock()
	img, ok := s.m[k]
	s.mu.RUnlock()
	if ok {
		return img
	}
	img = draw()
	s.mu.Lock()
	if old, ok := s.m[k]; ok {
		img = old
	} else if len(s.m) < maxSprites {
		s.m[k] = img
		if rgba, ok := img.(*image.RGBA); ok {
			compiled.Store(rgba, compile(rgba))
		}
	}
	s.mu.Unlock()
	return img
}

// A sprite's rows split into runs of transparent, opaque and partly transparent pixels, so that
// Canvas.Blit skips the first, copies the second and blends only the antialiased edges. The
// result is exactly what draw.Draw with draw.Over gives.
type spriteRuns [][]spriteRun

type spriteRun struct {
	x0, x1 int // relative to the sprite's left edge
	kind   uint8
}

const (
	runClear uint8 = iota
	runOpaque
	runBlend
)

// compiled maps cached sprites to their runs; Blit looks sprites up here.
var compiled sync.Map // *image.RGBA -> spriteRuns

func compile(img *image.RGBA) spriteRuns {
	b := img.Rect
	rows := make(spriteRuns, b.Dy())
	for y := 0; y < b.Dy(); y++ {
		pix := img.Pix[y*img.Stride:]
		var row []spriteRun
		for x := 0; x < b.Dx(); x++ {
			k := runBlend
			switch a := pix[4*x+3]; {
			case a == 0xff:
				k = runOpaque
			case a == 0 && pix[4*x] == 0 && pix[4*x+1] == 0 && pix[4*x+2] == 0:
				k = runClear
			}
			if n := len(row); n > 0 && row[n-1].kind == k && row[n-1].x1 == x {
				row[n-1].x1++
				continue
			}
			row = append(row, spriteRun{x, x + 1, k})
		}
		// Transparent runs need no entry at all.
		keep := row[:0]
		for _, r := range row {
			if r.kind != runClear {
				keep = append(keep, r)
			}
		}
		rows[y] = keep
	}
	return rows
}

// blitRuns draws a compiled sprite with its top-left corner at (x, y), clipped to dst.
func blitRuns(dst *image.RGBA, src *image.RGBA, runs spriteRuns, x, y int) {
	db := dst.Rect
	for sy, row := range runs {
		dy := y + sy
		if dy < db.Min.Y || dy >= db.Max.Y {
			continue
		}
		for _, r := range row {
			x0, x1 := max(x+r.x0, db.Min.X), min(x+r.x1, db.Max.X)
			if x0 >= x1 {
				continue
			}
			d := dst.Pix[dst.PixOffset(x0, dy):dst.PixOffset(x1, dy)]
			s := src.Pix[src.PixOffset(src.Rect.Min.X+x0-x, src.Rect.Min.Y+sy):]
			if r.kind == runOpaque {
				copy(d, s[:len(d)])
				continue
			}
			// The blend of image/draw's drawCopyOver, to the bit.
			const m = 1<<16 - 1
			for i := 0; i < len(d); i += 4 {
				sr, sg, sb, sa := uint32(s[i])*0x101, uint32(s[i+1])*0x101, uint32(s[i+2])*0x101, uint32(s[i+3])*0x101
				a := (m - sa) * 0x101
				d[i] = uint8((uint32(d[i])*a/m + sr) >> 8)
				d[i+1] = uint8((uint32(d[i+1])*a/m + sg) >> 8)
				d[i+2] = uint8((uint32(d[i+2])*a/m + sb) >> 8)
				d[i+3] = uint8((uint32(d[i+3])*a/m + sa) >> 8)
			}
		}
	}
}

// NewSprite returns a transparent w x h canvas to draw a sprite on; return its Image from the
// paint function.
func NewSprite(w, h int) *Canvas { return NewCanvas(w, h, color.Transparent) }
