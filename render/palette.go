package render

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"
)

// The Okabe–Ito palette: eight colours that stay distinct for the common forms of colour blindness.
// Still draw a letter, number or shape on anything whose meaning is its colour.
var (
	OIBlack         = color.RGBA{0x00, 0x00, 0x00, 0xff}
	OIOrange        = color.RGBA{0xe6, 0x9f, 0x00, 0xff}
	OISkyBlue       = color.RGBA{0x56, 0xb4, 0xe9, 0xff}
	OIBluishGreen   = color.RGBA{0x00, 0x9e, 0x73, 0xff}
	OIYellow        = color.RGBA{0xf0, 0xe4, 0x42, 0xff}
	OIBlue          = color.RGBA{0x00, 0x72, 0xb2, 0xff}
	OIVermillion    = color.RGBA{0xd5, 0x5e, 0x00, 0xff}
	OIReddishPurple = color.RGBA{0xcc, 0x79, 0xa7, 0xff}
)

// OkabeIto lists the eight colours in their customary order.
var OkabeIto = []color.RGBA{OIBlack, OIOrange, OISkyBlue, OIBluishGreen, OIYellow, OIBlue, OIVermillion, OIReddishPurple}

// SeatColour is a distinct colour for seat i (0-based), in an order where the first few seats are
// the easiest to tell apart; it cycles after eight.
func SeatColour(i int) color.RGBA {
	order := [...]color.RGBA{OIBlue, OIOrange, OIBluishGreen, OIVermillion, OISkyBlue, OIReddishPurple, OIYellow, OIBlack}
	if i < 0 {
		i = -i
	}
	return order[i%len(order)]
}

// Neutral interface colours shared by every board, so the games look like one family.
var (
	Paper = color.RGBA{0xf6, 0xf3, 0xec, 0xff} // image background
	Panel = color.RGBA{0xea, 0xe5, 0xda, 0xff} // side panels, bars
	Edge  = color.RGBA{0xb9, 0xb1, 0xa2, 0xff} // borders and grid lines
	Ink   = color.RGBA{0x1f, 0x1f, 0x1f, 0xff} // text and strong outlines
	Muted = color.RGBA{0x6a, 0x65, 0x5d, 0xff} // secondary text
	White = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

// ParseHex reads an opaque colour written "#rrggbb" or "rrggbb", e.g. from a settings file.
func ParseHex(s string) (color.RGBA, error) {
	h := strings.TrimPrefix(s, "#")
	if len(h) != 6 {
		return color.RGBA{}, fmt.Errorf("render: colour %q is not #rrggbb", s)
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return color.RGBA{}, fmt.Errorf("render: colour %q is not #rrggbb", s)
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}, nil
}

// Hex is ParseHex for colours written in the code, where a bad one is a programming error.
func Hex(s string) color.RGBA {
	c, err := ParseHex(s)
	if err != nil {
		panic(err)
	}
	return c
}

// Opaque converts any colour to opaque RGBA, dropping transparency.
func Opaque(c color.Color) color.RGBA {
	r, g, b, a := c.RGBA()
	if a == 0 {
		return color.RGBA{0, 0, 0, 0xff}
	}
	// Un-premultiply so a translucent colour keeps its hue.
	return color.RGBA{uint8(r * 0xff / a), uint8(g * 0xff / a), uint8(b * 0xff / a), 0xff}
}

// Mix blends a toward b: t=0 gives a, t=1 gives b. The result is opaque.
func Mix(a, b color.Color, t float64) color.RGBA {
	x, y := Opaque(a), Opaque(b)
	l := func(p, q uint8) uint8 { return uint8(float64(p)*(1-t) + float64(q)*t + 0.5) }
	return color.RGBA{l(x.R, y.R), l(x.G, y.G), l(x.B, y.B), 0xff}
}

// Alpha returns c with opacity a (0..1), premultiplied as image/color expects.
func Alpha(c color.Color, a float64) color.RGBA {
	o := Opaque(c)
	m := func(v uint8) uint8 { return uint8(float64(v)*a + 0.5) }
	return color.RGBA{m(o.R), m(o.G), m(o.B), uint8(a*255 + 0.5)}
}

// PaletteBuilder collects a game's fixed palette: its base colours plus the intermediate shades
// that antialiased edges produce, so quantising a board to it keeps smooth edges. Duplicates are
// dropped; a palette holds at most 256 colours.
type PaletteBuilder struct {
	cols []color.RGBA
	seen map[color.RGBA]bool
}

// NewPalette starts a palette with the given colours.
func NewPalette(cols ...color.Color) *PaletteBuilder {
	p := &PaletteBuilder{seen: make(map[color.RGBA]bool)}
	return p.Add(cols...)
}

// Add appends colours (made opaque).
func (p *PaletteBuilder) Add(cols ...color.Color) *PaletteBuilder {
	for _, c := range cols {
		o := Opaque(c)
		if !p.seen[o] {
			p.seen[o] = true
			p.cols = append(p.cols, o)
		}
	}
	return p
}

// Ramp adds steps shades strictly between a and b (a and b themselves are added too): use it for
// every pair of colours that touch with an antialiased edge, such as a piece's fill and the cell
// under it. Two or three steps are plenty at board sizes.
func (p *PaletteBuilder) Ramp(a, b color.Color, steps int) *PaletteBuilder {
	p.Add(a, b)
	for i := 1; i <= steps; i++ {
		p.Add(Mix(a, b, float64(i)/float64(steps+1)))
	}
	return p
}

// RampAll ramps every colour added so far toward c, e.g. toward the background.
func (p *PaletteBuilder) RampAll(c color.Color, steps int) *PaletteBuilder {
	base := append([]color.RGBA(nil), p.cols...)
	for _, b := range base {
		p.Ramp(b, c, steps)
	}
	return p
}

// Len is the number of colours so far.
func (p *PaletteBuilder) Len() int { return len(p.cols) }

// Palette returns the palette, or an error when it exceeds 256 colours.
func (p *PaletteBuilder) Palette() (color.Palette, error) {
	if len(p.cols) > 256 {
		return nil, fmt.Errorf("render: palette has %d colours, at most 256 fit a PNG", len(p.cols))
	}
	out := make(color.Palette, len(p.cols))
	for i, c := range p.cols {
		out[i] = c
	}
	return out, nil
}

// MustPalette is Palette for palettes built from constants at package initialisation, where an
// oversized palette is a programming error caught by the first test.
func (p *PaletteBuilder) MustPalette() color.Palette {
	pal, err := p.Palette()
	if err != nil {
		panic(err)
	}
	return pal
}
