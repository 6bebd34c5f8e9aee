package reef

import (
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// Colour is a coral colour: polyps, larva cubes and open-sea spaces come in these five.
type Colour int8

// The coral colours, in open-sea order. NoColour marks an empty square.
const (
	Grey Colour = iota
	Orange
	Pink
	White
	Yellow
	NumColours

	NoColour Colour = -1
)

var colourNames = [NumColours]string{"grey", "orange", "pink", "white", "yellow"}

// Colours lists the coral colours in order; arrays indexed by Colour in views follow it.
var Colours = [NumColours]Colour{Grey, Orange, Pink, White, Yellow}

// String is the colour's lowercase name.
func (c Colour) String() string {
	if c >= 0 && c < NumColours {
		return colourNames[c]
	}
	return "none"
}

// Letter is the colour's one-letter token, also its mark on the board image.
func (c Colour) Letter() string {
	if c >= 0 && c < NumColours {
		return colourNames[c][:1]
	}
	return "-"
}

// MarshalText writes the colour by name, so snapshots and views stay readable.
func (c Colour) MarshalText() ([]byte, error) {
	if c == NoColour {
		return []byte("none"), nil
	}
	if c < 0 || c >= NumColours {
		return nil, fmt.Errorf("reef: invalid colour %d", int8(c))
	}
	return []byte(colourNames[c]), nil
}

// UnmarshalText reads a colour name (or "none").
func (c *Colour) UnmarshalText(b []byte) error {
	x, ok := colourByName(string(b))
	if !ok && string(b) != "none" {
		return fmt.Errorf("reef: unknown colour %q", b)
	}
	*c = x
	return nil
}

func colourByName(s string) (Colour, bool) {
	for i, n := range colourNames {
		if n == s {
			return Colour(i), true
		}
	}
	return NoColour, false
}

// colourByToken reads a colour's one-letter token.
func colourByToken(s string) (Colour, bool) {
	for i, n := range colourNames {
		if len(s) == 1 && n[0] == s[0] {
			return Colour(i), true
		}
	}
	return NoColour, false
}

// Alga is the colour of an alga cylinder and of the alga marks on the coral tiles.
type Alga int8

// The alga colours. NoAlga marks an empty alga space.
const (
	Blue Alga = iota
	Green
	Purple
	Red
	NumAlgae

	NoAlga Alga = -1
)

var algaNames = [NumAlgae]string{"blue", "green", "purple", "red"}

// String is the alga colour's lowercase name, also its token.
func (a Alga) String() string {
	if a >= 0 && a < NumAlgae {
		return algaNames[a]
	}
	return "none"
}

// MarshalText writes the alga colour by name.
func (a Alga) MarshalText() ([]byte, error) {
	if a == NoAlga {
		return []byte("none"), nil
	}
	if a < 0 || a >= NumAlgae {
		return nil, fmt.Errorf("reef: invalid alga %d", int8(a))
	}
	return []byte(algaNames[a]), nil
}

// UnmarshalText reads an alga colour name (or "none").
func (a *Alga) UnmarshalText(b []byte) error {
	x, ok := algaByName(string(b))
	if !ok && string(b) != "none" {
		return fmt.Errorf("reef: unknown alga colour %q", b)
	}
	*a = x
	return nil
}

func algaByName(s string) (Alga, bool) {
	for i, n := range algaNames {
		if n == s {
			return Alga(i), true
		}
	}
	return NoAlga, false
}

// playerColours are the shrimp colours, by seat.
var playerColours = [4]string{"purple", "green", "red", "yellow"}

// PlayerColour is the colour of a seat's shrimps.
func PlayerColour(seat int) string {
	if seat >= 0 && seat < len(playerColours) {
		return playerColours[seat]
	}
	return "none"
}

// colourNamed is the colour a refused token names, for the refusal to say what is wrong with that
// colour rather than that it is none: a colour letter, a colour word of any language ("gelb"), or
// a start of such words that only one colour's words have ("ge" for gelb, "gr" for grau: the German
// legend's marks). Only refusals read it; moves take words through rules.Unalias.
func colourNamed(tok string) (Colour, bool) {
	if c, ok := colourByToken(tok); ok {
		return c, true
	}
	f := rules.Fold(tok)
	if f == "" {
		return NoColour, false
	}
	exact, starts := map[Colour]bool{}, map[Colour]bool{}
	for _, w := range typedWords {
		w.Each(func(word string, toks []string) {
			for _, t := range toks {
				if c, ok := colourByToken(t); ok && word == f {
					exact[c] = true
				} else if ok && strings.HasPrefix(word, f) {
					starts[c] = true
				}
			}
		})
	}
	if len(exact) == 0 {
		exact = starts
	}
	if len(exact) != 1 {
		return NoColour, false // none, or two colours: the token names neither
	}
	for c := range exact {
		return c, true
	}
	return NoColour, false
}
