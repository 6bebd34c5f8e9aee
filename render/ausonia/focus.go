package ausonia

import (
	"math"
	"strconv"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/msg"
)

// The focus image is what a phone shows without zooming: two cards wide (512 px), whose move it
// is and the last move in words, the Offer Row and the Power card, then every house with its
// influence, the house to play with its areas, all at the board's own scale, so its smallest
// text (the gems' letters, 12 px) is 9 px once the image is 400 px wide. The houses not playing
// take two lines each (houseLine), so that four houses stay within about two phone screens.
// Public information only.
const (
	focusPad  = 16
	focusW    = 2*tileW + 12 + 2*margin + 2*focusPad
	blockH    = 178 // houseBlock's height
	lineBoxH  = 84  // houseLine's height
	areasH    = 3 * (chipH + 20)
	focusSolo = 130
)

// Focus draws the focus image of a view and encodes it with the game's palette.
func Focus(v any, m render.Meta) ([]byte, error) {
	view, err := asView(v)
	if err != nil {
		return nil, err
	}
	c := phone(view, m, render.AcquireCanvas)
	defer c.Release()
	return render.EncodePNG(c.RGBA, pal)
}

// phone draws the focus layout on a canvas from frame. A seat's private view (its hand) is drawn
// in it too, the hand as whole cards two across below the header: the board's 1,200 px layout
// left the cards' texts unreadable at phone width.
func phone(view *game.View, m render.Meta, frame render.Frame) *render.Canvas {
	view = withMeta(view, m)
	st := statusOf(view, m)
	head := render.Style{Size: 24, Font: render.Bold, VAlign: render.Top}
	body := render.Style{Size: 19, VAlign: render.Top}
	inner := float64(focusW - 2*margin - 2*focusPad)
	headLines := render.Wrap(st.Text, head, float64(focusW-2*margin))
	// Whole pixels, so that every box below sits on the pixel grid and its cached parts copy as
	// drawn.
	headH := math.Ceil(12 + float64(len(headLines))*render.LineHeight(head) + render.LineHeight(body) + 8)
	var last []string
	if view.Me != nil {
		view.Last = nil // the public board beside it tells the last move; the hand takes its room
	}
	for _, l := range lastOf(view, m.Lang) {
		last = append(last, render.Wrap(l, body, inner)...)
	}
	lastH := 0.0
	if len(last) > 0 {
		lastH = math.Ceil(46 + float64(len(last))*render.LineHeight(body) + gap)
	}
	cards := marketCards(view)
	marketH := 52.0
	for i := 0; i < len(cards); i += 2 {
		marketH += rowNeed(cards[i:min(i+2, len(cards))], m.Lang) + 12
	}
	marketH += 8
	housesH := 0.0
	for i := range view.Players {
		housesH += houseH(view, i) + gap
	}
	if view.Solo != nil {
		housesH += focusSolo + gap
	}
	handH := 0.0
	if view.Me != nil {
		handH = phoneHandH(view, m.Lang) + gap
	}
	h := int(math.Ceil(headH + handH + lastH + marketH + gap + housesH + margin))
	c := frame(focusW, h, render.Paper)
	c.CrispText = true
	y := 10.0
	for _, l := range headLines {
		c.Text(margin, y, l, head)
		y += render.LineHeight(head)
	}
	c.Text(margin, y, st.Right, render.Style{Size: 19, Color: render.Muted, VAlign: render.Top})
	y = headH
	x0, w := float64(margin), float64(focusW-2*margin)
	if view.Me != nil {
		phoneHand(c, view, x0, y, w, m.Lang)
		y += handH
	}
	if len(last) > 0 {
		box(c, x0, y, w, lastH-gap, 12, render.Panel, render.Edge, 2)
		c.Text(x0+focusPad, y+24, tr(m.Lang, "last_move"), render.Style{Size: 20, Font: render.Bold, VAlign: render.Middle})
		ly := y + 42
		for _, l := range last {
			c.Text(x0+focusPad, ly, l, body)
			ly += render.LineHeight(body)
		}
		y += lastH
	}
	box(c, x0, y, w, marketH, 12, render.Panel, render.Edge, 2)
	tst := render.Style{Size: 24, Font: render.Bold, VAlign: render.Middle}
	offer := tr(m.Lang, "offer_row")
	c.Text(x0+focusPad, y+26, offer, tst)
	sub := tr(m.Lang, "focus_decks", msg.Number("Favour", view.FavourLeft), msg.Number("Power", view.PowerLeft))
	c.Text(x0+focusPad+render.TextWidth(offer, tst)+12, y+26, sub, render.Style{Size: 18, Color: render.Muted, VAlign: render.Middle})
	ty := y + 52
	for i := 0; i < len(cards); i += 2 {
		row := cards[i:min(i+2, len(cards))]
		rh := rowNeed(row, m.Lang)
		for k, code := range row {
			tile(c, x0+focusPad+float64(k)*(tileW+12), ty, rh, code, false, m.Lang)
		}
		ty += rh + 12
	}
	y += marketH + gap
	for hix := 0; hix < len(view.Players); hix++ {
		for i, p := range view.Players {
			if houseIndex(p) != hix {
				continue
			}
			hh := houseH(view, i)
			houseFrame(c, view, i, x0, y, w, hh, 0)
			if hh == lineBoxH {
				houseLine(c, view, m, i, x0, y, w)
			} else {
				houseBlock(c, view, m, i, x0, y)
			}
			if hh > blockH {
				houseAreas(c, p, x0+focusPad, y+blockH, x0+w-focusPad, m.Lang)
			}
			y += hh + gap
		}
	}
	if s := view.Solo; s != nil {
		box(c, x0, y, w, focusSolo, 12, render.Panel, render.Edge, 2)
		c.BlitCentered(badges.Get(badgeKey{"A", render.Ink}), x0+40, y+38)
		c.Text(x0+74, y+28, s.Name, render.Style{Size: 24, Font: render.Bold, VAlign: render.Middle})
		c.Text(x0+74, y+54, tr(m.Lang, "aspirant", msg.Code("Code", s.Aspirant)), render.Style{Size: 17, Color: render.Muted, VAlign: render.Middle})
		c.ScoreBar(rect(x0+16, y+78, 300, 38), tr(m.Lang, "influence"), s.Influence, 60, render.Mix(render.Muted, render.White, 0.5))
		// What the Aspirant takes next (the leftmost Offer Row card), under its label.
		if len(view.Offer) > 0 {
			c.Text(x0+w-16, y+54, tr(m.Lang, "area_next"), render.Style{Size: 17, Font: render.Bold, Color: render.Muted, Align: render.Right, VAlign: render.Middle})
			chip(c, x0+w-16-chipW, y+80, view.Offer[0], chipFace)
		}
	}
	return c
}

