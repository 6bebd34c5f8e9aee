package autumnash

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/msg"
)

func onBoard(v *game.View, q game.Square) bool {
	return q.Col >= 0 && q.Row >= 0 && q.Col < v.Cols && q.Row < v.Rows
}

// moveMark is how one of the two last moves is drawn: each in its side's colour, the newer one
// saturated and broad, the one before it pale and thinner, so both read and the newer stands out.
type moveMark struct {
	col   color.RGBA
	shaft float64 // arrow width
	frame float64 // destination frame's line
}

func markOf(seat rules.Seat, older bool, cell float64) moveMark {
	s := 0
	if seat == 1 {
		s = 1
	}
	if older {
		return moveMark{col: seatFill[s], shaft: math.Max(4, cell*0.04), frame: 4}
	}
	return moveMark{col: seatChip[s], shaft: math.Max(5, cell*0.06), frame: 5}
}

// drawLastMove marks both players' last moves over the pieces, the older first so the newer lies
// on top: where a leaf entered, the squares that lost leaves to bagging, the destination, an
// arrow along the path and the points scored.
func drawLastMove(c *render.Canvas, l layout, v *game.View) {
	var newer game.Square
	hasNewer := v.Last != nil && len(v.Last.Path) > 0
	if hasNewer {
		newer = v.Last.Path[len(v.Last.Path)-1]
	}
	if v.Prev != nil && seatOK(int(v.Prev.Seat)) {
		// The older tag goes under its square where the newer move ended on the same one.
		drawMove(c, l, v, v.Prev, markOf(v.Prev.Seat, true, l.cell), hasNewer && len(v.Prev.Path) > 0 && v.Prev.Path[len(v.Prev.Path)-1] == newer)
	}
	if v.Last != nil && seatOK(int(v.Last.Seat)) {
		drawMove(c, l, v, v.Last, markOf(v.Last.Seat, false, l.cell), false)
	}
}

func drawMove(c *render.Canvas, l layout, v *game.View, m *game.LastMove, mk moveMark, tagBelow bool) {
	g := l.grid
	for _, q := range m.Bagged {
		if onBoard(v, q) {
			baggedMark(c, g, q, mk.col)
		}
	}
	if m.Entered != nil && onBoard(v, *m.Entered) {
		enteredMark(c, g, *m.Entered, mk.col)
	}
	var pts []gg.Point
	for _, q := range m.Path {
		if !onBoard(v, q) {
			return
		}
		pts = append(pts, g.Center(q.Col, q.Row))
	}
	if len(pts) < 2 {
		return
	}
	dest := m.Path[len(m.Path)-1]
	x, y := g.Origin(dest.Col, dest.Row)
	// An ink line on each side of the frame keeps a pale colour visible on the wood.
	c.RoundRect(x+1, y+1, g.Cell-2, g.Cell-2, 8, nil, render.Ink, mk.frame+3)
	c.RoundRect(x+2.5, y+2.5, g.Cell-5, g.Cell-5, 7, nil, mk.col, mk.frame)
	// The arrow stops short of the destination's pyramid so its letter stays visible.
	start, end := g.Cell*0.15, g.Cell*0.38
	if len(pts) == 3 && m.Path[0] == m.Path[2] {
		// Out and back: draw a U-turn so the arrow does not retrace itself and read backwards.
		a, b := pts[0], pts[1]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		nx, ny := -dy/l*g.Cell*0.14, dx/l*g.Cell*0.14
		pts = []gg.Point{{X: a.X + nx, Y: a.Y + ny}, {X: b.X + nx, Y: b.Y + ny}, {X: b.X - nx, Y: b.Y - ny}, {X: a.X - nx, Y: a.Y - ny}}
		// The leaf is back on its square: the loop stays on the square it visited, both ends at
		// the shared edge, so it never crosses the leaf's letter.
		start, end = g.Cell*0.5, g.Cell*0.5
	}
	pts[0] = towards(pts[0], pts[1], start)
	n := len(pts)
	pts[n-1] = towards(pts[n-1], pts[n-2], end)
	c.Arrow(pts, render.ArrowStyle{Width: mk.shaft, Color: mk.col, Outline: render.Ink})
	if m.Points > 0 {
		tag := fmt.Sprintf("+%d", m.Points)
		st := render.Style{Size: max(g.Cell*0.2, minText), Font: render.Bold, Align: render.Center, VAlign: render.Middle}
		w := render.TextWidth(tag, st) + g.Cell*0.12
		hgt := st.Size * 1.3
		tx, ty := x+g.Cell/2-w/2, y-hgt/2
		if tagBelow {
			ty += g.Cell
		}
		// The tag keeps to the board, and clear of the corner star in the square's top left.
		tx = max(tx, x+starSide(g.Cell)+2)
		if top := g.Y; ty < top+3 {
			ty = top + 3
		}
		c.RoundRect(tx, ty, w, hgt, hgt/2, render.White, render.Ink, 2.5)
		c.RoundRect(tx+2.5, ty+2.5, w-5, hgt-5, hgt/2-2.5, nil, mk.col, 3)
		c.Text(tx+w/2, ty+hgt/2, tag, st)
	}
}

