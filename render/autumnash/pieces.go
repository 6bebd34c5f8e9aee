package autumnash

import (
	"image"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/autumnash"
)

// heightFrac is a pyramid's height as a fraction of the square, by size (pips): the three sizes
// must be told apart at a glance.
var heightFrac = [4]float64{0, 0.46, 0.62, 0.80}

// pieceKey is everything that changes how a pyramid sprite looks.
type pieceKey struct {
	colour game.Colour
	size   game.Size
	h      int    // triangle height in pixels
	letter int    // letter size in pixels
	glyph  string // the colour's letter in the image's language
	cell   float64
}

// pipRadius is the radius of a pip on a pyramid of height h in a square of side cell.
func pipRadius(h, cell float64) float64 { return max(3, h/18, cell*0.045) }

var pieceSprites = render.NewSprites(paintPiece)

// spriteMargin leaves room for the outline around the triangle.
const spriteMargin = 4

// spriteSide is the side of a sprite for a triangle of height h.
func spriteSide(h int) int { return h + 2*spriteMargin }

// paintPiece draws a pyramid seen from the side: a triangle in its colour outlined in ink, with its
// colour's letter and its pips, so neither colour nor size has to be judged by eye alone. Xeno's
// pyramids carry an inner contour so the two sides differ in shape as well as in colour, and clear
// ones an ice tint and a glint so clear and white differ beyond their letters.
func paintPiece(k pieceKey) image.Image {
	side := spriteSide(k.h)
	c := render.NewSprite(side, side)
	c.CrispText = true // fewer blended shades: smaller PNGs, the letter as legible
	h := float64(k.h)
	w := h * widthRatio
	cx, base := float64(side)/2, float64(side-spriteMargin)
	apex := base - h
	fill := pieceFill[k.colour]
	tri := []gg.Point{{X: cx, Y: apex}, {X: cx + w/2, Y: base}, {X: cx - w/2, Y: base}}
	lw := math.Max(2, h/26)
	c.Poly(tri, fill, render.Ink, lw)
	ink := render.ContrastInk(fill)
	if k.colour == game.Clear {
		glassGlint(c, tri, h)
		c.Poly(tri, nil, render.Ink, lw)
	}
	if k.colour >= game.Clear {
		in := insetTriangle(tri, lw*2.6)
		c.Poly(in, nil, render.Mix(fill, ink, 0.55), math.Max(1.2, lw*0.6))
	}
	// Pips in a row near the base, as on the real pyramids, large enough to count on a phone: at
	// least 6 px across at 400 px wide on the 5x6 board, also a pawn's single pip (issue #40).
	r := pipRadius(h, k.cell)
	gap := r * 2.9
	y := base - lw - r*1.9
	// The letter sits above the pips: on a pawn, the smallest pyramid, it moves up to clear them.
	ly := math.Min(apex+h*0.64, y-r-float64(k.letter)*0.42)
	c.Text(cx, ly, k.glyph, render.Style{Size: float64(k.letter), Font: render.Bold,
		Color: ink, Align: render.Center, VAlign: render.Middle})
	for i := 0; i < int(k.size); i++ {
		x := cx + (float64(i)-float64(k.size-1)/2)*gap
		c.Circle(x, y, r, ink, nil, 0)
	}
	return c.Image()
}

// glassGlint lays a white streak along a clear pyramid's left face, as light catches glass. With
// the clear fill's tint it sets clear apart from white at phone size, and a single streak is not
// mistaken for the many thin lines that hatch a burnt leaf's square.
func glassGlint(c *render.Canvas, tri []gg.Point, h float64) {
	apex, right, left := tri[0], tri[1], tri[2]
	// A band a fifth of the way in from the left edge, from near the apex to near the base.
	in := func(p gg.Point, f float64) gg.Point { return gg.Point{X: p.X + (right.X-left.X)*f, Y: p.Y} }
	a := gg.Point{X: apex.X + (left.X-apex.X)*0.22, Y: apex.Y + (left.Y-apex.Y)*0.22}
	b := gg.Point{X: apex.X + (left.X-apex.X)*0.86, Y: apex.Y + (left.Y-apex.Y)*0.86}
	c.Line(in(a, 0.1).X, a.Y, in(b, 0.1).X, b.Y, math.Max(2.5, h*0.07), render.White)
}