// phoneRows is the hand two cards to a row, as the Offer Row in the focus image.
func phoneRows(v *game.View) [][]string {
	var rows [][]string
	for i := 0; i < len(v.Me.Hand); i += 2 {
		rows = append(rows, v.Me.Hand[i:min(i+2, len(v.Me.Hand))])
	}
	return rows
}

// phoneHandH is the hand's box in the phone layout: its title, its cards, and a line each for
// the raised cards and the foundations.
func phoneHandH(v *game.View, lang string) float64 {
	h := 52.0
	for _, r := range phoneRows(v) {
		h += rowNeed(r, lang) + 12
	}
	h += chipH + 16
	if len(v.Me.Foundations) > 0 {
		h += chipH + 16
	}
	return h + 8
}

// phoneHand draws the viewer's hand at (x0, y), w wide, ringed in the house's colour.
func phoneHand(c *render.Canvas, v *game.View, x0, y, w float64, lang string) {
	me := v.Me
	h := phoneHandH(v, lang)
	box(c, x0, y, w, h, 12, render.White, render.SeatColour(houseIndex(v.Players[v.Viewer])), 4)
	tst := render.Style{Size: 24, Font: render.Bold, VAlign: render.Middle}
	title := tr(lang, "your_hand", msg.Number("N", len(me.Hand)))
	c.Text(x0+focusPad, y+26, title, tst)
	sub := tr(lang, "private")
	if len(me.Hand) == 0 {
		sub = tr(lang, "no_cards")
	}
	sx := x0 + focusPad + render.TextWidth(title, tst) + 12
	c.Text(sx, y+26, sub, render.FitText(sub, render.Style{Size: 16, Color: render.Muted, VAlign: render.Middle}, x0+w-focusPad-sx))
	ready := map[string]bool{}
	for _, r := range me.Ready {
		ready[r] = true
	}
	ty := y + 52
	for _, row := range phoneRows(v) {
		rh := rowNeed(row, lang)
		for k, code := range row {
			tile(c, x0+focusPad+float64(k)*(tileW+12), ty, rh, code, ready[code], lang)
		}
		ty += rh + 12
	}
	end := chipRow(c, x0+focusPad, ty, x0+w-focusPad, tr(lang, "area_raised"), me.Raised, chipFace)
	if len(me.Raised) == 0 {
		c.Text(end-4, ty+chipH/2, "—", render.Style{Size: 20, Color: render.Muted, VAlign: render.Middle})
	}
	if len(me.Foundations) > 0 {
		chipRow(c, x0+focusPad, ty+chipH+16, x0+w-focusPad, tr(lang, "area_foundations"), me.Foundations, chipFace)
	}
}

