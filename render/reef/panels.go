package reef

import (
	"fmt"
	"image"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules/msg"
	rf "github.com/boardbot/boardbot/rules/reef"
)

const (
	privateH = 118
	tilesH   = 152
	seaH     = 184
	cardH    = 122
	// The players' table of the full image: a header line, then a row a player.
	tableHeadH = 28
	tableRowH  = 46
	legendH    = 64
)

var (
	label  = render.Style{Size: 18, Color: render.Muted, VAlign: render.Middle}
	strong = render.Style{Size: 19, Font: render.Bold, VAlign: render.Middle}
	// The players' boxes are read on a phone at 40% of their size: larger type, a line each.
	boxLabel  = render.Style{Size: 22, Color: render.Ink, VAlign: render.Middle}
	boxStrong = render.Style{Size: 22, Font: render.Bold, VAlign: render.Middle}
	small     = render.Style{Size: 15, Color: render.Muted, VAlign: render.Middle}
)

// counts draws one chip per colour held, each followed by its count, from (x, y) (y is the middle)
// and returns the x after the last; a dash when empty.
func (d *drawer) counts(x, y float64, n [rf.NumColours]int, size int, asCubes bool) float64 {
	return d.countsIn(x, y, n, size, asCubes, strong)
}

// countsIn is counts with the numbers in style num.
func (d *drawer) countsIn(x, y float64, n [rf.NumColours]int, size int, asCubes bool, num render.Style) float64 {
	any := false
	for c, k := range n {
		if k == 0 {
			continue
		}
		any = true
		key := chipKey{colour: rf.Colour(c), size: size, letter: d.coral(rf.Colour(c))}
		if asCubes {
			d.c.BlitCentered(cube.Get(key), x+float64(size)/2, y)
		} else {
			d.c.BlitCentered(chip.Get(key), x+float64(size)/2, y)
		}
		x += float64(size) + 3
		txt := fmt.Sprint(k)
		d.c.Text(x, y, txt, num)
		x += render.TextWidth(txt, num) + 12
	}
	if !any {
		d.c.Text(x, y, "—", label) // a dash reads as none and costs fewer bytes than the word
		x += render.TextWidth("—", label) + 12
	}
	return x
}

// private is the seat's own screen and parrotfish.
func (d *drawer) private(x, y int) {
	me := d.v.Me
	c := d.c
	lang := d.meta.Lang
	r := image.Rect(x, y, width-margin, y+privateH)
	d.roundBox(float64(r.Min.X), float64(r.Min.Y), r.Dx(), r.Dy(), 12, render.White, seatFill[d.v.Viewer], render.Paper, 4)
	fy := float64(y)
	c.BlitCentered(shrimpBadge.Get(d.v.Viewer), float64(x)+28, fy+28)
	c.Text(float64(x)+50, fy+28, tr(lang, "your_screen", msg.Code("Name", d.who(d.v.Viewer, 16))), strong)
	lx := float64(x) + 18
	c.Text(lx, fy+64, tr(lang, "polyps"), label)
	d.counts(lx+110, fy+64, me.Screen, 26, false)
	c.Text(lx, fy+96, tr(lang, "cubes"), label)
	nx := d.counts(lx+110, fy+96, me.Cubes, 24, true)
	px := nx + 20
	if px < float64(width)/2 {
		px = float64(width) / 2
	}
	fish := tr(lang, "parrotfish")
	c.Text(px, fy+96, fish, label)
	d.counts(px+max(100, render.TextWidth(fish, label)+12), fy+96, me.Fish, 24, false)
}

