package reef

import (
	"image/color"

	"github.com/boardbot/boardbot/render"
	rf "github.com/boardbot/boardbot/rules/reef"
)

// Coral colours: each polyp also carries its letter (G O P W Y), so colour is never the only cue.
var coralFill = [rf.NumColours]color.RGBA{
	render.Hex("#8a8f98"), // grey
	render.OIOrange,       // orange
	render.Hex("#e58fc0"), // pink
	render.White,          // white
	render.OIYellow,       // yellow
}

// Alga colours, drawn with their initial (B G P R).
var algaFill = [rf.NumAlgae]color.RGBA{
	render.OIBlue,
	render.OIBluishGreen,
	render.Hex("#7d4fa8"),
	render.OIVermillion,
}

// Shrimp colours by seat (purple, green, red, yellow), drawn as badges with the seat number.
var seatFill = [4]color.RGBA{
	render.Hex("#6a3d9a"),
	render.Hex("#1b7f3b"),
	render.Hex("#c0282d"),
	render.Hex("#f2c500"),
}

var (
	sand      = render.Hex("#e9dfc7")
	rock      = render.Hex("#c9d6de")
	rockLine  = render.Hex("#a9bac6")
	growth    = render.Hex("#eef6fa")
	seaBlue   = render.Hex("#dbeaf3")
	markRing  = render.Hex("#0b6bcb")
	faded     = render.Hex("#d8d2c4")
	coverDark = render.Hex("#4a4a4a")
)

// pal is the fixed palette every board is quantised to.
var pal = func() color.Palette {
	p := render.NewPalette(render.Paper, render.Panel, render.Edge, render.Ink, render.Muted, render.White,
		sand, rock, rockLine, growth, seaBlue, markRing, faded, coverDark)
	for _, c := range coralFill {
		p.Add(c)
	}
	for _, c := range algaFill {
		p.Add(c)
	}
	for _, c := range seatFill {
		p.Add(c)
	}
	// One blend step from ink to each ground and to each coral: text and outlines keep a soft
	// edge. The ramps of every colour to every ground (142 colours) bought nothing visible at
	// 400 px and cost the 4-seat board about 3 KB; the turn marks and badges are drawn solid
	// (crisp.go), so they need none.
	for _, bg := range []color.Color{render.Paper, rock, growth, render.Panel, render.White, seaBlue} {
		p.Ramp(render.Ink, bg, 1)
	}
	for _, c := range coralFill {
		p.Ramp(render.Ink, c, 1)
	}
	return p.MustPalette()
}()

// Palette is the fixed palette every board of this game is drawn in, for encoders that share one
// palette across many boards (animated replays).
func Palette() color.Palette { return pal }
