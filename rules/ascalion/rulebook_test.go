package ascalion

import (
	"fmt"
	"strings"
	"testing"
)

// Each test here proves one rule of the rulebook (seeds/ascalion.de.txt, restated in English in
// games/ascalion-rules-en.md under the same section numbers), quoted above it.

// darkPair finds two adjacent dark-blue fields, the first with a light-blue neighbour, preferring
// high sea (no land on either).
func darkPair(t *testing.T) (a, b, light int) {
	t.Helper()
	best := -1
	for i, sf := range board.Seas {
		if !sf.Deep {
			continue
		}
		l := -1
		for _, n := range sf.Adj {
			if !board.Seas[n].Deep {
				l = n
			}
		}
		for _, n := range sf.Adj {
			if !board.Seas[n].Deep || l < 0 {
				continue
			}
			score := 0
			if len(sf.Lands) == 0 && len(board.Seas[n].Lands) == 0 {
				score = 1
			}
			if score > best {
				best, a, b, light = score, i, n, l
			}
		}
	}
	if best < 0 {
		t.Fatal("the map has no two adjacent dark fields")
	}
	return a, b, light
}

// §11.7: "Allowance: 8 MP per transport; sea only: dark-blue field 1 MP, light-blue field 2 MP."
// and "May end on any sea field; never forced to a coast". Walked through the choice tree: at
// every point the ship is offered dark fields while it has 1 point and light fields while it has 2.
func TestRulebookShipSailsDarkFields(t *testing.T) {
	a, b, light := darkPair(t)
	if len(board.Seas[a].Lands)+len(board.Seas[b].Lands) > 0 {
		t.Logf("no two adjacent dark fields on the high sea; %s and %s touch land", board.Seas[a].Token, board.Seas[b].Token)
	}
	tok := func(x int) string { return board.Seas[x].Token }
	f := newFixture(t, 2).own(0, "Ys")
	id := f.vessel(0, true, a, "")
	// A ship starting the transport phase on the high sea is not stranded, whatever the die says
	// (a 5 cancels the phase, when a stranded boat would sink at once).
	f.s.startTransport()
	if v := f.s.vessel(id); v == nil || v.Stranded {
		t.Fatalf("die %d: the ship on the high sea is stranded or sunk: %+v", f.s.Die, v)
	}
	f.transportTurn(0, 1)
	move := "ship " + f.s.areaToken(vesselArea+id)
	pos := a
	for mp := vesselMP; mp >= 0; mp-- {
		nx := f.next(0, move)
		other := b
		if pos == b {
			other = a
		}
		if got := has(nx, tok(other)); got != (mp >= 1) {
			t.Errorf("after %q (%d points left): dark %s offered %v", move, mp, tok(other), got)
		}
		if pos == a {
			if got := has(nx, tok(light)); got != (mp >= 2) {
				t.Errorf("after %q (%d points left): light %s offered %v", move, mp, tok(light), got)
			}
		}
		if mp == 0 {
			break
		}
		move += " " + tok(other)
		pos = other
	}
	f.refused(0, move+" "+tok(a), "")
	f.play(0, move+" end")
	v := f.s.vessel(id)
	if v == nil || v.Pos != pos {
		t.Fatalf("after 8 dark fields the ship should lie on %s: %+v", tok(pos), v)
	}
	// The transport phase is over (one transport): a ship left on the high sea does not sink.
	if f.s.Phase == 5 || f.s.vessel(id) == nil {
		t.Errorf("phase %d, ship %+v", f.s.Phase, f.s.vessel(id))
	}
}

// §11.5: a boat "At sea ... uses light-blue fields only ... Never dark-blue." The choice tree
// never offers a dark field to a boat, and naming one is refused.
func TestRulebookBoatNeverEntersADarkField(t *testing.T) {
	a, _, light := darkPair(t)
	f := newFixture(t, 2).own(0, "Ys")
	id := f.vessel(0, false, light, "")
	f.transportTurn(0, 1)
	move := "boat " + f.s.areaToken(vesselArea+id)
	for _, tk := range f.next(0, move) {
		if x, ok := board.seaTok[tk]; ok && board.Seas[x].Deep {
			t.Errorf("a boat is offered the dark field %s", tk)
		}
	}
	f.refused(0, move+" "+board.Seas[a].Token, "boats take light-blue fields")
}

