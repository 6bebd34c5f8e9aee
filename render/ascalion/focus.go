package ascalion

import (
	"image"
	"image/draw"
	"math"
	"strings"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/msg"
)

// The focus image is what a phone shows without zooming: 400 px wide, the part of the map where
// the last move happened and the awaited player decides, cut out of the board at its own scale
// (its smallest labels, the sea's numbers, are 9 px), with the awaited player's areas listed with
// their goods and neighbours (region.go), the players, the decision and the last events below it. It is drawn from the public view only, like the board.
const (
	focusW    = 400
	focusMapH = 300
	focusPad  = 10
)

// Focus draws the focus image of a view and encodes it with the game's palette.
func Focus(v any, m render.Meta) ([]byte, error) {
	view, err := asView(v)
	if err != nil {
		return nil, err
	}
	view.Result = m.Final(view.Result)
	board := paintMap(view, m.Lang, render.AcquireCanvas)
	defer board.Release()
	crop := focusRect(geometry(), view)
	render.CropLabels(board.RGBA, crop)

	head := focusHeader(view, m)
	hst := render.Style{Size: 16, Font: render.Bold, VAlign: render.Top}
	lines := render.Wrap(head, hst, focusW-2*focusPad)
	headH := 12 + int(math.Ceil(float64(len(lines))*render.LineHeight(hst)))
	playersH := 24 + 34*len(view.Players) + 6
	const decisionH, eventsH = 150, 180
	rH := regionH(view, m, focusW-2*focusPad)
	h := headH + focusMapH + rH + playersH + decisionH + eventsH
	c := render.AcquireCanvas(focusW, h, render.Panel)
	defer c.Release()
	y := 8.0
	for _, l := range lines {
		c.Text(focusPad, y, l, hst)
		y += render.LineHeight(hst)
	}
	top := headH
	draw.Draw(c.RGBA, image.Rect(0, top, focusW, top+focusMapH), board.RGBA, crop.Min, draw.Src)
	c.Rect(image.Rect(0, top, focusW, top+2), render.Edge)
	c.Rect(image.Rect(0, top+focusMapH-2, focusW, top+focusMapH), render.Edge)
	y0 := top + focusMapH + 8
	if rH > 0 {
		drawRegion(c, regionRect{focusPad, float64(y0), focusW - 2*focusPad}, view, m)
		y0 += rH
	}
	drawPlayers(c, image.Rect(focusPad, y0, focusW-focusPad, y0+playersH-8), view, m)
	y0 += playersH
	drawDecision(c, image.Rect(focusPad, y0, focusW-focusPad, y0+decisionH-8), view, m)
	y0 += decisionH
	drawEvents(c, image.Rect(focusPad, y0, focusW-focusPad, y0+eventsH-8), view, m)
	return render.EncodePNG(c.RGBA, pal)
}

// focusHeader says whose turn it is, or the result, in words that wrap over the image's width.
func focusHeader(v game.View, m render.Meta) string {
	if m.Aborted {
		return render.Aborted(m.Lang)
	}
	if v.Result != nil {
		return gameOver(v, m)
	}
	var wait []string
	for _, p := range v.Waiting {
		wait = append(wait, who(v, m, p))
	}
	var phase string
	switch {
	case v.Round == 0:
		phase = titled(stepText(v.Step, m.Lang))
	case v.Phase == 0 || v.Step == "game over":
		phase = titled(stepText(v.Step, m.Lang))
	default:
		phase = titled(msg.Render(game.PhaseMsg(v.Phase), langOf(m.Lang), nil))
	}
	if v.Round > 0 {
		return tr(m.Lang, "status_round", msg.Number("N", v.Round), msg.Code("Phase", phase), msg.Code("Waiting", strings.Join(wait, ", ")))
	}
	return tr(m.Lang, "status_waiting", msg.Code("Phase", phase), msg.Code("Waiting", strings.Join(wait, ", ")))
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// focusRect is the part of the board the focus shows: centred on the lands the last events name
// and the land under attack or at the river, else on the awaited player's lands, else on the map;
// kept inside the map.
func focusRect(g *geom, v game.View) image.Rectangle {
	if r, ok := ownRect(g, v); ok {
		return r
	}
	var pts []gg.Point
	add := func(name string) {
		for li, l := range v.Lands {
			if l.Name == name || l.Token == name {
				pts = append(pts, g.landC[li])
			}
		}
	}
	log := v.Log
	if len(log) > 3 {
		log = log[len(log)-3:]
	}
	for _, e := range log {
		for li, l := range v.Lands {
			if l.InPlay && l.Name != "" && strings.Contains(e, l.Name) {
				pts = append(pts, g.landC[li])
			}
		}
	}
	if v.Attack != nil {
		add(v.Attack.Target)
	}
	if v.Passage != nil {
		add(v.Passage.From)
		add(v.Passage.To)
	}
	if len(pts) == 0 && len(v.Waiting) > 0 {
		for li, l := range v.Lands {
			if l.InPlay && l.Owner == v.Waiting[0] {
				pts = append(pts, g.landC[li])
			}
		}
	}
	if len(pts) == 0 {
		for li, l := range v.Lands {
			if l.InPlay {
				pts = append(pts, g.landC[li])
			}
		}
	}
	var cx, cy float64
	for _, p := range pts {
		cx += p.X
		cy += p.Y
	}
	cx /= float64(max(1, len(pts)))
	cy /= float64(max(1, len(pts)))
	x := int(cx) - focusW/2
	y := int(cy) - focusMapH/2
	x = max(0, min(x, imgW-focusW))
	y = max(statusH, min(y, statusH+int(g.mapH)-focusMapH))
	return image.Rect(x, y, x+focusW, y+focusMapH)
}

// ownRect is, while one player plans a transport, an attack or a development, the cut-out that
// holds the most of his own lands (centred on one of them): a phone then shows his goods, values
// and neighbours, from which he plans, rather than the last move elsewhere (issue 36).
func ownRect(g *geom, v game.View) (image.Rectangle, bool) {
	if v.Result != nil || len(v.Waiting) != 1 || v.Attack != nil || v.Passage != nil {
		return image.Rectangle{}, false
	}
	switch v.Step {
	case "transport", "attack", "development":
	default:
		return image.Rectangle{}, false
	}
	var own []gg.Point
	for li, l := range v.Lands {
		if l.InPlay && l.Owner == v.Waiting[0] {
			own = append(own, g.landC[li])
		}
	}
	best, bestN := image.Rectangle{}, 0
	for _, c := range own {
		x := max(0, min(int(c.X)-focusW/2, imgW-focusW))
		y := max(statusH, min(int(c.Y)-focusMapH/2, statusH+int(g.mapH)-focusMapH))
		r := image.Rect(x, y, x+focusW, y+focusMapH)
		n := 0
		for _, p := range own {
			// A land counts when its centre is well inside, so its label and goods show.
			if image.Pt(int(p.X), int(p.Y)).In(r.Inset(30)) {
				n++
			}
		}
		if n > bestN {
			best, bestN = r, n
		}
	}
	return best, bestN > 0
}
