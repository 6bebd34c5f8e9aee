package ascidiae

import (
	"testing"

	"github.com/boardbot/boardbot/render"
	asc "github.com/boardbot/boardbot/rules/ascidiae"
)

// Every species' abilities fit their box in every language, facing and size: on a pile, in a
// grid's space (board and focus image) and in the solo game's larger space, within the tile's
// border, and their rows do not crowd (issue 38: iota, stator, gemmata, caudalata and collectiva
// ran off their cards). Words stop shrinking at minText, so a row of words ("1:THINK THINK",
// sverk) must be split, not run off the card.
func TestAbilityRowsFit(t *testing.T) {
	type frame struct {
		name  string
		cell  float64 // 0: a pile
		inset float64 // the room between the box and the tile's border
		dirs  []asc.Dir
	}
	all := []asc.Dir{asc.Up, asc.Right, asc.Down, asc.Left}
	frames := []frame{
		{"pile", 0, 5 - 1.5, []asc.Dir{asc.Up}},
		{"space", 119, 8 - 2, all},
		{"solo space", 150, 8 - 2, all},
	}
	for _, lang := range []string{"en", "de", "es", "fr"} {
		b := &board{meta: render.Meta{Lang: lang}}
		for _, c := range asc.GameData().Cards {
			k := &asc.KindView{ID: c.ID, Name: c.Name, Kind: c.Kind, Capacity: c.Capacity, OnRoot: c.OnRoot}
			for _, ab := range c.Abilities {
				k.Abilities = append(k.Abilities, asc.AbilityView{Code: ab.Code, Actions: ab.Actions})
			}
			for _, l := range c.Lends {
				k.Lends = append(k.Lends, asc.LendView{To: l.To, Ability: asc.AbilityView{Code: l.Ability.Code, Actions: l.Ability.Actions}})
			}
			for _, f := range frames {
				for _, o := range f.dirs {
					w, h := pileW-10, pileH-80
					if f.cell > 0 {
						b.setCell(f.cell)
						box := b.cardBox(k, o)
						w, h = box.w, box.h
					}
					rows, lh, scale := b.abilityLayout(k, o, w, h)
					if len(rows) == 0 {
						continue
					}
					if lh < minPitch {
						t.Errorf("%s %s, %s facing %d: %d rows %.1f px apart, their words overlap", lang, c.ID, f.name, o, len(rows), lh)
					}
					for i, r := range rows {
						if got := fitWidth(r, scale, w); got > w+f.inset {
							t.Errorf("%s %s, %s facing %d, row %d: %.1f px wide in a box of %.0f: it runs onto the card's border", lang, c.ID, f.name, o, i+1, got, w)
						}
					}
				}
			}
		}
	}
}
