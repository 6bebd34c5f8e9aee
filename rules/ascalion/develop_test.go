package ascalion

import (
	"testing"
)

// §8.1: every recipe, exact, and what it leaves behind.
func TestRecipes(t *testing.T) {
	cases := []struct {
		name, have, move, left string
		check                  func(f *fixture) bool
	}{
		{"weapon from iron and coal", "iron coal", "weapon ys", "weapon", nil},
		{"weapon from gold", "2gold", "weapon ys", "weapon", nil},
		{"weapon recipe choice", "2gold iron coal", "weapon ys gold", "iron coal weapon", nil},
		{"city from four kinds", "wood gold iron coal", "city ys", "", func(f *fixture) bool { return f.s.Lands[f.land("Ys")].City }},
		{"city from gold", "4gold", "city ys", "", func(f *fixture) bool { return f.s.Lands[f.land("Ys")].City }},
		{"first boats cost 2 wood", "3wood", "boat ys " + board.Seas[seaNear(board.LandByName("Ys"), false)].Token, "wood", func(f *fixture) bool { return len(f.s.Ships) == 1 }},
		{"first ships cost 4 gold", "5gold", "ship ys " + board.Seas[seaNear(board.LandByName("Ys"), false)].Token, "gold", func(f *fixture) bool { return len(f.s.Ships) == 1 && f.s.Ships[0].Ship }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, 2).own(0, "Ys", "Comorium").put("Ys", c.have).buildTurn(0)
			f.play(0, c.move)
			eqGoods(t, "Ys", f.goods("Ys"), c.left)
			if c.check != nil && !c.check(f) {
				t.Error("the good was not built")
			}
		})
	}
}

func TestRecipesAreExact(t *testing.T) {
	for _, have := range []string{"iron", "gold", "wood gold iron", "wood"} {
		f := newFixture(t, 2).own(0, "Ys", "Comorium").put("Ys", have)
		if f.s.canBuild(0) {
			t.Errorf("%s builds something", have)
		}
	}
	// No mixing: 3 wood + 2 gold is no ship, 2 gold + iron + coal no city.
	for have, not := range map[string]string{"3wood 2gold": "ship", "2gold iron coal": "city"} {
		f := newFixture(t, 2).own(0, "Ys", "Comorium").put("Ys", have).buildTurn(0)
		if has(f.next(0, ""), not) {
			t.Errorf("%s offers a %s", have, not)
		}
	}
	// A city needs a land, never a boat; a boat may hold a weapon.
	f := newFixture(t, 2).own(0, "Ys")
	id := f.vessel(0, false, seaNear(f.land("Ys"), false), "4gold")
	f.buildTurn(0)
	if nx := f.next(0, ""); has(nx, "city") || !has(nx, "weapon") {
		t.Errorf("a boat with 4 gold offers %v", nx)
	}
	f.play(0, "weapon boat1")
	eqGoods(t, "boat", f.s.vessel(id).Goods, "2gold weapon")
}

// §8.1: the discount holds for the whole first development phase in which boats are built,
// for every player in it, and never again (A09).
func TestBoatDiscountGameWide(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys").own(1, "Comorium").put("Ys", "4wood").put("Comorium", "2wood")
	pos0 := board.Seas[seaNear(f.land("Ys"), false)].Token
	pos1 := board.Seas[seaNear(f.land("Comorium"), false)].Token
	f.buildTurn(0)
	f.play(0, "boat ys "+pos0)
	f.buildTurn(1)
	f.play(1, "boat comorium "+pos1)
	eqGoods(t, "Comorium", f.goods("Comorium"), "")
	f.s.Round++
	f.put("Ys", "2wood")
	if f.s.canBuild(0) {
		t.Error("a later development phase still sells boats for 2 wood")
	}
	f.put("Ys", "3wood").buildTurn(0)
	f.play(0, "boat ys "+pos0)
	eqGoods(t, "Ys", f.goods("Ys"), "")
	if f.s.vessel(1).Owner != 0 || f.s.value(vesselArea+1) != 3 {
		t.Error("a new boat carries its builder's warrior (value 3)")
	}
}

// §8.2: boats go on the river or a light field next to the land; ships on any field next to it.
func TestBoatAndShipPlacement(t *testing.T) {
	f := newFixture(t, 2).own(0, "Hippo's Land").put("Hippo's Land", "9wood")
	f.buildTurn(0)
	spots := f.next(0, "boat hippos")
	if !has(spots, "r0") || !has(spots, "r1") {
		t.Errorf("Hippo's Land borders r0 and r1: %v", spots)
	}
	for _, sp := range spots {
		if sp[0] == 's' && board.Seas[board.seaTok[sp]].Deep {
			t.Errorf("boat offered the dark field %s", sp)
		}
	}
	sh := f.next(0, "ship hippos")
	if has(sh, "r0") {
		t.Error("a ship may not be built on the river")
	}
}

// §9.1-9.2: production of one source in every situation.
func TestProduction(t *testing.T) {
	cases := []struct {
		name, have string
		city, nb   bool // city in the land; own city next door
		foreignNb  bool
		want       string
	}{
		{"empty land gets one", "", false, false, false, "coal"},
		{"one left blocks", "coal", false, false, false, "coal"},
		{"imported coal blocks too", "coal wood", false, false, false, "coal wood"},
		{"city doubles from empty", "", true, false, false, "2coal"},
		{"city tops up to two", "coal", true, false, false, "2coal"},
		{"never above two", "2coal", true, false, false, "2coal"},
		{"own city next door doubles", "", false, true, false, "2coal"},
		{"foreign city next door does not", "", false, false, true, "coal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, 3).own(0, "Ys", "Comorium").own(1, "Tarvos").source("Ys", Coal).put("Ys", c.have)
			if c.city {
				f.city("Ys")
			}
			if c.nb {
				f.city("Comorium")
			}
			if c.foreignNb {
				f.city("Tarvos")
			}
			var got Goods
			f.s.produce(f.land("Ys"), &got)
			eqGoods(t, "Ys", f.goods("Ys"), c.want)
		})
	}
}

