package reef

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// spot names a square as the view does.
func spotOf(name string) Spot {
	sq := at(name)
	return Spot{Board: sq / perBoard, Row: sq % perBoard / Cols, Col: sq % Cols}
}

// turnOf is seat's entry in the view's turn marks, and its place in their order.
func turnOf(t *testing.T, v *View, seat int) (TurnMarks, int) {
	t.Helper()
	for i, tm := range v.Turns {
		if tm.Seat == seat {
			return tm, i
		}
	}
	t.Fatalf("no turn marks for seat %d in %+v", seat, v.Turns)
	return TurnMarks{}, -1
}

// The view carries the whole latest turn of each seat, not only the move that ended it (always a
// take): every polyp laid or overgrown, each shrimp moved, each coral eaten, each tile flipped.
// A seat's marks stay until its next turn starts, a later turn's square replaces an older mark
// on it, and snapshots keep the marks.
func TestViewCarriesEachSeatsTurn(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, White, "1:A3", "1:A4")
	put(t, s, Yellow, "1:B3", "1:B2", "1:C2")
	put(t, s, Grey, "1:E2")
	shrimpOn(t, s, 0, "1:E2")
	giveCube(t, s, 0, White)
	give(t, s, 0, White, 4)
	take := "take " + s.Sea[0].Colour.Letter()

	// Seat 0: overgrows B3, lays G6, sends a shrimp home, takes.
	mustApply(t, s, 0, "grow w")
	mustApply(t, s, 0, sqt("1:B3"))
	mustApply(t, s, 0, sqt("1:G6"))
	mustApply(t, s, 0, "done")
	mustApply(t, s, 0, "shrimp "+sqt("1:E2")+" home")
	mustApply(t, s, 0, take)
	v := s.View(rules.Spectator).(*View)
	if len(v.Turns) != 1 {
		t.Fatalf("after seat 0's turn: %+v", v.Turns)
	}
	tm, _ := turnOf(t, v, 0)
	if !slices.Equal(tm.Overgrown, []Spot{spotOf("1:B3")}) || !slices.Equal(tm.Laid, []Spot{spotOf("1:G6")}) {
		t.Errorf("seat 0's polyps: laid %v, overgrown %v", tm.Laid, tm.Overgrown)
	}
	if len(tm.Shrimps) != 1 || tm.Shrimps[0].From == nil || *tm.Shrimps[0].From != spotOf("1:E2") || tm.Shrimps[0].To != nil {
		t.Errorf("seat 0's shrimp: %+v", tm.Shrimps)
	}
	if !slices.Equal(tm.Took, []Colour{s.Sea[0].Colour}) || tm.Running {
		t.Errorf("seat 0's take: %v, running %v", tm.Took, tm.Running)
	}

	// Seat 1: eats the coral over seat 0's G6, then an alga on the open sea flips tiles.
	put(t, s, White, "1:G5", "1:G4", "1:G3", "1:F3")
	shrimpOn(t, s, 1, "1:G5")
	mustApply(t, s, 1, "eat "+sqt("1:G5"))
	giveConsumed(t, s, 1, White, 1)
	mustApply(t, s, 1, "alga w green sea")
	v = s.View(rules.Spectator).(*View)
	tm1, i1 := turnOf(t, v, 1)
	tm0, i0 := turnOf(t, v, 0)
	if i0 > i1 {
		t.Errorf("seat 0's older turn should come first: %+v", v.Turns)
	}
	if !tm1.Running || !tm1.SeaAlga || !slices.Equal(tm1.Flipped, []int{1, 5, 8}) {
		t.Errorf("seat 1's running turn: %+v", tm1)
	}
	eaten := slices.Clone(tm1.Eaten)
	slices.SortFunc(eaten, func(a, b Spot) int { return (a.Row*Cols + a.Col) - (b.Row*Cols + b.Col) })
	if !slices.Equal(eaten, []Spot{spotOf("1:F3"), spotOf("1:G3"), spotOf("1:G4"), spotOf("1:G5"), spotOf("1:G6")}) {
		t.Errorf("seat 1 ate %v", tm1.Eaten)
	}
	if len(tm0.Laid) != 0 || len(tm0.Overgrown) != 1 {
		t.Errorf("seat 0's G6 was eaten since: laid %v, overgrown %v", tm0.Laid, tm0.Overgrown)
	}

	// A snapshot keeps the marks.
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := decode(b)
	if err != nil {
		t.Fatal(err)
	}
	vb := back.View(rules.Spectator).(*View)
	j1, _ := json.Marshal(v.Turns)
	j2, _ := json.Marshal(vb.Turns)
	if string(j1) != string(j2) {
		t.Errorf("after a snapshot:\n%s\n%s", j1, j2)
	}

	// Seat 1 ends its turn; seat 0's next action replaces its old turn's marks.
	mustApply(t, s, 1, "take "+s.Sea[1].Colour.Letter())
	mustApply(t, s, 0, "alga y red sea")
	v = s.View(rules.Spectator).(*View)
	tm0, i0 = turnOf(t, v, 0)
	if i0 != len(v.Turns)-1 || !tm0.Running || len(tm0.Overgrown) != 0 || len(tm0.Shrimps) != 0 || !tm0.SeaAlga {
		t.Errorf("seat 0's new turn: %+v (place %d)", tm0, i0)
	}
	if tm1, _ = turnOf(t, v, 1); tm1.Running || len(tm1.Eaten) != 5 {
		t.Errorf("seat 1's finished turn: %+v", tm1)
	}
}

