package autumnash

import (
	"image"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/msg"
)

// stashRows is the number of colours in a stash: each side's five-colour progression.
const stashRows = 5

// drawPanel shows each side's unplayed stash, which is what its leaves can still become. The
// legend below them is part of the cached base.
func drawPanel(c *render.Canvas, l layout, v *game.View, lang string) {
	for s := 0; s < 2; s++ {
		drawStash(c, l.stash[s], s, v, lang)
	}
}

const (
	stashRow   = 42.0
	stashTitle = 50.0
)

func stashHeight(rows int) float64 { return stashTitle + stashRow*float64(rows) + 8 }

// progression is each side's colours in order, as the rules list them in the stash.
var progression = [2][stashRows]game.Colour{
	{game.Green, game.Yellow, game.Red, game.Blue, game.Black},
	{game.Clear, game.White, game.Orange, game.Cyan, game.Purple},
}

// drawStashFrame draws the unchanging part of a stash panel into the base: the frame, the title
// and a lettered chip and name for each colour of the side's progression.
func drawStashFrame(c *render.Canvas, r image.Rectangle, seat int, lang string) {
	x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	c.RoundRect(x, y, w, float64(r.Dy()), 12, render.Panel, render.Edge, 2)
	c.Circle(x+26, y+stashTitle/2, 13, seatChip[seat], render.Ink, 2)
	c.Text(x+26, y+stashTitle/2, seatName[seat][:1], render.Style{Size: minText, Font: render.Bold,
		Color: render.White, Align: render.Center, VAlign: render.Middle})
	c.Text(x+48, y+stashTitle/2, tr(lang, "stash", msg.Code("Side", seatName[seat])), render.Style{Size: 22, Font: render.Bold, VAlign: render.Middle})
	for i, col := range progression[seat] {
		stashRowHeader(c, x, y+stashTitle+float64(i)*stashRow, col, lang)
	}
}

func stashRowHeader(c *render.Canvas, x, y float64, col game.Colour, lang string) {
	f := pieceFill[col]
	cy := y + stashRow/2
	c.RoundRect(x+12, cy-14, 28, 28, 5, f, render.Ink, 1.5)
	c.Text(x+26, cy, col.Letter(), render.Style{Size: 18, Font: render.Bold,
		Color: render.ContrastInk(f), Align: render.Center, VAlign: render.Middle})
	// The name stops short of the first pyramid: a long one is drawn smaller rather than run into
	// the counts, and "transparent(e)" is shortened, as it would be drawn too small to read.
	name := msg.Render(msg.New("autumnash", col.String()), langOf(lang), nil)
	st := render.Style{Size: 18, VAlign: render.Middle}
	if col == game.Clear && render.FitText(name, st, stashNameW).Size < 15 {
		name = tr(lang, "stash_clear_short")
	}
	c.Text(x+48, cy, name, render.FitText(name, st, stashNameW))
}

// stashNameW is the room for a colour's name in a stash row, between its swatch and the first
// pyramid (at x+128, half a sprite wide).
const stashNameW = 128 - 48 - miniSide/2 - 4

// drawStash fills in a stash panel: who is to move, and how many pyramids of each colour and size
// are left to become.
func drawStash(c *render.Canvas, r image.Rectangle, seat int, v *game.View, lang string) {
	x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	if int(v.Turn) == seat {
		c.RoundRect(x, y, w, float64(r.Dy()), 12, nil, render.Ink, 3.5)
		c.Text(x+w-12, y+stashTitle/2, tr(lang, "to_move"), render.Style{Size: minText, Font: render.Bold, Color: render.Ink,
			Align: render.Right, VAlign: render.Middle})
	}
	y += stashTitle
	for i, e := range v.Stash[seat] {
		if e.Colour > game.Purple || i >= stashRows {
			continue
		}
		if e.Colour != progression[seat][i] {
			// Not the order the base shows: redraw this row's header.
			c.Rect(image.Rect(int(x)+10, int(y)+2, int(x)+124, int(y+stashRow)-2), render.Panel)
			stashRowHeader(c, x, y, e.Colour, lang)
		}
		cy := y + stashRow/2
		counts := [4]int{0, e.Pawns, e.Drones, e.Queens}
		for z := 1; z <= 3; z++ {
			gx := x + 128 + float64(z-1)*50
			img := miniSprites.Get(miniKey{e.Colour, z, counts[z] > 0})
			c.Blit(img, int(gx)-miniSide/2, int(cy+13)-miniSide+2)
			col := render.Ink
			if counts[z] == 0 {
				col = render.Muted
			}
			c.Text(gx+12, cy+1, strconv.Itoa(counts[z]), render.Style{Size: 22, Font: render.Bold, Color: col,
				VAlign: render.Middle})
		}
		y += stashRow
	}
}

