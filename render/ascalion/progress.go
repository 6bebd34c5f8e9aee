package ascalion

import (
	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/render/recap"
	game "github.com/boardbot/boardbot/rules/ascalion"
)

// Progress is what a recap charts for Ascalion, which keeps no running score: the areas each seat
// holds on the map. lang is the reader's: the chart marks each line with the seat's badge as the
// board drawn in that language shows it.
func Progress(v any, lang string) (recap.Progress, error) {
	view, err := render.ViewOf[game.View](v, "ascalion")
	if err != nil {
		return recap.Progress{}, err
	}
	out := make([]int, len(view.Players))
	for _, p := range view.Players {
		if p.Seat >= 0 && p.Seat < len(out) {
			out[p.Seat] = p.Areas
		}
	}
	return recap.Progress{Measure: "areas held", One: "area held", Unit: "cities", UnitOne: "city", MeasureID: recap.AreasHeld, UnitID: recap.Cities,
		Values: out, Colours: seatCol, Letters: lettersOf(lang).seat}, nil // the seats' badges on the board in the reader's language
}
