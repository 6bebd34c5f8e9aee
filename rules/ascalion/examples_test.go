package ascalion

import (
	"testing"
)

// The rulebook's four worked examples, as positions.

// EX-11.3: a horse rides Ys → Comorium → Doilan, trading loads on the way.
func TestExampleHorseRide(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys", "Comorium", "Doilan")
	f.put("Ys", "horse 2gold coal weapon").put("Comorium", "wood iron")
	f.transportTurn(0, 1)
	// A fourth land is beyond two borders; a foreign Comorium would block the ride.
	if nx := f.next(0, "horse ys comorium doilan"); has(nx, "velinor") || has(nx, "mabaron") {
		t.Errorf("a third border is offered: %v", nx)
	}
	f.play(0, "horse ys +gold +gold +coal +weapon comorium -gold -coal +wood +iron doilan end")
	eqGoods(t, "Ys", f.goods("Ys"), "")
	eqGoods(t, "Comorium", f.goods("Comorium"), "gold coal")
	eqGoods(t, "Doilan", f.goods("Doilan"), "horse gold weapon wood iron")
}

func TestExampleHorseRideBlockedByForeignLand(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys", "Tarvos", "Doilan")
	f.put("Ys", "horse gold")
	f.transportTurn(0, 1)
	f.refused(0, "horse ys +gold comorium doilan end", "horses travel only through your own lands")
}

// EX-11.4: a horse chain Mabaron – Ikarien – Orphir – Revena prepares a city and a weapon.
func TestExampleHorseChain(t *testing.T) {
	f := newFixture(t, 2).own(0, "Mabaron", "Ikarien", "Orphir", "Revena")
	f.put("Mabaron", "horse 2coal gold").put("Ikarien", "horse weapon").put("Orphir", "horse wood iron").put("Revena", "horse iron")
	f.transportTurn(0, 1)
	f.play(0, "chain mabaron +coal +coal +gold ikarien +weapon orphir -coal +wood revena end")
	eqGoods(t, "Revena", f.goods("Revena"), "horse wood gold iron coal weapon")
	eqGoods(t, "Orphir", f.goods("Orphir"), "horse coal iron")
	eqGoods(t, "Mabaron", f.goods("Mabaron"), "horse")
	// In the next development Revena becomes a city guarded by two weapons.
	f.buildTurn(0)
	f.play(0, "city revena")
	f.buildTurn(0)
	f.play(0, "weapon orphir")
	if v := f.s.value(f.land("Revena")); v != 8 {
		t.Errorf("Revena is worth %d, want 8", v)
	}
	if v := f.s.value(f.land("Orphir")); v != 5 {
		t.Errorf("Orphir is worth %d, want 5", v)
	}
}

// westField is the light field west of the mouth on Hippo's Land's coast.
func westField(t *testing.T) int {
	m := board.Seas[board.Mouth]
	w := board.Cells[m.Cell-1].Sea
	if w < 0 || board.Seas[w].Deep {
		t.Fatal("no light field west of the mouth")
	}
	return w
}

// boatExample sets EX-11.7: A (red) owns Hippo's Land; B (blue) Cimmria and Vagon (5);
// C (yellow) Minda (4); D (green) Ilion and Zothic. A's boat carries a weapon and a horse.
func boatExample(t *testing.T) (*fixture, int) {
	f := newFixture(t, 4).own(0, "Hippo's Land").own(1, "Cimmria", "Vagon").own(2, "Minda").own(3, "Ilion", "Zothic")
	f.put("Vagon", "weapon horse").put("Minda", "weapon")
	id := f.vessel(0, false, westField(t), "weapon horse")
	if v := f.s.value(vesselArea + id); v != 7 {
		t.Fatalf("boat strength %d, want 7", v)
	}
	f.transportTurn(0, 1)
	return f, id
}

func TestExampleBoatPassage(t *testing.T) {
	f, id := boatExample(t)
	mouth := board.Seas[board.Mouth].Token
	f.play(0, "boat boat1 "+mouth+" r0 r1 r2 r3")
	if f.s.Stage != stPassage {
		t.Fatalf("stage %d: the step out of Minda|Vagon (value 9) must ask for passage", f.s.Stage)
	}
	if got := f.s.awaited(); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Fatalf("passage asks %v, want blue and yellow", got)
	}
	f.play(2, "refuse")
	f.play(1, "allow")
	v := f.s.vessel(id)
	if v.Pos != riverBase+3 || f.s.Trip.MP != 1 {
		t.Fatalf("boat at %s with %d MP, want r3 with 1", posToken(v.Pos), f.s.Trip.MP)
	}
	f.play(0, "r4 end")
	if v := f.s.vessel(id); v.Pos != riverBase+4 {
		t.Fatalf("boat ends at %s, want r4 (Ilion|Zothic)", posToken(v.Pos))
	}
	il := f.land("Ilion")
	if !f.s.adjacent(vesselArea+id, il) {
		t.Error("the boat should now border Ilion for an attack")
	}
}

