package reef

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"unicode/utf8"

	"github.com/boardbot/boardbot/render"
	rf "github.com/boardbot/boardbot/rules/reef"
)

const polypInset = 4

type polypKey struct {
	colour rf.Colour
	guard  int  // seat whose shrimp guards this polyp, or -1
	shrimp bool // a shrimp sits on it: the letter moves to the corner
	ground color.RGBA
	letter string // the colour's mark in the image's language (drawer.coral)
}

// polypTile is one polyp filling a reef square: its colour, its letter, and the guard outline, on
// the square's ground so that it is opaque and copies fast.
var polypTile = render.NewSprites(func(k polypKey) image.Image {
	c := render.NewCanvas(cell, cell, k.ground)
	c.SharpText = true
	in := float64(polypInset)
	w := float64(cell) - 2*in
	c.RoundRect(in, in, w, w, 9, coralFill[k.colour], render.Ink, 1.5)
	if k.guard >= 0 {
		// The guard band is ringed with ink inside and out, so it shows on a polyp of its own colour.
		c.RoundRect(in+1, in+1, w-2, w-2, 8, nil, seatFill[k.guard], 5)
		c.RoundRect(in+5.5, in+5.5, w-11, w-11, 5, nil, render.Ink, 1.2)
	}
	letter := k.letter
	ink := render.ContrastInk(coralFill[k.colour])
	if k.shrimp {
		c.Text(in+w*0.3, in+w*0.3, letter, render.Style{Size: 17, Font: render.Bold, Color: ink, Align: render.Center, VAlign: render.Middle})
	} else {
		c.Text(float64(cell)/2, float64(cell)/2+1, letter, render.Style{Size: 26, Font: render.Bold, Color: ink, Align: render.Center, VAlign: render.Middle})
	}
	return c.Image()
})

// markScale is a mark's font size for its box, scale for one letter: a mark of two ("Ge" for
// German gelb, whose G is grau's) is set smaller to fit the same box.
func markScale(mark string, scale float64) float64 {
	if utf8.RuneCountInString(mark) > 1 {
		return scale * 0.75
	}
	return scale
}

// growthMark is the empty extra-growth space: a ring with a plus.
var growthMark = render.NewSprites(func(size int) image.Image {
	c := render.NewSprite(size, size)
	m := float64(size) / 2
	c.Circle(m, m, m*0.62, nil, rockLine, 2.5)
	c.Text(m, m+1, "+", render.Style{Size: 26, Font: render.Bold, Color: render.Muted, Align: render.Center, VAlign: render.Middle})
	return c.Image()
})

// sizeBadge is a coral's size, on its first polyp.
var sizeBadge = render.NewSprites(func(n int) image.Image {
	c := render.NewSprite(20, 20)
	c.Circle(10, 10, 9, render.Ink, render.White, 1.5)
	harden(c.RGBA, []color.RGBA{render.Ink, render.White})
	c.SharpText = true
	c.Text(10, 10.5, fmt.Sprint(n), render.Style{Size: 12, Font: render.Bold, Color: render.White, Align: render.Center, VAlign: render.Middle})
	return c.Image()
})

// shrimpBadge is a shrimp: its owner's colour with the seat number, ringed for contrast.
var shrimpBadge = render.NewSprites(func(seat int) image.Image {
	const s = 34
	c := render.NewSprite(s, s)
	c.Circle(s/2, s/2, s/2-1, seatFill[seat], render.White, 2)
	c.Circle(s/2, s/2, s/2-3, nil, render.Ink, 2)
	// Solid edges: blended over polyps of every colour they cost bytes (see crisp).
	harden(c.RGBA, []color.RGBA{seatFill[seat], render.White, render.Ink})
	c.SharpText = true
	c.Text(s/2, s/2+1, fmt.Sprint(seat+1), render.Style{Size: 19, Font: render.Bold, Color: render.ContrastInk(seatFill[seat]), Align: render.Center, VAlign: render.Middle})
	return c.Image()
})

type chipKey struct {
	colour rf.Colour
	size   int
	faded  bool
	letter string // the colour's mark in the image's language (drawer.coral)
}

// chip is a small polyp: a rounded square with the colour's letter.
var chip = render.NewSprites(func(k chipKey) image.Image {
	c := render.NewSprite(k.size, k.size)
	s := float64(k.size)
	fill, line := coralFill[k.colour], render.Ink
	if k.faded {
		fill, line = faded, render.Edge
	}
	c.RoundRect(1, 1, s-2, s-2, s/5, fill, line, math.Max(1.2, s/22))
	ink := render.ContrastInk(fill)
	if k.faded {
		ink = render.Muted
	}
	c.Text(s/2, s/2+0.5, k.letter, render.Style{Size: s * markScale(k.letter, 0.55), Font: render.Bold, Color: ink, Align: render.Center, VAlign: render.Middle})
	return c.Image()
})

type algaKey struct {
	alga   rf.Alga
	size   int
	letter string // the alga colour's mark in the image's language (drawer.alga)
}

// algaDisc is an alga mark or cylinder seen from above, with the colour's initial.
var algaDisc = render.NewSprites(func(k algaKey) image.Image {
	c := render.NewSprite(k.size, k.size)
	s := float64(k.size)
	c.Circle(s/2, s/2, s/2-1, algaFill[k.alga], render.Ink, math.Max(1.2, s/18))
	if k.size >= 16 {
		c.Text(s/2, s/2+0.5, k.letter, render.Style{Size: s * markScale(k.letter, 0.55), Font: render.Bold, Color: render.White, Align: render.Center, VAlign: render.Middle})
	}
	return c.Image()
})

// cube is a larva cube of a coral colour.
var cube = render.NewSprites(func(k chipKey) image.Image {
	c := render.NewSprite(k.size, k.size)
	s := float64(k.size)
	c.Rect(image.Rect(1, 1, k.size-1, k.size-1), render.Ink)
	c.Rect(image.Rect(3, 3, k.size-3, k.size-3), coralFill[k.colour])
	c.Text(s/2, s/2+0.5, k.letter, render.Style{Size: s * markScale(k.letter, 0.5), Font: render.Bold, Color: render.ContrastInk(coralFill[k.colour]), Align: render.Center, VAlign: render.Middle})
	return c.Image()
})

type boxKey struct {
	w, h       int
	radius, lw float64
	fill, edge color.RGBA // zero alpha: none
	ground     color.RGBA // what lies under the corners
}

// box is a rounded panel on its ground, drawn once per size and colours: rasterising large
// rounded shapes is the slowest part of a frame, copying opaque pixels is the fastest.
var box = render.NewSprites(func(k boxKey) image.Image {
	c := render.NewCanvas(k.w, k.h, k.ground)
	c.SharpText = true
	var fill, edge color.Color
	if k.fill.A != 0 {
		fill = k.fill
	}
	if k.edge.A != 0 {
		edge = k.edge
	}
	c.RoundRect(0, 0, float64(k.w), float64(k.h), k.radius, fill, edge, k.lw)
	return c.Image()
})

// roundBox copies a cached rounded panel to (x, y); ground is the colour around it.
func (d *drawer) roundBox(x, y float64, w, h int, radius float64, fill, edge, ground color.RGBA, lw float64) {
	d.copyOpaque(box.Get(boxKey{w, h, radius, lw, fill, edge, ground}), int(x), int(y))
}

// copyOpaque copies an opaque sprite without blending.
func (d *drawer) copyOpaque(img image.Image, x, y int) {
	b := img.Bounds()
	draw.Draw(d.c.RGBA, image.Rect(x, y, x+b.Dx(), y+b.Dy()), img, b.Min, draw.Src)
}
