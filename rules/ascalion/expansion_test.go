package ascalion

import (
	"testing"
)

func expFixture(t *testing.T, n int) *fixture { return newFixture(t, n, "expansion", "on") }

// §15.1: the temple is offered from the start player on; the founder produces nothing that round.
func TestTempleFounding(t *testing.T) {
	f := expFixture(t, 3).own(0, "Ys").own(1, "Comorium").source("Ys", Gold).source("Comorium", Gold)
	f.s.SP = 0
	f.s.Round = 1
	f.s.startDevelopment()
	if f.s.Stage != stTemple || f.s.Turn != 0 {
		t.Fatalf("the start player is asked first (stage %d turn %d)", f.s.Stage, f.s.Turn)
	}
	f.play(0, "no")
	if f.s.Turn != 1 {
		t.Fatalf("the offer passes clockwise, turn %d", f.s.Turn)
	}
	f.play(1, "temple comorium")
	if f.s.Temples[0] != f.land("Comorium") || f.s.Forfeit != 1 {
		t.Fatal("blue's temple not founded")
	}
	f.s.runProduction()
	if f.goods("Comorium")[Gold] != 0 || f.goods("Ys")[Gold] != 1 {
		t.Error("the temple founder produces nothing this round; others do")
	}
	// One temple per round.
	f.s.Stage = stOver
	if f.s.templeOffers() {
		t.Error("a second temple in the same round")
	}
}

// §15.2: followers go next to own lands or next to converted lands, one per area, never on a book.
func TestFollowerPlacement(t *testing.T) {
	f := expFixture(t, 3).own(0, "Ys").own(1, "Comorium", "Doilan", "Mabaron")
	f.s.Temples[0] = f.land("Ys")
	f.s.Lands[f.land("Ys")].Temple = 0
	spots := map[string]bool{}
	for _, a := range f.s.followerSpots(0) {
		spots[f.s.areaName(a).English()] = true
	}
	if !spots["Comorium"] || spots["Doilan"] {
		t.Errorf("spots %v: Comorium borders Ys, Doilan does not", spots)
	}
	f.s.Lands[f.land("Comorium")].Follower = 0
	spots = map[string]bool{}
	for _, a := range f.s.followerSpots(0) {
		spots[f.s.areaName(a).English()] = true
	}
	if !spots["Doilan"] || spots["Comorium"] {
		t.Errorf("spots %v: Doilan now borders a converted land; Comorium is taken", spots)
	}
	f.s.Lands[f.land("Doilan")].Book = true
	for _, a := range f.s.followerSpots(0) {
		if a == f.land("Doilan") {
			t.Error("a book keeps followers out")
		}
	}
}

// §15.4: a converted area never counts against its temple's owner.
func TestConversionInCombat(t *testing.T) {
	f := expFixture(t, 3).own(0, "Minda").own(1, "Vagon", "Hippo's Land").put("Hippo's Land", "weapon horse")
	f.s.Temples[0] = f.land("Minda")
	f.s.Lands[f.land("Minda")].Temple = 0
	f.attackTurn(0)
	f.play(0, "attack vagon")
	with := f.s.totals()
	f.s.Lands[f.land("Hippo's Land")].Follower = 0
	without := f.s.totals()
	if with.Defender-without.Defender != 5 {
		t.Errorf("defence %d → %d: converted Hippo's Land (5) must not count against red", with.Defender, without.Defender)
	}
	// Converted target: its own value counts nothing for the defender (A39).
	f.s.Lands[f.land("Vagon")].Follower = 0
	if tt := f.s.totals(); tt.Defender != 0 {
		t.Errorf("defence %d, want 0", tt.Defender)
	}
}

// §15.4: a conquered temple is dissolved with all its followers.
func TestTempleConquered(t *testing.T) {
	f := expFixture(t, 3).own(0, "Minda").own(1, "Vagon", "Ys").put("Minda", "weapon")
	f.s.Temples[1] = f.land("Vagon")
	f.s.Lands[f.land("Vagon")].Temple = 1
	f.s.Lands[f.land("Comorium")].Follower = 1
	f.s.Fol[1] = 20
	f.attackTurn(0)
	f.declare(0, "vagon")
	if f.s.Temples[1] != -1 || f.s.Lands[f.land("Comorium")].Follower != -1 || f.s.Fol[1] != 21 {
		t.Error("the temple and its followers must leave the board")
	}
}

// §16.1-16.3: a university costs the attack turn and 2 resources, is placed next development and
// gives a book that doubles a source, horses included, and drives out a follower.
func TestUniversityAndBooks(t *testing.T) {
	f := expFixture(t, 3).own(0, "Ys", "Comorium", "Tarvos").own(1, "Doilan").put("Ys", "gold coal")
	f.s.Phase = 6
	f.s.SP = 0
	f.s.Stage = stOver
	if !f.s.startUnivRound() || f.s.Turn != 0 {
		t.Fatal("red should be offered a university")
	}
	f.play(0, "univ ys gold ys coal")
	if f.s.Univ[0] != -2 || f.goods("Ys").total() != 0 {
		t.Fatal("university not founded and paid")
	}
	if f.s.Atk != nil && f.s.Atk.Attacker == 0 {
		t.Error("the founder gives up his attacks")
	}
	f.s.Stage = stOver
	f.s.startUnivPlacement()
	f.play(0, "comorium")
	if f.s.Univ[0] != f.land("Comorium") {
		t.Fatal("university not placed")
	}
	f.source("Ys", Horse)
	f.s.Lands[f.land("Comorium")].Follower = 1
	f.s.doPlace(pending{Kind: placeBook, Seat: 0}, f.land("Comorium"))
	if f.s.Lands[f.land("Comorium")].Follower != -1 {
		t.Error("a book removes a follower in its area")
	}
	f.s.doPlace(pending{Kind: placeBook, Seat: 0}, f.land("Ys"))
	f.s.Place = nil
	var got Goods
	f.s.produce(f.land("Ys"), &got)
	if f.goods("Ys")[Horse] != 1 || len(f.s.Place) != 1 {
		t.Error("a book doubles a horse breeding: one foal at home, one to place")
	}
}

// §16.5: a conquered university is destroyed; its owner then loses two books after every later
// attack phase; a conqueror without a university loses the books he takes.
func TestUniversityLost(t *testing.T) {
	f := expFixture(t, 3).own(0, "Minda").own(1, "Vagon", "Ys", "Doilan", "Albur").put("Minda", "weapon horse")
	f.s.Lands[f.land("Vagon")].Univ = true
	f.s.Lands[f.land("Vagon")].Book = true
	f.s.Univ[1] = f.land("Vagon")
	for _, n := range []string{"Ys", "Doilan", "Albur"} {
		f.s.Lands[f.land(n)].Book = true
	}
	f.attackTurn(0)
	f.declare(0, "vagon")
	if f.s.Univ[1] != -1 || f.s.Lands[f.land("Vagon")].Univ || f.s.Lands[f.land("Vagon")].Book {
		t.Fatal("university destroyed and the book lost to a conqueror without one")
	}
	f.s.Round++
	f.s.Stage = stOver
	if !f.s.startBookLoss() || f.s.Turn != 1 {
		t.Fatal("blue must remove two books")
	}
	f.play(1, "ys doilan")
	if len(f.s.booksOf(1)) != 1 {
		t.Errorf("blue has %d books, want 1", len(f.s.booksOf(1)))
	}
}
