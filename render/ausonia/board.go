// Package ausonia draws Ausonia's table: the Offer Row and the Power deck's top card as whole
// cards, every house with its influence track and areas, the Aspirant alone, the latest events,
// and in a private view the viewer's hand as whole cards.
package ausonia

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/msg"
)

const (
	width   = 1200
	margin  = 24
	statusH = 72
	gap     = 16
	rowH    = 178 // one house
	soloH   = 150
	lineH   = 27 // event lines
	maxLast = 8
	perRow  = 5 // cards per row in the market and the hand
)

// Image draws what State.View returned: the public view, or a seat's private one with its hand.
// The canvas comes from the pool: render.Recycle hands it back when the caller is done.
func Image(v any, m render.Meta) (image.Image, error) {
	view, err := asView(v)
	if err != nil {
		return nil, err
	}
	return paint(view, m, render.AcquireCanvas).Image(), nil
}

// PNG is Image encoded with the game's palette, drawn on a pooled canvas.
func PNG(v any, m render.Meta) ([]byte, error) {
	view, err := asView(v)
	if err != nil {
		return nil, err
	}
	c := paint(view, m, render.AcquireCanvas)
	defer c.Release()
	return render.EncodePNG(c.RGBA, pal)
}

// withMeta is the view as the platform states it: its result over the engine's, and the seats in
// the engine's texts named by their players.
func withMeta(v *game.View, m render.Meta) *game.View {
	cp := *v
	cp.Result = m.Final(v.Result)
	own := func(s rules.Seat) string {
		if int(s) >= 0 && int(s) < len(v.Players) {
			return houseLabel(v.Players[s], m.Lang)
		}
		return ""
	}
	if v.WaitingMsg != nil { // houses only, as the engine's plain text: statusOf adds the player
		cp.Waiting = inLang(m.Lang, v.WaitingMsg, func(s int) string { return own(rules.Seat(s)) })
	} else {
		cp.Waiting = m.Text(v.Waiting, own)
	}
	cp.Last = make([]string, len(v.Last))
	for i, l := range v.Last {
		if len(v.LastMsg) == len(v.Last) && v.LastMsg[i] != nil {
			cp.Last[i] = inLang(m.Lang, v.LastMsg[i], func(s int) string { return m.Text(rules.SeatRef(rules.Seat(s)), own) })
		} else {
			cp.Last[i] = m.Text(l, own)
		}
	}
	if len(m.Last) > 0 {
		// A thread post's board: its box tells the post's turns, not the engine's last move
		// (often only "draws 6 cards", "ends the turn").
		cp.Last, cp.LastMsg = nil, nil
		for _, l := range m.Last {
			if l != "" {
				cp.Last = append(cp.Last, l)
			}
		}
	}
	if v.Solo != nil {
		so := *v.Solo
		if n := game.AspirantNameMsg(so.Aspirant); n != nil {
			so.Name = inLang(m.Lang, n, nil)
		}
		cp.Solo = &so
	}
	return &cp
}

func paint(view *game.View, m render.Meta, frame render.Frame) *render.Canvas {
	if view.Me != nil {
		return phone(view, m, frame) // a seat's hand is read on a phone (focus.go)
	}
	view = withMeta(view, m)
	c := frame(width, height(view, m.Lang), render.Paper)
	c.CrispText = true // labels are most of the bytes: see render.Canvas
	y := 0.0
	drawStatus(c, view, m)
	y = statusH + gap
	y = drawMarket(c, view, y, m.Lang)
	// Houses in turn order, House I first.
	for h := 0; h < len(view.Players); h++ {
		for i, p := range view.Players {
			if houseIndex(p) == h {
				y = drawHouse(c, view, m, i, y)
			}
		}
	}
	if view.Solo != nil {
		y = drawSolo(c, view, y, m.Lang)
	}
	if view.Me != nil {
		y = drawHand(c, view, y, m.Lang)
	}
	y = drawLast(c, view, y, m.Lang)
	drawLegend(c, y, m.Lang)
	return c
}

func asView(v any) (*game.View, error) {
	view, err := render.ViewOf[game.View](v, "ausonia")
	if err != nil {
		return nil, err
	}
	if len(view.Players) < 1 || len(view.Players) > 4 {
		return nil, fmt.Errorf("ausonia render: %d players cannot be drawn", len(view.Players))
	}
	if view.Turn < 0 || view.Turn >= len(view.Players) {
		return nil, fmt.Errorf("ausonia render: turn %d out of range", view.Turn)
	}
	if view.Me != nil && len(view.Me.Hand) > 40 {
		return nil, fmt.Errorf("ausonia render: a hand of %d cards cannot be drawn", len(view.Me.Hand))
	}
	return view, nil
}