func TestExampleBoatPassageRefused(t *testing.T) {
	f, id := boatExample(t)
	mouth := board.Seas[board.Mouth].Token
	f.play(0, "boat boat1 "+mouth+" r0 r1 r2 r3")
	f.play(1, "refuse")
	f.play(2, "refuse")
	if v := f.s.vessel(id); v.Pos != riverBase+2 {
		t.Fatalf("refused boat at %s, want r2", posToken(v.Pos))
	}
	// §11.6: "Kann ein Boot seine Fahrt nicht fortsetzen, muß es stehenbleiben oder im Rahmen
	// seiner übrigen Bewegungspunkte zurückziehen." Going back the way it came needs no consent
	// (A27); the refused crossing is neither offered nor accepted again in this transport.
	nx := f.next(0, "")
	if !has(nx, "r1") || !has(nx, "end") || has(nx, "r3") {
		t.Fatalf("after a refusal the boat may only turn back or stop: %v", nx)
	}
	f.refused(0, "r3", "Passage was refused in this transport, so the boat may only stop or go back the way it came (next: r1")
	// Nor by turning back and crossing again: from r1 the way on is back to r0, not r2.
	if nx := f.next(0, "r1"); !has(nx, "r0") || !has(nx, "end") || has(nx, "r2") {
		t.Fatalf("after turning back the boat may only go on back or stop: %v", nx)
	}
	f.refused(0, "r1 r2", "a refused crossing is not asked again")
	f.play(0, "r1 end")
	if f.s.Stage == stPassage {
		t.Fatal("turning back must not ask for passage")
	}
	if v := f.s.vessel(id); v.Pos != riverBase+1 || f.s.Trip != nil {
		t.Fatalf("boat at %s, trip %v; want it stopped at r1", posToken(v.Pos), f.s.Trip)
	}
}

// A step further back asks the banks as usual; refused again, the boat can only stop.
func TestBoatRefusedOnTheWayBack(t *testing.T) {
	f, id := boatExample(t)
	f.city("Vagon") // Vagon worth 8: leaving Hippo's Land|Vagon now needs blue's consent
	mouth := board.Seas[board.Mouth].Token
	f.play(0, "boat boat1 "+mouth+" r0 r1 r2")
	if got := f.s.awaited(); f.s.Stage != stPassage || len(got) != 1 || got[0] != 1 {
		t.Fatalf("stage %d, asked %v: blue must be asked to leave r1", f.s.Stage, got)
	}
	f.play(1, "allow")
	f.play(0, "r3")
	f.play(1, "refuse")
	f.play(2, "refuse")
	// The first step back is free; the next one leaves r1 again, so blue is asked.
	f.play(0, "r1 r0")
	if v := f.s.vessel(id); v.Pos != riverBase+1 {
		t.Fatalf("boat at %s, want r1 waiting", posToken(v.Pos))
	}
	if got := f.s.awaited(); f.s.Stage != stPassage || len(got) != 1 || got[0] != 1 {
		t.Fatalf("stage %d, asked %v: blue must be asked again to leave r1 backwards", f.s.Stage, got)
	}
	f.play(1, "refuse")
	if nx := f.next(0, ""); !has(nx, "end") || has(nx, "r0") || has(nx, "r2") {
		t.Fatalf("refused both ways, the boat can only stop (and unload): %v", nx)
	}
	f.refused(0, "r0", "a refused crossing is not asked again")
	f.refused(0, "r2", "Passage was refused in this transport")
	f.play(0, "end")
	if v := f.s.vessel(id); v.Pos != riverBase+1 {
		t.Fatalf("boat at %s, want r1", posToken(v.Pos))
	}
}

// EX-12.6: A (red) attacks Albur (blue); C (yellow) decides with Erein.
func attackExample(t *testing.T, side string) *fixture {
	f := newFixture(t, 4)
	f.own(0, "Sitara", "Revena").own(1, "Albur", "Nordmark", "Parthenion", "Mesa").own(2, "Erein")
	f.put("Sitara", "horse weapon").put("Revena", "weapon").put("Albur", "weapon").city("Albur")
	f.put("Parthenion", "weapon").city("Parthenion").put("Mesa", "horse").city("Erein")
	coast := seaNear(f.land("Albur"), false)
	var from int = -1
	for _, n := range board.Seas[coast].Adj {
		if !board.Seas[n].Deep && len(board.Seas[n].Lands) == 0 {
			from = n
		}
	}
	if from < 0 {
		t.Fatal("no open light field next to Albur's coast")
	}
	f.vessel(0, false, from, "weapon")
	f.attackTurn(0)
	f.play(0, "attack albur")
	f.play(0, "boat boat1 "+board.Seas[coast].Token+" end")
	tt := f.s.totals()
	if tt.Attacker != 16 || tt.Defender != 17 {
		t.Fatalf("totals %d:%d, want 16:17 (%v | %v)", tt.Attacker, tt.Defender, tt.AtkParts, tt.DefParts)
	}
	if f.s.Stage != stAlly || f.s.Turn != 2 {
		t.Fatalf("yellow (Erein) must declare now; stage %d turn %d", f.s.Stage, f.s.Turn)
	}
	f.play(2, side)
	return f
}

func TestExampleAttackAlbur(t *testing.T) {
	for _, c := range []struct {
		side string
		win  bool
	}{{"neutral", false}, {"defender", false}, {"attacker", true}} {
		f := attackExample(t, c.side)
		al := f.s.Lands[f.land("Albur")]
		if got := al.Owner == 0; got != c.win {
			t.Errorf("yellow %s: Albur owner %s", c.side, seatName(al.Owner))
		}
		if c.win && (!al.City || al.Goods[Weapon] != 1) {
			t.Error("Albur must change hands with its city and weapon")
		}
		if c.win && (f.s.cities(0) != 1 || f.s.cities(1) != 1) {
			t.Errorf("cities red %d blue %d, want 1 and 1", f.s.cities(0), f.s.cities(1))
		}
	}
}
