package reef

import "testing"

// Growing shows a colour from behind the grower's screen (a larva cube, or a parrotfish polyp
// traded): news to the others, none to the grower, so Shows and no Reveals.
func TestGrowShowsTheGrowersOwnColour(t *testing.T) {
	for _, c := range []struct {
		move string
		prep func(s *state)
	}{
		{"grow g", func(s *state) { giveCube(t, s, 0, Grey); give(t, s, 0, Grey, 1) }},
		{"trade w grow", func(s *state) { giveConsumed(t, s, 0, White, 1); give(t, s, 0, White, 1) }},
	} {
		s := fixture(t, 2)
		c.prep(s)
		shown := false
		for _, e := range mustApply(t, s, 0, c.move) {
			if e.NewsTo(0) {
				t.Errorf("%s: %q is news to the grower", c.move, e.English())
			}
			shown = shown || (len(e.Shows) == 1 && e.Shows[0] == 0 && e.NewsTo(1) && !e.Reveals)
		}
		if !shown {
			t.Errorf("%s: no event shows the grower's colour", c.move)
		}
	}
}
