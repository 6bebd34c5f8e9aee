package ausonia

import (
	"fmt"
	"math"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/ausonia"
)

// The focus image is what a phone shows without zooming: two cards wide (512 px), whose move it
// is and the last move in words, the Offer Row and the Power card, then every house with its
// influence, the house to play with its areas, all at the board's own scale, so its smallest
// text (the gems' letters, 12 px) is 9 px once the image is 400 px wide. Public information only.
const (
	focusPad  = 16
	focusW    = 2*tileW + 12 + 2*margin + 2*focusPad
	blockH    = 178 // houseBlock's height
	areasH    = 3 * (chipH + 20)
	focusSolo = 130
)

// Focus draws the focus image of a view and encodes it with the game's palette.
func Focus(v any, m render.Meta) ([]byte, error) {
	view, err := asView(v)
	if err != nil {
		return nil, err
	}
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
	for _, l := range lastOf(view) {
		last = append(last, render.Wrap(l, body, inner)...)
	}
	lastH := 0.0
	if len(last) > 0 {
		lastH = math.Ceil(46 + float64(len(last))*render.LineHeight(body) + gap)
	}
	cards := marketCards(view)
	marketH := 52.0
	for i := 0; i < len(cards); i += 2 {
		marketH += rowNeed(cards[i:min(i+2, len(cards))]) + 12
	}
	marketH += 8
	housesH := 0.0
	for i := range view.Players {
		housesH += houseH(view, i) + gap
	}
	if view.Solo != nil {
		housesH += focusSolo + gap
	}
	h := int(math.Ceil(headH + lastH + marketH + gap + housesH + margin))
	c := render.AcquireCanvas(focusW, h, render.Paper)
	defer c.Release()
	y := 10.0
	for _, l := range headLines {
		c.Text(margin, y, l, head)
		y += render.LineHeight(head)
	}
	c.Text(margin, y, st.Right, render.Style{Size: 19, Color: render.Muted, VAlign: render.Top})
	y = headH
	x0, w := float64(margin), float64(focusW-2*margin)
	if len(last) > 0 {
		box(c, x0, y, w, lastH-gap, 12, render.Panel, render.Edge, 2)
		c.Text(x0+focusPad, y+24, "Last move", render.Style{Size: 20, Font: render.Bold, VAlign: render.Middle})
		ly := y + 42
		for _, l := range last {
			c.Text(x0+focusPad, ly, l, body)
			ly += render.LineHeight(body)
		}
		y += lastH
	}
	box(c, x0, y, w, marketH, 12, render.Panel, render.Edge, 2)
	tst := render.Style{Size: 24, Font: render.Bold, VAlign: render.Middle}
	c.Text(x0+focusPad, y+26, "Offer Row", tst)
	sub := fmt.Sprintf("favour deck %d · power deck %d", view.FavourLeft, view.PowerLeft)
	c.Text(x0+focusPad+render.TextWidth("Offer Row", tst)+12, y+26, sub, render.Style{Size: 18, Color: render.Muted, VAlign: render.Middle})
	ty := y + 52
	for i := 0; i < len(cards); i += 2 {
		row := cards[i:min(i+2, len(cards))]
		rh := rowNeed(row)
		for k, code := range row {
			tile(c, x0+focusPad+float64(k)*(tileW+12), ty, rh, code, false)
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
			houseBlock(c, view, m, i, x0, y)
			if hh > blockH {
				houseAreas(c, p, x0+focusPad, y+blockH, x0+w-focusPad)
			}
			y += hh + gap
		}
	}
	if s := view.Solo; s != nil {
		box(c, x0, y, w, focusSolo, 12, render.Panel, render.Edge, 2)
		c.BlitCentered(badges.Get(badgeKey{"A", render.Ink}), x0+40, y+38)
		c.Text(x0+74, y+28, s.Name, render.Style{Size: 24, Font: render.Bold, VAlign: render.Middle})
		c.Text(x0+74, y+54, "Aspirant "+s.Aspirant, render.Style{Size: 17, Color: render.Muted, VAlign: render.Middle})
		c.ScoreBar(rect(x0+16, y+78, 300, 38), "Influence", s.Influence, 60, render.Mix(render.Muted, render.White, 0.5))
	}
	return render.EncodePNGFast(c.RGBA, pal)
}

// houseH is a house's height in the focus image: with its areas while it plays.
func houseH(v *game.View, i int) float64 {
	if v.Result == nil && v.Turn == i {
		return blockH + areasH
	}
	return blockH
}

// lastOf is the last move's lines, the earliest dropped past maxLast.
func lastOf(v *game.View) []string {
	lines := v.Last
	if len(lines) > maxLast {
		lines = append([]string{fmt.Sprintf("… %d earlier lines", len(lines)-maxLast+1)}, lines[len(lines)-maxLast+1:]...)
	}
	return lines
}