func rect(x, y, w, h float64) image.Rectangle {
	return image.Rect(int(x), int(y), int(x+w), int(y+h))
}

// handRows splits the hand into rows of tiles.
func handRows(v *game.View) [][]string {
	if v.Me == nil {
		return nil
	}
	var rows [][]string
	for i := 0; i < len(v.Me.Hand); i += perRow {
		rows = append(rows, v.Me.Hand[i:min(i+perRow, len(v.Me.Hand))])
	}
	return rows
}

func handHeight(v *game.View, lang string) float64 {
	h := 52 + 50.0
	for _, r := range handRows(v) {
		h += rowNeed(r, lang) + 12
	}
	return h
}

func marketCards(v *game.View) []string {
	cs := append([]string(nil), v.Offer...)
	if v.PowerTop != "" {
		cs = append(cs, v.PowerTop)
	}
	return cs
}

func marketTileH(v *game.View, lang string) float64 {
	return max(160, rowNeed(marketCards(v), lang))
}

func lastLines(v *game.View, lang string) int { return len(lastWrapped(v, lang)) }

// lastWrapped is the last-move box's lines, wrapped to the board's width: a turn's summary is one
// long sentence, which shrinking to fit made unreadable. Past maxLast lines the earliest go.
func lastWrapped(v *game.View, lang string) []string {
	var out []string
	for _, l := range lastOf(v, lang) {
		out = append(out, render.Wrap(l, lastStyle, float64(width-2*margin-32))...)
	}
	if len(out) > maxLast {
		out = append([]string{"…"}, out[len(out)-maxLast+1:]...)
	}
	return out
}

var lastStyle = render.Style{Size: 19, VAlign: render.Middle}

func height(v *game.View, lang string) int {
	h := float64(statusH + gap)
	h += 52 + marketTileH(v, lang) + 20 + gap // market
	h += float64(len(v.Players) * (rowH + gap))
	if v.Solo != nil {
		h += soloH + gap
	}
	if v.Me != nil {
		h += handHeight(v, lang) + gap
	}
	if n := lastLines(v, lang); n > 0 {
		h += 46 + float64(n*lineH) + gap
	}
	return int(h) + 44
}

func houseLabel(p game.PlayerView, lang string) string {
	return tr(lang, "house", msg.Code("Mark", p.House))
}

func drawStatus(c *render.Canvas, v *game.View, m render.Meta) {
	c.StatusBar(image.Rect(0, 0, width, statusH), statusOf(v, m))
}

// statusOf says whose move it is and what is asked, or the result.
func statusOf(v *game.View, m render.Meta) render.Status {
	st := render.Status{Right: tr(m.Lang, "round", msg.Number("N", v.Round))}
	switch {
	case m.Aborted:
		st.Text = render.Aborted(m.Lang)
	case v.Result != nil:
		name := func(s rules.Seat) string {
			if int(s) < len(v.Players) {
				return m.Player(s, houseLabel(v.Players[s], m.Lang), 18)
			}
			return ""
		}
		reason := v.Result.English()
		if v.Result.ReasonMsg != nil {
			reason = inLang(m.Lang, v.Result.ReasonMsg, func(s int) string { return name(rules.Seat(s)) })
		} else {
			reason = rules.RenderSeats(reason, name)
		}
		st.Text = render.ResultLine(m.Lang, v.Result, reason, name)
	default:
		p := v.Players[v.Awaited]
		st.Swatch = render.SeatColour(houseIndex(p))
		st.Letter = p.House
		st.Text = v.Waiting
		// The engine names the awaited house ("House I is playing a turn."); the header names
		// its player instead, as every text does (the swatch shows the house).
		if h := houseLabel(p, m.Lang) + " "; strings.HasPrefix(st.Text, h) {
			if n := m.Player(rules.Seat(v.Awaited), "", 18); n != "" {
				st.Text = n + " " + strings.TrimPrefix(st.Text, h)
			}
		}
		if v.Viewer == v.Awaited {
			st.Text = tr(m.Lang, "your_move", msg.Code("Text", v.Waiting))
			if v.Turn == v.Awaited && playingTurn(v) {
				st.Text = tr(m.Lang, "your_turn", msg.Code("House", houseLabel(p, m.Lang)))
			}
		}
		if v.Ending {
			st.Right = tr(m.Lang, "round_last", msg.Number("N", v.Round))
		}
	}
	return st
}

