package autumnash

import (
	"fmt"
	"image"
	"image/draw"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/msg"
)

// Image renders a view of rules/autumnash (a game.View or *game.View).
// The canvas comes from the pool: render.Recycle hands it back when the caller is done.
func Image(v any, m render.Meta) (image.Image, error) {
	view, err := asView(v)
	if err != nil {
		return nil, err
	}
	bv, off := shownBoard(view)
	l := newLayoutAt(bv, off)
	c := render.AcquireCanvas(l.w, l.h, render.Paper)
	paint(c, l, view, bv, m)
	return c.Image(), nil
}

// PNG renders the view on a pooled canvas and encodes it with the board's fixed palette.
func PNG(v any, m render.Meta) ([]byte, error) {
	view, err := asView(v)
	if err != nil {
		return nil, err
	}
	bv, off := shownBoard(view)
	l := newLayoutAt(bv, off)
	return render.RenderPNG(l.w, l.h, render.Paper, pal, func(c *render.Canvas) error {
		paint(c, l, view, bv, m)
		return nil
	})
}

// paint draws everything over the cached base: what changes from move to move. bv is the part of
// v's board that is drawn (shownBoard); texts and panels read v, whose squares are the game's.
func paint(c *render.Canvas, l layout, v, bv *game.View, m render.Meta) {
	if m.Result != nil {
		// The platform's result (a resignation, a timeout) stands over the engine's.
		cp := *v
		cp.Result = m.Result
		v = &cp
	}
	if v.Result != nil || m.Aborted {
		// However the game ended (a resignation leaves the engine's turn as it was), nobody is to
		// move: the stash panels must not say so.
		cp := *v
		cp.Turn = rules.Spectator
		v = &cp
	}
	c.CrispText = true // labels are most of the bytes: see render.Canvas
	draw.Draw(c.RGBA, c.RGBA.Rect, baseFor(l, m.Lang), image.Point{}, draw.Src)
	drawStatus(c, l, v, m)
	drawBoard(c, l, bv, m.Lang)
	drawLastMove(c, l, bv)
	drawPanel(c, l, v, m.Lang)
	drawFooter(c, l, v, m)
}

// maxSide bounds the board a view may describe; the rules use 5x6 and 8x8.
const maxSide = 12

func asView(v any) (*game.View, error) {
	view, err := render.ViewOf[game.View](v, "autumnash")
	if err != nil {
		return nil, err
	}
	if view.Cols < 1 || view.Rows < 1 || view.Cols > maxSide || view.Rows > maxSide {
		return nil, fmt.Errorf("autumnash render: a %dx%d board cannot be drawn", view.Cols, view.Rows)
	}
	if len(view.Stacks) != view.Cols*view.Rows {
		return nil, fmt.Errorf("autumnash render: %d stacks for a %dx%d board", len(view.Stacks), view.Cols, view.Rows)
	}
	for _, st := range view.Stacks {
		for _, p := range st {
			if p.Colour > game.Purple || p.Size < game.Pawn || p.Size > game.Queen {
				return nil, fmt.Errorf("autumnash render: unknown piece %v %v", p.Colour, p.Size)
			}
		}
	}
	return view, nil
}

// layout places the parts of the image, in portrait as a phone holds it: the board takes most of
// the frame, with the last moves in words under it, then a thin strip per side for its stash and
// one line of legend (the full legend is on /rules). The 5x6 board is 772 px wide, so its smallest
// text (18 px, minText) is 9 px tall once a phone shows the image 400 px wide.
type layout struct {
	w, h   int
	status image.Rectangle
	scores [2]image.Rectangle
	grid   render.Grid
	stash  [2]image.Rectangle // one row per side
	legend image.Rectangle
	footer image.Rectangle
	cell   float64
	field  bool        // the Unsettled chessboard, where a field of 5x6 moves with the leaves
	off    game.Square // the game's square drawn at the grid's (0, 0): Unsettled's fixed field
	full   bool        // the full legend (a player's own view), not one line
}

