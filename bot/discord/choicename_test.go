package discord

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot"
)

// A choice's name says what it is even when clipped: a kind of move whose count no longer fits
// (a 98-character Ascalion chain) ends " …" like a partial move, not "…" like a whole one.
func TestChoiceNameKeepsItsMark(t *testing.T) {
	long := "chain calmor mabaron +gold doilan velinor xandar fennor dravon orphir erein +coal parthenion -gold"
	for _, c := range []struct {
		name string
		s    bot.Suggestion
		want string
	}{
		{"kind", bot.Suggestion{Value: "b1", Label: "b1 … (48 moves) — go", Moves: 48}, "b1 … (48 moves) — go"},
		{"long kind", bot.Suggestion{Value: long, Label: long + " … (2 moves)", Moves: 2}, long[:97] + "… …"},
		{"whole", bot.Suggestion{Value: long, Label: long + " — +3 · gold", Complete: true}, long + "…"},
		{"partial", bot.Suggestion{Value: "b1", Label: "b1 — go"}, "b1 — go …"},
	} {
		got := choiceName(c.s)
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		if len([]rune(got)) > maxOption {
			t.Errorf("%s: %d characters", c.name, len([]rune(got)))
		}
		if kind := strings.Contains(got, " … ("); !c.s.Complete && !kind && !strings.HasSuffix(got, " …") {
			t.Errorf("%s: %q reads as a whole move", c.name, got)
		}
	}
}
