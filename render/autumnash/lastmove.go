package autumnash

import (
	"fmt"
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

// drawLastMove marks the previous turn over the pieces: where a leaf entered, the squares that lost
// leaves to bagging, the destination, and an arrow along the path.
func drawLastMove(c *render.Canvas, l layout, v *game.View) {
	m := v.Last
	if m == nil {
		return
	}
	g := l.grid
	for _, q := range m.Bagged {
		if onBoard(v, q) {
			baggedMark(c, g, q)
		}
	}
	if m.Entered != nil && onBoard(v, *m.Entered) {
		enteredMark(c, g, *m.Entered)
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
	c.RoundRect(x+2, y+2, g.Cell-4, g.Cell-4, 8, nil, render.Ink, 5)
	// The arrow stops short of the destination's pyramid so its letter stays visible.
	if len(pts) == 3 && m.Path[0] == m.Path[2] {
		// Out and back: draw a U-turn so the arrow does not retrace itself and read backwards.
		a, b := pts[0], pts[1]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		nx, ny := -dy/l*g.Cell*0.14, dx/l*g.Cell*0.14
		pts = []gg.Point{{X: a.X + nx, Y: a.Y + ny}, {X: b.X + nx, Y: b.Y + ny}, {X: b.X - nx, Y: b.Y - ny}, {X: a.X - nx, Y: a.Y - ny}}
	}
	pts[0] = towards(pts[0], pts[1], g.Cell*0.15)
	n := len(pts)
	pts[n-1] = towards(pts[n-1], pts[n-2], g.Cell*0.38)
	c.Arrow(pts, render.ArrowStyle{Width: math.Max(5, g.Cell*0.06), Color: render.Ink, Outline: render.White})
	if m.Points > 0 {
		tag := fmt.Sprintf("+%d", m.Points)
		st := render.Style{Size: max(g.Cell*0.2, minText), Font: render.Bold, Align: render.Center, VAlign: render.Middle}
		w := render.TextWidth(tag, st) + g.Cell*0.12
		hgt := st.Size * 1.3
		tx, ty := x+g.Cell/2-w/2, y-hgt/2
		c.RoundRect(tx, ty, w, hgt, hgt/2, render.White, render.Ink, 2.5)
		c.Text(tx+w/2, ty+hgt/2, tag, st)
	}
}

// baggedMark outlines a square that lost leaves with a dashed frame and a small cross.
func baggedMark(c *render.Canvas, g render.Grid, q game.Square) {
	x, y := g.Origin(q.Col, q.Row)
	s := g.Cell
	c.SetDash(10, 7)
	c.RoundRect(x+6, y+6, s-12, s-12, 6, nil, render.Ink, 3.5)
	c.SetDash()
	r := s * 0.07
	cx, cy := x+s-r-12, y+s-r-12
	c.Line(cx-r, cy-r, cx+r, cy+r, 4, render.Ink)
	c.Line(cx-r, cy+r, cx+r, cy-r, 4, render.Ink)
}

// enteredMark puts a plus badge on the corner where a new leaf came in, top right where neither
// the corner star nor a pyramid's apex is (an entry square never holds a stack this turn).
func enteredMark(c *render.Canvas, g render.Grid, q game.Square) {
	x, y := g.Origin(q.Col, q.Row)
	r := g.Cell * 0.11
	plusBadge(c, x+g.Cell-r-5, y+r+5, r)
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

// lastMoveText says the previous turn in words for the footer, e.g. "Last move: bob entered at
// A6, moved A6-B5-B4 capping, became a white pawn and bagged 9 points.", naming the player as every
// text does (the side, "Xeno", only where the platform gave no name).
func lastMoveText(v *game.View, m0 render.Meta) string {
	lang := m0.Lang
	m := v.Last
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