type miniKey struct {
	colour game.Colour
	size   int
	filled bool
}

// miniSide is the side of a stash pyramid sprite; its base sits two pixels above the bottom.
const miniSide = 32

var miniSprites = render.NewSprites(func(k miniKey) image.Image {
	c := render.NewSprite(miniSide, miniSide)
	miniPyramid(c, miniSide/2, miniSide-2, 9+5*float64(k.size), k.colour, k.filled)
	return c.Image()
})

// miniPyramid is a small triangle standing on (x, base), filled when the size is available and only
// outlined when none is left.
func miniPyramid(c *render.Canvas, x, base, h float64, col game.Colour, filled bool) {
	t := []gg.Point{{X: x, Y: base - h}, {X: x + h*0.45, Y: base}, {X: x - h*0.45, Y: base}}
	if filled {
		c.Poly(t, pieceFill[col], render.Ink, 1.5)
	} else {
		c.Poly(t, nil, render.Muted, 1.5)
	}
}

// legendItem is one line of the legend: its mark, drawn centred on (x, y), and its meaning.
type legendItem struct {
	mark func(c *render.Canvas, x, y float64)
	text string
}

func legendItems(field bool, lang string) []legendItem {
	items := []legendItem{
		{func(c *render.Canvas, x, y float64) {
			for z := 1; z <= 3; z++ {
				miniPyramid(c, x-16+float64(z-1)*13, y+9, 6+4*float64(z), game.Clear, true)
			}
		}, tr(lang, "legend_pips")},
		{func(c *render.Canvas, x, y float64) { c.Poly(starPoints(x, y, 11), render.White, render.Ink, 2) }, tr(lang, "legend_entry")},
		{func(c *render.Canvas, x, y float64) { plusBadge(c, x, y, 12) }, tr(lang, "legend_entered")},
		{func(c *render.Canvas, x, y float64) {
			c.RoundRect(x-12, y-12, 24, 24, 3, render.White, render.Ink, 1.5)
			c.Text(x, y, "3", render.Style{Size: minText, Font: render.Bold, Align: render.Center, VAlign: render.Middle})
		}, tr(lang, "legend_height")},
		{func(c *render.Canvas, x, y float64) { hatchIcon(c, x, y) }, tr(lang, "legend_burnt")},
		{func(c *render.Canvas, x, y float64) {
			// The newer move saturated above, the older pale below, as on the board.
			c.Arrow([]gg.Point{{X: x - 18, Y: y - 7}, {X: x + 18, Y: y - 7}}, render.ArrowStyle{Width: 4, Color: seatChip[0], Outline: render.Ink})
			c.Arrow([]gg.Point{{X: x - 18, Y: y + 8}, {X: x + 18, Y: y + 8}}, render.ArrowStyle{Width: 3, Color: seatFill[0], Outline: render.Ink})
		}, tr(lang, "legend_last")},
		{func(c *render.Canvas, x, y float64) {
			c.SetDash(5, 4)
			c.RoundRect(x-12, y-12, 24, 24, 3, nil, render.Ink, 4.5)
			c.RoundRect(x-12, y-12, 24, 24, 3, nil, seatChip[0], 2)
			c.SetDash()
		}, tr(lang, "legend_bagged")},
	}
	if field {
		items = append(items, legendItem{func(c *render.Canvas, x, y float64) {
			c.RoundRect(x-12, y-12, 24, 24, 3, nil, render.Ink, 4)
		}, tr(lang, "legend_field")})
	}
	return items
}

