package autumnash

import (
	"strings"
	"testing"
)

// The rulebook's movement examples.
func TestRulebookMovement(t *testing.T) {
	s := posFile(t, "movement.txt")
	sameTokens(t, "R queen at A1", tokens(t, s, "a1"), "b1", "b2", "c1")
	mustRefuse(t, s, "a1 a2", "A2 is blocked: Xeno's white drone on A3 stops drones and queens arriving head-on")
	mustRefuse(t, s, "a1 a3", "A2 is blocked")
	mustRefuse(t, s, "a1 a1", "cannot come back")

	c3 := tokens(t, s, "c3")
	for _, want := range []string{"c2", "d3"} {
		if !strings.Contains(strings.Join(c3, " "), want) {
			t.Errorf("R queen at C3 should reach %s beside the X drone, got %v", want, c3)
		}
	}
	mustRefuse(t, s, "c3 b3", "B3 is blocked: Xeno's white drone on A3 stops drones and queens arriving head-on")
	mustRefuse(t, s, "c3 d2", "A queen cannot cap Xeno's white drone on D2")

	if l := label(t, s, "d1", "d2"); !strings.Contains(l, "onto D2") || !strings.Contains(l, "caps a white drone") || !strings.Contains(l, "blue pawn") {
		t.Errorf("label for the capping move: %q", l)
	}
	mustApply(t, s, "d1 d2")
	wantBoard(t, s, `
6 . . . . .
5 . . . . .
4 . . . . .
3 W2 . G3 . .
2 . . . W2B1 .
1 Y3 . . . .`)
}

// The rulebook's scoring examples.
func TestRulebookScoring(t *testing.T) {
	for _, tc := range []struct {
		size   string
		points int
	}{{"pawn", 14}, {"drone", 15}, {"queen", 16}} {
		s := posFile(t, "scoring.txt")
		sameTokens(t, "sizes", tokens(t, s, "a3 b3"), "pawn", "drone", "queen")
		evs := mustApply(t, s, "a3 b3 "+tc.size)
		if s.scores[1] != tc.points {
			t.Errorf("Xeno A3-B3 as a cyan %s scores %d, want %d (%v)", tc.size, s.scores[1], tc.points, evs)
		}
		if tc.size == "queen" {
			wantBoard(t, s, `
6 . . . . .
5 . . . . .
4 . . . Y2 .
3 . . . R3R1 .
2 . . . . .
1 . . . Y3 .`)
		}
	}

	s := posFile(t, "scoring.txt")
	s.turn = 0
	s.refresh()
	mustRefuse(t, s, "d1 d3", "A queen cannot cap your red pawn on D3: a pawn can be capped only by a pawn or a drone")
	mustApply(t, s, "d4 d3")
	if s.scores[0] != 8 {
		t.Errorf("Rainbow's vertical red bag scores %d, want 8", s.scores[0])
	}
	wantBoard(t, s, `
6 . . . . .
5 . N2 . . .
4 . N2 . . .
3 O2 . N2 N1 .
2 . . . . .
1 . . . Y3 .`)
}