// playingTurn says whether the awaited seat is playing its turn (not answering a keyword).
func playingTurn(v *game.View) bool {
	if v.WaitingMsg != nil {
		return v.WaitingMsg.ID == "wait_turn"
	}
	return strings.HasSuffix(v.Waiting, "is playing a turn.") // a view saved before messages
}

func houseIndex(p game.PlayerView) int {
	for i, m := range []string{"I", "II", "III", "IV"} {
		if p.House == m {
			return i
		}
	}
	return 0
}

func drawMarket(c *render.Canvas, v *game.View, y float64, lang string) float64 {
	th := marketTileH(v, lang)
	h := 52 + th + 20
	box(c, margin, y, width-2*margin, h, 12, render.Panel, render.Edge, 2)
	tst := render.Style{Size: 24, Font: render.Bold, VAlign: render.Middle}
	offer, power := tr(lang, "offer_row"), tr(lang, "power")
	c.Text(margin+16, y+26, offer, tst)
	sub := render.Style{Size: 18, Color: render.Muted, VAlign: render.Middle}
	c.Text(margin+16+render.TextWidth(offer, tst)+14, y+26, tr(lang, "favour_left", msg.Number("N", v.FavourLeft)), sub)
	px := margin + 16 + 4*(tileW+12) + 12.0
	c.Text(px, y+26, power, tst)
	c.Text(px+render.TextWidth(power, tst)+10, y+26, tr(lang, "power_left", msg.Number("N", v.PowerLeft)), sub)
	x := margin + 16.0
	ty := y + 52
	for i := 0; i < 4; i++ {
		if i < len(v.Offer) {
			tile(c, x, ty, th, v.Offer[i], false, lang)
		} else {
			c.RoundRect(x, ty, tileW, th, 12, nil, render.Edge, 2)
			c.Text(x+tileW/2, ty+th/2, tr(lang, "empty"), render.Style{Size: 20, Color: render.Muted, Align: render.Center, VAlign: render.Middle})
		}
		x += tileW + 12
	}
	// The Power deck sits apart from the row.
	x += 12
	c.Rect(rect(x-14, ty, 3, th), render.Edge)
	if v.PowerTop != "" {
		tile(c, x, ty, th, v.PowerTop, false, lang)
	} else {
		c.RoundRect(x, ty, tileW, th, 12, nil, render.Edge, 2)
		c.Text(x+tileW/2, ty+th/2, tr(lang, "empty"), render.Style{Size: 20, Color: render.Muted, Align: render.Center, VAlign: render.Middle})
	}
	return y + h + gap
}

func drawHouse(c *render.Canvas, v *game.View, m render.Meta, i int, y float64) float64 {
	x0, w := float64(margin), float64(width-2*margin)
	// Right block: the areas, one line each, beyond a rule drawn with the frame.
	rx := x0 + 340
	houseFrame(c, v, i, x0, y, w, rowH, rx-x0)
	houseBlock(c, v, m, i, x0, y)
	houseAreas(c, v.Players[i], rx, y+14, x0+w-16, m.Lang)
	return y + rowH + gap
}

// houseFrame is a house's box, ringed in its colour while it plays, with the rule before its
// areas rx from its left edge (none for 0).
func houseFrame(c *render.Canvas, v *game.View, i int, x0, y, w, h, rx float64) {
	k := frameKey{w: int(w), h: int(h), rule: int(rx)}
	if v.Result == nil && v.Turn == i {
		k.ring = render.SeatColour(houseIndex(v.Players[i]))
	}
	c.Blit(frames.Get(k), int(math.Round(x0)), int(math.Round(y)))
}

type frameKey struct {
	w, h int
	ring color.RGBA // zero for none
	rule int
}

// frames caches the houses' boxes, drawn on the image's ground so that they copy as drawn in
// place: a box's outline is one of the dearest things on the board to draw.
var frames = render.NewSprites(func(k frameKey) image.Image {
	c := render.NewCanvas(k.w, k.h, render.Paper)
	w, h := float64(k.w), float64(k.h)
	box(c, 0, 0, w, h, 12, render.Panel, render.Edge, 2)
	if k.ring.A != 0 {
		c.RoundRect(0, 0, w, h, 12, nil, k.ring, 6)
	}
	if k.rule > 0 {
		c.Rect(rect(float64(k.rule)-14, 14, 2, h-28), render.Edge)
	}
	return c.Image()
})

