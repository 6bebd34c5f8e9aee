package ausonia

import (
	"image/color"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/render/recap"
	game "github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/msg"
)

// Progress is what a recap charts for Ausonia: each house's influence (public on the track).
func Progress(v any, lang string) (recap.Progress, error) {
	view, err := render.ViewOf[game.View](v, "ausonia")
	if err != nil {
		return recap.Progress{}, err
	}
	out := make([]int, len(view.Players))
	letters := make([]string, len(view.Players))
	colours := make([]color.RGBA, len(view.Players))
	for _, p := range view.Players {
		if p.Seat >= 0 && p.Seat < len(out) {
			out[p.Seat] = p.Influence
			letters[p.Seat] = p.House
			colours[p.Seat] = render.SeatColour(houseIndex(p))
		}
	}
	pr := recap.Progress{Measure: "influence", Unit: "influence", MeasureID: recap.Influence, UnitID: recap.Influence, Values: out, Letters: letters, Colours: colours}
	if view.Solo != nil {
		pr.Opponent = view.Solo.Name + " (Aspirant)"
		pr.OpponentMsg = recap.Aspirant(msg.New("ausonia", "asp_"+view.Solo.Aspirant))
		pr.OpponentValue = &view.Solo.Influence // the Aspirant's influence, on the same track
	}
	return pr, nil
}
