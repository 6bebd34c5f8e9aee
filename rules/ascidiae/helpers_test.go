package ascidiae

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// newTestGame builds a game with defaulted options over opts.
func newTestGame(t testing.TB, seats int, opts map[string]string) *State {
	t.Helper()
	s, err := Game.Info().ValidateSetup(rules.Setup{Seats: seats, Seed: 1, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
