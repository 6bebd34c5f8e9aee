package autumnash

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Refusals name the rule the move breaks and how to write it right, never the parser's view
// ("expected a square"). Each case is a slip players make, with the whole answer they get.
func TestRefusalWording(t *testing.T) {
	cornerTaken := std(`
		.  .  C1 .  .
		.  .  .  .  .
		.  .  .  .  .
		.  .  Y2 .  .
		.  .  .  .  .
		Y1 .  .  .  W1`)
	cases := []struct {
		name, diag, move, want string
	}{
		{"entering at a corner one's own leaf holds", cornerTaken, "a1 pawn a1 a2 pawn",
			`A leaf can enter only on a free corner, and A1 is taken by your yellow pawn. Free entry corners now: A6, E6. After the leaf on A1 comes the square it moves to, then what it becomes ("pawn"), like "a1 b1 pawn".`},
		{"entering at a corner the opponent holds", cornerTaken, "e1 pawn e1 e2 pawn",
			"The top leaf on E1 is Xeno's white pawn; move one of your own. A leaf can enter only on a free corner, and E1 is taken. Free entry corners now: A6, E6."},
		{"a size before any square", cornerTaken, "pawn a6 a6 a5",
			"A move starts with a square, not a size: one of your leaves to move, or a free corner to enter a green pawn at, with the size after the corner, like \"a6 pawn …\". Free entry corners now: A6, E6."},
		{"a size where the destination goes", cornerTaken, "c3 drone",
			`After the leaf on C3 comes the square it moves to, then what it becomes ("drone"), like "c3 c1 drone".`},
		{"nothing on the square after an entry", cornerTaken, "a6 pawn b5 b4",
			"There is no leaf on B5 to move: name one of yours, or the green pawn just entered on A6."},
		{"Unsettled: a first move without an entry", "variant unsettled\nturn rainbow\n", "d3 d4 drone",
			`There is no leaf on D3 to move, so D3 starts an entry: a green leaf enters at that corner, and its size comes next (pawn, drone, queen), like "d3 pawn d3 d4".`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := pos(t, c.diag)
			_, err := s.Apply(s.turn, move(c.move))
			if reason, ok := rules.IsIllegal(err); !ok || rules.PlainSeats(s, reason) != c.want {
				t.Errorf("%q refused with\n  %v\nwant\n  %s", c.move, err, c.want)
			}
		})
	}
}

// When only one size can enter, the size is not asked; typing it anyway is explained.
func TestRefusalForcedEntrySize(t *testing.T) {
	// Every green drone and queen is on the board: only a green pawn can enter.
	s := pos(t, std(`
		.  .  C1 .  .
		.  G2 .  G3 G2
		.  .  .  .  .
		G3 .  G2 .  G3
		.  .  .  .  .
		Y1 .  .  .  W1`))
	_, err := s.Apply(0, move("a6 pawn a6 a5"))
	want := `Only a green pawn can enter at A6 now, so its size is not asked: name the leaf to move next (it may be the one just entered), like "a6 a6 a4".`
	if reason, _ := rules.IsIllegal(err); reason != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
