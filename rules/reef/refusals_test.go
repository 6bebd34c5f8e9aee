package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Refusals name the rule and the way to write the move, not only the tokens the parser wanted.
func TestRefusalWording(t *testing.T) {
	// Seat 0 guards a white coral of 4 with its shrimp on 1:E2.
	small := func(t *testing.T) *state {
		s := fixture(t, 2)
		put(t, s, White, "1:E1", "1:E2", "1:E3", "1:F3")
		shrimpOn(t, s, 0, "1:E2")
		return s
	}
	cases := []struct {
		name string
		seat int
		move string
		want string
	}{
		{"eating a coral that is too small", 0, "eat 1 e 2",
			"The white coral on E2 on board 1 has only 4 polyps; a parrotfish eats corals of at least 5."},
		{"a shrimp sent to a word that is not a square", 0, "shrimp 1 e 2 there",
			`"there" is not a board: a square for your shrimp is written as board, column and row, like "1 c 4" (boards with room: 1, 2). Or write home to take the shrimp back behind your screen.`},
		{"a shrimp moved onto its own square", 0, "shrimp 1 e 2 1 e 2",
			"Your shrimp is already on E2 on board 1."},
		{"out of turn", 1, "take 1",
			"It is Purple's turn, not yours."},
		{"laying polyps without a larva cube", 0, "3",
			"To lay polyps, first play a larva cube: grow and a colour."},
		{"a word that is no action", 0, "dance",
			`"dance" is not a move you can make now. Start with one of: shrimp (Move a shrimp) or take (Take an open-sea space: this ends your turn).`},
		{"grow with a word that is no colour", 0, "grow x",
			`"x" is not a colour here: write g for grey, o for orange, p for pink, w for white or y for yellow.`},
		{"a trade with a word that is no colour", 0, "trade 9",
			`"9" is not a colour here: write g for grey, o for orange, p for pink, w for white or y for yellow.`},
		{"a move cut short", 0, "shrimp 1 e 2",
			`"shrimp 1 e 2" is not a whole move yet. Go on with one of: 1 (Board 1), 2 (Board 2) or home (Back behind your screen).`},
		{"a wrong token inside a move", 0, "shrimp 1 e 2 1 q",
			`"q" is not a column: write a letter. Columns of board 1 with room for your shrimp: a, b, c, d, e, f or g.`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := small(t)
			m, _ := rules.ParseMove(c.move)
			_, err := s.Apply(rules.Seat(c.seat), m)
			if reason, ok := rules.IsIllegal(err); !ok || rules.PlainSeats(s, reason) != c.want {
				t.Errorf("%q refused with\n  %v\nwant\n  %s", c.move, err, c.want)
			}
		})
	}
}
