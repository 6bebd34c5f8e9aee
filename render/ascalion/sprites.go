package ascalion

import (
	"image"
	"image/color"
	"math"
	"unicode/utf8"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
)

// Pre-drawn pieces: every land's shape in every fill, and the small icons, are painted once per
// process and then only copied.

type iconKey struct {
	kind  string // "pill", "source", "city", "box", "follower", "chip"
	label string
	col   color.RGBA
}

var icons = render.NewSprites(func(k iconKey) image.Image { return hardEdges(paintIcon(k)) })

// hardEdges makes each pixel of a sprite either opaque or clear. A soft edge blends with every
// land colour under it into shades of its own, which cost more bytes in a board than the rest of
// the icon; a sprite is small and drawn at whole pixels, so the edge looks no rougher for it.
func hardEdges(img image.Image) image.Image {
	m, ok := img.(*image.RGBA)
	if !ok {
		return img
	}
	for i := 0; i < len(m.Pix); i += 4 {
		a := uint32(m.Pix[i+3])
		switch {
		case a < 128:
			m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = 0, 0, 0, 0
		case a < 255: // premultiplied: scale the colour up to full opacity
			for j := range 3 {
				m.Pix[i+j] = uint8(min(255, uint32(m.Pix[i+j])*255/a))
			}
			m.Pix[i+3] = 255
		}
	}
	return m
}

func paintIcon(k iconKey) image.Image {
	switch k.kind {
	case "name":
		st := render.Style{Size: 11.5, Font: render.Bold, Color: k.col, Align: render.Center, VAlign: render.Middle}
		w := int(math.Ceil(render.TextWidth(k.label, st))) + 8
		c := render.NewSprite(w, 20)
		c.Text(float64(w)/2, 10, k.label, st)
		return c.Image()
	case "pill":
		st := render.Style{Size: 11, Font: render.Bold, Color: render.ContrastInk(k.col), Align: render.Center, VAlign: render.Middle}
		w := render.TextWidth(k.label, st) + 8
		c := render.NewSprite(int(math.Ceil(w))+2, 17)
		c.RoundRect(1, 1, w, 15, 7, k.col, render.Ink, 1.2)
		c.Text(1+w/2, 8.5, k.label, st)
		return c.Image()
	case "source":
		c := render.NewSprite(17, 17)
		c.RoundRect(1, 1, 15, 15, 2, k.col, render.Ink, 1.2)
		c.Text(8.5, 8.5, k.label, render.Style{Size: letterSize(k.label, 11), Font: render.Bold, Color: render.ContrastInk(k.col), Align: render.Center, VAlign: render.Middle})
		return c.Image()
	case "city":
		c := render.NewSprite(17, 17)
		pts := []gg.Point{{X: 1, Y: 16}, {X: 1, Y: 7}, {X: 8, Y: 1}, {X: 15, Y: 7}, {X: 15, Y: 16}}
		c.Poly(pts, render.Ink, render.White, 1.2)
		c.Rect(image.Rect(6, 10, 10, 16), render.White)
		return c.Image()
	case "box":
		c := render.NewSprite(16, 16)
		c.RoundRect(1, 1, 14, 14, 3, k.col, render.White, 1)
		c.Text(8, 8, k.label, render.Style{Size: letterSize(k.label, 10), Font: render.Bold, Color: render.White, Align: render.Center, VAlign: render.Middle})
		return c.Image()
	case "follower":
		c := render.NewSprite(14, 16)
		c.Circle(7, 4.5, 3.2, k.col, render.White, 1)
		c.Poly([]gg.Point{{X: 2, Y: 15}, {X: 7, Y: 8}, {X: 12, Y: 15}}, k.col, render.White, 1)
		return c.Image()
	}
	// chip: a lettered circle; weapons get a white cross
	c := render.NewSprite(15, 15)
	c.Circle(7.5, 7.5, 6.5, k.col, render.White, 1)
	if k.label == "x" {
		c.Line(4.5, 4.5, 10.5, 10.5, 1.6, render.White)
		c.Line(10.5, 4.5, 4.5, 10.5, 1.6, render.White)
	} else {
		c.Text(7.5, 7.5, k.label, render.Style{Size: letterSize(k.label, 9), Font: render.Bold, Color: render.ContrastInk(k.col), Align: render.Center, VAlign: render.Middle})
	}
	return c.Image()
}

// letterSize is the font size of a one-letter sprite's label at size; two letters (French "ch"
// where "c" is cheval) are drawn smaller to fit the same box.
func letterSize(label string, size float64) float64 {
	if utf8.RuneCountInString(label) > 1 {
		return size * 0.72
	}
	return size
}