// §9.1: horses breed even with a horse present; the foal goes next door or along the herd.
func TestHorseProduction(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys", "Comorium", "Doilan", "Tarvos").source("Ys", Horse).put("Ys", "horse").city("Ys")
	f.put("Comorium", "horse")
	var got Goods
	f.s.produce(f.land("Ys"), &got)
	if len(f.s.Place) != 1 {
		t.Fatalf("%d foals to place, want 1 (a city never doubles horses)", len(f.s.Place))
	}
	spots := f.s.horseSpots(0, f.land("Ys"))
	names := map[string]bool{}
	for _, l := range spots {
		names[board.Lands[l].Name] = true
	}
	// Tarvos borders Ys; Doilan is reached through Comorium's horse.
	if !names["Tarvos"] || !names["Doilan"] || names["Ys"] || names["Comorium"] || len(names) != 2 {
		t.Errorf("foal spots %v, want Tarvos and Doilan", names)
	}
	f.s.Stage = stPlace
	f.play(0, "doilan")
	eqGoods(t, "Doilan", f.goods("Doilan"), "horse")
}

func TestHorseWithoutRoomIsLost(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys").source("Ys", Horse).put("Ys", "horse")
	var got Goods
	f.s.produce(f.land("Ys"), &got)
	sup := f.s.Sup[Horse]
	f.s.Stage = stPlace
	f.s.nextPlacement()
	if len(f.s.Place) != 0 || f.s.Sup[Horse] != sup+1 {
		t.Error("a foal with no free own land must go back to the supply")
	}
}

// §13.0: a source produces only what the supply still holds.
func TestProductionSupplyLimit(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys").source("Ys", Gold).city("Ys")
	f.s.Sup[Gold] = 1
	var got Goods
	f.s.produce(f.land("Ys"), &got)
	eqGoods(t, "Ys", f.goods("Ys"), "gold")
	if f.s.Sup[Gold] != 0 {
		t.Error("supply not used up")
	}
}

// §13.0: nothing is built once the box is empty.
func TestDevelopmentSupplyLimit(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys").put("Ys", "iron coal 3gold")
	f.s.Sup[Weapon] = 0
	f.s.Sup[supCity] = 0
	if f.s.canBuild(0) {
		t.Error("no weapons or cities left, yet something can be built")
	}
}

// §9.1, §13.0 and A13: with one horse left, the start player's foal that finds no free land is
// not produced, so the horse stays in the supply and the next player's foal takes it; the game
// then asks that player where it goes.
func TestLastHorseServesTheNextPlayer(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys").source("Ys", Horse).put("Ys", "horse")
	f.source("Comorium", Horse).put("Comorium", "horse")
	f.s.Sup[Horse] = 1
	f.s.runProduction()
	if f.s.Stage != stPlace || len(f.s.Place) != 1 || f.s.Place[0].Seat != 1 {
		t.Fatalf("stage %d, placements %+v: seat 1 must place the last horse", f.s.Stage, f.s.Place)
	}
	if aw := f.s.Awaiting(); len(aw) != 1 || aw[0].Seat != 1 {
		t.Fatalf("awaiting %+v, want seat 1", aw)
	}
	if f.s.Sup[Horse] != 1 {
		t.Fatalf("supply %d before the foal is placed, want the 1 horse still there", f.s.Sup[Horse])
	}
	f.play(1, "doilan")
	eqGoods(t, "Doilan", f.goods("Doilan"), "horse")
	if f.s.Sup[Horse] != 0 {
		t.Errorf("supply %d after the foal, want 0", f.s.Sup[Horse])
	}
}

// A foal owed for want of horses goes straight into its horse-less source land when a horse is
// freed for it, as it would have at once.
func TestOwedFoalIntoItsEmptySource(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys").source("Ys", Horse).put("Ys", "horse")
	f.source("Comorium", Horse)
	f.s.Sup[Horse] = 1
	f.s.runProduction()
	eqGoods(t, "Comorium", f.goods("Comorium"), "horse")
	if f.s.Sup[Horse] != 0 || len(f.s.Place) != 0 {
		t.Errorf("supply %d, placements %+v: the freed horse goes into Comorium", f.s.Sup[Horse], f.s.Place)
	}
}

// A foal with one free land to go to is placed there without asking (issue 36: at most two
// visits a round); with two lands the player chooses.
func TestFoalWithOneLandIsPlaced(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys", "Tarvos").source("Ys", Horse).put("Ys", "horse")
	var got Goods
	f.s.produce(f.land("Ys"), &got)
	f.s.nextPlacement()
	if f.s.Stage == stPlace || len(f.s.Place) != 0 {
		t.Fatalf("a foal with one land to go to is asked for (stage %d, %d waiting)", f.s.Stage, len(f.s.Place))
	}
	eqGoods(t, "Tarvos", f.goods("Tarvos"), "horse")
	g := newFixture(t, 2).own(0, "Ys", "Tarvos", "Comorium").source("Ys", Horse).put("Ys", "horse")
	g.s.produce(g.land("Ys"), &got)
	g.s.nextPlacement()
	if g.s.Stage != stPlace || len(g.s.Place) != 1 || g.s.Place[0].Seat != 0 {
		t.Errorf("a foal with two lands to go to is not asked for (stage %d)", g.s.Stage)
	}
}
