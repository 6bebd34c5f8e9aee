package ascalion

import (
	"fmt"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/ascalion"
	"github.com/boardbot/boardbot/rules/msg"
)

// The region is the focus image's list of the awaited player's lands, each with its owner and
// value, source, city and goods, and below it the lands of others it borders with theirs (the
// region's neighbours; an inner land has none, which keeps a large realm short): the map's crop
// shows only the lands around the last action, and a transport or an attack is planned over the
// whole realm. Public information only, like the board.

const (
	regionLine = 20.0 // a line of the list
	regionHead = 26.0 // the title
)

var (
	regionName = render.Style{Size: 13, Font: render.Bold, VAlign: render.Middle}
	regionNear = render.Style{Size: 11.5, VAlign: render.Middle}
	regionMute = render.Style{Size: 11.5, Color: render.Muted, VAlign: render.Middle}
)

// regionSeat is whose lands the list shows: the first seat awaited in a running game, or none.
func regionSeat(v game.View) int {
	if v.Result != nil || v.Round == 0 || len(v.Waiting) == 0 {
		return -1
	}
	s := v.Waiting[0]
	for _, l := range v.Lands {
		if l.InPlay && l.Owner == s {
			return s
		}
	}
	return -1
}

// regionH is the list's height for width w, 0 when there is none.
func regionH(v game.View, m render.Meta, w float64) int {
	s := regionSeat(v)
	if s < 0 {
		return 0
	}
	return int(regionHead + regionLayout(nil, v, m, s, 0, 0, w) + 8)
}

// drawRegion draws the list in r.
func drawRegion(c *render.Canvas, r regionRect, v game.View, m render.Meta) {
	s := regionSeat(v)
	if s < 0 {
		return
	}
	c.Text(r.x, r.y, tr(m.Lang, "region_title", msg.Code("Who", who(v, m, s))), render.Style{Size: 15, Font: render.Bold, VAlign: render.Top})
	regionLayout(c, v, m, s, r.x, r.y+regionHead, r.w)
}

type regionRect struct{ x, y, w float64 }

// regionLayout lays out the list from (x, y), w wide, and returns its height; it draws only on a
// canvas (nil measures).
func regionLayout(c *render.Canvas, v game.View, m render.Meta, s int, x, y, w float64) float64 {
	b := game.BoardMap()
	y0 := y
	lt := lettersOf(m.Lang)
	for li, l := range v.Lands {
		if !l.InPlay || l.Owner != s {
			continue
		}
		cy := y + regionLine/2
		// Line 1: owner and value, the name, source, city, temple, goods.
		px := x
		lab := fmt.Sprintf("%s%d", lt.seatOf(l.Owner), l.Value)
		px += regionPill(c, px, cy, lab, l.Owner)
		px += 4
		if c != nil {
			c.Text(px, cy, l.Name, regionName)
		}
		px += render.TextWidth(l.Name, regionName) + 6
		if l.Source != "" {
			if c != nil {
				sourceIcon(c, px, cy, l.Source, lt)
			}
			px += 17
		}
		if l.City {
			if c != nil {
				cityIcon(c, px, cy)
			}
			px += 17
		}
		if l.Temple >= 0 {
			if c != nil {
				letterBox(c, px, cy, lt.temple, relCol[l.Temple])
			}
			px += 16
		}
		if gw := goodsW(l.Goods); gw > 0 {
			if c != nil {
				chips(c, px+4+gw/2, cy, l.Goods, lt)
			}
		} else if c != nil {
			c.Text(px+4, cy, tr(m.Lang, "region_no_goods"), regionMute)
		}
		y += regionLine
		// Line 2 and on: the region's neighbours, the lands of others (or nobody's) it borders,
		// each named with its owner and value, wrapping; an inner area has none.
		near := foreign(v, b, li, s)
		if len(near) == 0 {
			y += 4
			continue
		}
		indent := x + 18
		nx := indent
		label := tr(m.Lang, "region_borders")
		if c != nil {
			c.Text(nx, y+regionLine/2, label, regionMute)
		}
		nx += render.TextWidth(label, regionMute) + 5
		first := true
		for _, a := range near {
			n := v.Lands[a]
			need := render.TextWidth(n.Name, regionNear) + 4
			if n.Owner >= 0 {
				need += pillW(fmt.Sprintf("%s%d", lt.seatOf(n.Owner), n.Value), n.Owner)
			}
			if !first && nx+need > x+w {
				y += regionLine - 3
				nx = indent + 10
			}
			first = false
			cy := y + regionLine/2
			if c != nil {
				c.Text(nx, cy, n.Name, regionNear)
			}
			nx += render.TextWidth(n.Name, regionNear) + 3
			if n.Owner >= 0 {
				nx += regionPill(c, nx, cy, fmt.Sprintf("%s%d", lt.seatOf(n.Owner), n.Value), n.Owner)
			}
			nx += 8
		}
		y += regionLine + 4
	}
	return y - y0
}

// foreign is the lands in play that land li borders and seat s does not own.
func foreign(v game.View, b *game.Board, li, s int) []int {
	if li >= len(b.Lands) {
		return nil
	}
	var out []int
	for _, a := range b.Lands[li].Adj {
		if a < len(v.Lands) && v.Lands[a].InPlay && v.Lands[a].Owner != s {
			out = append(out, a)
		}
	}
	return out
}

// regionPill draws an owner-and-value pill at x (nil measures) and returns its width.
func regionPill(c *render.Canvas, x, y float64, lab string, owner int) float64 {
	if c == nil {
		return pillW(lab, owner)
	}
	return pill(c, x, y, lab, seatCol[owner])
}

func pillW(lab string, owner int) float64 {
	return float64(icons.Get(iconKey{"pill", lab, seatCol[owner]}).Bounds().Dx())
}

// goodsW is the width chips draws goods in.
func goodsW(goods game.Goods) float64 {
	cnt := render.Style{Size: 10, Font: render.Bold, VAlign: render.Middle}
	w := 0.0
	for _, n := range goods {
		if n > 0 {
			w += 13
			if n > 1 {
				w += render.TextWidth(fmt.Sprint(n), cnt) + 1
			}
		}
	}
	return w
}