// drawLegend lists the board's marks in two columns.
func drawLegend(c *render.Canvas, r image.Rectangle, field bool, lang string) {
	x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	c.RoundRect(x, y, w, float64(r.Dy()), 12, render.Panel, render.Edge, 2)
	st := render.Style{Size: minText, VAlign: render.Middle}
	items := legendItems(field, lang)
	rows := (len(items) + 1) / 2
	colW := (w - 16) / 2
	for i, it := range items {
		cx := x + 8 + float64(i/rows)*colW
		cy := y + 12 + legendRow*(float64(i%rows)+0.5)
		it.mark(c, cx+24, cy)
		c.Text(cx+52, cy, it.text, st)
	}
}

func hatchIcon(c *render.Canvas, x, y float64) {
	c.RoundRect(x-12, y-12, 24, 24, 3, render.White, nil, 0)
	c.SetColor(ash)
	c.SetLineWidth(2)
	for k := -18.0; k <= 18; k += 6 {
		ax, ay := math.Max(-12, -12+k), math.Max(-12, -12-k)
		bx, by := math.Min(12, 12+k), math.Min(12, 12-k)
		c.DrawLine(x+ax, y+ay, x+bx, y+by)
	}
	c.Stroke()
	c.RoundRect(x-12, y-12, 24, 24, 3, nil, render.Ink, 1.5)
}

// footerLine is one line of the footer, with the move it tells for a mark before it.
type footerLine struct {
	text  string
	move  *game.LastMove
	older bool
	style render.Style
}

// drawFooter tells both last moves, each after a small arrow drawn as on the board, then the
// result's reason or, on the first turn, what a turn is, and Unsettled's field rule. Lines wrap
// rather than shrink; what does not fit is left off from the end.
func drawFooter(c *render.Canvas, l layout, v *game.View, m render.Meta) {
	r := l.footer
	x, y := float64(r.Min.X), float64(r.Min.Y)
	w := float64(r.Dx())
	st := render.Style{Size: 20, VAlign: render.Middle}
	var lines []footerLine
	texts, moves := lastMovesText(v, m)
	for i, s := range texts {
		lines = append(lines, footerLine{text: s, move: moves[i], older: moves[i] == v.Prev, style: st})
	}
	if v.Result != nil && v.Result.Reason != "" {
		bold := st
		bold.Font = render.Bold
		lines = append(lines, footerLine{text: reasonText(v, m), style: bold})
	}
	if len(lines) == 0 && seatOK(int(v.Turn)) {
		// The first turn: say what a turn is.
		lines = append(lines, footerLine{text: tr(m.Lang, "footer_first", msg.Code("Side", m.Player(v.Turn, seatName[v.Turn], 16))), style: st})
	}
	if v.Variant == game.VariantUnsettled && v.Result == nil {
		muted := st
		muted.Color, muted.Size = render.Muted, minText
		lines = append(lines, footerLine{text: tr(m.Lang, "footer_unsettled"), style: muted})
	}
	lh := float64(r.Dy()) / footerLines
	n := 0
	for _, ln := range lines {
		indent := 0.0
		if ln.move != nil {
			indent = footerMarkW
			mk := markOf(ln.move.Seat, ln.older, l.cell)
			cy := y + lh*(float64(n)+0.5)
			c.Arrow([]gg.Point{{X: x + 2, Y: cy}, {X: x + footerMarkW - 10, Y: cy}}, render.ArrowStyle{Width: mk.shaft * 0.8, Color: mk.col, Outline: render.Ink})
		}
		for _, part := range render.Wrap(ln.text, ln.style, w-indent) {
			if n == footerLines {
				return
			}
			c.Text(x+indent, y+lh*(float64(n)+0.5), part, ln.style)
			n++
		}
	}
}

// footerMarkW is the room for the arrow before a move in the footer.
const footerMarkW = 46
