package autumnash

import (
	"image/color"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/autumnash"
)

// Piece colours: Okabe–Ito hues where the rulebook colour allows, so Rainbow's red and Xeno's
// orange, or blue and cyan, stay apart for colour-blind players; every piece also carries its
// letter. Clear and white are outlined in ink to read on the wooden board.
var pieceFill = map[game.Colour]color.RGBA{
	game.Green:  render.OIBluishGreen,
	game.Yellow: render.OIYellow,
	game.Red:    render.OIVermillion,
	game.Blue:   render.OIBlue,
	game.Black:  render.Hex("#1b1b1b"),
	game.Clear:  render.Hex("#b9d6e3"), // ice: far enough from white to tell at phone size
	game.White:  render.White,
	game.Orange: render.OIOrange,
	game.Cyan:   render.OISkyBlue,
	game.Purple: render.Hex("#7d4f9e"),
}

// Board and panel colours: a light wood for the squares, darker at the entry corners.
var (
	woodLight  = render.Hex("#e6d7b9")
	woodDark   = render.Hex("#dcc9a4")
	cornerWood = render.Hex("#c9ad7c")
	ash        = render.Hex("#8f8a82") // hatching on squares under a burnt leaf
	outside    = render.Hex("#efe9dd") // unsettled: squares outside the pieces' box
	seatFill   = [2]color.RGBA{render.Mix(render.OIBluishGreen, render.White, 0.35), render.Mix(render.Hex("#7d4f9e"), render.White, 0.45)}
	seatChip   = [2]color.RGBA{render.OIBluishGreen, render.Hex("#7d4f9e")}
)

// pal is the fixed palette of every Autumn Ash board: the colours above and the shades their
// antialiased edges produce against each other.
var pal = buildPalette()

func buildPalette() color.Palette {
	grounds := []color.Color{woodLight, woodDark, cornerWood, outside}
	ui := []color.Color{render.Paper, render.Panel, render.Edge, render.Ink, render.Muted, render.White, ash,
		seatFill[0], seatFill[1], seatChip[0], seatChip[1]}
	p := render.NewPalette(ui...).Add(grounds...)
	for c := game.Green; c <= game.Purple; c++ {
		f := pieceFill[c]
		p.Add(f)
		// Piece edges meet the ink outline, letters in ink or white, and the grounds.
		p.Ramp(f, render.Ink, 2)
		p.Ramp(f, render.White, 1)
		p.Ramp(f, woodLight, 1)
		p.Ramp(f, render.Panel, 1)
	}
	for _, g := range append(grounds, render.Paper, render.Panel, seatFill[0], seatFill[1], render.White) {
		p.Ramp(render.Ink, g, 4)
	}
	p.Ramp(render.Muted, render.Panel, 2)
	p.Ramp(render.Edge, render.Panel, 1)
	p.Ramp(render.Edge, render.Paper, 1)
	p.Ramp(ash, woodLight, 2)
	p.Ramp(ash, cornerWood, 1)
	p.Ramp(render.White, woodLight, 2)
	p.Ramp(render.White, render.Panel, 1)
	p.Ramp(render.White, pieceFill[game.Clear], 1) // the clear pyramids' glint
	// The last moves' marks: each side's colour, full and pale, outlined in ink on the wood.
	for _, c := range append(seatChip[:], seatFill[:]...) {
		p.Ramp(c, render.Ink, 2)
		p.Ramp(c, woodLight, 1)
		p.Ramp(c, woodDark, 1)
	}
	return p.MustPalette()
}

// Palette is the fixed palette every board of this game is drawn in, for encoders that share one
// palette across many boards (animated replays).
func Palette() color.Palette { return pal }