// tiles draws the ten coral tiles (stronger colour on top) and what a parrotfish polyp is worth.
func (d *drawer) tiles(y int) {
	c := d.c
	lang := d.meta.Lang
	fy := float64(y)
	// Values on the right: what each parrotfish polyp would score now.
	vx := float64(width - margin)
	for i := int(rf.NumColours) - 1; i >= 0; i-- {
		txt := fmt.Sprint(d.v.Values[i])
		vx -= render.TextWidth(txt, strong)
		c.Text(vx, fy+14, txt, strong)
		vx -= 26
		c.BlitCentered(chip.Get(chipKey{colour: rf.Colour(i), size: 22, letter: d.coral(rf.Colour(i))}), vx+11, fy+14)
		vx -= 12
	}
	per := render.Style{Size: 16, Color: render.Muted, Align: render.Right, VAlign: render.Middle}
	perText := tr(lang, "per_polyp")
	c.Text(vx, fy+14, perText, per)
	// The title takes what the values leave (German words are long).
	title := tr(lang, "tiles")
	c.Text(margin, fy+14, title, render.FitText(title, strong, vx-render.TextWidth(perText, per)-12-margin))

	const gap = 6
	tw := (width - 2*margin - 9*gap) / 10
	top := fy + 32
	th := float64(tilesH - 34)
	for i := range d.v.Tiles {
		d.tile(&d.v.Tiles[i], float64(margin+i*(tw+gap)), top, tw, int(th))
	}
}

// tile draws one coral tile at (x, top), tw by th: its number and side, the stronger colour over
// the weaker, the alga that flips it or the cylinder that locks it.
func (d *drawer) tile(t *rf.TileView, x, top float64, tw, th int) {
	c := d.c
	lang := d.meta.Lang
	fth := float64(th)
	fill, edge, lw := render.White, render.Edge, 2.0
	if t.Cover != rf.NoAlga {
		fill, edge, lw = render.Panel, algaFill[t.Cover], 5
	}
	d.roundBox(x, top, tw, th, 10, fill, edge, render.Paper, lw)
	c.Text(x+8, top+15, fmt.Sprint(t.Number), render.Style{Size: 16, Font: render.Bold, Color: render.Muted, VAlign: render.Middle})
	side := "A"
	if t.SideB {
		side = "B"
	}
	// The side letter steps left of the tags of the turns that covered or flipped the tile.
	tagged := d.tileTags(t.Number)
	sx := x + float64(tw) - 8
	if len(tagged) > 0 {
		sx -= float64(tagSize + (len(tagged)-1)*(tagSize-tagStep))
	}
	c.Text(sx, top+15, side, render.Style{Size: 14, Color: render.Muted, Align: render.Right, VAlign: render.Middle})
	d.tags(tagged, x+float64(tw)-1, top+1)
	mx := x + float64(tw)/2
	c.BlitCentered(chip.Get(chipKey{colour: t.Stronger, size: 36, letter: d.coral(t.Stronger)}), mx, top+44)
	// No "beats" between the two: the row's title says the top colour beats the bottom one.
	c.BlitCentered(chip.Get(chipKey{colour: t.Weaker, size: 24, letter: d.coral(t.Weaker)}), mx, top+80)
	if t.Cover != rf.NoAlga {
		c.BlitCentered(algaDisc.Get(algaKey{t.Cover, 24, d.alga(t.Cover)}), mx-16, top+fth-17)
		c.Text(mx-2, top+fth-17, tr(lang, "locked"), render.Style{Size: 13, Font: render.Bold, VAlign: render.Middle})
	} else {
		c.BlitCentered(algaDisc.Get(algaKey{t.Large, 24, d.alga(t.Large)}), mx-10, top+fth-17)
		c.BlitCentered(algaDisc.Get(algaKey{t.Small, 13, d.alga(t.Small)}), mx+14, top+fth-17)
	}
}

