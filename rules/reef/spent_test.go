package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// A square written after the larva play closed by itself is refused with the reason the play is
// over, not "first play a larva cube" (play-test: holding one orange polyp, "grow o, 2 b 5, 2 b 6"
// was refused at step 3 as if no cube had been played).
func TestLayAfterThePlayClosedItself(t *testing.T) {
	cases := []struct {
		name   string
		screen int
		moves  []string
		next   string
		want   string
	}{
		{"out of polyps", 1, []string{"grow o", "1 a 6"}, "1 c 6",
			"You hold no more orange polyps: this larva play is over."},
		{"out of polyps, cp", 1, []string{"grow o", "1 a 6"}, "cp 1 c 6",
			"You hold no more orange polyps: this larva play is over."},
		{"a cube's four laid", 6, []string{"grow o", "1 a 6", "1 c 6", "1 b 5", "1 a 5"}, "1 d 6",
			"You have laid 4 polyps from behind your screen for this orange larva cube: this larva play is over."},
		{"no cube played yet", 1, nil, "1 a 6",
			"To lay polyps, first play a larva cube: grow and a colour."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := fixture(t, 2)
			put(t, s, Orange, "1:B6")
			give(t, s, 0, Orange, c.screen)
			giveCube(t, s, 0, Orange)
			giveCube(t, s, 0, Grey)
			for _, m := range c.moves {
				mustApply(t, s, 0, m)
			}
			if got := rules.PlainSeats(s, refuse(t, s, 0, c.next)); got != c.want {
				t.Errorf("%q refused with\n  %s\nwant\n  %s", c.next, got, c.want)
			}
		})
	}
}
