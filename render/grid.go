package render

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"
)

// Grid maps the squares of a rectangular board to pixels.
type Grid struct {
	X, Y       float64 // top-left corner of the playing area
	Cell       float64 // side of one square in pixels
	Cols, Rows int
	// RowsUp puts row 0 at the bottom, as chess boards number their ranks upward.
	RowsUp bool
}

// Origin is the top-left pixel of square (col, row).
func (g Grid) Origin(col, row int) (x, y float64) {
	if g.RowsUp {
		row = g.Rows - 1 - row
	}
	return g.X + float64(col)*g.Cell, g.Y + float64(row)*g.Cell
}

// Center is the middle of square (col, row).
func (g Grid) Center(col, row int) gg.Point {
	x, y := g.Origin(col, row)
	return gg.Point{X: x + g.Cell/2, Y: y + g.Cell/2}
}

// Square is the pixel rectangle of square (col, row).
func (g Grid) Square(col, row int) image.Rectangle {
	x, y := g.Origin(col, row)
	return image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+g.Cell)), int(math.Round(y+g.Cell)))
}

// Bounds is the pixel rectangle of the whole playing area.
func (g Grid) Bounds() image.Rectangle {
	return image.Rect(int(math.Round(g.X)), int(math.Round(g.Y)),
		int(math.Round(g.X+g.Cell*float64(g.Cols))), int(math.Round(g.Y+g.Cell*float64(g.Rows))))
}

// At returns the square under pixel (x, y) and whether there is one.
func (g Grid) At(x, y float64) (col, row int, ok bool) {
	col, row = int(math.Floor((x-g.X)/g.Cell)), int(math.Floor((y-g.Y)/g.Cell))
	if col < 0 || row < 0 || col >= g.Cols || row >= g.Rows {
		return 0, 0, false
	}
	if g.RowsUp {
		row = g.Rows - 1 - row
	}
	return col, row, true
}

// Checker fills the squares alternately with light and dark; square (0, 0) is dark, as on a
// chessboard. Pass the same colour twice for a plain board.
func (c *Canvas) Checker(g Grid, light, dark color.Color) {
	for row := 0; row < g.Rows; row++ {
		for col := 0; col < g.Cols; col++ {
			f := light
			if (col+row)%2 == 0 {
				f = dark
			}
			c.Rect(g.Square(col, row), f)
		}
	}
}

// GridLines draws the lines between squares and the outer border.
func (c *Canvas) GridLines(g Grid, col color.Color, width float64) {
	c.SetColor(col)
	c.SetLineWidth(width)
	c.SetLineCapSquare()
	b := g.Bounds()
	for i := 0; i <= g.Cols; i++ {
		x := g.X + float64(i)*g.Cell
		c.DrawLine(x, float64(b.Min.Y), x, float64(b.Max.Y))
	}
	for i := 0; i <= g.Rows; i++ {
		y := g.Y + float64(i)*g.Cell
		c.DrawLine(float64(b.Min.X), y, float64(b.Max.X), y)
	}
	c.Stroke()
}

// CoordStyle says how Coords labels a grid. The zero value labels files A, B, C... and ranks
// 1, 2, 3... on all four sides, in bold Ink sized for the cell.
type CoordStyle struct {
	File   func(col int) string // nil means "A", "B", ...
	Rank   func(row int) string // nil means "1", "2", ...
	Margin float64              // distance from the grid edge to the label centre; 0 means Cell/4
	Size   float64              // text size; 0 means min(Cell*0.3, 30)
	Color  color.Color          // nil means Ink
	// Hide selects sides to leave unlabelled.
	HideTop, HideBottom, HideLeft, HideRight bool
}

// Coords labels the columns and rows of g on its sides. Large coordinates on every side let
// players on a phone name a square without counting.
func (c *Canvas) Coords(g Grid, cs CoordStyle) {
	file, rank := cs.File, cs.Rank
	if file == nil {
		file = FileLetter
	}
	if rank == nil {
		rank = func(r int) string { return strconv.Itoa(r + 1) }
	}
	m := cs.Margin
	if m <= 0 {
		m = g.Cell / 4
	}
	size := cs.Size
	if size <= 0 {
		size = math.Min(g.Cell*0.3, 30)
	}
	st := Style{Size: size, Font: Bold, Color: cs.Color, Align: Center, VAlign: Middle}
	b := g.Bounds()
	for col := 0; col < g.Cols; col++ {
		x := g.Center(col, 0).X
		if !cs.HideTop {
			c.Text(x, float64(b.Min.Y)-m, file(col), st)
		}
		if !cs.HideBottom {
			c.Text(x, float64(b.Max.Y)+m, file(col), st)
		}
	}
	for row := 0; row < g.Rows; row++ {
		y := g.Center(0, row).Y
		if !cs.HideLeft {
			c.Text(float64(b.Min.X)-m, y, rank(row), st)
		}
		if !cs.HideRight {
			c.Text(float64(b.Max.X)+m, y, rank(row), st)
		}
	}
}

// FileLetter is "A" for 0, "B" for 1, ..., "Z", then "AA", "AB"...
func FileLetter(col int) string {
	if col < 0 {
		return "?"
	}
	s := ""
	for col >= 0 {
		s = string(rune('A'+col%26)) + s
		col = col/26 - 1
	}
	return s
}
