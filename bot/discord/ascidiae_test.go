package discord

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// ascidiaeLean claims a colony whenever the tadpoles allow it.
func ascidiaeLean(path rules.Move, c rules.Choice) float64 {
	switch c.Token {
	case "colonize":
		return 100
	}
	return 1
}

// checkAscidiae: the simultaneous setup (every player places their initial ascidiae at once) was
// answered through each player's own button, and a placement was told only to its player until
// everyone had placed.
func checkAscidiae(t *testing.T, d *driver) {
	if d.g.seats > 1 && d.stats.multi == 0 {
		t.Error("the setup never awaited several players at once")
	}
	if d.g.seats > 1 && d.stats.privateEvents == 0 {
		t.Error("no placement was kept to its player while the others were still placing")
	}
}