// §13.0: "When a shortage is foreseeable in a development or production phase, the SP is served
// first, then the players to his left in order." Three gold sources, one per player, and the
// supply short: the start player (seat 2 here) and those after him are served.
func TestRulebookScarceProductionServesTheStartPlayerFirst(t *testing.T) {
	for _, tc := range []struct {
		sp, gold int
		want     [3]int // gold produced in Ys, Comorium, Doilan (seats 0, 1, 2)
	}{
		{0, 1, [3]int{1, 0, 0}},
		{2, 1, [3]int{0, 0, 1}},
		{2, 2, [3]int{1, 0, 1}},
		{1, 2, [3]int{0, 1, 1}},
		{1, 3, [3]int{1, 1, 1}},
	} {
		f := newFixture(t, 3).own(0, "Ys").own(1, "Comorium").own(2, "Doilan")
		for _, l := range []string{"Ys", "Comorium", "Doilan"} {
			f.source(l, Gold)
		}
		f.s.SP = tc.sp
		f.s.Sup[Gold] = tc.gold
		f.s.runProduction()
		for i, l := range []string{"Ys", "Comorium", "Doilan"} {
			if got := f.goods(l)[Gold]; got != tc.want[i] {
				t.Errorf("start player %d, %d gold left: %s produced %d, want %d", tc.sp, tc.gold, l, got, tc.want[i])
			}
		}
		if f.s.Sup[Gold] != 0 {
			t.Errorf("start player %d: %d gold still in the supply", tc.sp, f.s.Sup[Gold])
		}
	}
}

// §13.0, the same rule in a development phase: with one weapon left and two players able to
// build it, the start player (seat 1) builds it and the other is not asked at all.
func TestRulebookScarceDevelopmentServesTheStartPlayerFirst(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys").own(1, "Comorium").put("Ys", "iron coal").put("Comorium", "iron coal")
	f.s.SP = 1
	f.s.Sup[Weapon] = 1
	f.s.Phase = 2
	f.s.startBuilds()
	if f.s.Stage != stBuild || f.s.Turn != 1 {
		t.Fatalf("stage %d, turn %d: the start player builds first", f.s.Stage, f.s.Turn)
	}
	f.play(1, "weapon comorium")
	f.play(1, "done")
	eqGoods(t, "Comorium", f.goods("Comorium"), "weapon")
	eqGoods(t, "Ys", f.goods("Ys"), "iron coal")
	if f.s.Phase == 2 {
		t.Errorf("seat 0 can build nothing, yet the development phase goes on (turn %d)", f.s.Turn)
	}
}

// §13.0: "Apart from warriors, only the pieces in the box exist; once weapons, resources, cities,
// boats or ships run out, no more can appear." The last boat and the last ship can be built; then
// neither is offered any more, and asking for one is refused.
func TestRulebookNoBoatOrShipOnceTheBoxIsEmpty(t *testing.T) {
	for _, kind := range []string{"boat", "ship"} {
		f := newFixture(t, 2).own(0, "Hippo's Land").put("Hippo's Land", "20wood")
		sup := supBoat
		if kind == "ship" {
			sup = supShip
		}
		f.s.Sup[sup] = 1
		f.buildTurn(0)
		spot := f.next(0, kind+" hippos")[0]
		f.play(0, kind+" hippos "+spot)
		if len(f.s.Ships) != 1 || f.s.Sup[sup] != 0 {
			t.Fatalf("%s: %d vessels, %d left in the box", kind, len(f.s.Ships), f.s.Sup[sup])
		}
		if has(f.next(0, ""), kind) {
			t.Errorf("%s still offered with none left in the box", kind)
		}
		f.refused(0, kind+" hippos "+spot, "")
	}
}

// vesselFight sets up §12.8 at sea, four players: seat 0's ship (with a weapon, value 8) and
// seat 1's boat (weapon and horse, value 7) on the same light coast field, seat 2's bare ship
// (value 5) there too, seat 3 owning every land (warrior only, value 1 each). Seat 1 has a
// second boat on another field.
func vesselFight(t *testing.T) (f *fixture, field, boat, farBoat int) {
	t.Helper()
	f = newFixture(t, 4)
	field = -1
	far := -1
	for i, sf := range board.Seas {
		if sf.Deep || len(sf.Lands) == 0 {
			continue
		}
		for _, n := range sf.Adj {
			if !board.Seas[n].Deep && field < 0 {
				field, far = i, n
			}
		}
	}
	if field < 0 {
		t.Fatal("no light coast field beside another light field")
	}
	f.vessel(0, true, field, "weapon")
	boat = f.vessel(1, false, field, "weapon horse")
	f.vessel(2, true, field, "")
	farBoat = f.vessel(1, false, far, "")
	f.attackTurn(0)
	return f, field, boat, farBoat
}

