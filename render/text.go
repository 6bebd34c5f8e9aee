package render

import (
	"image"
	"image/color"
	"image/draw"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Align places text horizontally relative to the x given to DrawText.
type Align uint8

// Horizontal alignments.
const (
	Left Align = iota
	Center
	Right
)

// VAlign places text vertically relative to the y given to DrawText.
type VAlign uint8

// Vertical alignments. Middle centres capital letters and digits on y, which is what labels in
// cells and chips want; Top and Bottom use the font's ascent and descent.
const (
	Baseline VAlign = iota
	Middle
	Top
	Bottom
)

// Style says how a label is drawn. The zero value is 16 px regular Ink text, left-aligned on its
// baseline, without a halo.
type Style struct {
	Size   float64     // em height in pixels; 0 means 16
	Font   Font        // Regular, Bold, Mono or MonoBold
	Color  color.Color // nil means Ink
	Align  Align
	VAlign VAlign
	// Halo is an outline drawn around every glyph so text stays readable on any fill; nil for none.
	Halo color.Color
	// HaloWidth is the halo's thickness in pixels; 0 with a Halo means 2.
	HaloWidth int
	// Crisp draws glyph edges with less blending (see Canvas.CrispText).
	Crisp bool
	// Sharp blends glyph edges less still (see Canvas.SharpText); it wins over Crisp.
	Sharp bool
}

func (st Style) edges() edgeKind {
	switch {
	case st.Sharp:
		return sharpEdges
	case st.Crisp:
		return crispEdges
	}
	return softEdges
}

// Face returns a new face for the style; see Face about concurrency.
func (st Style) Face() font.Face { return fontFace(st.Font, st.size(), st.edges()) }

func (st Style) size() float64 {
	if st.Size > 0 {
		return st.Size
	}
	return 16
}

// TextWidth is the advance width of s in pixels.
func TextWidth(s string, st Style) float64 {
	return float64(font.MeasureString(st.Face(), s)) / 64
}

// LineHeight is the distance between baselines of consecutive lines in pixels.
func LineHeight(st Style) float64 {
	return float64(st.Face().Metrics().Height) / 64
}

// FitText returns st with its size reduced, if needed, so that s fits in maxWidth pixels; it
// never goes below 8 px.
func FitText(s string, st Style, maxWidth float64) Style {
	w := TextWidth(s, st)
	if w <= maxWidth || w == 0 {
		return st
	}
	st.Size = max(8, st.size()*maxWidth/w)
	// Integer sizes share glyph cache entries between renders.
	st.Size = float64(int(st.Size))
	return st
}

// Wrap splits s into lines no wider than maxWidth at spaces; a word longer than the width gets a
// line of its own. Explicit newlines are kept.
func Wrap(s string, st Style, maxWidth float64) []string {
	face := st.Face()
	limit := fixed.Int26_6(maxWidth * 64)
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			try := w
			if line != "" {
				try = line + " " + w
			}
			if line != "" && font.MeasureString(face, try) > limit {
				lines = append(lines, line)
				line = w
				continue
			}
			line = try
		}
		lines = append(lines, line)
	}
	return lines
}

// DrawText draws s at (x, y) with the style's alignment and returns the rectangle it inked
// (halo included). It uses font.Drawer over cached glyph masks, which is much faster than gg's
// text path.
func DrawText(dst draw.Image, x, y float64, s string, st Style) image.Rectangle {
	if s == "" {
		return image.Rectangle{}
	}
	if recording.Load() {
		recordLabel(dst, x, y, s, st)
	}
	return DrawUnheard(dst, x, y, s, st)
}

