package ausonia

import (
	"image"
	"image/color"

	"github.com/boardbot/boardbot/render"
)

type discKey struct {
	c color.RGBA
	r int
}

// discs caches the corner discs of boxes by colour and radius.
var discs = render.NewSprites(func(k discKey) image.Image {
	sp := render.NewSprite(2*k.r, 2*k.r)
	sp.Circle(float64(k.r), float64(k.r), float64(k.r), k.c, nil, 0)
	return sp.Image()
})

// box is a rounded rectangle drawn fast: gg rasterises every pixel of a filled path, which is slow
// for panel-sized areas, so the fill is two plain rectangles plus four small corner discs, and only
// the outline goes through gg. Coordinates are whole pixels.
func box(c *render.Canvas, x, y, w, h, r float64, fill, stroke color.Color, lw float64) {
	if fill != nil {
		c.Rect(rect(x+r, y, w-2*r, h), fill)
		c.Rect(rect(x, y+r, r, h-2*r), fill)
		c.Rect(rect(x+w-r, y+r, r, h-2*r), fill)
		disc := discs.Get(discKey{render.Opaque(fill), int(r)})
		for _, p := range [4][2]float64{{x + r, y + r}, {x + w - r, y + r}, {x + r, y + h - r}, {x + w - r, y + h - r}} {
			c.BlitCentered(disc, p[0], p[1])
		}
	}
	if stroke != nil && lw > 0 {
		c.RoundRect(x, y, w, h, r, nil, stroke, lw)
	}
}

type badgeKey struct {
	letter string // the house's numeral, or A for the Aspirant
	fill   color.RGBA
}

// badges caches the discs that mark a house (or the Aspirant) with its letter. They sit on a
// house's panel: painted on its colour, they copy exactly as drawn in place.
var badges = render.NewSprites(func(k badgeKey) image.Image {
	sp := render.NewCanvas(52, 52, render.Panel)
	sp.Circle(26, 26, 24, k.fill, render.Ink, 2)
	ink := render.ContrastInk(k.fill)
	if k.fill == render.Ink {
		ink = render.White
	}
	sp.Text(26, 26, k.letter, render.Style{Size: 22, Font: render.Bold, Color: ink, Align: render.Center, VAlign: render.Middle})
	return sp.Image()
})
