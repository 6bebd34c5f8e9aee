// Package reef draws a Reef Encounter view: whose turn, the reef boards with their corals, shrimps
// and guarded areas, the coral tiles, the open sea, every player's public pile, and, in a seat's
// private view, what lies behind its screen and inside its parrotfish.
package reef

import (
	"image"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	rf "github.com/boardbot/boardbot/rules/reef"
)

// Layout (pixels). The image is 1000 wide so it reads on a phone; boards go two to a row.
const (
	width   = 1000
	margin  = 16
	statusH = 60
	halfW   = (width - 3*margin) / 2
	cell    = 58
	coordW  = 30
	titleH  = 0 // the board's number stands in the corner of its coordinates, on their row
	colsH   = 30
	boardH  = titleH + colsH + rf.Rows*cell
)

// Image draws the view returned by State.View (public or private).
// The canvas comes from the pool: render.Recycle hands it back when the caller is done.
func Image(v any, m render.Meta) (image.Image, error) {
	view, err := toView(v)
	if err != nil {
		return nil, err
	}
	d := newDrawer(view, m)
	return d.draw(render.AcquireCanvas).Image(), nil
}

// PNG draws and encodes the view as a paletted PNG, on a pooled canvas.
func PNG(v any, m render.Meta) ([]byte, error) {
	view, err := toView(v)
	if err != nil {
		return nil, err
	}
	d := newDrawer(view, m)
	c := d.draw(render.AcquireCanvas)
	defer c.Release()
	// The 4-seat board is the largest of all games' (labels are most of its bytes): it alone
	// pays for the harder deflate to stay within 60 KB.
	return render.EncodePNGSmall(c.RGBA, pal)
}

func toView(v any) (*rf.View, error) { return render.ViewOf[rf.View](v, "reef") }

type drawer struct {
	v    *rf.View
	c    *render.Canvas
	meta render.Meta
}

func newDrawer(v *rf.View, m render.Meta) *drawer {
	if m.Result != nil {
		// The platform's result (a resignation, a timeout) stands over the engine's.
		cp := *v
		cp.Result, cp.Phase = m.Result, "over"
		v = &cp
	}
	return &drawer{v: v, meta: m}
}

// who names seat s by its player, or "Player N" (in the board's language) where no players are
// known.
func (d *drawer) who(s int, max int) string {
	return d.meta.Player(rules.Seat(s), tr(d.meta.Lang, "player_n", msg.Number("N", s+1)), max)
}

// Vertical plan: status, last move, [private panel], boards, tiles, open sea, players, legend.
func (d *drawer) draw(frame render.Frame) *render.Canvas {
	v := d.v
	n := len(v.Boards)
	boardRows := (n + 1) / 2
	privH := 0
	if v.Me != nil {
		privH = privateH + margin
	}
	// An odd board count leaves a half row, where the players go when their boxes fit.
	playersInSlot := n%2 == 1 && len(v.Players)*(cardH+margin/2)-margin/2 <= boardH
	playersH := 0
	if !playersInSlot {
		playersH = tableH(len(v.Players)) + margin
	}
	h := statusH + noteH + privH + boardRows*(boardH+margin) + tilesH + margin + seaH + margin + playersH + legendH + margin
	d.c = frame(width, h, render.Paper)
	d.c.SharpText = true // labels are most of the bytes: see render.Canvas

	y := d.status()
	y = d.note(y)
	if v.Me != nil {
		d.private(margin, y)
		y += privateH + margin
	}
	for i := range v.Boards {
		x := margin + (i%2)*(halfW+margin)
		d.board(&v.Boards[i], x, y+(i/2)*(boardH+margin))
	}
	if playersInSlot {
		x := margin + halfW + margin
		d.players(x, y+(n/2)*(boardH+margin), 1)
	}
	y += boardRows * (boardH + margin)
	d.tiles(y)
	y += tilesH + margin
	d.sea(y)
	y += seaH + margin
	if !playersInSlot {
		d.playerTable(margin, y)
		y += playersH
	}
	d.legend(y)
	return d.c
}
