package ascidiae

import (
	"math"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
	asc "github.com/boardbot/boardbot/rules/ascidiae"
)

// drawTadpole paints one tadpole: black a disc, white a ring, red a triangle, blue a square, so
// colour is never the only clue.
func drawTadpole(c *render.Canvas, x, y, r float64, col asc.Colour) {
	lw := math.Max(1.2, r/4)
	switch col {
	case asc.Black:
		c.Circle(x, y, r, tadColour[0], render.Ink, lw)
	case asc.White:
		c.Circle(x, y, r, render.White, render.Ink, lw)
	case asc.Red:
		h := r * 1.15
		c.Poly([]gg.Point{{X: x, Y: y - h}, {X: x + h, Y: y + h*0.8}, {X: x - h, Y: y + h*0.8}}, tadColour[2], render.Ink, lw)
	case asc.Blue:
		s := r * 0.9
		c.Poly([]gg.Point{{X: x - s, Y: y - s}, {X: x + s, Y: y - s}, {X: x + s, Y: y + s}, {X: x - s, Y: y + s}}, tadColour[3], render.Ink, lw)
	}
}

// drawArrow paints a small arrow centred on (x, y) pointing in grid direction d; hollow for catch.
func drawArrow(c *render.Canvas, x, y, size float64, d asc.Dir, hollow bool) {
	dx, dy := dirVec(d)
	l := size / 2
	tip := gg.Point{X: x + dx*l, Y: y + dy*l}
	tail := gg.Point{X: x - dx*l, Y: y - dy*l}
	ink := render.Ink
	if hollow {
		c.Line(tail.X, tail.Y, x+dx*l*0.1, y+dy*l*0.1, math.Max(1.5, size/7), ink)
		head := headPts(tip, dx, dy, size*0.55)
		c.Poly(head, render.White, ink, math.Max(1.2, size/9))
		return
	}
	c.Line(tail.X, tail.Y, x+dx*l*0.2, y+dy*l*0.2, math.Max(2, size/5), ink)
	c.Poly(headPts(tip, dx, dy, size*0.55), ink, ink, 1)
}

func headPts(tip gg.Point, dx, dy, len float64) []gg.Point {
	bx, by := tip.X-dx*len, tip.Y-dy*len
	nx, ny := -dy*len*0.6, dx*len*0.6
	return []gg.Point{tip, {X: bx + nx, Y: by + ny}, {X: bx - nx, Y: by - ny}}
}

func dirVec(d asc.Dir) (float64, float64) {
	switch d & 3 {
	case asc.Up:
		return 0, -1
	case asc.Right:
		return 1, 0
	case asc.Down:
		return 0, 1
	}
	return -1, 0
}

// glyphs lays out a row of small items (text, tadpoles, arrows) so it can be measured, then drawn
// at a scale that fits.
type glyph struct {
	kind   int // 0 text, 1 tadpole, 2 arrow, 3 hollow arrow, 4 gap
	text   string
	bold   bool
	sym    bool // text that is a sign between icons (+ − = / & *): it shrinks with them
	colour asc.Colour
	dir    asc.Dir
}

const unit = 14.0 // item size at scale 1

// minText is the smallest text in a row of items: a crowded row shrinks its icons and gaps, but
// its words and numbers stay readable in the focus image at phone width (see Focus).
const minText = 14.0

func textSize(scale float64) float64 { return math.Max(minText, unit*scale) }

// minSym is the smallest sign between icons: a sign is read by its shape beside them, as they
// are, and the words alone keeping minText let the five crowded species fit their cards.
const minSym = 10.0

// size is the glyph's text size at scale.
func (g glyph) size(scale float64) float64 {
	if g.sym {
		return math.Max(minSym, unit*scale)
	}
	return textSize(scale)
}

func (g glyph) width(scale float64) float64 {
	switch g.kind {
	case 0:
		st := render.Style{Size: g.size(scale), Font: render.Regular}
		if g.bold {
			st.Font = render.Bold
		}
		return render.TextWidth(g.text, st) + 1*scale
	case 1:
		return unit * scale * 1.05
	case 2, 3:
		return unit * scale * 1.2
	}
	return unit * scale * 0.45
}

func rowWidth(gs []glyph, scale float64) float64 {
	w := 0.0
	for _, g := range gs {
		w += g.width(scale)
	}
	return w
}

