package ausonia

import (
	"testing"

	"github.com/boardbot/boardbot/render/recap"
	game "github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/msg"
)

// A solo recap's opponent is the Aspirant by the game's own name for it, in the recap's language;
// the English text stays as before.
func TestProgressSoloOpponent(t *testing.T) {
	v := game.View{Players: []game.PlayerView{{Seat: 0, House: "I", Influence: 12}}, Solo: &game.SoloView{Aspirant: "1", Name: "The Upstart"}}
	p, err := Progress(v, "en")
	if err != nil {
		t.Fatal(err)
	}
	if p.MeasureID != recap.Influence || p.UnitID != recap.Influence || p.Values[0] != 12 {
		t.Errorf("progress %+v", p)
	}
	for lang, want := range map[string]string{msg.English: p.Opponent, msg.German: "Der Emporkömmling (Aspirant)"} {
		if got := msg.Render(p.OpponentMsg, lang, nil); got != want {
			t.Errorf("%s: opponent %q, want %q", lang, got, want)
		}
	}
	if p.Opponent != "The Upstart (Aspirant)" {
		t.Errorf("English opponent %q", p.Opponent)
	}
}
