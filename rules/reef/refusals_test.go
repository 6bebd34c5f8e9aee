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
			"The white coral on 1:E2 has only 4 polyps; a parrotfish eats corals of at least 5."},
		{"a shrimp sent to a word that is not a square", 0, "shrimp 1 e 2 there",
			`"there" is not a board: a square for your shrimp is written as board, column and row, like "1 c 4" (boards with room: 1, 2). Or write home to take the shrimp back behind your screen.`},
		{"a shrimp moved onto its own square", 0, "shrimp 1 e 2 1 e 2",
			"Your shrimp is already on 1:E2."},
		{"out of turn", 1, "take 1",
			"It is Player 1's turn, not yours."},
		{"laying polyps without a larva cube", 0, "3",
			"To lay polyps, first play a larva cube: grow and a colour."},
		{"a word that is no action", 0, "dance",
			`"dance" is not possible now. You may start with one of: shrimp (5. Move a shrimp), take (10. Take an open-sea space (ends your turn)).`},
		{"a wrong token inside a move", 0, "shrimp 1 e 2 1 q",
			`"q" does not fit after "shrimp 1 e 2 1". What comes next is one of: a (Column A of board 1), b (Column B of board 1), c (Column C of board 1), d (Column D of board 1), e (Column E of board 1), f (Column F of board 1), g (Column G of board 1).`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := small(t)
			m, _ := rules.ParseMove(c.move)
			_, err := s.Apply(rules.Seat(c.seat), m)
			if reason, ok := rules.IsIllegal(err); !ok || reason != c.want {
				t.Errorf("%q refused with\n  %v\nwant\n  %s", c.move, err, c.want)
			}
		})
	}
}
