package rules

import "testing"

type plainGame struct{ Game }

type openGame struct {
	Game
	open bool
}

func (g openGame) PublicMoves() bool { return g.open }

// A game's moves are public only when it says so.
func TestMovesArePublic(t *testing.T) {
	cases := []struct {
		name string
		g    Game
		want bool
	}{
		{"no declaration", plainGame{}, false},
		{"declares public", openGame{open: true}, true},
		{"declares not public", openGame{open: false}, false},
	}
	for _, c := range cases {
		if got := MovesArePublic(c.g); got != c.want {
			t.Errorf("%s: MovesArePublic = %v, want %v", c.name, got, c.want)
		}
	}
}
