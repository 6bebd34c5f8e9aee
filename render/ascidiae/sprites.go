package ascidiae

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
	asc "github.com/boardbot/boardbot/rules/ascidiae"
)

// Everything drawn many times (boxes, tadpoles, arrows) is rasterised once and then copied.

type boxKey struct {
	w, h         int
	radius, line float32
	fill, stroke color.RGBA
	noFill       bool
	bg           color.RGBA // opaque tiles: painted on bg, copied without blending
	opaque       bool
}

var boxes = render.NewSprites(func(k boxKey) image.Image {
	s := render.NewSprite(k.w, k.h)
	if k.opaque {
		s = render.NewCanvas(k.w, k.h, k.bg)
	}
	var fill, stroke color.Color
	if !k.noFill {
		fill = k.fill
	}
	if k.line > 0 {
		stroke = k.stroke
	}
	s.RoundRect(0, 0, float64(k.w), float64(k.h), float64(k.radius), fill, stroke, float64(k.line))
	return s.Image()
})

// box draws a rounded rectangle from the sprite cache; nil fill or stroke skips that part. Large
// opaque panels are square-cornered plain fills, which cost far less than blending a sprite.
func box(c *render.Canvas, x, y, w, h, radius float64, fill, stroke color.Color, line float64) {
	if w*h > 60000 && fill != nil && render.Opaque(fill) == fill {
		r := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))
		if stroke != nil && line > 0 {
			draw.Draw(c.RGBA, r, image.NewUniform(stroke), image.Point{}, draw.Src)
			r = r.Inset(int(math.Round(line)))
		}
		draw.Draw(c.RGBA, r, image.NewUniform(fill), image.Point{}, draw.Src)
		return
	}
	k := boxKey{w: int(math.Round(w)), h: int(math.Round(h)), radius: float32(radius)}
	if fill == nil {
		k.noFill = true
	} else {
		k.fill = render.Opaque(fill)
		if _, _, _, a := fill.RGBA(); a < 0xffff {
			k.fill = color.RGBA(color.RGBAModel.Convert(fill).(color.RGBA))
		}
	}
	if stroke != nil {
		k.stroke, k.line = render.Opaque(stroke), float32(line)
	}
	c.Blit(boxes.Get(k), int(math.Round(x)), int(math.Round(y)))
}

// tile is box for an opaque tile on a known background: the copy needs no blending.
func tile(c *render.Canvas, x, y, w, h, radius float64, bg, fill, stroke color.RGBA, line float64) {
	k := boxKey{w: int(math.Round(w)), h: int(math.Round(h)), radius: float32(radius), fill: fill, stroke: stroke, line: float32(line), bg: bg, opaque: true}
	img := boxes.Get(k)
	x0, y0 := int(math.Round(x)), int(math.Round(y))
	draw.Draw(c.RGBA, image.Rect(x0, y0, x0+k.w, y0+k.h), img, image.Point{}, draw.Src)
}

type tadKey struct {
	col asc.Colour
	r2  int // twice the radius
}

var tadpoles = render.NewSprites(func(k tadKey) image.Image {
	r := float64(k.r2) / 2
	n := int(math.Ceil(r*2.6)) + 2
	s := render.NewSprite(n, n)
	drawTadpole(s, float64(n)/2, float64(n)/2, r, k.col)
	return s.Image()
})

// tadpole draws one tadpole of colour col centred on (x, y) with radius r.
func tadpole(c *render.Canvas, x, y, r float64, col asc.Colour) {
	c.BlitCentered(tadpoles.Get(tadKey{col, int(math.Round(r * 2))}), x, y)
}

type arrowKey struct {
	dir    asc.Dir
	size   int
	hollow bool
}

var arrows = render.NewSprites(func(k arrowKey) image.Image {
	n := k.size + 4
	s := render.NewSprite(n, n)
	drawArrow(s, float64(n)/2, float64(n)/2, float64(k.size), k.dir, k.hollow)
	return s.Image()
})

// arrow draws a small arrow centred on (x, y) pointing in grid direction d; hollow for catch.
func arrow(c *render.Canvas, x, y, size float64, d asc.Dir, hollow bool) {
	c.BlitCentered(arrows.Get(arrowKey{d, int(math.Round(size)), hollow}), x, y)
}

type chevKey struct {
	dir  asc.Dir
	size int
	fill color.RGBA
}

var chevrons = render.NewSprites(func(k chevKey) image.Image {
	n := 2*k.size + 4
	s := render.NewSprite(n, n)
	dx, dy := dirVec(k.dir)
	c := float64(n) / 2
	s.Poly(headPts(gg.Point{X: c + dx*float64(k.size)/2, Y: c + dy*float64(k.size)/2}, dx, dy, float64(k.size)), k.fill, render.Ink, 1)
	return s.Image()
})

// chevron draws a triangle of the given size pointing in d, its tip size/2 beyond (x, y).
func chevron(c *render.Canvas, x, y float64, size int, d asc.Dir, fill color.RGBA) {
	c.BlitCentered(chevrons.Get(chevKey{d, size, fill}), x, y)
}