// insetTriangle shrinks a triangle toward its centroid so its edges move in by d.
func insetTriangle(t []gg.Point, d float64) []gg.Point {
	gx, gy := (t[0].X+t[1].X+t[2].X)/3, (t[0].Y+t[1].Y+t[2].Y)/3
	// Distance from the centroid to the base edge, which the inset is measured against.
	inr := math.Abs(t[1].Y - gy)
	s := math.Max(0, (inr-d)/inr)
	out := make([]gg.Point, 3)
	for i, p := range t {
		out[i] = gg.Point{X: gx + (p.X-gx)*s, Y: gy + (p.Y-gy)*s}
	}
	return out
}

// letterSize is the letter on a pyramid of height h in a square of side cell.
func letterSize(h, cell float64) int {
	return int(math.Round(max(h*0.38, cell*0.2, minText)))
}

// drawPiece blits a pyramid with its base centred at (cx, base).
func drawPiece(c *render.Canvas, p game.Piece, h, cell, cx, base float64, lang string) {
	k := pieceKey{colour: p.Colour, size: p.Size, h: int(math.Round(h)), letter: letterSize(h, cell), glyph: colourLetter(p.Colour, lang), cell: cell}
	img := pieceSprites.Get(k)
	side := float64(spriteSide(k.h))
	c.Blit(img, int(math.Round(cx-side/2)), int(math.Round(base-side+spriteMargin)))
}

// drawStack draws what stands on one square. A single pyramid stands alone. A stack shows its top
// pyramid, which is the one that moves and blocks, in front and at full size; the pyramids beneath
// show as outlines in their own colours and sizes fanned out behind it, the bottom one furthest
// back. A column of lettered chips at the left reads the stack bottom to top for anyone who cannot
// tell the colours apart, and a badge gives the height.
func drawStack(c *render.Canvas, g render.Grid, col, row int, st []game.Piece, lang string) {
	if len(st) == 0 {
		return
	}
	x0, y0 := g.Origin(col, row)
	cell := g.Cell
	base := y0 + cell*0.92
	top := st[len(st)-1]
	if len(st) == 1 {
		drawPiece(c, top, cell*heightFrac[top.Size], cell, x0+cell/2, base, lang)
		return
	}
	under := len(st) - 1
	// The chips keep their letters at least minText: a tall stack lists them in two columns.
	chip := chipSide(cell, len(st))
	cols := 1
	if float64(len(st))*chip > cell*0.88 {
		cols = 2
	}
	perCol := (len(st) + cols - 1) / cols
	left := x0 + float64(cols)*chip + 10
	// Each level behind moves up and to the right by step; the fan must stay in the square.
	step := math.Min(cell*0.075, cell*0.2/float64(under))
	h := cell * heightFrac[top.Size]
	maxH := cell * heightFrac[game.Queen]
	for _, p := range st[:under] {
		maxH = math.Max(maxH, cell*heightFrac[p.Size])
	}
	fanW := maxH*widthRatio + step*float64(under)
	// The chips leave less room than the fan needs. The top pyramid, the one that moves and
	// blocks, keeps its size if it fits; the outlines behind it shrink first (at 400 px wide a
	// stack of three shrunk whole left a pawn too small to read, issue 40). Where even that
	// leaves too little (Unsettled's 8x8, two columns of chips) only the top pyramid is drawn,
	// since the chips list the stack.
	scale, shade, fan := 1.0, 1.0, true
	if avail := x0 + cell - 4 - left; fanW > avail {
		topW := h * widthRatio
		scale = math.Min(1, avail/(topW+step*float64(under)))
		if scale < 0.5 {
			fan, scale = false, math.Min(1, avail/topW)
			fanW = topW * scale
		} else {
			step *= scale
			shade = math.Min(scale, (avail-step*float64(under))/(maxH*widthRatio)) * 0.9
			fanW = avail
		}
		h *= scale
	}
	cx := left + (x0+cell-4-left-fanW)/2 + h*widthRatio/2
	cx = math.Max(cx, left+h*widthRatio/2)
	for i := 0; i < under && fan; i++ {
		p := st[i]
		k := float64(under - i)
		ph := int(math.Round(cell * heightFrac[p.Size] * shade))
		img := shadowSprites.Get(pieceKey{colour: p.Colour, size: p.Size, h: ph})
		side := float64(spriteSide(ph))
		c.Blit(img, int(math.Round(cx+k*step-side/2)), int(math.Round(base-k*step*0.6-side+spriteMargin)))
	}
	drawPiece(c, top, h, cell, cx, base, lang)
	// The chips, bottom piece lowest.
	ci := int(math.Round(chip))
	for i, p := range st {
		y := y0 + cell*0.93 - float64(i%perCol+1)*chip
		c.Blit(chipSprites.Get(chipKey{p.Colour, ci, colourLetter(p.Colour, lang)}), int(x0)+8+(i/perCol)*ci, int(math.Round(y)))
	}
	r := int(math.Round(max(cell*0.12, minBadge)))
	c.Blit(badgeSprites.Get(badgeKey{len(st), r}), int(x0+cell)-2*r-4, int(y0)+4)
}