// houseH is a house's height in the focus image: with its areas while it plays, two lines while
// it waits, and whole once the game is over (the result is read from the influence bars).
func houseH(v *game.View, i int) float64 {
	switch {
	case v.Result != nil:
		return blockH
	case v.Turn == i:
		return blockH + areasH
	}
	return lineBoxH
}

// houseLine is a waiting house in two lines: its badge, player, house and influence, then a bar
// of its influence and its hand, draw and discard counts.
func houseLine(c *render.Canvas, v *game.View, m render.Meta, i int, x0, y, w float64) {
	p := v.Players[i]
	seat := render.SeatColour(houseIndex(p))
	c.BlitCentered(badges.Get(badgeKey{p.House, seat}), x0+40, y+lineBoxH/2)
	name := houseLabel(p, m.Lang)
	if n := m.Player(rules.Seat(i), "", 12); n != "" {
		name = n + " · " + name
	}
	if v.Viewer == i {
		name = tr(m.Lang, "you", msg.Code("Name", name))
	}
	infl := tr(m.Lang, "influence") + " " + strconv.Itoa(p.Influence) + " / 60"
	ist := render.Style{Size: 19, Font: render.Bold, Align: render.Right, VAlign: render.Middle}
	right := x0 + w - focusPad
	c.Text(right, y+26, infl, ist)
	nx := x0 + 74
	c.Text(nx, y+26, name, render.FitText(name, render.Style{Size: 22, Font: render.Bold, VAlign: render.Middle}, right-nx-render.TextWidth(infl, ist)-12))
	// The influence bar, thin, the same colour as the house's whole bar.
	bw := right - nx
	c.RoundRect(nx, y+42, bw, 8, 4, render.White, render.Edge, 1)
	if f := math.Min(1, float64(p.Influence)/60); f > 0 {
		c.RoundRect(nx, y+42, math.Max(8, bw*f), 8, 4, tint(seat), render.Ink, 1)
	}
	counts := tr(m.Lang, "counts", msg.Number("Hand", p.Hand), msg.Number("Draw", p.Draw), msg.Number("Discard", len(p.Discard)))
	c.Text(nx, y+66, counts, render.FitText(counts, render.Style{Size: 19, VAlign: render.Middle}, right-nx))
}

// lastOf is the last move's lines, the earliest dropped past maxLast.
func lastOf(v *game.View, lang string) []string {
	lines := v.Last
	if len(lines) > maxLast {
		lines = append([]string{tr(lang, "earlier", msg.Count("N", len(lines)-maxLast+1))}, lines[len(lines)-maxLast+1:]...)
	}
	return lines
}
