package ascalion

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
)

// Pre-drawn pieces: every land's shape in every fill, and the small icons, are painted once per
// process and then only copied.

type landKey struct {
	land int
	fill color.RGBA
}

type landSprite struct {
	img  image.Image
	x, y int // where its top-left corner goes on the board
}

var landSprites = render.NewSprites(func(k landKey) image.Image {
	g := geometry()
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, ci := range g.b.Lands[k.land].Cells {
		p := g.centres[ci]
		minX, minY = math.Min(minX, p.X-hexW/2), math.Min(minY, p.Y-hexH/2)
		maxX, maxY = math.Max(maxX, p.X+hexW/2), math.Max(maxY, p.Y+hexH/2)
	}
	ox, oy := math.Floor(minX)-3, math.Floor(minY)-3
	c := render.NewSprite(int(maxX-ox)+4, int(maxY-oy)+4)
	shift := func(p gg.Point) gg.Point { return gg.Point{X: p.X - ox, Y: p.Y - oy} }
	for _, ci := range g.b.Lands[k.land].Cells {
		pts := hexPts(g.centres[ci], 0.6)
		for i := range pts {
			pts[i] = shift(pts[i])
		}
		c.Poly(pts, k.fill, nil, 0)
	}
	c.SetLineWidth(2.2)
	c.SetLineCapRound()
	for _, ci := range g.b.Lands[k.land].Cells {
		for d := 0; d < 6; d++ {
			j, v1, v2 := neighbour(g.b, ci, d)
			if j >= 0 && g.b.Cells[j].Land == k.land {
				continue
			}
			a, b := shift(vertex(g.centres[ci], v1)), shift(vertex(g.centres[ci], v2))
			c.MoveTo(a.X, a.Y)
			c.LineTo(b.X, b.Y)
		}
	}
	c.SetColor(render.Ink)
	c.Stroke()
	return &offsetImage{RGBA: c.RGBA, at: image.Pt(int(ox), int(oy))}
})

// offsetImage remembers where a land sprite belongs.
type offsetImage struct {
	*image.RGBA
	at image.Point
}

type iconKey struct {
	kind  string // "pill", "source", "city", "box", "follower", "chip"
	label string
	col   color.RGBA
}

var icons = render.NewSprites(func(k iconKey) image.Image {
	switch k.kind {
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
		c.Text(8.5, 8.5, k.label, render.Style{Size: 11, Font: render.Bold, Color: render.ContrastInk(k.col), Align: render.Center, VAlign: render.Middle})
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
		c.Text(8, 8, k.label, render.Style{Size: 10, Font: render.Bold, Color: render.White, Align: render.Center, VAlign: render.Middle})
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
		c.Text(7.5, 7.5, k.label, render.Style{Size: 9, Font: render.Bold, Color: render.ContrastInk(k.col), Align: render.Center, VAlign: render.Middle})
	}
	return c.Image()
})