// §12.8: "Boats and ships act as (movable) lands: they can attack, be attacked and give support."
// "Boat/ship against boat/ship only on the same sea field". "When a boat or ship is the target,
// all areas adjacent to it may be involved, other boats/ships on the same field or section
// included." And §12.7: "a tie is a loss for the attacker"; "Attacker loses: no piece is lost by
// anybody"; §12.8: "A conquered boat/ship changes owner with all pieces on it".
func TestRulebookAttackOnABoat(t *testing.T) {
	f, field, _, _ := vesselFight(t)
	k := len(f.s.posLands(field)) // seat 3's lands on the field, 1 each
	cases := []struct {
		ship2, lands string
		horses       bool // a horse in each of seat 3's lands on the field: value 2 each
		win          bool
	}{
		{"neutral", "neutral", false, 9 > 7},
		{"defender", "neutral", false, 9 > 7+5},
		{"neutral", "defender", false, 9 > 7+k},
		{"neutral", "defender", true, 9 > 7+2*k}, // one land on the field: 9 against 9
		{"attacker", "defender", true, 9+5 > 7+2*k},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s %s horses %v", tc.ship2, tc.lands, tc.horses), func(t *testing.T) {
			f, field, boat, farBoat := vesselFight(t)
			if tc.horses {
				for _, l := range f.s.posLands(field) {
					f.s.Lands[l].Goods[Horse] = 1
					f.s.Sup[Horse]--
				}
			}
			tg := f.s.targets(0)
			if !contains(tg, vesselArea+boat) || contains(tg, vesselArea+farBoat) {
				t.Fatalf("targets %v: the boat on the same field (area %d), not the one elsewhere (area %d)",
					tg, vesselArea+boat, vesselArea+farBoat)
			}
			sup := f.s.Sup
			ev := f.play(0, "attack "+f.s.areaToken(vesselArea+boat))
			if f.s.Stage == stExtra {
				ev = append(ev, f.play(0, "skip")...)
			}
			if got := fmt.Sprint(f.s.Atk.Asked); got != "[2 3]" {
				t.Fatalf("asked %s, want the other ship's owner and the lands' owner, in turn order", got)
			}
			ev = append(ev, f.play(2, tc.ship2)...)
			ev = append(ev, f.play(3, tc.lands)...)
			var text []string
			for _, e := range ev {
				text = append(text, e.English())
			}
			v := f.s.vessel(boat)
			if tc.win {
				if v.Owner != 0 {
					t.Fatalf("the attack should win:\n%s", strings.Join(text, "\n"))
				}
			} else if v.Owner != 1 {
				t.Fatalf("the attack should fail:\n%s", strings.Join(text, "\n"))
			}
			eqGoods(t, "the boat", v.Goods, "weapon horse")
			if f.s.Sup != sup || len(f.s.Ships) != 4 {
				t.Errorf("pieces changed: supply %v -> %v, %d vessels", sup, f.s.Sup, len(f.s.Ships))
			}
		})
	}
}

// §12.8: "Boat/ship against boat/ship only on the same sea field, or on the river in the same
// section (the same two bank lands)." Neighbouring sections share a bank land but not the section.
func TestRulebookBoatsFightOnlyInTheSameRiverSection(t *testing.T) {
	f := newFixture(t, 3) // every land is seat 2's: seat 0 has only its boat
	f.vessel(0, false, riverBase+1, "")
	same := f.vessel(1, false, riverBase+1, "")
	next := f.vessel(1, false, riverBase+2, "")
	tg := f.s.targets(0)
	if !contains(tg, vesselArea+same) {
		t.Errorf("targets %v lack the boat in the same section", tg)
	}
	if contains(tg, vesselArea+next) {
		t.Errorf("targets %v hold the boat one section upstream", tg)
	}
	for _, l := range f.s.posLands(riverBase + 1) {
		if !contains(tg, l) {
			t.Errorf("targets %v lack the bank land %s", tg, board.Lands[l].Name)
		}
	}
}
