package reef

import (
	"strings"
	"testing"
)

func TestTakeAndRefill(t *testing.T) {
	s := fixture(t, 2)
	i := s.seaIndex(Pink)
	got := s.Sea[i].Polyps
	var before [NumColours]int
	for k, sp := range s.Sea {
		before[k] = sp.count()
	}
	evs := mustApply(t, s, 0, "take p")
	p := s.Players[0]
	if p.Cubes[Pink] != 1 || p.Screen != got {
		t.Fatalf("took cube %v and polyps %v, want the space's %v", p.Cubes, p.Screen, got)
	}
	// A new pink cube, and one polyp on every space that held fewer than 3.
	for k, sp := range s.Sea {
		want := before[k]
		if k == i {
			want = 0
		}
		if want < 3 {
			want++
		}
		if sp.count() != want || !sp.Cube {
			t.Errorf("space %s holds %d (cube %v), want %d", sp.Colour, sp.count(), sp.Cube, want)
		}
	}
	if s.Turn != 1 || s.T.Started {
		t.Errorf("the turn did not pass")
	}
	reveal := false
	for _, e := range evs {
		reveal = reveal || e.Reveals
	}
	if !reveal {
		t.Errorf("the refill draws are random: undo must not cross them")
	}
	checkTotals(t, s)
}

func TestRefillUsesBonusTilesWhenTheBagRunsDry(t *testing.T) {
	s := fixture(t, 2)
	for c := range s.Bag {
		s.Players[1].Screen[c] += s.Bag[c]
		s.Bag[c] = 0
	}
	mustApply(t, s, 0, "take p")
	if s.Res != nil {
		t.Fatalf("the game ended though the bonus tiles could refill: %s", s.EndReason)
	}
	bonus := 0
	for _, b := range s.Bonus {
		if b {
			bonus++
		}
	}
	if bonus >= 5 {
		t.Errorf("no bonus tile went into the bag")
	}
	checkTotals(t, s)
}

func TestRefillFailureEndsTheGame(t *testing.T) {
	// No polyp left anywhere to draw.
	s := fixture(t, 2)
	for c := range s.Bag {
		s.Players[1].Screen[c] += s.Bag[c]
		s.Bag[c] = 0
		if s.Bonus[c] {
			s.Bonus[c] = false
			s.Players[1].Screen[c]++
		}
	}
	mustApply(t, s, 0, "take p")
	if s.Res == nil || !strings.Contains(s.EndReason, "bag is empty") || len(s.Awaiting()) != 0 {
		t.Fatalf("want the game over, reason %q", s.EndReason)
	}
	// No pink larva cube left to put back.
	s = fixture(t, 2)
	for s.CubeSupply[Pink] > 0 {
		giveCube(t, s, 1, Pink)
	}
	mustApply(t, s, 0, "take p")
	if s.Res == nil || !strings.Contains(s.EndReason, "no pink larva cube") {
		t.Fatalf("want the game over, reason %q", s.EndReason)
	}
}
