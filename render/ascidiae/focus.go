package ascidiae

import (
	"math"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules/msg"
)

// The focus image is what a phone shows without zooming: the central board and the awaited
// player's grid at the board's own scale, one grid wide (about 600 px), so that its smallest text
// (minText) is 9 px once the image is 400 px wide; every other grid compactly below it (card
// names, facings and tadpoles, compact.go). The piles go five to a row, the log and the question
// below. Public information only, like the board.

// focusCell is the grid's space in the focus image, the same in a solo game as with players.
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
	b.width = math.Ceil(b.gridW + 2*margin)
	seat := min(max(0, view.Seat), len(view.Players)-1)
	head := b.focusHeader()
	hst := render.Style{Size: 19, Font: render.Bold, VAlign: render.Top}
	lines := render.Wrap(head, hst, b.width-2*margin)
	// Whole pixels, so that the spaces below sit on the pixel grid and their cached faces copy as
	// drawn.
	headH := math.Ceil(14 + float64(len(lines))*render.LineHeight(hst) + 4)
	centralH := 36 + 2*pileH + 10 + 40 + float64(b.focusColRows())*(colH+8) + 8
	others := b.others(seat)
	h := headH + margin + centralH + margin + b.gridH + margin + float64(len(others))*compactH() + b.logH() + margin
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
	b.player(seat, margin, y)
	y += b.gridH + margin
	for _, i := range others {
		b.compactGrid(i, y)
		y += compactH()
	}
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

// focusCentral is the central board with the piles five to a row.
func (b *board) focusCentral(y, h float64) {
	c := b.c
	x0 := float64(margin)
	w := b.width - 2*margin
	box(c, x0, y, w, h, 12, render.Panel, render.Edge, 2)
	title := render.Style{Size: 18, Font: render.Bold, VAlign: render.Middle}
	c.Text(x0+14, y+18, b.tr("central"), title)
	c.Text(x0+w-14, y+18, b.tr("locks_left", msg.Number("N", b.v.Blocks)),
		render.Style{Size: 15, Color: render.Muted, Align: render.Right, VAlign: render.Middle})
	py := y + 36
	const perRow = 5
	gap := (w - 20 - perRow*pileW) / (perRow - 1)
	for i, p := range b.v.Piles {
		b.pile(p, x0+10+float64(i%perRow)*(pileW+gap), py+float64(i/perRow)*(pileH+10))
	}
	cy := py + 2*(pileH+10)
	c.Text(x0+14, cy+14, b.tr("colonies"), title)
	cy += 28
	per := b.focusColsPerRow()
	for i, col := range b.v.Colonies {
		b.colony(col, x0+10+float64(i%per)*(colW+8), cy+float64(i/per)*(colH+8))
	}
}

// focusColsPerRow is how many colonies fit across the focus image: 4 where 5 (four players) or
// more (a long game) would run off it.
func (b *board) focusColsPerRow() int {
	return max(1, int((b.width-2*margin-20+8)/(colW+8)))
}

func (b *board) focusColRows() int {
	per := b.focusColsPerRow()
	return max(1, (len(b.v.Colonies)+per-1)/per)
}
