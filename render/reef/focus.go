package reef

import (
	"image"

	"github.com/boardbot/boardbot/render"
	rf "github.com/boardbot/boardbot/rules/reef"
)

// The focus image is what a phone shows without zooming: one board wide (508 px), whose turn and
// the last move in words, the boards the awaited decision concerns and the one the latest turn
// played on (rf.View.Focus, at most two, stacked), and every player's box, all at the board's
// own scale, so its smallest text (12 px) is 9 px once the image is 400
// px wide. Public information only, like the board.
const focusW = halfW + 2*margin

// Focus draws the focus image of a view and encodes it with the game's palette.
func Focus(v any, m render.Meta) ([]byte, error) {
	view, err := toView(v)
	if err != nil {
		return nil, err
	}
	d := newDrawer(view, m)
	view = d.v
	s := d.statusOf()
	head := render.Style{Size: 24, Font: render.Bold, VAlign: render.Top}
	body := render.Style{Size: 19, Color: render.Muted, VAlign: render.Top}
	var lines []string
	var styles []render.Style
	add := func(text string, st render.Style) {
		for _, l := range render.Wrap(text, st, focusW-2*margin) {
			lines, styles = append(lines, l), append(styles, st)
		}
	}
	add(s.Text, head)
	if s.Right != "" {
		add(s.Right, body)
	}
	for _, n := range d.noteLines(focusW - 2*margin) {
		add(n, body)
	}
	headH := 12.0
	for _, st := range styles {
		headH += render.LineHeight(st)
	}
	boards := focusBoards(view)
	table := focusTable(view)
	tableH := 0
	if table {
		tableH = focusTableH
	}
	h := int(headH) + margin + len(boards)*(boardH+margin) + tableH + len(view.Players)*(cardH+margin/2) + margin
	c := render.AcquireCanvas(focusW, h, render.Paper)
	defer c.Release()
	c.CrispText = true
	d.c = c
	y := 10.0
	for i, l := range lines {
		c.Text(margin, y, l, styles[i])
		y += render.LineHeight(styles[i])
	}
	c.Rect(image.Rect(0, int(headH), focusW, int(headH)+2), render.Edge)
	by := int(headH) + margin
	for i, b := range boards {
		d.board(&view.Boards[b], margin, by+i*(boardH+margin))
	}
	py := by + len(boards)*(boardH+margin)
	if table {
		d.focusTable(py)
		py += focusTableH
	}
	for i := range view.Players {
		d.card(&view.Players[i], margin, py+i*(cardH+margin/2), halfW)
	}
	return render.EncodePNG(c.RGBA, pal)
}

// focusTable: the awaited decision is a turn's free choice, where taking an open-sea space and
// covering a coral tile are chosen, so the phone needs the tiles and the open sea too; a larva
// play, a last turn's meal and the setup are decided on the board and the boxes.
func focusTable(v *rf.View) bool {
	return v.Phase == "play" && (v.Actions == nil || v.Actions.Grow == rf.NoColour)
}

// The focus image's tiles (two rows of five) and open sea (a row of five), under the board.
const (
	focusGap    = 6
	focusCellW  = (focusW - 2*margin - 4*focusGap) / 5
	focusTileH  = 118
	focusSeaH   = 112
	focusHeadH  = 30
	focusTableH = focusHeadH + 2*(focusTileH+focusGap) + margin + focusHeadH + focusSeaH + margin
)

// focusTable draws the coral tiles and the open sea from y, one board wide.
func (d *drawer) focusTable(y int) {
	lang := d.meta.Lang
	w := float64(focusW - 2*margin)
	fy := float64(y)
	title := tr(lang, "tiles")
	d.c.Text(margin, fy+focusHeadH/2, title, render.FitText(title, strong, w))
	fy += focusHeadH
	for i := range d.v.Tiles {
		x := float64(margin + (i%5)*(focusCellW+focusGap))
		d.tile(&d.v.Tiles[i], x, fy+float64(i/5*(focusTileH+focusGap)), focusCellW, focusTileH)
	}
	fy += 2*(focusTileH+focusGap) + margin
	open := tr(lang, "open_sea")
	d.c.Text(margin, fy+focusHeadH/2, open, strong)
	help := tr(lang, "open_sea_help")
	hx := float64(margin) + render.TextWidth(open, strong) + 10
	d.c.Text(hx, fy+focusHeadH/2, help, render.FitText(help, small, w-hx+margin))
	fy += focusHeadH
	for i := range d.v.Sea {
		d.seaSpace(&d.v.Sea[i], float64(margin+i*(focusCellW+focusGap)), fy, focusCellW, focusSeaH)
	}
}

// focusBoards are the boards the view names for a phone (rf.View.Focus), else, in older
// snapshots or before anyone played, focusBoard's one.
func focusBoards(v *rf.View) []int {
	var out []int
	for _, b := range v.Focus {
		if b >= 0 && b < len(v.Boards) {
			out = append(out, b)
		}
	}
	if len(out) > 0 {
		return out
	}
	if b := focusBoard(v); b >= 0 {
		return []int{b}
	}
	return nil
}

// focusBoard is the board the last move changed, else the board the latest turn changed last
// (a turn ends with a take, which changes no board), else the first; -1 when there is none.
func focusBoard(v *rf.View) int {
	for i, b := range v.Boards {
		for _, row := range b.Squares {
			for _, sq := range row {
				if sq.Mark {
					return i
				}
			}
		}
	}
	for i := len(v.Turns) - 1; i >= 0; i-- {
		t := v.Turns[i]
		spots := append(append(append([]rf.Spot(nil), t.Eaten...), t.Laid...), t.Overgrown...)
		for _, m := range t.Shrimps {
			if m.To != nil {
				spots = append(spots, *m.To)
			}
		}
		for j := len(spots) - 1; j >= 0; j-- {
			if b := spots[j].Board; b >= 0 && b < len(v.Boards) {
				return b
			}
		}
	}
	if len(v.Boards) == 0 {
		return -1
	}
	return 0
}