// sea draws the five open-sea spaces, the alga space, the bonus polyps and the supplies.
func (d *drawer) sea(y int) {
	c := d.c
	lang := d.meta.Lang
	v := d.v
	fy := float64(y)
	r := image.Rect(margin, y, width-margin, y+seaH)
	d.roundBox(float64(r.Min.X), fy, r.Dx(), r.Dy(), 12, seaBlue, render.Edge, render.Paper, 2)
	open := tr(lang, "open_sea")
	c.Text(margin+14, fy+20, open, strong)
	c.Text(margin+14+max(96, render.TextWidth(open, strong)+6), fy+20, tr(lang, "open_sea_help"), small)
	const sw, sh, gap = 112, 112, 8
	for i := range v.Sea {
		d.seaSpace(&v.Sea[i], float64(margin+14+i*(sw+gap)), fy+42, sw, sh)
	}
	// Right column: alga space, bonus polyps, supplies.
	x := float64(margin + 14 + 5*(sw+gap) + 6)
	// Each label's value starts after the label, at the English column at the least.
	after := func(s string, st render.Style, at float64) float64 { return max(at, render.TextWidth(s, st)+6) }
	alga := tr(lang, "alga_space")
	c.Text(x, fy+54, alga, label)
	ax := x + after(alga, label, 106)
	if v.SeaAlga != rf.NoAlga {
		c.BlitCentered(algaDisc.Get(algaKey{v.SeaAlga, 28, d.alga(v.SeaAlga)}), ax+14, fy+54)
		ax += 30
	} else {
		ax += 2
		c.Text(ax, fy+54, tr(lang, "empty"), small)
		ax += render.TextWidth(tr(lang, "empty"), small) + 4
	}
	d.tags(d.seaTags(rf.NoColour), ax+float64(tagSize), fy+54-tagSize/2)
	bonus := tr(lang, "bonus")
	c.Text(x, fy+86, bonus, label)
	bx := x + after(bonus, label, 60)
	for i, ok := range v.Bonus {
		c.BlitCentered(chip.Get(chipKey{colour: rf.Colour(i), size: 24, faded: !ok, letter: d.coral(rf.Colour(i))}), bx+12+float64(i)*27, fy+86)
	}
	// The bag and the alga supply on lines of their own, each labelled: on one line the algae
	// read as the bag's contents.
	bag := tr(lang, "bag", msg.Number("N", v.Bag))
	c.Text(x, fy+116, bag, label)
	algae := tr(lang, "alga_supply")
	c.Text(x, fy+144, algae, small)
	cx := x + after(algae, small, 92)
	for a, n := range v.AlgaSupply {
		c.BlitCentered(algaDisc.Get(algaKey{rf.Alga(a), 18, d.alga(rf.Alga(a))}), cx+9, fy+144)
		c.Text(cx+21, fy+144, fmt.Sprint(n), render.Style{Size: 14, Font: render.Bold, VAlign: render.Middle})
		cx += 38
	}
	supply := tr(lang, "cube_supply")
	c.Text(x, fy+170, supply, small)
	cx = x + after(supply, small, 92)
	for col, n := range v.CubeSupply {
		c.BlitCentered(cube.Get(chipKey{colour: rf.Colour(col), size: 16, letter: d.coral(rf.Colour(col))}), cx+8, fy+170)
		c.Text(cx+19, fy+170, fmt.Sprint(n), render.Style{Size: 14, Font: render.Bold, VAlign: render.Middle})
		cx += 34
	}
}

