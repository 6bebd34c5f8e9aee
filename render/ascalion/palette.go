package ascalion

import (
	"image/color"

	"github.com/boardbot/boardbot/render"
)

// Seat colours follow the colour names the rules use as seat tokens (red, blue, yellow, green,
// purple, black), taken from the Okabe–Ito set so they stay apart for colour-blind players; every
// seat is also written with its initial. Lands take a light tint of their owner's colour.
var seatCol = []color.RGBA{render.OIVermillion, render.OIBlue, render.OIYellow, render.OIBluishGreen, render.OIReddishPurple, render.Hex("#3a3a3a")}

var seatTints = []float64{0.55, 0.58, 0.5, 0.58, 0.55, 0.7}

func seatTint(p int) color.RGBA { return render.Mix(seatCol[p], render.White, seatTints[p]) }

var (
	lightSea  = render.Hex("#b3dbf0")
	deepSea   = render.Hex("#55819f")
	riverBlue = render.Hex("#2a6fb8")
	unowned   = render.Hex("#e9e3d2")
	offBoard  = render.Hex("#e0d8c4")
	fieldLine = render.Hex("#8fbcd8")
	deepLine  = render.Hex("#6f97b3")
	target    = render.Hex("#b00020")
)

// Goods chips: a colour and a letter each (weapons are drawn as a crossed X on steel); sources
// use the same colours with capitals. The letters are the image language's (letters.go).
var goodCol = []color.RGBA{render.Hex("#5b8c3a"), render.Hex("#a8773f"), render.Hex("#e2b714"), render.Hex("#3b3b3b"), render.Hex("#8d9aa6"), render.Hex("#5a5f66")}

var relCol = []color.RGBA{render.Hex("#c2185b"), render.Hex("#6d4c41")}

var pal = buildPalette()

func buildPalette() color.Palette {
	b := render.NewPalette(render.Paper, render.Panel, render.Edge, render.Ink, render.Muted, render.White, target)
	for p := range seatCol {
		b.Add(seatCol[p], seatTint(p))
	}
	b.Add(lightSea, deepSea, riverBlue, unowned, offBoard, fieldLine, deepLine)
	b.Add(seaColours()...)
	for _, c := range append(append([]color.RGBA(nil), goodCol...), relCol...) {
		b.Add(c)
	}
	b.RampAll(render.Ink, 1)
	b.Ramp(lightSea, deepSea, 2).Ramp(lightSea, riverBlue, 2).Ramp(lightSea, fieldLine, 1).Ramp(deepSea, deepLine, 1)
	for p := range seatCol {
		b.Ramp(seatTint(p), render.White, 2).Ramp(seatTint(p), lightSea, 1).Ramp(seatTint(p), riverBlue, 1)
	}
	b.Ramp(unowned, render.White, 2).Ramp(render.Panel, render.White, 2)
	return b.MustPalette()
}

// Palette is the fixed palette every board of this game is drawn in, for encoders that share one
// palette across many boards (animated replays).
func Palette() color.Palette { return pal }
