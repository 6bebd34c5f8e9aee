package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"

	"github.com/fogleman/gg"
)

// Canvas is an RGBA image with a gg context for vector shapes and the kit's fast text on top.
// Use the embedded *gg.Context for anything the helpers do not cover; both draw on RGBA.
type Canvas struct {
	*gg.Context
	RGBA *image.RGBA
	// CrispText draws every label with crisp glyph edges: the faintest edge pixels dropped and the
	// nearly solid ones made solid. Text keeps its weight and reads the same on a phone, and a
	// board that is mostly labels deflates 6-9% smaller, the edges being what costs.
	CrispText bool
	// SharpText blends glyph edges less still than CrispText: only coverage between 6/16 and
	// 10/16 is blended. The letters keep their weight and some antialiasing; a board that is mostly
	// labels deflates about 8% smaller than with CrispText (Reef Encounter's, issue 39).
	SharpText bool
}

// NewCanvas returns a w x h canvas filled with bg (Paper when nil).
func NewCanvas(w, h int, bg color.Color) *Canvas {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	if bg == nil {
		bg = Paper
	}
	draw.Draw(img, img.Rect, image.NewUniform(bg), image.Point{}, draw.Src)
	return &Canvas{Context: gg.NewContextForRGBA(img), RGBA: img}
}

// canvasPool recycles pixel buffers for renders whose image does not outlive the call: a board is
// several megabytes, and allocating and clearing it costs more than drawing much of it.
var canvasPool sync.Pool

// AcquireCanvas is NewCanvas from a pool of buffers; call Release when done with the pixels, and
// keep no reference to them afterwards. RenderPNG does both for the common case.
func AcquireCanvas(w, h int, bg color.Color) *Canvas {
	img, _ := canvasPool.Get().(*image.RGBA)
	if img == nil || cap(img.Pix) < 4*w*h {
		return NewCanvas(w, h, bg)
	}
	// Boards whose height follows the view (hands, players) reuse any large enough buffer.
	img.Pix, img.Stride, img.Rect = img.Pix[:4*w*h], 4*w, image.Rect(0, 0, w, h)
	if bg == nil {
		bg = Paper
	}
	draw.Draw(img, img.Rect, image.NewUniform(bg), image.Point{}, draw.Src)
	return &Canvas{Context: gg.NewContextForRGBA(img), RGBA: img}
}

// Release returns the canvas's buffer to the pool; the canvas must not be used afterwards.
func (c *Canvas) Release() {
	if c.RGBA != nil {
		canvasPool.Put(c.RGBA)
		c.RGBA, c.Context = nil, nil
	}
}

// Recycle hands a board from a game's Image back to the pool once its pixels are no longer
// needed (a replay, having taken its frame from it): a game's Image draws on a pooled canvas and
// keeps no reference to it, so the next board reuses the buffer instead of allocating megabytes.
func Recycle(img image.Image) {
	if rgba, ok := img.(*image.RGBA); ok {
		canvasPool.Put(rgba)
	}
}

// Frame makes the canvas a renderer paints on: NewCanvas when the image is handed out (a game's
// Image), AcquireCanvas when it is only encoded and given back (a game's PNG).
type Frame func(w, h int, bg color.Color) *Canvas

// RenderPNG draws on a pooled w x h canvas and encodes the result with EncodePNG, for a game's
// PNG function: it saves allocating and clearing a new image per board.
func RenderPNG(w, h int, bg color.Color, pal color.Palette, paint func(*Canvas) error) ([]byte, error) {
	c := AcquireCanvas(w, h, bg)
	defer c.Release()
	if err := paint(c); err != nil {
		return nil, err
	}
	return EncodePNG(c.RGBA, pal)
}

// Image returns the canvas pixels.
func (c *Canvas) Image() image.Image { return c.RGBA }

// Text draws a label; see DrawText.
func (c *Canvas) Text(x, y float64, s string, st Style) image.Rectangle {
	st.Crisp = st.Crisp || c.CrispText
	st.Sharp = st.Sharp || c.SharpText
	return DrawText(c.RGBA, x, y, s, st)
}

