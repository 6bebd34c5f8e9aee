package autumnash

import (
	"image"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/autumnash"
)

// baseKey is everything the unchanging part of the image depends on.
type baseKey struct {
	cols, rows int
	off        game.Square // the coordinates of the grid's (0, 0)
	full       bool
	lang       string
}

// bases holds, per board shape, the background every render starts from: the empty board with
// its coordinates, the panels' frames and the legend. Copying it costs far less than drawing it.
var bases = render.NewSprites(func(k baseKey) image.Image {
	l := newLayoutFull(k.cols, k.rows, k.full)
	c := render.NewCanvas(l.w, l.h, render.Paper)
	c.CrispText = true
	drawEmptyBoard(c, l.grid, k.off)
	for s := 0; s < 2; s++ {
		drawStashFrame(c, l.stash[s], s)
	}
	if l.full {
		drawFullLegend(c, l.legend, l.field, k.lang)
	} else {
		drawLegend(c, l.legend, l.field, k.lang)
	}
	return c.Image()
})

func baseFor(l layout, lang string) image.Image {
	return bases.Get(baseKey{l.grid.Cols, l.grid.Rows, l.off, l.full, lang})
}