// Snapshots written before the turn marks decode, and marks out of range are refused.
func TestTurnMarksInSnapshots(t *testing.T) {
	s := fixture(t, 2)
	s.Recent = nil
	b, _ := s.Encode()
	if _, err := decode(b); err != nil {
		t.Fatalf("a snapshot without turn marks: %v", err)
	}
	s.Recent = []seatTurn{{Seq: 1, Laid: []int{s.numSquares()}}, {}}
	b, _ = s.Encode()
	if _, err := decode(b); err == nil {
		t.Errorf("a mark off the reef decoded")
	}
}

// A square eaten and then laid on in the same turn is marked as laid: it holds a polyp again.
func TestEatenThenLaidIsLaid(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, White, "1:E1", "1:E2", "1:E3", "1:F3", "1:G3")
	shrimpOn(t, s, 0, "1:E2")
	mustApply(t, s, 0, "eat "+sqt("1:E2"))
	giveCube(t, s, 0, Pink)
	give(t, s, 0, Pink, 1)
	mustApply(t, s, 0, "grow p")
	mustApply(t, s, 0, sqt("1:E3"))
	tm, _ := turnOf(t, s.View(rules.Spectator).(*View), 0)
	if !slices.Contains(tm.Laid, spotOf("1:E3")) || slices.Contains(tm.Eaten, spotOf("1:E3")) || len(tm.Eaten) != 4 {
		t.Errorf("eaten %v, laid %v", tm.Eaten, tm.Laid)
	}
}

// Copies share their turn marks until one of them moves: a move on a copy leaves the original's
// marks as they were.
func TestCopyKeepsItsOwnTurnMarks(t *testing.T) {
	s := fixture(t, 2)
	giveCube(t, s, 0, Pink)
	give(t, s, 0, Pink, 3)
	mustApply(t, s, 0, "grow p")
	mustApply(t, s, 0, sqt("1:A3"))
	before, _ := json.Marshal(s.View(rules.Spectator).(*View).Turns)
	c := s.clone()
	mustApply(t, c, 0, sqt("1:A5"))
	after, _ := json.Marshal(s.View(rules.Spectator).(*View).Turns)
	if string(before) != string(after) {
		t.Errorf("a move on a copy changed the original's marks:\n%s\n%s", before, after)
	}
	if tm, _ := turnOf(t, c.View(rules.Spectator).(*View), 0); len(tm.Laid) != 2 {
		t.Errorf("the copy's marks: %+v", tm)
	}
}
