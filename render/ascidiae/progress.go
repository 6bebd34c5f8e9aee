package ascidiae

import (
	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/render/recap"
	game "github.com/boardbot/boardbot/rules/ascidiae"
)

// Progress is what a recap charts for Ascidiae, which keeps no running score: the colonies each
// seat has claimed.
func Progress(v any, lang string) (recap.Progress, error) {
	view, err := render.ViewOf[game.View](v, "ascidiae")
	if err != nil {
		return recap.Progress{}, err
	}
	out := make([]int, view.Seats)
	for _, p := range view.Players {
		if p.Seat >= 0 && p.Seat < len(out) {
			out[p.Seat] = len(p.Colonies)
		}
	}
	p := recap.Progress{Measure: "colonies", One: "colony", Unit: "colonies", UnitOne: "colony", MeasureID: recap.Colonies, UnitID: recap.Colonies, Values: out}
	for i := range out {
		p.Letters = append(p.Letters, itoa(i+1))
		p.Colours = append(p.Colours, render.SeatColour(i))
	}
	if view.Solo {
		p.Opponent = "the clock (" + itoa(view.SoloTurns) + " turns)"
		p.OpponentMsg = recap.Clock(view.SoloTurns)
	}
	return p, nil
}
