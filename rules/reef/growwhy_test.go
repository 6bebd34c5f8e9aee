package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// A grow refused names the colour it lacks, in the reader's words: German "g" stays grau (never
// the start of gelb) when no grey cube is held, "ge" (the legend's mark for gelb) is yellow, and
// the refusal is the missing cube, not "no colour".
func TestGrowRefusalNamesColour(t *testing.T) {
	cases := []struct {
		lang, move string
		cubes      map[Colour]int
		want       string
	}{
		{"de", "wachsen g", map[Colour]int{White: 1}, "Du hast keinen grauen Larvenwürfel hinter deinem Sichtschirm."},
		{"de", "wachsen g", map[Colour]int{Yellow: 1}, "Du hast keinen grauen Larvenwürfel hinter deinem Sichtschirm."},
		{"de", "wachsen ge", map[Colour]int{White: 1}, "Du hast keinen gelben Larvenwürfel hinter deinem Sichtschirm."},
		{"de", "wachsen gelb", map[Colour]int{White: 1}, "Du hast keinen gelben Larvenwürfel hinter deinem Sichtschirm."},
		{"de", "wachsen gr", map[Colour]int{Grey: 1, White: 1}, "Du hast einen grauen Larvenwürfel, aber keinen grauen Polypen hinter deinem Sichtschirm oder unter den verzehrten."},
		{"es", "crecer amarillo", map[Colour]int{White: 1}, "No tienes ningún cubo de larva amarillo detrás de tu pantalla."},
		{"en", "grow y", map[Colour]int{White: 1}, "You have no yellow larva cube behind your screen."},
		{"en", "grow x", map[Colour]int{White: 1}, `"x" is not a colour here: write w for white.`},
		// No colour can grow: the refusal names each cube's missing polyps, or the missing cubes.
		{"en", "grow", map[Colour]int{Grey: 1, Pink: 1}, "You cannot grow now: no grey polyp for your grey larva cube and no pink polyp for your pink larva cube."},
		{"en", "grow", nil, "You have no larva cube behind your screen; taking an open-sea space gives you one."},
		{"fr", "croître", map[Colour]int{Grey: 1}, "Tu ne peux pas poser de polypes maintenant : aucun polype gris pour ton cube larve gris."},
	}
	for _, c := range cases {
		t.Run(c.lang+" "+c.move, func(t *testing.T) {
			s := fixture(t, 2)
			p := &s.Players[0]
			for col, n := range c.cubes {
				p.Cubes[col] = n
			}
			p.Screen[White], p.Screen[Yellow] = 2, 2
			m, _ := rules.ParseMove(c.move)
			m = rules.Unalias(s, 0, m, typedWords[c.lang])
			_, err := s.Apply(0, m)
			got := ""
			if r := rules.IllegalMsg(err); r != nil {
				got = msg.Render(r, c.lang, nil)
			}
			if got != c.want {
				t.Errorf("%q refused with\n  %s (%v)\nwant\n  %s", c.move, got, err, c.want)
			}
		})
	}
}