const (
	pad     = 16
	statusH = 76
	scoreH  = 46
	// coordM is the room for the coordinates, on the left and under the board only: the squares
	// get the width the right and top labels took.
	coordM      = 36
	footerH     = 132 // footerLines lines: both last moves and the result
	imageW      = 772
	boardH      = 792 // the grid's height at most
	stashRowH   = 48
	legendH     = 40
	footerLines = 5
	// minText is the smallest text on the board: 9 px at 400 px wide for the 5x6 board.
	minText = 18.0
)

func newLayout(v *game.View) layout { return newLayoutFull(v.Cols, v.Rows, v.Legend) }

// newLayoutAt is the layout of the drawn board bv, whose square (0, 0) is the game's off.
func newLayoutAt(bv *game.View, off game.Square) layout {
	l := newLayout(bv)
	l.off = off
	return l
}

// shownBoard is the part of v's board that is drawn, and the game's square at its (0, 0). Once
// Unsettled's leaves span a whole 5x6 field, the field can no longer shift until a bag frees it:
// only the field is drawn, at the 5x6 board's size, with the game's coordinates, instead of an
// 8x8 board of empty squares around it.
func shownBoard(v *game.View) (*game.View, game.Square) {
	lo, hi, ok := playfield(v)
	if !ok || hi.Col-lo.Col+1 != winCols || hi.Row-lo.Row+1 != winRows {
		return v, game.Square{}
	}
	in := func(q game.Square) game.Square { return game.Square{Col: q.Col - lo.Col, Row: q.Row - lo.Row} }
	ins := func(qs []game.Square) []game.Square {
		var out []game.Square
		for _, q := range qs {
			out = append(out, in(q))
		}
		return out
	}
	cp := *v
	cp.Cols, cp.Rows, cp.Window = winCols, winRows, nil
	cp.Stacks = make([][]game.Piece, 0, winCols*winRows)
	for row := lo.Row; row <= hi.Row; row++ {
		cp.Stacks = append(cp.Stacks, v.Stacks[row*v.Cols+lo.Col:row*v.Cols+hi.Col+1]...)
	}
	cp.Corners, cp.Burnt = ins(v.Corners), ins(v.Burnt)
	move := func(m *game.LastMove) *game.LastMove {
		if m == nil {
			return nil
		}
		mc := *m
		mc.Path, mc.Bagged = ins(m.Path), ins(m.Bagged)
		if m.Entered != nil {
			e := in(*m.Entered)
			mc.Entered = &e
		}
		return &mc
	}
	cp.Last, cp.Prev = move(v.Last), move(v.Prev)
	return &cp, lo
}

func newLayoutFor(cols, rows int) layout { return newLayoutFull(cols, rows, false) }

func newLayoutFull(cols, rows int, full bool) layout {
	// The grid fills the width left of the coordinates; Unsettled's 8x8 board gets 88 px squares
	// in the same width, and the pieces' letters, tags and the height badges keep minText however
	// small the square (pieces.go).
	gridW := imageW - 2*pad - coordM
	cell := float64(min(gridW/cols, boardH/rows))
	gw, gh := int(cell)*cols, int(cell)*rows
	var l layout
	l.cell = cell
	l.w = imageW
	l.status = image.Rect(0, 0, l.w, statusH)
	y := statusH + pad
	half := (l.w - 3*pad) / 2
	l.scores[0] = image.Rect(pad, y, pad+half, y+scoreH)
	l.scores[1] = image.Rect(2*pad+half, y, l.w-pad, y+scoreH)
	y += scoreH + pad
	// The grid is centred in the width left of the rank labels.
	x := pad + coordM + (gridW-gw)/2
	l.grid = render.Grid{X: float64(x), Y: float64(y), Cell: cell, Cols: cols, Rows: rows, RowsUp: true}
	y += gh + coordM
	l.footer = image.Rect(pad, y, l.w-pad, y+footerH)
	y += footerH + pad/2
	for s := range l.stash {
		l.stash[s] = image.Rect(pad, y, l.w-pad, y+stashRowH)
		y += stashRowH + pad/2
	}
	l.field, l.full = cols*rows > winCols*winRows, full
	// Under the one-line legend, the colour key: what each chip's letter means.
	h := legendH*legendLines(l.field) + keyH
	if full {
		h = fullLegendHeight(l.field)
	}
	l.legend = image.Rect(pad, y, l.w-pad, y+h)
	l.h = l.legend.Max.Y + pad
	return l
}