// DrawUnheard is DrawText unheard by a recording (RecordLabels): for a layer drawn once and
// cached, whose labels are told to a recording where the layer is used (NoteLabel).
func DrawUnheard(dst draw.Image, x, y float64, s string, st Style) image.Rectangle {
	if s == "" {
		return image.Rectangle{}
	}
	face := st.Face()
	dot := textOrigin(face, s, x, y, st)
	col := st.Color
	if col == nil {
		col = Ink
	}
	if st.Halo == nil {
		d := font.Drawer{Dst: dst, Src: image.NewUniform(col), Face: face, Dot: dot}
		b, _ := d.BoundString(s)
		d.DrawString(s)
		return fixedRect(b)
	}
	hw := st.HaloWidth
	if hw <= 0 {
		hw = 2
	}
	// The masks are made for the pen's fraction of a pixel and moved by its whole pixels, so a
	// label met again (a score bar's title, a count) reuses them: growing the halo is the dear
	// part.
	whole := image.Pt(dot.X.Floor(), dot.Y.Floor())
	frac := fixed.Point26_6{X: dot.X - fixed.I(whole.X), Y: dot.Y - fixed.I(whole.Y)}
	hm := haloMasks(haloKey{s: s, font: st.Font, size: st.size(), edges: st.edges(), width: hw, fx: frac.X, fy: frac.Y}, face)
	r := hm.mask.Rect.Add(whole)
	draw.DrawMask(dst, r, image.NewUniform(st.Halo), image.Point{}, hm.halo, hm.halo.Rect.Min, draw.Over)
	draw.DrawMask(dst, r, image.NewUniform(col), image.Point{}, hm.mask, hm.mask.Rect.Min, draw.Over)
	return r
}

type haloKey struct {
	s      string
	font   Font
	size   float64
	edges  edgeKind
	width  int
	fx, fy fixed.Int26_6
}

// haloMask is a label's glyph mask and its halo, for a pen at the key's fraction of a pixel.
type haloMask struct{ mask, halo *image.Alpha }

var halos = struct {
	sync.Mutex
	m map[haloKey]haloMask
}{m: make(map[haloKey]haloMask)}

// maxHalos bounds the cache of halo masks (labels come from data: names, counts); it starts
// afresh when full.
const maxHalos = 1024

func haloMasks(k haloKey, face font.Face) haloMask {
	halos.Lock()
	hm, ok := halos.m[k]
	halos.Unlock()
	if ok {
		return hm
	}
	dot := fixed.Point26_6{X: k.fx, Y: k.fy}
	b, _ := font.BoundString(face, k.s)
	mask := image.NewAlpha(fixedRect(b.Add(dot)).Inset(-k.width - 1))
	d := font.Drawer{Dst: mask, Src: image.Opaque, Face: face, Dot: dot}
	d.DrawString(k.s)
	hm = haloMask{mask, dilate(mask, k.width)}
	halos.Lock()
	if len(halos.m) >= maxHalos {
		clear(halos.m)
	}
	halos.m[k] = hm
	halos.Unlock()
	return hm
}

// textOrigin is the pen position for s aligned at (x, y).
func textOrigin(face font.Face, s string, x, y float64, st Style) fixed.Point26_6 {
	w := float64(font.MeasureString(face, s)) / 64
	switch st.Align {
	case Center:
		x -= w / 2
	case Right:
		x -= w
	}
	m := face.Metrics()
	switch st.VAlign {
	case Middle:
		ch := float64(m.CapHeight) / 64
		if ch <= 0 {
			ch = float64(m.Ascent) / 64 * 0.7
		}
		y += ch / 2
	case Top:
		y += float64(m.Ascent) / 64
	case Bottom:
		y -= float64(m.Descent) / 64
	}
	return fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
}

func fixedRect(b fixed.Rectangle26_6) image.Rectangle {
	return image.Rect(b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil())
}

// dilate grows an alpha mask by a disc of radius rad, the shape of a text halo.
func dilate(m *image.Alpha, rad int) *image.Alpha {
	r := m.Rect
	out := image.NewAlpha(r)
	w, h := r.Dx(), r.Dy()
	lim := rad*rad + rad // a slightly fuller disc looks rounder at small radii
	for dy := -rad; dy <= rad; dy++ {
		for dx := -rad; dx <= rad; dx++ {
			if dx*dx+dy*dy > lim {
				continue
			}
			for y := max(0, dy); y < min(h, h+dy); y++ {
				src := m.Pix[(y-dy)*m.Stride:]
				dst := out.Pix[y*out.Stride:]
				for x := max(0, dx); x < min(w, w+dx); x++ {
					if v := src[x-dx]; v > dst[x] {
						dst[x] = v
					}
				}
			}
		}
	}
	return out
}
