package autumnash

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/autumnash"
)

// Unsettled keeps every leaf inside one playfield of winCols x winRows squares.
const winCols, winRows = 5, 6

// drawBoard draws the squares that differ from the cached empty board (entry corners, squares
// outside the Unsettled field, burnt leaves), the field's outline and the pyramids. Fills stay one
// pixel inside each square so the grid lines of the base survive.
func drawBoard(c *render.Canvas, l layout, v *game.View, lang string) {
	g := l.grid
	corner := map[game.Square]bool{}
	for _, q := range v.Corners {
		if onBoard(v, q) {
			corner[q] = true
		}
	}
	lo, hi, field := playfield(v)
	for row := 0; row < v.Rows; row++ {
		for col := 0; col < v.Cols; col++ {
			var f color.Color
			switch {
			case field && (col < lo.Col || col > hi.Col || row < lo.Row || row > hi.Row):
				f = outside
			case corner[game.Square{Col: col, Row: row}]:
				f = cornerWood
			}
			if f != nil {
				c.Rect(g.Square(col, row).Inset(1), f)
			}
			if st := v.Stacks[row*v.Cols+col]; len(st) > 0 && burnt(st[len(st)-1].Colour) {
				x, y := g.Origin(col, row)
				c.Blit(hatchSprites.Get(int(g.Cell)), int(x), int(y))
			}
		}
	}
	if field {
		x0, y0 := g.Origin(lo.Col, hi.Row)
		w, h := float64(hi.Col-lo.Col+1)*g.Cell, float64(hi.Row-lo.Row+1)*g.Cell
		c.RoundRect(x0-3, y0-3, w+6, h+6, 4, nil, render.Ink, 5)
	}
	for q := range corner {
		x0, y0 := g.Origin(q.Col, q.Row)
		c.Blit(starSprites.Get(int(g.Cell)), int(x0), int(y0))
	}
	for row := 0; row < v.Rows; row++ {
		for col := 0; col < v.Cols; col++ {
			drawStack(c, g, col, row, v.Stacks[row*v.Cols+col], lang)
		}
	}
}

// drawEmptyBoard is the part of the board that never changes, drawn once into the base.
func drawEmptyBoard(c *render.Canvas, g render.Grid, off game.Square) {
	c.Checker(g, woodLight, woodDark)
	c.GridLines(g, render.Edge, 2)
	b := g.Bounds()
	c.RoundRect(float64(b.Min.X)-2, float64(b.Min.Y)-2, float64(b.Dx())+4, float64(b.Dy())+4, 3, nil, render.Ink, 3)
	c.Coords(g, render.CoordStyle{Size: 28, Margin: coordM / 2, HideTop: true, HideRight: true,
		File: func(col int) string { return render.FileLetter(col + off.Col) },
		Rank: func(row int) string { return strconv.Itoa(row + off.Row + 1) }})
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

// hatchSprites mark a square under a burnt leaf with diagonal ash lines, keyed by the square's
// side: a texture, not a colour, so it reads for everyone.
var hatchSprites = render.NewSprites(func(side int) image.Image {
	// Set pixel by pixel, without antialiasing: crisp 45-degree lines repeat from row to row and
	// cost the PNG far fewer bytes than blended ones, and read the same on a phone.
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	step := max(6, side/7)
	width := max(2, side/44)
	for y := 1; y < side-1; y++ {
		for x := 1; x < side-1; x++ {
			if ((x-y)%step+step)%step < width {
				img.SetRGBA(x, y, ash)
			}
		}
	}
	return img
})

// starSprites mark an entry corner, as the rulebook's "*" does, in the square's top-left corner,
// which pyramids standing on their base leave free; keyed by the square's side.
var starSprites = render.NewSprites(func(side int) image.Image {
	r := float64(side) * 0.11
	n := int(starSide(float64(side)))
	c := render.NewSprite(n, n)
	c.Poly(starPoints(r+5, r+5, r), render.White, render.Ink, 2)
	return c.Image()
})

// starSide is the width and height of the star sprite on a square of side cell.
func starSide(cell float64) float64 {
	r := cell * 0.11
	return math.Floor(2*r + 12)
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