// houseBlock is the house, its player and its influence, 330 px wide from x0.
func houseBlock(c *render.Canvas, v *game.View, m render.Meta, i int, x0, y float64) {
	p := v.Players[i]
	hi := houseIndex(p)
	seat := render.SeatColour(hi)
	active := v.Result == nil && v.Turn == i
	// Left block: the house and its influence.
	c.BlitCentered(badges.Get(badgeKey{p.House, seat}), x0+40, y+38)
	name := houseLabel(p, m.Lang)
	if n := m.Player(rules.Seat(i), "", 12); n != "" {
		name = n + " · " + name
	}
	if v.Viewer == i {
		name = tr(m.Lang, "you", msg.Code("Name", name))
	}
	c.Text(x0+74, y+28, name, render.FitText(name, render.Style{Size: 24, Font: render.Bold, VAlign: render.Middle}, 250))
	c.Text(x0+74, y+54, p.HouseName, render.Style{Size: 17, Color: render.Muted, VAlign: render.Middle})
	c.ScoreBar(rect(x0+16, y+78, 300, 38), tr(m.Lang, "influence"), p.Influence, 60, tint(seat))
	counts := tr(m.Lang, "counts", msg.Number("Hand", p.Hand), msg.Number("Draw", p.Draw), msg.Number("Discard", len(p.Discard)))
	c.Text(x0+16, y+134, counts, render.FitText(counts, render.Style{Size: 19, VAlign: render.Middle}, 300))
	if active {
		gst := render.Style{Size: 18, Font: render.Bold, VAlign: render.Middle}
		gems := tr(m.Lang, "gems")
		c.Text(x0+16, y+160, gems, gst)
		gx := x0 + 16 + render.TextWidth(gems, gst) + 8
		if v.Pool.Total() == 0 {
			c.Text(gx, y+160, tr(m.Lang, "none_to_spend"), render.Style{Size: 18, Color: render.Muted, VAlign: render.Middle})
		} else {
			gemRow(c, gx, y+160, 12, v.Pool, m.Lang)
		}
	}
}

// houseAreas is a house's areas, one line each, from (rx, ly) to maxX.
func houseAreas(c *render.Canvas, p game.PlayerView, rx, ly, maxX float64, lang string) {
	end := chipRow(c, rx, ly, maxX, tr(lang, "area_play"), p.Play, chipFace)
	if len(p.Play) == 0 {
		c.Text(end-4, ly+chipH/2, "—", render.Style{Size: 20, Color: render.Muted, VAlign: render.Middle})
		end += 24
	}
	if len(p.Bought) > 0 {
		chipRow(c, end, ly, maxX, tr(lang, "area_bought"), p.Bought, chipDown)
	}
	ly += chipH + 20
	end = chipRow(c, rx, ly, maxX, tr(lang, "area_sources"), p.Sources, chipFace)
	if len(p.Sources) == 0 {
		c.Text(end-4, ly+chipH/2, "—", render.Style{Size: 20, Color: render.Muted, VAlign: render.Middle})
		end += 24
	}
	rst := render.Style{Size: 18, Font: render.Bold, Color: render.Muted, VAlign: render.Middle}
	rt := tr(lang, "area_raise", msg.Number("N", p.Raised))
	c.Text(end, ly+chipH/2, rt, rst)
	ly += chipH + 20
	end = chipRow(c, rx, ly, maxX-260, tr(lang, "area_seal"), p.Seal, chipFace)
	if len(p.Seal) == 0 {
		c.Text(end-4, ly+chipH/2, "—", render.Style{Size: 20, Color: render.Muted, VAlign: render.Middle})
	}
	// The discard pile's top card, since it is face up.
	if n := len(p.Discard); n > 0 {
		chipRow(c, maxX-170, ly, maxX, tr(lang, "area_discard_top"), p.Discard[n-1:], chipFace)
	}
}

