package ascidiae

import (
	"math"

	"github.com/boardbot/boardbot/render"
	asc "github.com/boardbot/boardbot/rules/ascidiae"
	"github.com/boardbot/boardbot/rules/msg"
)

// The focus image is the phone image, what a phone shows without zooming: one grid wide (about
// 600 px), so that its smallest text (minText) is 9 px once the image is 400 px wide. The piles go
// five to a row, their rows cropped to their fullest face, the colonies on one row below; then
// every grid compactly, two side by side, the awaited player's first (card names, facings and
// tadpoles, compact.go); the log and the question below. At four seats it is about 1.6 times as
// tall as wide (issue 38: 3.4). Solo, the one grid is drawn whole. Public information only, like
// the board.

// focusCell is the grid's space in the solo focus image, and sets the image's width.
const focusCell = 119

// Focus draws the focus image of a view and encodes it with the game's palette.
func Focus(v any, m render.Meta) ([]byte, error) {
	view, err := toView(v)
	if err != nil {
		return nil, err
	}
	b := newBoard(view, m)
	b.setCell(focusCell)
	b.logMax = focusLogMax
	b.phone = true
	b.width = math.Ceil(b.gridW + 2*margin)
	seat := min(max(0, view.Seat), len(view.Players)-1)
	head := b.focusHeader()
	hst := render.Style{Size: 19, Font: render.Bold, VAlign: render.Top}
	lines := render.Wrap(head, hst, b.width-2*margin)
	// Whole pixels, so that the spaces below sit on the pixel grid and their cached faces copy as
	// drawn.
	headH := math.Ceil(14 + float64(len(lines))*render.LineHeight(hst) + 4)
	centralH := b.focusCentralH()
	// Solo, the one grid is drawn whole: it fits, and its abilities are the game.
	gridsH := b.gridH + margin
	if !view.Solo {
		gridsH = float64(compactRows(len(view.Players)))*compactH() - compactPanel + margin
	}
	h := headH + margin + centralH + margin + gridsH + b.logH() + margin
	c := render.AcquireCanvas(int(b.width), int(h), render.Paper)
	defer c.Release()
	b.c = c
	c.Rect(c.RGBA.Rect, render.Paper)
	y := 10.0
	for _, l := range lines {
		c.Text(margin, y, l, hst)
		y += render.LineHeight(hst)
	}
	y = headH + margin
	b.focusCentral(y, centralH)
	y += centralH + margin
	if view.Solo {
		b.player(seat, margin, y)
	} else {
		for k, i := range b.order(seat) {
			b.compactGrid(i, margin+float64(k%compactPer)*(b.compactW()+compactPanel), y+float64(k/compactPer)*compactH())
		}
	}
	y += gridsH
	b.log(y)
	return render.EncodePNG(c.RGBA, pal)
}

// focusHeader is the status line in words: whose turn and what activates, or the result, and
// the goal.
func (b *board) focusHeader() string {
	v := b.v
	s := ""
	switch {
	case b.meta.Aborted:
		s = b.tr("status_aborted")
	case v.Result != nil:
		s = b.resultLine()
	case v.Setup:
		s = b.setupStatus()
	default:
		s = b.toPlay()
	}
	if v.Solo {
		return b.tr("focus_solo", msg.Code("Status", s), msg.Number("N", max(1, v.Players[0].Turns)), msg.Number("Of", v.SoloTurns))
	}
	return b.tr("focus_round", msg.Code("Status", s), msg.Number("N", min(v.Round+1, v.TurnLimit)), msg.Number("Of", v.TurnLimit))
}

const perRow = 5 // piles in a row of the phone image

// pileRowH is the height of the phone image's row of piles: its fullest pile's.
func (b *board) pileRowH(row int) float64 {
	h := 0.0
	for _, p := range b.v.Piles[min(len(b.v.Piles), row*perRow):min(len(b.v.Piles), (row+1)*perRow)] {
		h = math.Max(h, b.pileUsed(p))
	}
	return h
}

// Colonies on the phone image: one line of slot and claimant over the tadpoles they need.
const (
	focusColH   = 44.0
	focusColGap = 6.0
	focusColMin = 100.0 // the narrowest a colony's five tadpoles fit in
)

func (b *board) focusCentralH() float64 {
	return 28 + b.pileRowH(0) + b.pileRowH(1) + 12 + float64(b.focusColRows())*(focusColH+focusColGap) + 4
}

// focusCentral is the central board with the piles five to a row and the colonies on a row
// below, their slots naming them (the board's "Colonies" title would take a line).
func (b *board) focusCentral(y, h float64) {
	c := b.c
	x0 := float64(margin)
	w := b.width - 2*margin
	box(c, x0, y, w, h, 12, render.Panel, render.Edge, 2)
	title := render.Style{Size: 17, Font: render.Bold, VAlign: render.Middle}
	c.Text(x0+12, y+16, b.tr("central"), title)
	c.Text(x0+w-12, y+16, b.tr("locks_left", msg.Number("N", b.v.Blocks)),
		render.Style{Size: minText, Color: render.Muted, Align: render.Right, VAlign: render.Middle})
	py := y + 28
	gap := (w - 16 - perRow*pileW) / (perRow - 1)
	for row := range 2 {
		rh := b.pileRowH(row)
		for i, p := range b.v.Piles[min(len(b.v.Piles), row*perRow):min(len(b.v.Piles), (row+1)*perRow)] {
			b.pileH(p, x0+8+float64(i)*(pileW+gap), py, rh)
		}
		py += rh + 6
	}
	cy := py
	per := b.focusColsPerRow()
	cw := (w - 16 - float64(per-1)*focusColGap) / float64(per)
	for i, col := range b.v.Colonies {
		b.focusColony(col, x0+8+float64(i%per)*(cw+focusColGap), cy+float64(i/per)*(focusColH+focusColGap), cw)
	}
}

// focusColony is a colony w wide: its slot and claimant on the first line, what it needs below.
func (b *board) focusColony(col asc.ColonyView, x, y, w float64) {
	c := b.c
	fill := render.White
	if col.By >= 0 {
		fill = claimedFill
	}
	tile(c, x, y, w, focusColH, 6, render.Panel, render.Opaque(fill), render.Ink, 1.5)
	c.Text(x+7, y+12, col.Slot, render.Style{Size: 15, Font: render.Bold, VAlign: render.Middle})
	if col.By >= 0 {
		c.Badge(x+w-13, y+12, 11.5, itoa(col.By+1), render.SeatColour(col.By), render.ContrastInk(render.SeatColour(col.By)))
		c.Text(x+w-25, y+12, b.tr("claimed"), render.Style{Size: minText, Color: render.Muted, Align: render.Right, VAlign: render.Middle})
	}
	drawRow(c, x+7, y+31, w-12, poolShapes(col.Needs), 1)
}

// focusColsPerRow is how many colonies fit across the phone image: five at four players, fewer
// only in a game with more colonies than fit.
func (b *board) focusColsPerRow() int {
	n := max(1, len(b.v.Colonies))
	fit := max(1, int((b.width-2*margin-16+focusColGap)/(focusColMin+focusColGap)))
	return min(n, fit)
}

func (b *board) focusColRows() int {
	per := b.focusColsPerRow()
	return max(1, (len(b.v.Colonies)+per-1)/per)
}
