package reef

import (
	"strconv"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/render/recap"
	game "github.com/boardbot/boardbot/rules/reef"
)

// Progress is what a recap charts for Reef Encounter, whose scores stay behind the screens until
// the end: the polyps each seat has fed its parrotfish, a count the public view shows.
func Progress(v any, lang string) (recap.Progress, error) {
	view, err := render.ViewOf[game.View](v, "reef-encounter")
	if err != nil {
		return recap.Progress{}, err
	}
	out := make([]int, view.Seats)
	final := make([]int, view.Seats)
	scored := len(view.Players) == view.Seats
	for _, p := range view.Players {
		if p.Seat >= 0 && p.Seat < len(out) {
			out[p.Seat] = p.Fish
			if p.Score != nil {
				final[p.Seat] = *p.Score
				continue
			}
		}
		scored = false
	}
	if !scored {
		final = nil
	}
	// The scores the end board shows (a parrotfish opened at the end or after a resignation) are
	// the recap's final scores too.
	return recap.Progress{Measure: "polyps in the parrotfish", One: "polyp in the parrotfish", Unit: "points", UnitOne: "point", MeasureID: recap.Parrotfish, UnitID: recap.Points, Values: out, Colours: seatFill[:],
		Letters: numbers(view.Seats), Final: final}, nil
}

// numbers are the seats' badges on the board: 1, 2, 3...
func numbers(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}
