package autumnash

import (
	"image"
	"math"
	"strconv"
	"strings"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/msg"
)

// stashRows is the number of colours in a stash: each side's five-colour progression.
const stashRows = 5

// drawPanel shows each side's unplayed stash, which is what its leaves can still become. The
// strips' frames and the legend are part of the cached base.
func drawPanel(c *render.Canvas, l layout, v *game.View, lang string) {
	for s := 0; s < 2; s++ {
		drawStash(c, l.stash[s], s, v, lang)
	}
}

// progression is each side's colours in order, as the rules list them in the stash.
var progression = [2][stashRows]game.Colour{
	{game.Green, game.Yellow, game.Red, game.Blue, game.Black},
	{game.Clear, game.White, game.Orange, game.Cyan, game.Purple},
}

// stashLead is the room at the start of a stash strip for the side's chip.
const stashLead = 44.0

// drawStashFrame draws the unchanging part of a side's stash strip into the base: the frame and
// the side's chip. The colours' names are left to /rules: each chip carries its colour and letter.
func drawStashFrame(c *render.Canvas, r image.Rectangle, seat int) {
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	c.RoundRect(x, y, w, h, 10, render.Panel, render.Edge, 2)
	c.Circle(x+22, y+h/2, 14, seatChip[seat], render.Ink, 2)
	c.Text(x+22, y+h/2, seatName[seat][:1], render.Style{Size: minText, Font: render.Bold,
		Color: render.White, Align: render.Center, VAlign: render.Middle})
}

// stashChip is the side of a colour's lettered chip in a stash strip.
const stashChip = 28

// drawStash fills in a side's strip: for each colour, its chip, then how many pawns, drones and
// queens are left to become, each after a small pyramid of that size (outlined only when none is
// left). The side to move is framed in ink; after the game nobody is.
func drawStash(c *render.Canvas, r image.Rectangle, seat int, v *game.View, lang string) {
	x, y, w, h := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy())
	if int(v.Turn) == seat {
		c.RoundRect(x, y, w, h, 10, nil, render.Ink, 3.5)
	}
	cy := y + h/2
	groupW := (w - stashLead - 6) / stashRows
	for i, e := range v.Stash[seat] {
		if e.Colour > game.Purple || i >= stashRows {
			continue
		}
		gx := x + stashLead + float64(i)*groupW
		c.Blit(stashChips.Get(stashKey{e.Colour, colourLetter(e.Colour, lang)}), int(gx), int(cy)-stashChip/2-1)
		counts := [4]int{0, e.Pawns, e.Drones, e.Queens}
		itemW := (groupW - stashChip - 6) / 3
		for z := 1; z <= 3; z++ {
			ix := gx + stashChip + 4 + float64(z-1)*itemW
			img := miniSprites.Get(miniKey{e.Colour, z, counts[z] > 0})
			c.Blit(img, int(ix+9)-miniSide/2, int(cy+12)-miniSide+2)
			col := render.Ink
			if counts[z] == 0 {
				col = render.Muted
			}
			c.Text(ix+19, cy+1, strconv.Itoa(counts[z]), render.Style{Size: 24, Font: render.Bold, Color: col,
				VAlign: render.Middle})
		}
	}
}

type stashKey struct {
	colour game.Colour
	glyph  string
}

// stashChips are the colours' lettered swatches at the start of each group of a stash strip.
var stashChips = render.NewSprites(func(k stashKey) image.Image {
	c := render.NewSprite(stashChip+2, stashChip+2)
	f := pieceFill[k.colour]
	c.RoundRect(1, 1, stashChip, stashChip, 5, f, render.Ink, 1.5)
	c.Text(1+stashChip/2, 1+stashChip/2, k.glyph, render.Style{Size: 19, Font: render.Bold,
		Color: render.ContrastInk(f), Align: render.Center, VAlign: render.Middle})
	return c.Image()
})

type miniKey struct {
	colour game.Colour
	size   int
	filled bool
}

// miniSide is the side of a stash pyramid sprite; its base sits two pixels above the bottom.
const miniSide = 28