// Rect fills an axis-aligned rectangle without antialiasing, the fastest fill there is.
func (c *Canvas) Rect(r image.Rectangle, fill color.Color) {
	op := draw.Over
	if _, _, _, a := fill.RGBA(); a == 0xffff {
		op = draw.Src // the same pixels, copied instead of blended one by one
	}
	draw.Draw(c.RGBA, r, image.NewUniform(fill), image.Point{}, op)
}

// RoundRect fills and/or strokes a rounded rectangle; a nil colour skips that part. The stroke is
// drawn inside the rectangle so that neighbours never overlap.
func (c *Canvas) RoundRect(x, y, w, h, radius float64, fill, stroke color.Color, lineWidth float64) {
	if fill != nil {
		c.fillRoundRect(x, y, w, h, radius, fill)
	}
	if stroke != nil && lineWidth > 0 {
		i := lineWidth / 2
		c.DrawRoundedRectangle(x+i, y+i, w-lineWidth, h-lineWidth, math.Max(0, radius-i))
		c.SetColor(stroke)
		c.SetLineWidth(lineWidth)
		c.Stroke()
	}
}

// fillRoundRect fills a rounded rectangle. gg paints every covered pixel through a blending loop,
// which is slow for the large panels and bars of a board, so an opaque fill leaves a hole in the
// path over the interior, where coverage is total anyway, and fills that with a plain copy. The
// pixels are the same as gg's alone: the hole's edges lie on pixel boundaries inside the shape.
func (c *Canvas) fillRoundRect(x, y, w, h, radius float64, fill color.Color) {
	c.DrawRoundedRectangle(x, y, w, h, radius)
	c.SetColor(fill)
	_, _, _, a := fill.RGBA()
	// Keep one pixel off the straight edges and clear of the corner arcs.
	in := math.Max(0, radius)*0.3 + 1
	hole := image.Rect(int(math.Ceil(x+in)), int(math.Ceil(y+in)), int(math.Floor(x+w-in)), int(math.Floor(y+h-in)))
	if a != 0xffff || hole.Dx() < 16 || hole.Dy() < 8 {
		c.Fill()
		return
	}
	c.MoveTo(float64(hole.Min.X), float64(hole.Min.Y))
	c.LineTo(float64(hole.Min.X), float64(hole.Max.Y))
	c.LineTo(float64(hole.Max.X), float64(hole.Max.Y))
	c.LineTo(float64(hole.Max.X), float64(hole.Min.Y))
	c.ClosePath()
	c.SetFillRuleEvenOdd()
	c.Fill()
	c.SetFillRuleWinding()
	draw.Draw(c.RGBA, hole, image.NewUniform(fill), image.Point{}, draw.Src)
}

// Poly fills and/or strokes a closed polygon; a nil colour skips that part.
func (c *Canvas) Poly(pts []gg.Point, fill, stroke color.Color, lineWidth float64) {
	if len(pts) < 2 {
		return
	}
	path := func() {
		c.MoveTo(pts[0].X, pts[0].Y)
		for _, p := range pts[1:] {
			c.LineTo(p.X, p.Y)
		}
		c.ClosePath()
	}
	if fill != nil {
		path()
		c.SetColor(fill)
		c.Fill()
	}
	if stroke != nil && lineWidth > 0 {
		path()
		c.SetColor(stroke)
		c.SetLineWidth(lineWidth)
		c.SetLineJoinRound()
		c.Stroke()
	}
}

// Circle fills and/or strokes a circle; a nil colour skips that part.
func (c *Canvas) Circle(x, y, r float64, fill, stroke color.Color, lineWidth float64) {
	if fill != nil {
		c.DrawCircle(x, y, r)
		c.SetColor(fill)
		c.Fill()
	}
	if stroke != nil && lineWidth > 0 {
		c.DrawCircle(x, y, r-lineWidth/2)
		c.SetColor(stroke)
		c.SetLineWidth(lineWidth)
		c.Stroke()
	}
}

// Badge draws a filled circle with a short centred label, e.g. a stack height or a count.
func (c *Canvas) Badge(x, y, r float64, label string, fill, ink color.Color) {
	c.Circle(x, y, r, fill, Ink, math.Max(1, r/8))
	st := Style{Size: r * 1.25, Font: Bold, Color: ink, Align: Center, VAlign: Middle}
	c.Text(x, y, label, FitText(label, st, r*1.6))
}