// shadowSprites are the pyramids under the top of a stack: colour, size and outline only.
var shadowSprites = render.NewSprites(func(k pieceKey) image.Image {
	side := spriteSide(k.h)
	c := render.NewSprite(side, side)
	t := triangle(float64(side)/2, float64(side-spriteMargin), float64(k.h))
	c.Poly(t, pieceFill[k.colour], render.Ink, math.Max(2, float64(k.h)/26))
	if k.colour == game.Clear {
		glassGlint(c, t, float64(k.h))
	}
	return c.Image()
})

// chipSide is the side of the chips listing a stack of n on a square of side cell. They grow to
// what the square allows: a stack of three at 400 px wide was unreadable (issue #40).
func chipSide(cell float64, n int) float64 {
	return max(min(cell*0.27, cell*0.86/float64(n)), cell*0.22, minChip)
}

// minChip is the smallest chip whose letter (0.8 of its side at most) is minText.
const minChip = minText / 0.8

type chipKey struct {
	colour game.Colour
	side   int
	glyph  string
}

// chipSprites are the lettered squares listing a stack.
var chipSprites = render.NewSprites(func(k chipKey) image.Image {
	s := float64(k.side)
	c := render.NewSprite(k.side+1, k.side)
	f := pieceFill[k.colour]
	c.RoundRect(0.5, 0, s, s-2, 3, f, render.Ink, 1.5)
	c.Text(0.5+s/2, (s-2)/2, k.glyph, render.Style{Size: min(s*0.8, max(s*0.7, minText)), Font: render.Bold,
		Color: render.ContrastInk(f), Align: render.Center, VAlign: render.Middle})
	return c.Image()
})

// minBadge is the smallest height badge whose number (1.25 of its radius) is minText.
const minBadge = minText / 1.25

type badgeKey struct{ n, r int }

// badgeSprites are the stack heights.
var badgeSprites = render.NewSprites(func(k badgeKey) image.Image {
	c := render.NewSprite(2*k.r+1, 2*k.r+1)
	c.Badge(float64(k.r)+0.5, float64(k.r)+0.5, float64(k.r), strconv.Itoa(k.n), render.White, render.Ink)
	return c.Image()
})

// widthRatio is a pyramid's base width over its height.
const widthRatio = 0.92

// triangle is the pyramid outline of height h standing on (cx, base).
func triangle(cx, base, h float64) []gg.Point {
	w := h * widthRatio
	return []gg.Point{{X: cx, Y: base - h}, {X: cx + w/2, Y: base}, {X: cx - w/2, Y: base}}
}
