package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// An overgrow label tells the gain first (the coral grown, so a cut label keeps it) and says whose
// coral the overgrown polyp belongs to: your own (your shrimp guards it), another player's, or
// nobody's; and the event says it too.
func TestOvergrowLabelNamesTheCoral(t *testing.T) {
	cases := []struct {
		name   string
		shrimp int // seat guarding the yellow coral from C2, or -1
		label  string
		event  string
	}{
		{"your own coral", 0, "B3 on board 1: grow a white coral to 3 polyps, keeping the yellow polyp of your coral as consumed",
			"Purple lays a white polyp from behind the screen on B3 on board 1, overgrowing the yellow polyp there (a coral their own shrimp guards), which Purple keeps as a consumed polyp."},
		{"another player's coral", 1, "B3 on board 1: grow a white coral to 3 polyps, keeping the yellow polyp of Green's coral as consumed",
			"Purple lays a white polyp from behind the screen on B3 on board 1, overgrowing the yellow polyp there (a coral guarded by Green's shrimp), which Purple keeps as a consumed polyp."},
		{"an unguarded coral", -1, "B3 on board 1: grow a white coral to 3 polyps, keeping the yellow polyp as consumed",
			"Purple lays a white polyp from behind the screen on B3 on board 1, overgrowing the yellow polyp there, which Purple keeps as a consumed polyp."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := fixture(t, 2)
			put(t, s, White, "1:A3", "1:A4")
			// The shrimp on C2 protects C2 and B2, not B3: B3 can be overgrown.
			put(t, s, Yellow, "1:B3", "1:B2", "1:C2")
			if c.shrimp >= 0 {
				shrimpOn(t, s, c.shrimp, "1:C2")
			}
			giveCube(t, s, 0, White)
			give(t, s, 0, White, 4)
			mustApply(t, s, 0, "grow w")
			var label string
			for _, ch := range choices(t, s, 0, "1 b") {
				if ch.Token == "3" {
					label = rules.PlainSeats(s, ch.English())
				}
			}
			if label != c.label {
				t.Errorf("label\n  %s\nwant\n  %s", label, c.label)
			}
			evs := mustApply(t, s, 0, "1 b 3")
			if got := rules.PlainSeats(s, evs[0].English()); got != c.event {
				t.Errorf("event\n  %s\nwant\n  %s", got, c.event)
			}
		})
	}
}

// Shrimp moves and polyps laid can repeat many times in a turn: their events carry a Kind, and
// posts tell each of them.
func TestRepeatedEventsCarryKinds(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, Grey, "1:E2", "1:E3")
	shrimpOn(t, s, 0, "1:E2")
	giveCube(t, s, 0, Pink)
	give(t, s, 0, Pink, 3)
	var got []rules.Event
	for _, m := range []string{"shrimp 1 e 2 1 e 3", "shrimp 1 e 3 1 a 4", "shrimp 1 a 4 home", "grow p", "1 a 5", "1 a 6"} {
		got = append(got, mustApply(t, s, 0, m)...)
	}
	kinds := map[string]int{}
	for _, e := range got {
		if e.Kind == "" {
			continue
		}
		kinds[e.Kind]++
	}
	if kinds["shrimp"] != 3 || kinds["lay"] != 2 {
		t.Errorf("kinds %v, want 3 shrimp and 2 lay", kinds)
	}
}
