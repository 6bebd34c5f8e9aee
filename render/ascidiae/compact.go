package ascidiae

import (
	"github.com/boardbot/boardbot/render"
	asc "github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/msg"
)

// The focus image draws the awaited player's grid whole and every other grid compactly: each
// space as its card's name, facing and tadpoles, so that a phone shows an opponent's grid without
// the abilities' icons, which are the same as on the piles and the whole board.

const (
	compactHead = 36.0 // the panel's title line
	compactCell = 46.0 // a space's height
	compactGap  = 6.0
)

// compactH is the height of one compact grid, its margin below included.
func compactH() float64 {
	return compactHead + asc.Rows*compactCell + (asc.Rows-1)*compactGap + 10 + margin
}

// others are the seats drawn compactly: everyone but the one whose grid is drawn whole, in turn
// order from the awaited seat on.
func (b *board) others(whole int) []int {
	var out []int
	n := len(b.v.Players)
	for k := 1; k < n; k++ {
		out = append(out, (whole+k)%n)
	}
	return out
}

// compactGrid draws seat i's grid at y, a panel the image's width.
func (b *board) compactGrid(i int, y float64) {
	c, v := b.c, b.v
	p := v.Players[i]
	x, w := float64(margin), b.width-2*margin
	box(c, x, y, w, compactH()-margin, 12, render.Panel, render.Edge, 2)
	cy := y + compactHead/2 + 2
	c.Badge(x+22, cy, 12, itoa(i+1), render.SeatColour(i), render.ContrastInk(render.SeatColour(i)))
	right := render.Style{Size: 16, Color: render.Muted, Align: render.Right, VAlign: render.Middle}
	// The round is in the header; a turn count per player would be a second clock.
	detail := b.tr("focus_colonies", msg.Number("N", len(p.Colonies)), msg.Number("Of", v.WinTarget))
	if v.Setup && !p.Placed {
		detail = b.tr("placing")
	}
	c.Text(x+w-14, cy, detail, right)
	name := render.Style{Size: 18, Font: render.Bold, VAlign: render.Middle}
	who := b.who(i)
	c.Text(x+42, cy, who, render.FitText(who, name, w-56-render.TextWidth(detail, right)-14))
	cw := (w - 20 - (asc.Cols-1)*compactGap) / asc.Cols
	for sp, cv := range p.Cells {
		sx := x + 10 + float64(sp%asc.Cols)*(cw+compactGap)
		sy := y + compactHead + float64(sp/asc.Cols)*(compactCell+compactGap)
		b.compactCell(cv, sx, sy, cw)
	}
}

// compactCell is one space: its name and the card's name and facing on the first line, the
// tadpoles and the card's load on the second.
func (b *board) compactCell(cv asc.CellView, x, y, w float64) {
	c := b.c
	muted := render.Style{Size: minText, Font: render.Bold, Color: render.Muted, VAlign: render.Middle}
	if cv.Card == "" {
		// Unnamed: the cards name their spaces, and the bytes go to the log (every seat's turn,
		// issue 38) within the phone image's 60 KB.
		tile(c, x, y, w, compactCell, 8, render.Panel, emptyCell, render.Edge, 1.5)
		return
	}
	tint := tintSpecial
	if k := b.kinds[cv.Card]; k != nil && k.Kind == asc.KindInitial {
		tint = tintInitial
	} else if k != nil && k.Kind == asc.KindCommon {
		tint = tintCommon
	}
	tile(c, x, y, w, compactCell, 8, render.Panel, tint, render.Ink, 1.5)
	l1, l2 := y+13, y+compactCell-13
	c.Text(x+6, l1, cv.Space, muted)
	nx := x + 10 + render.TextWidth(cv.Space, muted)
	// The facing, as an arrow at the right: an ability's directions turn with it.
	arrow(c, x+w-12, l1, unit*0.95, cv.Orient, false)
	c.Text(nx, l1, cv.Card, fitMin(cv.Card, render.Style{Size: 16, Font: render.Bold, VAlign: render.Middle}, x+w-24-nx))
	n := cv.Tadpoles.Total()
	load := render.Style{Size: minText, Font: render.Bold, Color: render.Muted, Align: render.Right, VAlign: render.Middle}
	if n > cv.Capacity {
		load.Color = warn
	}
	ls := itoa(n) + "/" + itoa(cv.Capacity)
	c.Text(x+w-6, l2, ls, load)
	if n > 0 {
		drawRow(c, x+6, l2, w-16-render.TextWidth(ls, load), poolGlyphs(cv.Tadpoles), 1)
	}
}