// baggedMark outlines a square that lost leaves with a dashed frame and a small cross.
// The dashes and the cross are in the move's colour over ink, to tell whose bag it was.
func baggedMark(c *render.Canvas, g render.Grid, q game.Square, col color.RGBA) {
	x, y := g.Origin(q.Col, q.Row)
	s := g.Cell
	c.SetDash(10, 7)
	c.RoundRect(x+6, y+6, s-12, s-12, 6, nil, render.Ink, 6)
	c.RoundRect(x+7.5, y+7.5, s-15, s-15, 5, nil, col, 3)
	c.SetDash()
	r := s * 0.07
	cx, cy := x+s-r-12, y+s-r-12
	c.Line(cx-r, cy-r, cx+r, cy+r, 7, render.Ink)
	c.Line(cx-r, cy+r, cx+r, cy-r, 7, render.Ink)
	c.Line(cx-r, cy-r, cx+r, cy+r, 3.5, col)
	c.Line(cx-r, cy+r, cx+r, cy-r, 3.5, col)
}

// enteredMark puts a plus badge on the corner where a new leaf came in, top right where neither
// the corner star nor a pyramid's apex is (an entry square never holds a stack this turn).
func enteredMark(c *render.Canvas, g render.Grid, q game.Square, col color.RGBA) {
	x, y := g.Origin(q.Col, q.Row)
	r := g.Cell * 0.11
	plusBadge(c, x+g.Cell-r-5, y+r+5, r)
	c.Circle(x+g.Cell-r-5, y+r+5, r+2.5, nil, col, 3)
}

// plusBadge is the mark of an entry: a plus in a white disc.
func plusBadge(c *render.Canvas, cx, cy, r float64) {
	c.Circle(cx, cy, r, render.White, render.Ink, 2.5)
	c.Line(cx-r*0.55, cy, cx+r*0.55, cy, 3, render.Ink)
	c.Line(cx, cy-r*0.55, cx, cy+r*0.55, 3, render.Ink)
}

// towards moves p by d toward q.
func towards(p, q gg.Point, d float64) gg.Point {
	dx, dy := q.X-p.X, q.Y-p.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return p
	}
	return gg.Point{X: p.X + dx/l*d, Y: p.Y + dy/l*d}
}

// lastMovesText says both last moves in words for the footer, the newer first, e.g. "bob entered
// at A6, moved A6-B5-B4 capping, became a white pawn and bagged 9 points.", naming the player as
// every text does (the side, "Xeno", only where the platform gave no name). Each goes with the
// move it tells, for its mark.
func lastMovesText(v *game.View, m0 render.Meta) (lines []string, moves []*game.LastMove) {
	for _, m := range []*game.LastMove{v.Last, v.Prev} {
		if s := moveText(m, m0); s != "" {
			lines, moves = append(lines, s), append(moves, m)
		}
	}
	return lines, moves
}

func moveText(m *game.LastMove, m0 render.Meta) string {
	lang := m0.Lang
	if m == nil || !seatOK(int(m.Seat)) || len(m.Path) < 2 {
		return ""
	}
	entered, capping, bagged := msg.Code("Entered", ""), msg.Code("Capping", ""), msg.Code("Bagged", "")
	if m.Entered != nil {
		entered = msg.Nested("Entered", msg.New(catName, "last_entered", msg.Code("Square", m.Entered.Label())))
	}
	var route []string
	for _, q := range m.Path {
		route = append(route, q.Label())
	}
	if m.Capped {
		capping = msg.Nested("Capping", msg.New(catName, "last_capping"))
	}
	if m.Points > 0 {
		bagged = msg.Nested("Bagged", msg.New(catName, "last_bagged", msg.Number("Points", m.Points)))
	}
	return tr(lang, "last_move", msg.Code("Side", m0.Player(rules.Seat(m.Seat), seatName[m.Seat], 16)), entered, msg.Code("Route", strings.Join(route, "-")), capping,
		msg.Nested("Piece", pieceMsg(m.Became)), bagged)
}