var seatName = [2]string{"Rainbow", "Xeno"}

func seatOK(s int) bool { return s == 0 || s == 1 }

// status is the top line: whose turn, or who won and by how much.
func status(v *game.View, m render.Meta) render.Status {
	st := render.Status{Right: variantTitle(v.Variant, m.Lang)}
	switch {
	case m.Aborted:
		st.Text = render.Aborted(m.Lang)
	case v.Result != nil:
		w := -1
		if len(v.Result.Ranks) == 2 {
			w = winner(v)
		}
		switch {
		case w >= 0 && v.Scores[w] < v.Target && v.Result.English() != "":
			// Won by the platform's result, not by points (a resignation, a timeout): "bob wins:
			// alice resigned" says why; "bob wins, 0 to 0" did not.
			st.Text = render.ResultLine(m.Lang, v.Result, strings.TrimRight(reasonText(v, m), ". "), func(s rules.Seat) string { return who(m, int(s)) })
			st.Swatch, st.Letter = seatChip[w], seatName[w][:1]
		case w < 0:
			st.Text = tr(m.Lang, "status_over_score", msg.Number("First", v.Scores[0]), msg.Number("Second", v.Scores[1]))
		default:
			st.Text = tr(m.Lang, "status_wins", msg.Code("Who", who(m, w)), msg.Number("Won", v.Scores[w]), msg.Number("Lost", v.Scores[1-w]))
			st.Swatch, st.Letter = seatChip[w], seatName[w][:1]
		}
	case seatOK(int(v.Turn)):
		st.Text = tr(m.Lang, "status_to_move", msg.Code("Who", who(m, int(v.Turn))))
		st.Swatch, st.Letter = seatChip[v.Turn], seatName[v.Turn][:1]
	default:
		st.Text = tr(m.Lang, "status_over")
	}
	return st
}

func drawStatus(c *render.Canvas, l layout, v *game.View, m render.Meta) {
	c.StatusBar(l.status, status(v, m))
	for s := 0; s < 2; s++ {
		// The bar's colour is the side's; a player's name alone leaves room for the score.
		c.ScoreBarText(l.scores[s], m.Player(rules.Seat(s), seatName[s], 12), v.Scores[s], max(1, v.Target), seatFill[s], scoreText(v.Scores[s], v.Target))
	}
}

// scoreText is a score bar's number: against the target while it is ahead ("19 / 21"), alone
// once passed, as the texts say it (a full bar reading "38 / 21" looked like a mistake).
func scoreText(score, target int) string {
	if target > 0 && score > target {
		return strconv.Itoa(score)
	}
	return fmt.Sprintf("%d / %d", score, max(1, target))
}

// who names seat s as the platform does, by its player alone ("alice": the status chip shows the
// side), or by its side without players.
func who(m render.Meta, s int) string {
	return m.Player(rules.Seat(s), seatName[s], 12)
}

// winner is the seat ranked first alone, or -1.
func winner(v *game.View) int {
	w := -1
	for s, r := range v.Result.Ranks {
		if r == 1 {
			if w >= 0 {
				return -1
			}
			w = s
		}
	}
	return w
}

func variantTitle(name, lang string) string {
	if id := variantID(name); id != "" {
		return tr(lang, id)
	}
	return name
}
