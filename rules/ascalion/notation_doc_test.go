package ascalion

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// The transport examples of the notation table (docs/rules/ascalion.md, "Notation") and of the
// game's own notation summary (info_notation) are accepted as written, as the platform reads a
// typed move (rules.Canonical: respelt, then checked), each in a position where its goods and
// horses are there. The summary's horse example loads its goods bare ("ys gold gold coal
// weapon"), which was refused.
func TestNotationTableTransports(t *testing.T) {
	cases := []struct {
		name  string
		setup func(f *fixture)
		move  string
	}{
		{"foot", func(f *fixture) {
			f.own(0, "Minda", "Vagon").put("Minda", "gold weapon")
		}, "foot minda vagon gold weapon"},
		{"horse", func(f *fixture) {
			f.own(0, "Ys", "Comorium", "Doilan").put("Ys", "horse 2gold coal weapon").put("Comorium", "wood iron")
		}, "horse ys +gold +gold +coal +weapon comorium -gold -coal +wood +iron doilan end"},
		{"horse, with its regions", func(f *fixture) {
			f.own(0, "Ys", "Comorium", "Doilan").put("Ys", "horse 2gold coal weapon").put("Comorium", "wood iron")
		}, "horse nw ys +gold +gold +coal +weapon nw comorium -gold -coal +wood +iron nw doilan end"},
		{"horse, the summary's bare loads", func(f *fixture) {
			f.own(0, "Ys", "Comorium", "Doilan").put("Ys", "horse 2gold coal weapon").put("Comorium", "wood iron")
		}, "horse ys gold gold coal weapon comorium -gold -coal +wood +iron doilan end"},
		{"foot, the summary's", func(f *fixture) {
			f.own(0, "Ys", "Comorium").put("Ys", "2gold")
		}, "foot ys comorium gold gold"},
		{"chain", func(f *fixture) {
			f.own(0, "Mabaron", "Ikarien", "Orphir", "Revena").put("Mabaron", "horse 2coal gold").put("Ikarien", "horse weapon").put("Orphir", "horse wood").put("Revena", "horse")
		}, "chain mabaron +coal +coal +gold ikarien +weapon orphir -coal +wood revena end"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, 2)
			c.setup(f)
			f.transportTurn(0, 1)
			m, err := rules.ParseMove(c.move)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := rules.Canonical(f.s.clone(), 0, m); err != nil {
				t.Errorf("%q refused: %v", c.move, err)
			}
		})
	}
}