// seaSpace draws one open-sea space at (x, top), sw by sh: its colour, its cube, its polyps.
func (d *drawer) seaSpace(sp *rf.SeaView, x, top float64, sw, sh int) {
	c := d.c
	lang := d.meta.Lang
	d.roundBox(x, top, sw, sh, 10, render.White, render.Edge, seaBlue, 2)
	c.RoundRect(x, top, float64(sw), 30, 10, coralFill[sp.Colour], render.Ink, 1.5)
	word := colourWord(lang, sp.Colour)
	st := render.Style{Size: 17, Font: render.Bold, Color: render.ContrastInk(coralFill[sp.Colour]), Align: render.Center, VAlign: render.Middle}
	// The colour's word is centred in what the turn flags leave of the header (play-test: two
	// flags covered "orange").
	tags := d.seaTags(sp.Colour)
	room := headRoom(sw, len(tags))
	c.Text(x+4+room/2, top+15, word, render.FitText(word, st, room))
	d.tags(tags, x+float64(sw)-1, top+1)
	if sp.Cube {
		c.BlitCentered(cube.Get(chipKey{colour: sp.Colour, size: 26, letter: d.coral(sp.Colour)}), x+20, top+52)
		c.Text(x+38, top+52, tr(lang, "cube"), small)
	}
	k := 0
	// Three polyps to a row; a narrow space (the focus image's) packs them closer and smaller.
	step, size, lx := 36.0, 30, x+20
	if sw < 112 {
		step = float64(sw-8) / 3
		size = min(30, int(step)-3)
		lx = x + 4 + step/2
	}
	for col, n := range sp.Polyps {
		for j := 0; j < n; j++ {
			c.BlitCentered(chip.Get(chipKey{colour: rf.Colour(col), size: size, letter: d.coral(rf.Colour(col))}), lx+float64(k%3)*step, top+88+float64(k/3)*34)
			k++
		}
	}
	if k == 0 {
		c.Text(x+float64(sw)/2, top+88, tr(lang, "no_polyps"), render.Style{Size: 14, Color: render.Muted, Align: render.Center, VAlign: render.Middle})
	}
}

// headRoom is the width an open-sea space's header leaves its colour's word, from 4 px in,
// beside n turn flags (d.tags) in its top-right corner.
func headRoom(sw, n int) float64 {
	room := float64(sw) - 8
	if n > 0 {
		room -= float64(tagSize + (n-1)*(tagSize-tagStep))
	}
	return room
}

// players draws a card per player in cols columns from (x, y).
func (d *drawer) players(x, y, cols int) {
	w := halfW
	for i := range d.v.Players {
		cx := x + (i%cols)*(w+margin)
		cy := y + (i/cols)*(cardH+margin/2)
		if cols == 1 {
			cy = y + i*(cardH+margin/2)
		}
		d.card(&d.v.Players[i], cx, cy, w)
	}
}

// tableH is the height of the players' table for n players.
func tableH(n int) int { return tableHeadH + n*tableRowH + 10 }

// Columns of the players' table, from its left edge: name (its tag under it), screen,
// parrotfish, shrimps, consumed (or, once the game is over, what the parrotfish held).
var tableCols = [...]float64{14, 222, 418, 536, 746}

// playerTable draws every player's public pile as one table across the image from (x, y): the
// words said once in its header rather than in each player's box, which keeps a 4-seat board
// short and its PNG small.
func (d *drawer) playerTable(x, y int) {
	c := d.c
	v := d.v
	lang := d.meta.Lang
	w := width - 2*margin
	fx, fy := float64(x), float64(y)
	d.roundBox(fx, fy, w, tableH(len(v.Players)), 12, render.White, render.Edge, render.Paper, 2)
	over := false
	for _, p := range v.Players {
		over = over || p.FishColours != nil
	}
	held := tr(lang, "th_consumed")
	if over {
		held = tr(lang, "th_fish_held")
	}
	hy := fy + tableHeadH/2 + 3
	heads := []string{"", tr(lang, "th_screen"), tr(lang, "th_fish"), tr(lang, "th_shrimps"), held}
	for i, h := range heads {
		if h == "" {
			continue
		}
		room := float64(w) - tableCols[i] - 10
		if i+1 < len(tableCols) {
			room = tableCols[i+1] - tableCols[i] - 10
		}
		c.Text(fx+tableCols[i], hy, h, render.FitText(h, small, room))
	}
	cellSt := render.Style{Size: 21, Color: render.Ink, VAlign: render.Middle}
	for i := range v.Players {
		p := &v.Players[i]
		top := fy + tableHeadH + float64(i*tableRowH)
		mid := top + tableRowH/2
		if (v.Phase == "play" || v.Phase == "last") && v.Turn == p.Seat {
			c.RoundRect(fx+4, top+1, float64(w)-8, tableRowH-2, 8, nil, seatFill[p.Seat], 3)
		}
		c.BlitCentered(shrimpBadge.Get(p.Seat), fx+tableCols[0]+12, mid)
		name, ny := d.who(p.Seat, 12), mid
		tag := d.boxTag(p)
		if tag != "" {
			ny = top + 16
			st := render.Style{Size: 15, Font: render.Bold, Color: render.Muted, VAlign: render.Middle}
			c.Text(fx+tableCols[0]+32, top+35, tag, render.FitText(tag, st, tableCols[1]-tableCols[0]-36))
		}
		c.Text(fx+tableCols[0]+32, ny, name, render.FitText(name, boxStrong, tableCols[1]-tableCols[0]-36))
		cols := []string{
			tr(lang, "cell_screen", msg.Code("Polyps", polyps(lang, p.Screen)), msg.Code("Cubes", tr(lang, "n_cubes", msg.Count("N", p.Cubes)))),
			polyps(lang, p.Fish),
			fmt.Sprintf("%d · %d · %d", p.ShrimpsHome, p.ShrimpsOnReef, p.ShrimpsEaten),
		}
		for k, t := range cols {
			c.Text(fx+tableCols[k+1], mid, t, render.FitText(t, cellSt, tableCols[k+2]-tableCols[k+1]-10))
		}
		n := p.Consumed
		if p.FishColours != nil {
			n = *p.FishColours
		}
		d.countsIn(fx+tableCols[4], mid, n, 22, false, boxStrong)
	}
}

