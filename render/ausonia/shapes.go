package ausonia

import (
	"image/color"

	"github.com/boardbot/boardbot/render"
)

// box is a rounded rectangle drawn fast: gg rasterises every pixel of a filled path, which is slow
// for panel-sized areas, so the fill is two plain rectangles plus four small corner discs, and only
// the outline goes through gg. Coordinates are whole pixels.
func box(c *render.Canvas, x, y, w, h, r float64, fill, stroke color.Color, lw float64) {
	if fill != nil {
		c.Rect(rect(x+r, y, w-2*r, h), fill)
		c.Rect(rect(x, y+r, r, h-2*r), fill)
		c.Rect(rect(x+w-r, y+r, r, h-2*r), fill)
		for _, p := range [4][2]float64{{x + r, y + r}, {x + w - r, y + r}, {x + r, y + h - r}, {x + w - r, y + h - r}} {
			c.Circle(p[0], p[1], r, fill, nil, 0)
		}
	}
	if stroke != nil && lw > 0 {
		c.RoundRect(x, y, w, h, r, nil, stroke, lw)
	}
}
