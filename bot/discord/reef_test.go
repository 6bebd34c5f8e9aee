package discord

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// reefLean keeps random Reef Encounter games short (some 130 moves with three players instead
// of 300): a turn grows a coral or two and soon ends by taking an open-sea space.
func reefLean(path rules.Move, c rules.Choice) float64 {
	if len(path) == 0 {
		switch c.Token {
		case "take":
			return 10
		case "grow":
			return 5
		}
	}
	return 1
}

// checkReef: the secret setup choices were made at once through each player's own button, and
// the screens were looked at privately.
func checkReef(t *testing.T, d *driver) {
	if d.stats.multi == 0 {
		t.Error("the setup never awaited several players at once")
	}
	if d.stats.privateViews == 0 {
		t.Error("no private view showed more than the public board: where is the screen?")
	}
}