// boxTag is what a player's box says beside the name: the score once over, else who is to move,
// who is choosing, who began.
func (d *drawer) boxTag(p *rf.PlayerView) string {
	v := d.v
	lang := d.meta.Lang
	switch {
	case p.Score != nil:
		tag := points(lang, *p.Score)
		if v.Result != nil && v.Result.Ranks[p.Seat] == 1 {
			tag = tr(lang, "winner", msg.Code("Points", tag))
		}
		return tag
	case (v.Phase == "play" || v.Phase == "last") && v.Turn == p.Seat:
		return tr(lang, "tag_to_move")
	case v.Phase == "setup" && !p.Ready:
		return tr(lang, "tag_choosing")
	case p.Seat == v.First:
		return tr(lang, "tag_first")
	}
	return ""
}

func (d *drawer) card(p *rf.PlayerView, x, y, w int) {
	c := d.c
	v := d.v
	lang := d.meta.Lang
	fx, fy := float64(x), float64(y)
	toMove := (v.Phase == "play" || v.Phase == "last") && v.Turn == p.Seat
	edge, lw := render.Edge, 2.0
	if toMove {
		edge, lw = seatFill[p.Seat], 5
	}
	d.roundBox(fx, fy, w, cardH, 12, render.White, edge, render.Paper, lw)
	c.BlitCentered(shrimpBadge.Get(p.Seat), fx+26, fy+18)
	c.Text(fx+48, fy+18, d.who(p.Seat, 12), render.Style{Size: 22, Font: render.Bold, VAlign: render.Middle})
	tag := d.boxTag(p)
	if tag != "" {
		c.Text(fx+float64(w)-14, fy+18, tag, render.Style{Size: 18, Font: render.Bold, Color: render.Muted, Align: render.Right, VAlign: render.Middle})
	}
	line := func(i int) float64 { return fy + 40 + float64(i)*23 }
	scr := tr(lang, "card_screen", msg.Code("Polyps", polyps(lang, p.Screen)), msg.Code("Cubes", tr(lang, "n_cubes", msg.Count("N", p.Cubes))))
	c.Text(fx+14, line(0), scr, render.FitText(scr, boxLabel, float64(w)-28))
	fish := tr(lang, "card_fish", msg.Code("Polyps", polyps(lang, p.Fish)))
	c.Text(fx+14, line(1), fish, render.FitText(fish, boxLabel, float64(w)-28))
	sh := shrimpsText(lang, p.ShrimpsHome, p.ShrimpsOnReef, p.ShrimpsEaten)
	c.Text(fx+14, line(2), sh, render.FitText(sh, boxLabel, float64(w)-28))
	held, n := tr(lang, "consumed"), p.Consumed
	if p.FishColours != nil {
		held, n = tr(lang, "fish_held"), *p.FishColours
	}
	c.Text(fx+14, line(3), held, boxLabel)
	d.countsIn(fx+24+render.TextWidth(held, boxLabel), line(3), n, 22, false, boxStrong)
}

