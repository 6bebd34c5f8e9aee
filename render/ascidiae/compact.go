package ascidiae

import (
	"math"

	"github.com/boardbot/boardbot/render"
	asc "github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/msg"
)

// The phone image (Focus) draws every grid compactly, two side by side: each space as its card's
// name over its tadpoles and load, the facing as a notch on the space's edge. The abilities'
// icons are on the piles and the whole board; a phone must see every grid on one screen (issue
// 38: at four seats one whole grid and three compact ones made the image 3.4 times as tall as
// wide).

const (
	compactHead  = 28.0 // the panel's title line
	compactCell  = 36.0 // a space's height: two lines
	compactGap   = 4.0  // between spaces
	compactPad   = 6.0  // between a panel's edge and its spaces
	compactPanel = 8.0  // between two panels
	compactPer   = 2    // panels side by side
)

// compactH is the height of one compact grid, the gap below it included.
func compactH() float64 {
	return compactHead + asc.Rows*compactCell + (asc.Rows-1)*compactGap + compactPad + compactPanel
}

// compactW is the width of one compact grid.
func (b *board) compactW() float64 {
	return (b.width - 2*margin - (compactPer-1)*compactPanel) / compactPer
}

// compactRows is how many rows of panels n grids take.
func compactRows(n int) int { return (n + compactPer - 1) / compactPer }

// order is the seats in turn order from the awaited seat on: its grid comes first.
func (b *board) order(first int) []int {
	n := len(b.v.Players)
	out := make([]int, 0, n)
	for k := range n {
		out = append(out, (first+k)%n)
	}
	return out
}

// compactGrid draws seat i's grid at (x, y), a panel compactW wide.
func (b *board) compactGrid(i int, x, y float64) {
	c, v := b.c, b.v
	p := v.Players[i]
	w := b.compactW()
	h := compactH() - compactPanel
	edge, lw := render.Edge, 2.0
	turn := v.Result == nil && !v.Setup && v.Seat == i
	if turn {
		edge, lw = render.SeatColour(i), 4
	}
	box(c, x, y, w, h, 10, render.Panel, edge, lw)
	cy := y + compactHead/2 + 1
	c.Badge(x+17, cy, 11.5, itoa(i+1), render.SeatColour(i), render.ContrastInk(render.SeatColour(i)))
	right := render.Style{Size: minText, Color: render.Muted, Align: render.Right, VAlign: render.Middle}
	// The round is in the header; a turn count per player would be a second clock.
	detail := b.tr("focus_colonies", msg.Number("N", len(p.Colonies)), msg.Number("Of", v.WinTarget))
	if v.Setup && !p.Placed {
		detail = b.tr("placing")
	}
	c.Text(x+w-9, cy, detail, right)
	name := render.Style{Size: 16, Font: render.Bold, VAlign: render.Middle}
	who := b.who(i)
	c.Text(x+32, cy, who, fitMin(who, name, w-32-render.TextWidth(detail, right)-16))
	cw := (w - 2*compactPad - (asc.Cols-1)*compactGap) / asc.Cols
	for sp, cv := range p.Cells {
		sx := x + compactPad + float64(sp%asc.Cols)*(cw+compactGap)
		sy := y + compactHead + float64(sp/asc.Cols)*(compactCell+compactGap)
		b.compactCell(cv, sx, sy, cw, turn && v.Active == cv.Space)
	}
}

// compactCell is one space: the card's name on the first line, its tadpoles and load on the
// second, its facing as a notch on the edge it faces; an empty space shows its name.
func (b *board) compactCell(cv asc.CellView, x, y, w float64, active bool) {
	c := b.c
	if cv.Card == "" {
		tile(c, x, y, w, compactCell, 6, render.Panel, emptyCell, render.Edge, 1.5)
		c.Text(x+w/2, y+compactCell/2, cv.Space, render.Style{Size: 16, Font: render.Bold, Color: render.Edge, Align: render.Center, VAlign: render.Middle})
		return
	}
	tint := tintSpecial
	if k := b.kinds[cv.Card]; k != nil && k.Kind == asc.KindInitial {
		tint = tintInitial
	} else if k != nil && k.Kind == asc.KindCommon {
		tint = tintCommon
	}
	n := cv.Tadpoles.Total()
	stroke, lw := render.Ink, 1.5
	if n > cv.Capacity {
		stroke, lw = warn, 3 // a purge to come, when the load has no room below
	}
	if active {
		stroke, lw = activeEdge, 4
	}
	tile(c, x, y, w, compactCell, 6, render.Panel, tint, render.Opaque(stroke), lw)
	l1, l2 := y+11, y+compactCell-11
	name, st := compactName(cv.Card, w-4)
	c.Text(x+w/2, l1, name, st)
	load := render.Style{Size: minText, Font: render.Bold, Color: render.Muted, Align: render.Right, VAlign: render.Middle}
	if n > cv.Capacity {
		load.Color = warn
	}
	ls := itoa(n) + "/" + itoa(cv.Capacity)
	gs := poolGlyphs(cv.Tadpoles)
	room := w - 10 - render.TextWidth(ls, load)
	if n > 0 && fitWidth(gs, 0.85, room) > room {
		// Three or four colours: the tadpoles take the line, the load is the pile's to read.
		drawRow(c, x+4, l2, w-8, gs, 0.85)
	} else {
		c.Text(x+w-4, l2, ls, load)
		if n > 0 {
			drawRow(c, x+4, l2, room, gs, 0.85)
		}
	}
	// The facing: a notch on the edge the card's top faces, as on the whole board.
	dx, dy := dirVec(cv.Orient)
	mx, my := x+w/2+dx*(w/2+1), y+compactCell/2+dy*(compactCell/2+1)
	if dx != 0 {
		my = y + compactCell/2
	}
	chevron(c, math.Round(mx), math.Round(my), 9, cv.Orient, render.Ink)
}

// compactName is a card's name for a compact space w wide: whole down to phoneMinText (9 px once the
// image is 400 px wide), else cut after whole letters with a full stop ("xerocep."), never
// running over the space's edge into its neighbour.
// phoneMinText is the smallest text of the phone image: 9 px once its 614 px are shown 400 wide.
const phoneMinText = 13.85

func compactName(name string, w float64) (string, render.Style) {
	st := render.Style{Size: 15, Font: render.Bold, Align: render.Center, VAlign: render.Middle}
	for _, size := range []float64{15, 14.5, 14, phoneMinText} {
		if st.Size = size; render.TextWidth(name, st) <= w {
			return name, st
		}
	}
	r := []rune(name)
	for n := len(r) - 1; n > 3; n-- {
		if short := string(r[:n]) + "."; render.TextWidth(short, st) <= w {
			return short, st
		}
	}
	return string(r[:min(len(r), 4)]) + ".", st
}
