// Package render is the kit every board image is drawn with: embedded fonts, fast labels, a
// colour-blind-safe palette, a canvas over gg with board helpers, sprite caching, paletted PNG
// encoding and golden-image tests.
//
// A game's renderer is a pure function from its view to an image:
//
//	var pal = render.NewPalette(render.Paper, render.Ink, ...).RampAll(render.Paper, 3).MustPalette()
//
//	func Image(v any) (image.Image, error) {
//		c := render.NewCanvas(1000, 900, render.Paper)
//		g := render.Grid{X: 60, Y: 120, Cell: 110, Cols: 8, Rows: 8, RowsUp: true}
//		c.Checker(g, light, dark)
//		c.Coords(g, render.CoordStyle{})
//		c.StatusBar(image.Rect(0, 0, 1000, 70), render.Status{Text: "Blue to move", Swatch: render.OIBlue, Letter: "B"})
//		c.BlitCentered(pieces.Get(key), x, y) // a *render.Sprites cache
//		return c.Image(), nil
//	}
//
//	func PNG(v any) ([]byte, error) { img, err := Image(v); ...; return render.EncodePNG(img, pal) }
//
// or, faster because the pixels come from a pool, render.RenderPNG(w, h, render.Paper, pal, paint).
//
// Conventions:
//   - Text goes through DrawText / Canvas.Text (font.Drawer over a process-wide glyph cache), never
//     gg's DrawString, which is several times slower. Style.Halo outlines text on coloured fills.
//   - Faces are not safe for concurrent use: Face and FontFace return a new one per call, and the
//     text helpers make their own, so renders may run in parallel.
//   - Anything whose meaning is its colour also carries a letter, number or shape; the Okabe–Ito
//     colours (OI*) and SeatColour are the safe defaults, Paper/Panel/Edge/Ink/Muted the neutrals.
//   - Each game has one fixed palette (at most 256 colours) holding its colours and the blends its
//     antialiased edges make (PaletteBuilder.Ramp/RampAll); EncodePNG quantises to it through a
//     cached lookup table and writes a BestSpeed paletted PNG.
//   - Pieces and tiles are drawn once into a Sprites cache keyed by their appearance and then only
//     copied with Canvas.Blit / BlitCentered, which copy their opaque runs and blend only edges.
//   - Whatever never changes between renders (an empty board, coordinates, a legend) can be drawn
//     once into a full-size image kept in a Sprites cache and copied in with draw.Draw at the start.
//   - Tests compare renders with Golden(t, name, img) against testdata/<name>.png and rewrite them
//     with -update (see Golden for the one-line flag declaration).
package render