// legendEntry is one mark of the legend: its text starts at from the mark's left edge and the
// entry takes room at least, as in English, so the marks line up across languages.
type legendEntry struct {
	id       string
	at, room float64
}

// legendEntries are the legend's marks in order; the last one takes what is left.
func legendEntries(turns bool) []legendEntry {
	last := legendEntry{"lg_last", 36, 130}
	if turns {
		last = legendEntry{"lg_turn", 44, 200}
	}
	return []legendEntry{{"lg_shrimp", 40, 200}, {"lg_guarded", 48, 232}, last, {"lg_size", 26, 120}, {"lg_growth", 38, 0}}
}

// legendXs places the legend's marks from the left margin. When the English room would push the
// last entry past the edge (French and Spanish: "croissance supplémenta"), every entry takes
// only its own width.
func legendXs(lang string, turns bool) []float64 {
	es := legendEntries(turns)
	place := func(tight bool) ([]float64, float64) {
		xs := make([]float64, len(es))
		x := float64(margin)
		for i, e := range es {
			xs[i] = x
			need := e.at + render.TextWidth(tr(lang, e.id), small) + 18
			if tight {
				x += need - 6 // a narrower gap too
			} else {
				x += max(e.room, need)
			}
		}
		return xs, x - 18
	}
	xs, end := place(false)
	if end > float64(width-margin) {
		xs, _ = place(true)
	}
	return xs
}

// legend explains the marks. Each entry takes its English room, or more where its words are
// longer; the key line shrinks to fit.
func (d *drawer) legend(y int) {
	c := d.c
	lang := d.meta.Lang
	fy := float64(y) + 18
	turns := len(d.v.Turns) > 0
	es := legendEntries(turns)
	xs := legendXs(lang, turns)
	for i, e := range es {
		x := xs[i]
		switch e.id {
		case "lg_shrimp":
			c.BlitCentered(shrimpBadge.Get(0), x+17, fy)
		case "lg_guarded":
			d.copyOpaque(polypTile.Get(polypKey{rf.White, 0, false, render.Paper, d.coral(rf.White)}), int(x)-15, int(fy)-cell/2)
		case "lg_turn":
			// A small square ringed and tagged as on the board, in the first seat's colour.
			c.RoundRect(x+4, fy-13, 26, 26, 5, render.White, render.Ink, 1.5)
			d.bracketSquare(0, x, fy-17, 34)
			d.tag(0, x+34, fy-17)
		case "lg_last":
			c.RoundRect(x, fy-14, 28, 28, 6, nil, markRing, 4)
		case "lg_size":
			c.BlitCentered(sizeBadge.Get(5), x+10, fy)
		case "lg_growth":
			c.BlitCentered(growthMark.Get(34), x+17, fy)
		}
		text := tr(lang, e.id)
		// The last resort for a language still too long: the text shrinks to the edge.
		c.Text(x+e.at, fy, text, render.FitText(text, small, float64(width-margin)-(x+e.at)))
	}
	key := tr(lang, "lg_key")
	c.Text(margin, fy+30, key, render.FitText(key, small, width-2*margin))
}

// shrimpsText is a player card's shrimp line; the eaten count agrees with its number ("1 comido").
func shrimpsText(lang string, home, reef, eaten int) string {
	return tr(lang, "card_shrimps", msg.Number("Home", home), msg.Number("Reef", reef), msg.Code("Eaten", tr(lang, "n_eaten", msg.Count("N", eaten))))
}
