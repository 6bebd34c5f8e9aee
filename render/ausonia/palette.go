package ausonia

import (
	"image/color"

	"github.com/boardbot/boardbot/render"
	game "github.com/boardbot/boardbot/rules/ausonia"
)

// Gem colours are Okabe–Ito hues and every gem also carries its letter (S, E, B, R), so they read
// without colour.
var gemFill = [4]color.RGBA{
	game.Sapphire:   render.OIBlue,
	game.Emerald:    render.OIBluishGreen,
	game.Bloodshard: render.OIVermillion,
	game.Rainbow:    render.OIYellow,
}

// Guild colours, in guild order (Vetrai, Condottieri, Mercanti, Architetti, Notai); cards carry
// their code, whose letter is the guild's.
var guildFill = []color.RGBA{
	render.OISkyBlue,
	render.OIReddishPurple,
	render.OIOrange,
	render.Hex("#8c7b6b"),
	render.Hex("#6f8a3c"),
}

var (
	houseFill  = render.Hex("#d9cfbf") // the starter house cards
	condTint   = render.Hex("#f7dccf") // the rulebook's red background for condition abilities
	powerBand  = render.Hex("#2d2a26") // the Power card's tag
	gold       = render.Hex("#c9a227")
	activeEdge = render.Ink
)

func guildColour(g int) color.RGBA {
	if g < 0 || g >= len(guildFill) {
		return houseFill
	}
	return guildFill[g]
}

func tint(c color.Color) color.RGBA { return render.Mix(c, render.White, 0.62) }

// pal is the fixed palette of every Ausonia image: the colours above, their light tints, and the
// shades antialiased edges make against the grounds they sit on.
var pal = buildPalette()

func buildPalette() color.Palette {
	grounds := []color.Color{render.Paper, render.Panel, render.White}
	p := render.NewPalette(render.Paper, render.Panel, render.Edge, render.Ink, render.Muted, render.White,
		houseFill, condTint, powerBand, gold)
	var fills []color.Color
	for _, c := range gemFill {
		fills = append(fills, c)
	}
	for _, c := range guildFill {
		fills = append(fills, c, tint(c))
	}
	for i := 0; i < 4; i++ {
		fills = append(fills, render.SeatColour(i), tint(render.SeatColour(i)))
	}
	for _, f := range fills {
		p.Add(f)
		p.Ramp(f, render.Ink, 2)
		p.Ramp(f, render.White, 1)
		p.Ramp(f, render.Panel, 1)
	}
	for _, g := range append(grounds, houseFill, condTint) {
		p.Ramp(render.Ink, g, 4)
		p.Ramp(render.Muted, g, 2)
		p.Ramp(render.Edge, g, 1)
	}
	p.Ramp(powerBand, gold, 2)
	p.Ramp(powerBand, render.White, 2)
	return p.MustPalette()
}

// Palette is the fixed palette every board of this game is drawn in, for encoders that share one
// palette across many boards (animated replays).
func Palette() color.Palette { return pal }