// Line strokes a straight segment with round caps.
func (c *Canvas) Line(x1, y1, x2, y2, width float64, col color.Color) {
	c.SetLineCapRound()
	c.SetLineWidth(width)
	c.SetColor(col)
	c.DrawLine(x1, y1, x2, y2)
	c.Stroke()
}

// ArrowStyle says how Arrow draws.
type ArrowStyle struct {
	Width   float64     // shaft width in pixels; 0 means 6
	Color   color.Color // nil means Ink
	Outline color.Color // drawn around the arrow for contrast on any board; nil for none
	Head    float64     // head length; 0 means 3.5 x Width
	// Inset shortens the arrow at both ends so it points at squares without covering their centres.
	Inset float64
}

// Arrow draws an arrow along the points (at least two): the shaft bends at the middle points, as
// for a piece that turned a corner, and the head sits on the last point.
func (c *Canvas) Arrow(pts []gg.Point, st ArrowStyle) {
	if len(pts) < 2 {
		return
	}
	if st.Width <= 0 {
		st.Width = 6
	}
	if st.Color == nil {
		st.Color = Ink
	}
	if st.Head <= 0 {
		st.Head = 3.5 * st.Width
	}
	pts = append([]gg.Point(nil), pts...)
	if st.Inset > 0 {
		pts[0] = towards(pts[0], pts[1], st.Inset)
		n := len(pts)
		pts[n-1] = towards(pts[n-1], pts[n-2], st.Inset)
	}
	n := len(pts)
	tip, prev := pts[n-1], pts[n-2]
	ang := math.Atan2(tip.Y-prev.Y, tip.X-prev.X)
	// The shaft stops inside the head so its round cap does not poke through the point.
	shaftEnd := towards(tip, prev, st.Head*0.6)
	head := arrowHead(tip, ang, st.Head, st.Head*0.55)
	shaft := append(pts[:n-1:n-1], shaftEnd)
	paint := func(col color.Color, extra float64) {
		c.SetLineCapRound()
		c.SetLineJoinRound()
		c.SetLineWidth(st.Width + 2*extra)
		c.SetColor(col)
		c.MoveTo(shaft[0].X, shaft[0].Y)
		for _, p := range shaft[1:] {
			c.LineTo(p.X, p.Y)
		}
		c.Stroke()
		c.Poly(head, col, col, 1+2*extra)
	}
	if st.Outline != nil {
		paint(st.Outline, math.Max(2, st.Width/3))
	}
	paint(st.Color, 0)
}

// towards moves p by d toward q.
func towards(p, q gg.Point, d float64) gg.Point {
	dx, dy := q.X-p.X, q.Y-p.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return p
	}
	d = math.Min(d, l)
	return gg.Point{X: p.X + dx/l*d, Y: p.Y + dy/l*d}
}

func arrowHead(tip gg.Point, ang, length, halfWidth float64) []gg.Point {
	bx, by := tip.X-length*math.Cos(ang), tip.Y-length*math.Sin(ang)
	nx, ny := -math.Sin(ang)*halfWidth, math.Cos(ang)*halfWidth
	return []gg.Point{tip, {X: bx + nx, Y: by + ny}, {X: bx - nx, Y: by - ny}}
}

// Blit draws img with its top-left corner at (x, y), blending over what is there. Sprites from a
// Sprites cache take a fast path that copies opaque runs and blends only their edges, so draw
// sprites with Blit rather than draw.Draw.
func (c *Canvas) Blit(img image.Image, x, y int) {
	if rgba, ok := img.(*image.RGBA); ok {
		if runs, ok := compiled.Load(rgba); ok {
			blitRuns(c.RGBA, rgba, runs.(spriteRuns), x, y)
			return
		}
	}
	b := img.Bounds()
	draw.Draw(c.RGBA, image.Rect(x, y, x+b.Dx(), y+b.Dy()), img, b.Min, draw.Over)
}

// BlitCentered draws img centred on (x, y).
func (c *Canvas) BlitCentered(img image.Image, x, y float64) {
	b := img.Bounds()
	c.Blit(img, int(math.Round(x-float64(b.Dx())/2)), int(math.Round(y-float64(b.Dy())/2)))
}
