package ascidiae

import (
	"math"
	"testing"

	"github.com/boardbot/boardbot/render"
	asc "github.com/boardbot/boardbot/rules/ascidiae"
)

// Every species' abilities fit their box in every language, facing and size: on a pile, in a
// grid's space (board and focus image) and in the solo game's larger space, within the tile's
// border. Words stop shrinking at minText, so a row of words ("1:THINK THINK", sverk) must be
// split, not run off the card.
func TestAbilityRowsFit(t *testing.T) {
	// Still open (issue #38, reported): these faces hold more than a split into rows fits; they
	// need a smaller icon language or a taller face. Every other species must fit.
	open := map[string]bool{"iota": true, "stator": true, "gemmata": true, "caudalata": true, "collectiva": true}
	type frame struct {
		name  string
		w, h  float64
		inset float64 // the room between the box and the tile's border
		dirs  []asc.Dir
	}
	frames := []frame{
		{"pile", pileW - 10, pileH - 80, 5 - 1.5, []asc.Dir{asc.Up}},
		{"space", 119 - 16, 119 - 44 - 32, 8 - 2, []asc.Dir{asc.Up, asc.Right, asc.Down, asc.Left}},
		{"solo space", 150 - 16, 150 - 44 - 32, 8 - 2, []asc.Dir{asc.Up, asc.Right, asc.Down, asc.Left}},
	}
	for _, lang := range []string{"en", "de", "es", "fr"} {
		b := &board{meta: render.Meta{Lang: lang}}
		for _, c := range asc.GameData().Cards {
			if open[c.ID] {
				continue
			}
			k := &asc.KindView{ID: c.ID, Name: c.Name, Kind: c.Kind, Capacity: c.Capacity, OnRoot: c.OnRoot}
			for _, ab := range c.Abilities {
				k.Abilities = append(k.Abilities, asc.AbilityView{Code: ab.Code, Actions: ab.Actions})
			}
			for _, l := range c.Lends {
				k.Lends = append(k.Lends, asc.LendView{To: l.To, Ability: asc.AbilityView{Code: l.Ability.Code, Actions: l.Ability.Actions}})
			}
			for _, f := range frames {
				for _, o := range f.dirs {
					rows := b.abilityRows(k, o, f.w)
					if len(rows) == 0 {
						continue
					}
					scale := math.Min(1, math.Min(19, f.h/float64(len(rows)))/17)
					for i, r := range rows {
						if got := fitWidth(r, scale, f.w); got > f.w+f.inset {
							t.Errorf("%s %s, %s facing %d, row %d: %.1f px wide in a box of %.0f: it runs onto the card's border", lang, c.ID, f.name, o, i+1, got, f.w)
						}
					}
				}
			}
		}
	}
}
