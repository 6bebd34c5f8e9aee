package ascidiae

import (
	"image/color"

	"github.com/boardbot/boardbot/render"
)

// Tadpoles: Okabe–Ito colours, each also with its own shape (circle, ring, triangle, square).
var tadColour = [4]color.RGBA{
	render.Hex("#222222"),
	render.White,
	render.OIVermillion,
	render.OIBlue,
}

var (
	tintInitial = render.Hex("#e9e1cc")
	tintCommon  = render.Mix(render.OIVermillion, render.White, 0.84)
	tintSpecial = render.Mix(render.OIBlue, render.White, 0.86)
	emptyCell   = render.Hex("#efebe2")
	flowColour  = render.OIBluishGreen
	activeEdge  = render.OIOrange
	claimedFill = render.Hex("#d6d1c6")
	warn        = render.Hex("#b00020")
)

// pal is the fixed palette every board is quantised to.
var pal = func() color.Palette {
	p := render.NewPalette(render.Paper, render.Panel, render.Edge, render.Ink, render.Muted, render.White,
		tintInitial, tintCommon, tintSpecial, emptyCell, flowColour, activeEdge, claimedFill, warn,
		render.OIBlue, render.OIVermillion, render.OIOrange, render.OIBluishGreen)
	for _, c := range tadColour {
		p.Add(c)
	}
	for i := 0; i < 4; i++ {
		p.Add(render.SeatColour(i))
	}
	p.RampAll(render.Paper, 1)
	for _, bg := range []color.Color{tintInitial, tintCommon, tintSpecial, emptyCell, render.Panel, claimedFill, render.White} {
		for _, fg := range []color.Color{render.Ink, render.Muted, tadColour[0], tadColour[2], tadColour[3], flowColour, activeEdge, warn} {
			p.Ramp(fg, bg, 1)
		}
	}
	for i := 0; i < 4; i++ {
		p.Ramp(render.SeatColour(i), render.Ink, 1)
		p.Ramp(render.SeatColour(i), render.White, 1)
	}
	return p.MustPalette()
}()

// Palette is the fixed palette every board of this game is drawn in, for encoders that share one
// palette across many boards (animated replays).
func Palette() color.Palette { return pal }
