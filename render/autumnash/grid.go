package autumnash

import (
	"image/color"
	"math"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/autumnash"
)

// Unsettled keeps every leaf inside one playfield of winCols x winRows squares.
const winCols, winRows = 5, 6

func drawBoard(c *render.Canvas, l layout, v *game.View) {
	g := l.grid
	corner := map[game.Square]bool{}
	for _, q := range v.Corners {
		corner[q] = true
	}
	lo, hi, field := playfield(v)
	for row := 0; row < v.Rows; row++ {
		for col := 0; col < v.Cols; col++ {
			var f color.Color = woodLight
			if (col+row)%2 == 0 {
				f = woodDark
			}
			switch {
			case field && (col < lo.Col || col > hi.Col || row < lo.Row || row > hi.Row):
				f = outside
			case corner[game.Square{Col: col, Row: row}]:
				f = cornerWood
			}
			c.Rect(g.Square(col, row), f)
			if st := v.Stacks[row*v.Cols+col]; len(st) > 0 && burnt(st[len(st)-1].Colour) {
				hatch(c, g, col, row)
			}
		}
	}
	c.GridLines(g, render.Edge, 2)
	if field {
		x0, y0 := g.Origin(lo.Col, hi.Row)
		w, h := float64(hi.Col-lo.Col+1)*g.Cell, float64(hi.Row-lo.Row+1)*g.Cell
		c.RoundRect(x0-3, y0-3, w+6, h+6, 4, nil, render.Ink, 5)
	}
	b := g.Bounds()
	c.RoundRect(float64(b.Min.X)-2, float64(b.Min.Y)-2, float64(b.Dx())+4, float64(b.Dy())+4, 3, nil, render.Ink, 3)
	c.Coords(g, render.CoordStyle{Size: 30, Margin: coordM / 2})
	for q := range corner {
		star(c, g, q)
	}
	for row := 0; row < v.Rows; row++ {
		for col := 0; col < v.Cols; col++ {
			drawStack(c, g, col, row, v.Stacks[row*v.Cols+col])
		}
	}
}

func burnt(c game.Colour) bool { return c == game.Black || c == game.Purple }

// playfield is, on the Unsettled chessboard, the squares a leaf may still reach: the union of the
// 5x6 fields that hold every piece. ok is false on a fixed board or before the first piece.
func playfield(v *game.View) (lo, hi game.Square, ok bool) {
	if v.Window == nil || v.Cols*v.Rows <= winCols*winRows {
		return lo, hi, false
	}
	box := *v.Window
	lo = game.Square{Col: max(0, box[1].Col-winCols+1), Row: max(0, box[1].Row-winRows+1)}
	hi = game.Square{Col: min(v.Cols-1, box[0].Col+winCols-1), Row: min(v.Rows-1, box[0].Row+winRows-1)}
	return lo, hi, true
}

// hatch marks a square under a burnt leaf with diagonal ash lines: a texture, not a colour, so it
// reads for everyone.
func hatch(c *render.Canvas, g render.Grid, col, row int) {
	x0, y0 := g.Origin(col, row)
	s := g.Cell
	step := s / 7
	c.SetColor(ash)
	c.SetLineWidth(math.Max(2, s/40))
	c.SetLineCapButt()
	for k := -s + step/2; k < s; k += step {
		// The line x - y = k inside the square [0,s]x[0,s].
		ax, ay := math.Max(0, k), math.Max(0, -k)
		bx, by := math.Min(s, s+k), math.Min(s, s-k)
		c.DrawLine(x0+ax, y0+ay, x0+bx, y0+by)
	}
	c.Stroke()
}

// star marks an entry corner, as the rulebook's "*" does, in the square's top-left corner, which
// pyramids standing on their base leave free.
func star(c *render.Canvas, g render.Grid, q game.Square) {
	x0, y0 := g.Origin(q.Col, q.Row)
	r := g.Cell * 0.11
	c.Poly(starPoints(x0+r+5, y0+r+5, r), render.White, render.Ink, 2)
}

func starPoints(x, y, r float64) []gg.Point {
	pts := make([]gg.Point, 10)
	for i := range pts {
		rad := r
		if i%2 == 1 {
			rad = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts[i] = gg.Point{X: x + rad*math.Cos(a), Y: y + rad*math.Sin(a)}
	}
	return pts
}
