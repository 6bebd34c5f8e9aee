package reef

import (
	"strings"
	"testing"
)

func TestIntroduceShrimp(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, Grey, "1:E2", "1:E3")
	put(t, s, Pink, "1:A5")
	shrimpOn(t, s, 1, "1:E3")
	if reason := refuse(t, s, 0, "add "+sqt("1:E2")); !strings.Contains(reason, "never two shrimps on one coral") {
		t.Errorf("onto a guarded coral: %q", reason)
	}
	if reason := refuse(t, s, 0, "add "+sqt("1:A4")); !strings.Contains(reason, "bare rock") {
		t.Errorf("onto bare rock: %q", reason)
	}
	mustApply(t, s, 0, "add "+sqt("1:A5"))
	if s.Shrimp[at("1:A5")] != 0 || s.Players[0].ShrimpsHome != 3 {
		t.Fatalf("shrimp not introduced")
	}
	put(t, s, Pink, "1:G6")
	if reason := refuse(t, s, 0, "add "+sqt("1:G6")); !strings.Contains(reason, "already introduced") {
		t.Errorf("second shrimp in a turn: %q", reason)
	}
}

func TestAtMostTwoShrimpsOfAPlayerPerBoard(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, Grey, "1:E2")
	put(t, s, Pink, "1:A5")
	put(t, s, White, "1:G6")
	put(t, s, Orange, "2:A2")
	shrimpOn(t, s, 0, "1:E2")
	shrimpOn(t, s, 0, "1:A5")
	shrimpOn(t, s, 0, "2:A2")
	if reason := refuse(t, s, 0, "add "+sqt("1:G6")); !strings.Contains(reason, "2 shrimps on board 1") && !strings.Contains(reason, "Board 1 has no space") {
		t.Errorf("third shrimp on a board: %q", reason)
	}
	if reason := refuse(t, s, 0, "shrimp "+sqt("2:A2")+" "+sqt("1:G6")); !strings.Contains(reason, "2 shrimps on board 1") {
		t.Errorf("moving a third onto board 1: %q", reason)
	}
	// Within the board the limit does not bite.
	mustApply(t, s, 0, "shrimp "+sqt("1:E2")+" "+sqt("1:G6"))
}

func TestMoveShrimp(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, Grey, "1:E2", "1:E3", "1:F3")
	put(t, s, Pink, "1:A5", "1:A6")
	put(t, s, White, "1:G6")
	shrimpOn(t, s, 0, "1:E2")
	shrimpOn(t, s, 1, "1:G6")
	// To another polyp of its coral, then to another coral, onto bare rock, and home: any number of moves.
	mustApply(t, s, 0, "shrimp "+sqt("1:E2")+" "+sqt("1:F3"))
	mustApply(t, s, 0, "shrimp "+sqt("1:F3")+" "+sqt("1:A6"))
	if reason := refuse(t, s, 0, "shrimp "+sqt("1:A6")+" "+sqt("1:G6")); !strings.Contains(reason, "{seat:1}'s shrimp") {
		t.Errorf("onto another shrimp: %q", reason)
	}
	put(t, s, White, "1:G5")
	if reason := refuse(t, s, 0, "shrimp "+sqt("1:A6")+" "+sqt("1:G5")); !strings.Contains(reason, "never two shrimps on one coral") {
		t.Errorf("onto a guarded coral: %q", reason)
	}
	mustApply(t, s, 0, "shrimp "+sqt("1:A6")+" "+sqt("1:D1"))
	if s.Shrimp[at("1:D1")] != 0 {
		t.Fatalf("shrimp not on bare rock")
	}
	mustApply(t, s, 0, "shrimp "+sqt("1:D1")+" home")
	if s.Players[0].ShrimpsHome != 4 || len(s.shrimpsOf(0)) != 0 {
		t.Errorf("shrimp not back behind the screen")
	}
	checkTotals(t, s)
}

// A shrimp may rest on bare rock during its owner's turn only: it blocks that space, and the
// turn cannot end until it has moved on.
func TestShrimpOnBareRock(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, Grey, "1:E2")
	shrimpOn(t, s, 0, "1:E2")
	giveCube(t, s, 0, Pink)
	give(t, s, 0, Pink, 1)
	mustApply(t, s, 0, "shrimp "+sqt("1:E2")+" "+sqt("1:A4"))
	mustApply(t, s, 0, "grow p")
	if reason := refuse(t, s, 0, sqt("1:A4")); !strings.Contains(reason, "holds {seat:0}'s shrimp") {
		t.Errorf("polyp under a shrimp: %q", reason)
	}
	mustApply(t, s, 0, "done")
	if reason := refuse(t, s, 0, "take g"); !strings.Contains(reason, "bare rock at A4 on board 1") {
		t.Errorf("ending the turn with a shrimp on rock: %q", reason)
	}
	mustApply(t, s, 0, "shrimp "+sqt("1:A4")+" "+sqt("1:E2"))
	mustApply(t, s, 0, "take g")
}

// The guarded-join exception lets a player join two of its own guarded corals only after moving
// a shrimp away, for instance onto bare rock.
func TestJoiningOwnCoralsByMovingAShrimp(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, Pink, "1:B5", "1:B6", "1:D6", "1:E6")
	shrimpOn(t, s, 0, "1:B6")
	shrimpOn(t, s, 0, "1:E6")
	giveCube(t, s, 0, Pink)
	give(t, s, 0, Pink, 1)
	mustApply(t, s, 0, "grow p")
	refuse(t, s, 0, sqt("1:C6"))
	mustApply(t, s, 0, "shrimp "+sqt("1:E6")+" "+sqt("1:G6"))
	mustApply(t, s, 0, sqt("1:C6"))
	if cm := s.corals(); cm.size[cm.id[at("1:E6")]] != 5 {
		t.Errorf("corals not joined")
	}
}

func TestProtectionArea(t *testing.T) {
	s := fixture(t, 2)
	put(t, s, Pink, "1:A3", "1:A4", "1:A5", "1:B5")
	put(t, s, Grey, "1:B4")
	shrimpOn(t, s, 1, "1:A4")
	want := map[string]bool{"1:A3": true, "1:A4": true, "1:A5": true, "1:B5": false, "1:B4": false}
	for name, p := range want {
		if got := s.protected(at(name)); got != p {
			t.Errorf("%s protected = %v, want %v", name, got, p)
		}
	}
}
