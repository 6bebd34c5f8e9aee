package autumnash

import (
	"image/color"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/render/recap"
	game "github.com/boardbot/boardbot/rules/autumnash"
)

// Progress is what a recap charts for Autumn Ash: each seat's points (public on the board).
func Progress(v any, lang string) (recap.Progress, error) {
	view, err := render.ViewOf[game.View](v, "autumn-ash")
	if err != nil {
		return recap.Progress{}, err
	}
	return recap.Progress{Measure: "points", One: "point", Unit: "points", UnitOne: "point", MeasureID: recap.Points, UnitID: recap.Points,
		Values: []int{view.Scores[0], view.Scores[1]}, Colours: []color.RGBA{seatChip[0], seatChip[1]},
		Letters: []string{seatName[0][:1], seatName[1][:1]}}, nil
}
