package reef

import (
	"strings"
	"testing"
)

func sides(s *state) string {
	var b strings.Builder
	for _, t := range s.Tiles {
		if t.SideB {
			b.WriteByte('B')
		} else {
			b.WriteByte('A')
		}
	}
	return b.String()
}

func TestAlgaOnTheOpenSeaFlipsTiles(t *testing.T) {
	s := fixture(t, 2)
	giveConsumed(t, s, 0, White, 2)
	mustApply(t, s, 0, "alga w green sea")
	// Tiles 1, 5 and 8 show a large green alga on side A.
	if got := sides(s); got != "BAAABAABAA" {
		t.Fatalf("after green: %s", got)
	}
	if s.SeaAlga != Green || s.AlgaSupply[Green] != 4 || s.Players[0].Consumed[White] != 1 {
		t.Fatalf("green cylinder not on the open sea")
	}
	// Action 7 may be taken again; the new cylinder replaces the old one, which goes back.
	mustApply(t, s, 0, "alga w red sea")
	// Red flips 2 and 9, and 5 back: its side B shows a large red alga.
	if got := sides(s); got != "BBAAAAABBA" {
		t.Fatalf("after red: %s", got)
	}
	if s.SeaAlga != Red || s.AlgaSupply[Green] != 5 || s.AlgaSupply[Red] != 4 {
		t.Errorf("red did not replace green: supply %v", s.AlgaSupply)
	}
	// Tile 1 now shows its side B: yellow beats white, with a large blue alga.
	if strong, _ := s.tileColours(0); strong != Yellow || !s.stronger(Yellow, White) {
		t.Errorf("tile 1 side B should make yellow the stronger")
	}
	checkTotals(t, s)
}

func TestAlgaOnACoralTileLocksIt(t *testing.T) {
	s := fixture(t, 2)
	giveConsumed(t, s, 0, White, 3)
	if reason := refuse(t, s, 0, "alga w blue 3"); !strings.Contains(reason, "has eaten a coral") {
		t.Errorf("before eating: %q", reason)
	}
	s.Players[0].ShrimpsHome--
	s.Players[0].ShrimpsEaten++
	if reason := refuse(t, s, 0, "alga w blue 4"); !strings.Contains(reason, "large purple alga") {
		t.Errorf("wrong alga: %q", reason)
	}
	mustApply(t, s, 0, "alga w blue 3")
	// Tile 3 is covered; the other large blue tiles (6 and 10) flip.
	if s.Tiles[2].Cover != Blue || sides(s) != "AAAAABAAAB" {
		t.Fatalf("after blue on 3: cover %v, sides %s", s.Tiles[2].Cover, sides(s))
	}
	if reason := refuse(t, s, 0, "alga w green 1"); !strings.Contains(reason, "already covered a coral tile this turn") {
		t.Errorf("second tile in a turn: %q", reason)
	}
	// The open sea is still open this turn, and a covered tile never flips again.
	mustApply(t, s, 0, "alga w red sea")
	s.nextTurn(&events{})
	s.nextTurn(&events{})
	giveConsumed(t, s, 0, White, 1)
	mustApply(t, s, 0, "alga w blue sea")
	if s.Tiles[2].SideB {
		t.Errorf("a covered tile flipped")
	}
	checkTotals(t, s)
}

func TestLastUncoveredTile(t *testing.T) {
	s := fixture(t, 2)
	for i := 1; i < NumTiles; i++ {
		large, _ := s.tileAlgae(i)
		s.AlgaSupply[large]--
		s.Tiles[i].Cover = large
	}
	s.Players[0].ShrimpsHome--
	s.Players[0].ShrimpsEaten++
	giveConsumed(t, s, 0, Grey, 1)
	giveFish(t, s, 0, Grey, 1)
	if reason := refuse(t, s, 0, "alga g green 1"); !strings.Contains(reason, "at least 2 polyps") {
		t.Errorf("last tile with one polyp in the fish: %q", reason)
	}
	giveFish(t, s, 0, Grey, 1)
	evs := mustApply(t, s, 0, "alga g green 1")
	if s.Phase == phasePlay {
		t.Fatalf("covering the last tile did not end the game")
	}
	// Nobody has a last turn here, so the result alone tells the reason (told once).
	if s.Res == nil || !strings.Contains(s.Res.English(), "All ten coral tiles are covered") {
		t.Errorf("result %+v, events %v", s.Res, evs)
	}
}
