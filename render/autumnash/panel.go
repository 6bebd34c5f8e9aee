package autumnash

import (
	"image"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/autumnash"
)

// drawPanel shows each side's unplayed stash, which is what its leaves can still become, and the
// legend.
func drawPanel(c *render.Canvas, l layout, v *game.View) {
	r := l.panel
	y := float64(r.Min.Y)
	for s := 0; s < 2; s++ {
		h := stashHeight(len(v.Stash[s]))
		drawStash(c, image.Rect(r.Min.X, int(y), r.Max.X, int(y+h)), s, v)
		y += h + pad
	}
	if rest := image.Rect(r.Min.X, int(y), r.Max.X, r.Max.Y); rest.Dy() > 120 {
		drawLegend(c, rest, v)
	}
}

const (
	stashRow   = 42.0
	stashTitle = 50.0
)

func stashHeight(rows int) float64 { return stashTitle + stashRow*float64(rows) + 8 }

func drawStash(c *render.Canvas, r image.Rectangle, seat int, v *game.View) {
	x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	edge, lw := render.Edge, 2.0
	if int(v.Turn) == seat {
		edge, lw = render.Ink, 3.5
	}
	c.RoundRect(x, y, w, float64(r.Dy()), 12, render.Panel, edge, lw)
	c.Circle(x+26, y+stashTitle/2, 13, seatChip[seat], render.Ink, 2)
	c.Text(x+26, y+stashTitle/2, seatName[seat][:1], render.Style{Size: 16, Font: render.Bold,
		Color: render.White, Align: render.Center, VAlign: render.Middle})
	title := seatName[seat] + " stash"
	c.Text(x+48, y+stashTitle/2, title, render.Style{Size: 22, Font: render.Bold, VAlign: render.Middle})
	if int(v.Turn) == seat {
		c.Text(x+w-12, y+stashTitle/2, "to move", render.Style{Size: 17, Font: render.Bold, Color: render.Ink,
			Align: render.Right, VAlign: render.Middle})
	}
	y += stashTitle
	for _, e := range v.Stash[seat] {
		if e.Colour > game.Purple {
			continue
		}
		f := pieceFill[e.Colour]
		cy := y + stashRow/2
		c.RoundRect(x+12, cy-14, 28, 28, 5, f, render.Ink, 1.5)
		c.Text(x+26, cy, e.Colour.Letter(), render.Style{Size: 18, Font: render.Bold,
			Color: render.ContrastInk(f), Align: render.Center, VAlign: render.Middle})
		c.Text(x+48, cy, e.Colour.String(), render.Style{Size: 18, VAlign: render.Middle})
		counts := [4]int{0, e.Pawns, e.Drones, e.Queens}
		for z := 1; z <= 3; z++ {
			gx := x + 128 + float64(z-1)*50
			miniPyramid(c, gx, cy+13, 9+5*float64(z), e.Colour, counts[z] > 0)
			col := render.Ink
			if counts[z] == 0 {
				col = render.Muted
			}
			c.Text(gx+12, cy+1, strconv.Itoa(counts[z]), render.Style{Size: 19, Font: render.Bold, Color: col,
				VAlign: render.Middle})
		}
		y += stashRow
	}
}

// miniPyramid is a small triangle standing on (x, base), filled when the size is available and only
// outlined when none is left.
func miniPyramid(c *render.Canvas, x, base, h float64, col game.Colour, filled bool) {
	t := []gg.Point{{X: x, Y: base - h}, {X: x + h*0.45, Y: base}, {X: x - h*0.45, Y: base}}
	if filled {
		c.Poly(t, pieceFill[col], render.Ink, 1.5)
	} else {
		c.Poly(t, nil, render.Muted, 1.5)
	}
}

func drawLegend(c *render.Canvas, r image.Rectangle, v *game.View) {
	x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	c.RoundRect(x, y, w, float64(r.Dy()), 12, render.Panel, render.Edge, 2)
	st := render.Style{Size: 17, VAlign: render.Middle}
	row := 34.0
	y += 12
	line := func(s string) {
		c.Text(x+58, y+row/2, s, render.FitText(s, st, w-66))
		y += row
	}
	ix := x + 30
	// Sizes.
	for z := 1; z <= 3; z++ {
		miniPyramid(c, ix-16+float64(z-1)*13, y+row/2+9, 6+4*float64(z), game.Clear, true)
	}
	line("pawn 1, drone 2, queen 3 pips")
	c.Poly(starPoints(ix, y+row/2, 11), render.White, render.Ink, 2)
	line("entry corner")
	c.RoundRect(ix-12, y+row/2-12, 24, 24, 3, render.White, render.Ink, 1.5)
	c.Text(ix, y+row/2, "3", render.Style{Size: 17, Font: render.Bold, Align: render.Center, VAlign: render.Middle})
	line("stack height, lower leaves behind")
	hatchIcon(c, ix, y+row/2)
	line("burnt leaf: never moves")
	c.Arrow([]gg.Point{{X: ix - 16, Y: y + row/2}, {X: ix + 16, Y: y + row/2}}, render.ArrowStyle{Width: 4})
	line("last move")
	c.SetDash(5, 4)
	c.RoundRect(ix-12, y+row/2-12, 24, 24, 3, nil, render.Ink, 2.5)
	c.SetDash()
	line("leaves bagged there")
	if v.Window != nil || v.Variant == game.VariantUnsettled {
		c.RoundRect(ix-12, y+row/2-12, 24, 24, 3, nil, render.Ink, 4)
		line("field: leaves stay in 5x6")
	}
}

func hatchIcon(c *render.Canvas, x, y float64) {
	c.RoundRect(x-12, y-12, 24, 24, 3, render.White, nil, 0)
	c.SetColor(ash)
	c.SetLineWidth(2)
	for k := -18.0; k <= 18; k += 6 {
		ax, ay := math.Max(-12, -12+k), math.Max(-12, -12-k)
		bx, by := math.Min(12, 12+k), math.Min(12, 12-k)
		c.DrawLine(x+ax, y+ay, x+bx, y+by)
	}
	c.Stroke()
	c.RoundRect(x-12, y-12, 24, 24, 3, nil, render.Ink, 1.5)
}

func drawFooter(c *render.Canvas, l layout, v *game.View) {
	r := l.footer
	x, y := float64(r.Min.X), float64(r.Min.Y)
	w := float64(r.Dx())
	st := render.Style{Size: 22, VAlign: render.Middle}
	lines := []string{}
	if s := lastMoveText(v); s != "" {
		lines = append(lines, s)
	}
	if v.Result != nil && v.Result.Reason != "" {
		lines = append(lines, v.Result.Reason)
	}
	if len(lines) == 0 {
		lines = append(lines, "No move yet.")
	}
	if v.Variant == game.VariantUnsettled && v.Result == nil {
		lines = append(lines, "Unsettled: every leaf must stay inside one 5x6 field (5 files, 6 ranks).")
	}
	if len(lines) > 2 {
		lines = lines[:2]
	}
	lh := float64(r.Dy()) / float64(len(lines))
	for i, s := range lines {
		ls := st
		if i == 1 {
			ls.Font = render.Bold
			if v.Result == nil {
				ls.Font, ls.Color, ls.Size = render.Regular, render.Muted, 20
			}
		}
		c.Text(x, y+lh*(float64(i)+0.5), s, render.FitText(s, ls, w))
	}
}