var miniSprites = render.NewSprites(func(k miniKey) image.Image {
	c := render.NewSprite(miniSide, miniSide)
	miniPyramid(c, miniSide/2, miniSide-2, 8+4*float64(k.size), k.colour, k.filled)
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

// legendItem is one entry of the legend: its mark, drawn centred on (x, y), and its meaning.
type legendItem struct {
	mark func(c *render.Canvas, x, y float64)
	text string
}

// legendItems are the marks a newcomer cannot guess; pips, stack heights and the arrows are told
// by the pieces and the footer, and /rules has the full legend.
func legendItems(field bool, lang string) []legendItem {
	items := []legendItem{
		{func(c *render.Canvas, x, y float64) { hatchIcon(c, x, y) }, tr(lang, "legend_burnt_short")},
		{func(c *render.Canvas, x, y float64) { c.Poly(starPoints(x, y, 11), render.White, render.Ink, 2) }, tr(lang, "legend_entry")},
		{func(c *render.Canvas, x, y float64) { plusBadge(c, x, y, 11) }, tr(lang, "legend_entered_short")},
		{func(c *render.Canvas, x, y float64) {
			c.SetDash(5, 4)
			c.RoundRect(x-11, y-11, 22, 22, 3, nil, render.Ink, 4.5)
			c.RoundRect(x-11, y-11, 22, 22, 3, nil, seatChip[0], 2)
			c.SetDash()
		}, tr(lang, "legend_bagged_short")},
	}
	if field {
		items = append(items, legendItem{func(c *render.Canvas, x, y float64) {
			c.RoundRect(x-11, y-11, 22, 22, 3, nil, render.Ink, 4)
		}, tr(lang, "legend_field_short")})
	}
	return items
}

// legendMark is the room for an item's mark and the gap before its text.
const legendMark = 32.0

// legendLines is how many lines the marks take: Unsettled's extra mark takes a second line, so
// no text is drawn below minText. The colour key takes one more (keyH).
func legendLines(field bool) int {
	if field {
		return 2
	}
	return 1
}

// drawLegend lists the board's marks on one line (two on the Unsettled board), each item as wide
// as its text needs and the room left shared between them; a text is drawn smaller only where a
// line is too short for it.
func drawLegend(c *render.Canvas, r image.Rectangle, field bool, lang string) {
	drawColourKey(c, image.Rect(r.Min.X, r.Max.Y-keyH, r.Max.X, r.Max.Y), lang)
	r.Max.Y -= keyH
	st := render.Style{Size: minText, VAlign: render.Middle}
	items := legendItems(field, lang)
	lines := legendLines(field)
	per := (len(items) + lines - 1) / lines
	lh := float64(r.Dy()) / float64(lines)
	for ln := 0; ln < lines; ln++ {
		row := items[min(len(items), ln*per):min(len(items), (ln+1)*per)]
		x, w := float64(r.Min.X), float64(r.Dx())
		cy := float64(r.Min.Y) + lh*(float64(ln)+0.5)
		widths := make([]float64, len(row))
		total := 0.0
		for i, it := range row {
			widths[i] = render.TextWidth(it.text, st) + legendMark
			total += widths[i]
		}
		gap := (w - total) / float64(max(1, len(row)))
		scale := 1.0
		if gap < 12 {
			gap, scale = 12, (w-12*float64(len(row)))/total
		}
		for i, it := range row {
			it.mark(c, x+gap/2+14, cy)
			tw := (widths[i] - legendMark) * scale
			c.Text(x+gap/2+legendMark, cy, it.text, render.FitText(it.text, st, tw))
			x += widths[i]*scale + gap
		}
	}
}

// fullItems are every mark of the board, for a player's own view: those of the one-line legend
// and what the pieces and arrows say.
func fullItems(field bool, lang string) []legendItem {
	items := []legendItem{
		{func(c *render.Canvas, x, y float64) {
			for z := 1; z <= 3; z++ {
				miniPyramid(c, x-16+float64(z-1)*13, y+9, 6+4*float64(z), game.Green, true)
			}
		}, tr(lang, "legend_pips")},
		{func(c *render.Canvas, x, y float64) {
			t := triangle(x, y+11, 22)
			c.Poly(t, pieceFill[game.Orange], render.Ink, 1.5)
			c.Poly(insetTriangle(t, 4), nil, render.Ink, 1.2)
		}, tr(lang, "legend_xeno")},
		{func(c *render.Canvas, x, y float64) {
			c.RoundRect(x-12, y-12, 24, 24, 3, render.White, render.Ink, 1.5)
			c.Text(x, y, "3", render.Style{Size: minText, Font: render.Bold, Align: render.Center, VAlign: render.Middle})
		}, tr(lang, "legend_height")},
		{func(c *render.Canvas, x, y float64) {
			// The newer move saturated above, the older pale below, as on the board.
			c.Arrow([]gg.Point{{X: x - 18, Y: y - 7}, {X: x + 18, Y: y - 7}}, render.ArrowStyle{Width: 4, Color: seatChip[0], Outline: render.Ink})
			c.Arrow([]gg.Point{{X: x - 18, Y: y + 8}, {X: x + 18, Y: y + 8}}, render.ArrowStyle{Width: 3, Color: seatFill[0], Outline: render.Ink})
		}, tr(lang, "legend_last")},
	}
	short := legendItems(field, lang)
	long := []string{"legend_burnt", "legend_entry", "legend_entered", "legend_bagged", "legend_field"}
	for i := range short {
		short[i].text = tr(lang, long[i])
	}
	return append(items, short...)
}

const fullRow = 34.0

// fullLegendHeight is the full legend's: the marks in two columns, then each side's colours.
func fullLegendHeight(field bool) int {
	n := len(fullItems(field, ""))
	return int(12 + fullRow*float64((n+1)/2) + 8 + 2*fullRow + 12)
}

// drawFullLegend lists every mark in two columns, then each side's colours by chip and name, as
// the stash strips show them.
func drawFullLegend(c *render.Canvas, r image.Rectangle, field bool, lang string) {
	x, y, w := float64(r.Min.X), float64(r.Min.Y), float64(r.Dx())
	c.RoundRect(x, y, w, float64(r.Dy()), 12, render.Panel, render.Edge, 2)
	st := render.Style{Size: minText, VAlign: render.Middle}
	items := fullItems(field, lang)
	rows := (len(items) + 1) / 2
	colW := (w - 16) / 2
	for i, it := range items {
		cx := x + 8 + float64(i/rows)*colW
		cy := y + 12 + fullRow*(float64(i%rows)+0.5)
		it.mark(c, cx+24, cy)
		c.Text(cx+52, cy, it.text, render.FitText(it.text, st, colW-56))
	}
	y += 12 + fullRow*float64(rows) + 8
	for s := 0; s < 2; s++ {
		cy := y + fullRow*(float64(s)+0.5)
		c.Circle(x+22, cy, 14, seatChip[s], render.Ink, 2)
		c.Text(x+22, cy, seatName[s][:1], render.Style{Size: minText, Font: render.Bold,
			Color: render.White, Align: render.Center, VAlign: render.Middle})
	}
	groupW := (w - stashLead - 6) / stashRows
	for s := 0; s < 2; s++ {
		cy := y + fullRow*(float64(s)+0.5)
		for i, col := range progression[s] {
			gx := x + stashLead + float64(i)*groupW
			c.Blit(stashChips.Get(stashKey{col, colourLetter(col, lang)}), int(gx), int(cy)-stashChip/2-1)
			name := colourName(col, lang)
			c.Text(gx+stashChip+8, cy, name, render.FitText(name, st, groupW-stashChip-12))
		}
	}
}

// keyH is the height of the colour key under the one-line legend.
const keyH = legendH

// keyColours are the colours whose chip letter is not the initial of the colour's name in lang
// (English K for black, N for cyan; German E for gelb, which shares grün's G): the ones a reader
// must be told.
func keyColours(lang string) []game.Colour {
	var out []game.Colour
	for s := range progression {
		for _, col := range progression[s] {
			name := []rune(strings.ToUpper(colourName(col, lang)))
			if len(name) == 0 || string(name[0]) != colourLetter(col, lang) {
				out = append(out, col)
			}
		}
	}
	return out
}

// colourLetter is the letter on col's pyramids and chips in lang: the initial of its name where
// that is unique among the ten colours (issue #40: German, Spanish and French readers saw English
// initials), another letter of the name or a synonym's initial where two names share one.
func colourLetter(col game.Colour, lang string) string {
	if col > game.Purple {
		return "?"
	}
	return tr(lang, letterIDs[col])
}

// letterIDs are the catalogue's letter of each colour, by colour.
var letterIDs = [...]string{"letter_green", "letter_yellow", "letter_red", "letter_blue", "letter_black",
	"letter_clear", "letter_white", "letter_orange", "letter_cyan", "letter_purple"}

func colourName(col game.Colour, lang string) string {
	return msg.Render(msg.New("autumnash", col.String()), langOf(lang), nil)
}

// drawColourKey names, on one line, each colour whose chip letter the reader could not guess,
// after its lettered chip.
func drawColourKey(c *render.Canvas, r image.Rectangle, lang string) {
	st := render.Style{Size: minText, VAlign: render.Middle}
	cols := keyColours(lang)
	widths := make([]float64, len(cols))
	total := 0.0
	for i, col := range cols {
		widths[i] = stashChip + 6 + render.TextWidth(colourName(col, lang), st)
		total += widths[i]
	}
	w := float64(r.Dx())
	gap := (w - total) / float64(max(1, len(cols)))
	scale := 1.0
	if gap < 14 {
		gap, scale = 14, (w-14*float64(len(cols)))/total
	}
	x, cy := float64(r.Min.X)+gap/2, float64(r.Min.Y)+float64(r.Dy())/2
	for i, col := range cols {
		c.Blit(stashChips.Get(stashKey{col, colourLetter(col, lang)}), int(x), int(cy)-stashChip/2-1)
		name := colourName(col, lang)
		c.Text(x+stashChip+6, cy, name, render.FitText(name, st, (widths[i]-stashChip-6)*scale))
		x += widths[i]*scale + gap
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
	if v.Result != nil && v.Result.English() != "" {
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