func drawSolo(c *render.Canvas, v *game.View, y float64, lang string) float64 {
	s := v.Solo
	x0, w := float64(margin), float64(width-2*margin)
	box(c, x0, y, w, soloH, 12, render.Panel, render.Edge, 2)
	c.BlitCentered(badges.Get(badgeKey{"A", render.Ink}), x0+40, y+38)
	c.Text(x0+74, y+28, s.Name, render.Style{Size: 24, Font: render.Bold, VAlign: render.Middle})
	c.Text(x0+74, y+54, tr(lang, "aspirant", msg.Code("Code", s.Aspirant)), render.Style{Size: 17, Color: render.Muted, VAlign: render.Middle})
	c.ScoreBar(rect(x0+16, y+78, 300, 38), tr(lang, "influence"), s.Influence, 60, render.Mix(render.Muted, render.White, 0.5))
	rx, maxX := x0+340, x0+w-16
	c.Rect(rect(rx-14, y+14, 2, soloH-28), render.Edge)
	ly := y + 14
	// Rulebook: "It takes the leftmost Offer Row card": what the player may want to deny it,
	// at the right end of the first row.
	keptMax := maxX
	if len(v.Offer) > 0 {
		label := tr(lang, "area_next")
		nx := maxX - chipW - 8 - render.TextWidth(label, render.Style{Size: 18, Font: render.Bold})
		chipRow(c, nx, ly, maxX+4, label, v.Offer[:1], chipFace)
		keptMax = nx - 20
	}
	end := chipRow(c, rx, ly, keptMax, tr(lang, "area_kept"), s.Kept, chipFace)
	if len(s.Kept) == 0 {
		c.Text(end-4, ly+chipH/2, "—", render.Style{Size: 20, Color: render.Muted, VAlign: render.Middle})
	}
	ly += chipH + 20
	end = rx
	if s.Took != "" {
		end = chipRow(c, rx, ly, maxX, tr(lang, "area_took"), []string{s.Took}, chipFace)
	}
	c.Text(end, ly+chipH/2, tr(lang, "solo_line", msg.Number("N", len(s.Discard)), msg.Number("X", 2*len(s.Kept))),
		render.Style{Size: 18, Color: render.Muted, VAlign: render.Middle})
	return y + soloH + gap
}

func drawHand(c *render.Canvas, v *game.View, y float64, lang string) float64 {
	me := v.Me
	x0, w := float64(margin), float64(width-2*margin)
	h := handHeight(v, lang)
	box(c, x0, y, w, h, 12, render.White, render.SeatColour(houseIndex(v.Players[v.Viewer])), 4)
	tst := render.Style{Size: 24, Font: render.Bold, VAlign: render.Middle}
	title := tr(lang, "your_hand", msg.Number("N", len(me.Hand)))
	c.Text(x0+16, y+26, title, tst)
	c.Text(x0+16+render.TextWidth(title, tst)+14, y+26, tr(lang, "private"), render.Style{Size: 18, Color: render.Muted, VAlign: render.Middle})
	ready := map[string]bool{}
	for _, r := range me.Ready {
		ready[r] = true
	}
	ty := y + 52
	for _, row := range handRows(v) {
		rh := rowNeed(row, lang)
		for i, code := range row {
			tile(c, x0+16+float64(i)*(tileW+12), ty, rh, code, ready[code], lang)
		}
		ty += rh + 12
	}
	if len(me.Hand) == 0 {
		c.Text(x0+16+render.TextWidth(title, tst)+280, y+26, tr(lang, "no_cards"), render.Style{Size: 18, Color: render.Muted, VAlign: render.Middle})
	}
	ly := y + h - 46
	end := chipRow(c, x0+16, ly, x0+w/2, tr(lang, "area_raised"), me.Raised, chipFace)
	if len(me.Raised) == 0 {
		c.Text(end-4, ly+chipH/2, "—", render.Style{Size: 20, Color: render.Muted, VAlign: render.Middle})
	}
	if len(me.Foundations) > 0 {
		chipRow(c, x0+w/2, ly, x0+w-16, tr(lang, "area_foundations"), me.Foundations, chipFace)
	}
	return y + h + gap
}

func drawLast(c *render.Canvas, v *game.View, y float64, lang string) float64 {
	lines := lastWrapped(v, lang)
	n := len(lines)
	if n == 0 {
		return y
	}
	x0, w := float64(margin), float64(width-2*margin)
	h := 46 + float64(n)*lineH
	box(c, x0, y, w, h, 12, render.Panel, render.Edge, 2)
	c.Text(x0+16, y+24, tr(lang, "last_move"), render.Style{Size: 20, Font: render.Bold, VAlign: render.Middle})
	for i, l := range lines {
		c.Text(x0+16, y+50+float64(i)*lineH, l, lastStyle)
	}
	return y + h + gap
}

func drawLegend(c *render.Canvas, y float64, lang string) {
	x := float64(margin)
	cy := y + 16
	for g := game.Sapphire; g <= game.Rainbow; g++ {
		gemDot(c, x+12, cy, 12, g, lang)
		name := inLang(lang, game.GemNameMsg(g), nil)
		if g == game.Rainbow {
			name = tr(lang, "legend_rainbow", msg.Nested("Gem", game.GemNameMsg(g)))
		}
		c.Text(x+30, cy, name, render.Style{Size: 17, Color: render.Muted, VAlign: render.Middle})
		x += 30 + render.TextWidth(name, render.Style{Size: 17}) + 22
	}
	c.RoundRect(x, cy-11, 40, 22, 6, condTint, nil, 0)
	c.Text(x+48, cy, tr(lang, "legend_condition"), render.Style{Size: 17, Color: render.Muted, VAlign: render.Middle})
}
