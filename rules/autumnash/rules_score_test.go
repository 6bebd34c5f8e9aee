package autumnash

import "testing"

func pts(r, x int) *[2]int { return &[2]int{r, x} }

func TestLines(t *testing.T) {
	runChecks(t, []check{
		{name: "orthogonal row", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			R1 R2 .  .  .
			.  .  Y2 .  .`), apply: "c1 c2 queen", scores: pts(1+2+3+3, 0), board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .`},
		{name: "orthogonal column", diag: std(`
			.  .  .  .  C1
			.  .  R3 .  .
			.  .  R1 .  .
			.  .  .  .  .
			.  .  Y2 .  .
			.  .  .  .  .`), apply: "c2 c3 pawn", scores: pts(3+1+1+3, 0)},
		{name: "rising diagonal", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  Y1 .
			.  R1 .  .  .
			R1 .  .  .  .`), apply: "d3 c3 pawn", scores: pts(1+1+1+3, 0)},
		{name: "falling diagonal", diag: std(`
			.  .  .  .  C1
			R1 .  .  .  .
			.  R1 .  .  .
			.  .  .  Y1 .
			.  .  .  .  .
			.  .  .  .  .`), apply: "d3 c3 pawn", scores: pts(6, 0)},
		{name: "leaves at any height", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			R1W1 N1R2N1 .  .  .
			.  .  Y2 .  .`), apply: "c1 c2 pawn", scores: pts(1+2+1+3, 0), board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			W1 N1N1 .  .  .
			.  .  .  .  .`},
		{name: "a line takes the topmost leaf of its colour from each square", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			R1 R1W1R2 .  .  .
			.  .  Y2 .  .`), apply: "c1 c2 pawn", scores: pts(1+2+1+3, 0), board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			.  R1W1 .  .  .
			.  .  .  .  .`},
		{name: "a gap interrupts a line", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			R1 .  .  R1 .
			.  .  Y2 .  .`), apply: "c1 c2 pawn", scores: pts(0, 0)},
		{name: "a line of four is bagged whole", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			R1 R1 .  R1 .
			.  .  Y2 .  .`), apply: "c1 c2 pawn", scores: pts(4+3, 0)},
		{name: "three of a colour in one stack", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  R1W1R2N1 .  .
			.  .  Y1 .  .
			.  .  .  .  .`), apply: "c2 c3", scores: pts(1+2+1+3, 0), board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  W1N1 .  .
			.  .  .  .  .
			.  .  .  .  .`},
		{name: "two of a colour in a stack is not a line", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  R1W1 .  .
			.  .  Y1 .  .
			.  .  .  .  .`), apply: "c2 c3", scores: pts(0, 0)},
		{name: "only lines through the moved leaf score", diag: std(`
			R1 R1 R1 .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  Y1 .  .`), apply: "c1 c2 pawn", scores: pts(0, 0), board: `
			R1 R1 R1 .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  R1 .  .
			.  .  .  .  .`},
		{name: "several lines are one group with one bonus", diag: std(`
			.  .  .  .  C1
			.  .  R1 .  .
			.  .  R1 .  .
			R1 R1 .  .  .
			.  .  Y1 .  .
			.  .  .  .  .`), apply: "c2 c3 queen", scores: pts(1+1+1+1+3+3, 0)},
		{name: "the opponent's colours never score for the mover", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  N1 N1 N1 .
			.  .  Y1 .  .
			.  .  .  .  .`), apply: "c2 c3", scores: pts(0, 0)},
		{name: "burnt leaves score with the big bonus", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			K1 K2 .  .  .
			.  .  B1 .  .
			.  .  .  .  .`), apply: "c2 c3 pawn", scores: pts(1+2+1+12, 0)},
		{name: "xeno's orange bonus", diag: "variant standard\nturn xeno\n" + numbered(`
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			O1 O1 .  .  .
			.  .  W1 .  .
			.  .  .  .  G1`), apply: "c2 c3 pawn", scores: pts(0, 1+1+1+3)},
		{name: "dropped stacks do not score again", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			Y1R1 Y1R1 .  Y1 .
			.  .  Y2 .  .`), apply: "c1 c2 pawn", scores: pts(1+1+1+3, 0), board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			Y1 Y1 .  Y1 .
			.  .  .  .  .`},
	})
}

// Bagged leaves go back to their owner's unplayed stash.
func TestBaggedReturnToStash(t *testing.T) {
	s := pos(t, std(`
		.  .  .  .  C1
		.  .  .  .  .
		.  .  .  .  .
		.  .  .  .  .
		R1 R2 .  .  .
		.  .  Y2 .  .`))
	mustApply(t, s, "c1 c2 queen")
	for _, e := range s.view().Stash[0] {
		if e.Colour == Red && (e.Pawns != 4 || e.Drones != 4 || e.Queens != 4) {
			t.Errorf("red stash after bagging: %+v, want 4 of each", e)
		}
	}
	if l := s.last; l == nil || l.Points != 9 || len(l.Bagged) != 3 {
		t.Errorf("last move: %+v", l)
	}
}
