package autumnash

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Each kind of move event reads as it always has (the same texts as 2ac78f4 wrote with fmt): an
// entry, a move by a route, capping, a leaf becoming an orange one ("an"). Bagging is in
// TestEvents.
func TestEventTexts(t *testing.T) {
	st, err := Game.New(rules.Setup{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	for _, c := range []struct{ move, want string }{
		{"e1 queen d1 d3 queen", "Rainbow enters a green queen at E1. | Rainbow moves the green drone D1-D2-D3 and it becomes a yellow queen."},
		{"b6 b5 queen", "Xeno moves the clear drone B6-B5 and it becomes a white queen."},
		{"d3 d4 pawn", "Rainbow moves the yellow queen D3-D4 and it becomes a red pawn."},
		{"b5 b3 drone", "Xeno moves the white queen B5-B4-B3 and it becomes an orange drone."},
		{"b1 b3", "Rainbow moves the green pawn B1-B2-B3, capping Xeno's orange drone, and it becomes a yellow pawn."},
	} {
		evs := mustApply(t, s, c.move)
		var texts []string
		for _, e := range evs {
			texts = append(texts, rules.PlainSeats(s, e.English()))
		}
		if got := strings.Join(texts, " | "); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.move, got, c.want)
		}
	}
}

// A bag that passes the target says the score against the target, not "22 of 21" (issue 40).
func TestBagPastTargetText(t *testing.T) {
	s := pos(t, "variant standard\nturn rainbow\nscores 19 0\n"+
		"6 .  .  .  C2 C1\n5 .  .  .  .  .\n4 .  .  .  .  .\n3 Y1 Y1 .  .  .\n2 .  .  .  .  .\n1 .  .  G1 .  .\n")
	var texts []string
	for _, e := range mustApply(t, s, "c1 c3 pawn") {
		texts = append(texts, rules.PlainSeats(s, e.English()))
	}
	got := strings.Join(texts, " | ")
	if !strings.Contains(got, ": 22 points (target 21).") || strings.Contains(got, "of 21") {
		t.Errorf("got %s", got)
	}
}