// drawRow draws glyphs from x (left) on the vertical centre y, shrunk to fit maxW; returns the
// width used.
func drawRow(c *render.Canvas, x, y, maxW float64, gs []glyph, scale float64) float64 {
	// Text does not shrink below minText, so one proportional step can leave the row too wide
	// (iota's "+▲/■▲/■" ran off its card): the icons shrink again for what the text keeps.
	for i := 0; i < 6; i++ {
		w := rowWidth(gs, scale)
		if w <= maxW {
			break
		}
		scale *= maxW / w
	}
	start := x
	for _, g := range gs {
		w := g.width(scale)
		cx := x + w/2
		switch g.kind {
		case 0:
			st := render.Style{Size: g.size(scale), VAlign: render.Middle}
			if g.bold {
				st.Font = render.Bold
			}
			c.Text(x, y, g.text, st)
		case 1:
			tadpole(c, cx, y, unit*scale*0.36, g.colour)
		case 2, 3:
			arrow(c, cx, y, unit*scale*0.95, g.dir, g.kind == 3)
		}
		x += w
	}
	return x - start
}

// abilityGlyphs writes an ability as icons; directions are turned to the grid by orientation o.
func abilityGlyphs(ab asc.Ability, o asc.Dir, lang string) []glyph {
	var gs []glyph
	for i, a := range ab.Actions {
		if i > 0 {
			gs = append(gs, glyph{kind: 4})
		}
		switch a.Verb {
		case asc.Spawn:
			gs = append(gs, glyph{text: "+", bold: true, sym: true})
			gs = append(gs, iconGlyphs(a.Icons, lang)...)
		case asc.Consume:
			gs = append(gs, glyph{text: "−", bold: true, sym: true})
			gs = append(gs, iconGlyphs(a.Icons, lang)...)
		case asc.Coop:
			gs = append(gs, glyph{text: "=", bold: true, sym: true})
			gs = append(gs, iconGlyphs(a.Icons, lang)...)
		case asc.Push:
			gs = append(gs, iconGlyphs(a.Icons, lang)...)
			gs = append(gs, glyph{kind: 2, dir: a.Dir.Turn(o)})
		case asc.Catch:
			gs = append(gs, iconGlyphs(a.Icons, lang)...)
			gs = append(gs, glyph{kind: 3, dir: (a.Dir + 2).Turn(o)})
		default:
			gs = append(gs, glyph{text: centralWord(a, lang), bold: true})
		}
	}
	return gs
}

func iconGlyphs(icons []asc.Icon, lang string) []glyph {
	var gs []glyph
	for i := 0; i < len(icons); i++ {
		ic := icons[i]
		cols := colours(ic)
		if ic.All && len(cols) == 4 {
			gs = append(gs, glyph{text: tr(lang, "icon_all"), bold: true})
			continue
		}
		if !ic.All && len(cols) == 1 {
			// A run of one colour is its count and shape ("+2●"): stator's "●●" twice and
			// collectiva's "−●●●" ran off their cards.
			n := 1
			for i+n < len(icons) && icons[i+n] == ic {
				n++
			}
			if n > 1 {
				gs = append(gs, glyph{text: itoa(n), bold: true})
				i += n - 1
			}
			gs = append(gs, glyph{kind: 1, colour: cols[0]})
			continue
		}
		for j, col := range cols {
			if j > 0 {
				if ic.All {
					gs = append(gs, glyph{text: "&", sym: true})
				} else {
					gs = append(gs, glyph{text: "/", sym: true})
				}
			}
			gs = append(gs, glyph{kind: 1, colour: col})
		}
		if ic.All {
			gs = append(gs, glyph{text: "*", bold: true, sym: true})
		}
	}
	return gs
}

func colours(ic asc.Icon) []asc.Colour {
	var out []asc.Colour
	for c := asc.Colour(0); c < asc.NumColours; c++ {
		if ic.Set&(1<<c) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// poolGlyphs lists a pool as shape-and-count pairs.
func poolGlyphs(p asc.Pool) []glyph {
	var gs []glyph
	for col := asc.Colour(0); col < asc.NumColours; col++ {
		if p[col] == 0 {
			continue
		}
		if len(gs) > 0 {
			gs = append(gs, glyph{kind: 4})
		}
		gs = append(gs, glyph{kind: 1, colour: col}, glyph{text: itoa(p[col]), bold: true})
	}
	return gs
}

// poolShapes lists a pool as one shape per tadpole (for costs and colonies).
func poolShapes(p asc.Pool) []glyph {
	var gs []glyph
	for col := asc.Colour(0); col < asc.NumColours; col++ {
		for i := 0; i < p[col]; i++ {
			gs = append(gs, glyph{kind: 1, colour: col})
		}
	}
	return gs
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + itoa(i%10)
}
