package ascalion

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// §11.1 / EX-11.1: one transport plus one per full three areas above the start count, boats and
// ships included.
func TestTransportCount(t *testing.T) {
	f := newFixture(t, 4)
	f.s.Start = []int{9, 9, 9, 9}
	cases := []struct{ lands, boats, want int }{{12, 0, 2}, {15, 0, 3}, {11, 0, 1}, {10, 2, 2}, {7, 0, 1}}
	for _, c := range cases {
		for i := range f.s.Lands {
			f.s.Lands[i].Owner = 3
		}
		f.s.Ships = nil
		n := 0
		for i := range f.s.Lands {
			if n < c.lands {
				f.s.Lands[i].Owner = 0
				n++
			}
		}
		for i := 0; i < c.boats; i++ {
			f.s.launch(0, false, seaNear(f.land("Ys"), false))
		}
		if got := f.s.transportsFor(0); got != c.want {
			t.Errorf("%d lands + %d boats: %d transports, want %d", c.lands, c.boats, got, c.want)
		}
	}
}

// §11.2: on foot, one border (or the river) into an own land.
func TestTransportOnFoot(t *testing.T) {
	f := newFixture(t, 2).own(0, "Minda", "Vagon", "Ys").put("Minda", "2gold weapon")
	f.transportTurn(0, 2)
	if has(f.next(0, "foot minda"), "ys") {
		t.Error("Ys does not border Minda")
	}
	f.play(0, "foot minda vagon gold weapon") // across the river
	eqGoods(t, "Vagon", f.goods("Vagon"), "gold weapon")
	eqGoods(t, "Minda", f.goods("Minda"), "gold")
	if f.s.Left[0] != 1 {
		t.Errorf("%d transports left, want 1", f.s.Left[0])
	}
}

// §11.7: a ship pays 1 point per dark field and 2 per light field; boats never enter dark fields
// and cannot use a last single point at sea (§11.5).
func TestVesselCosts(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys")
	var dark, light int = -1, -1
	for i, sf := range board.Seas {
		if !sf.Deep {
			continue
		}
		nd, nl := 0, 0
		for _, n := range sf.Adj {
			if board.Seas[n].Deep {
				nd++
			} else {
				nl++
			}
		}
		if nd > 0 && nl > 0 {
			dark = i
			for _, n := range sf.Adj {
				if !board.Seas[n].Deep {
					light = n
				}
			}
			break
		}
	}
	if dark < 0 {
		t.Fatal("no dark field beside a light one")
	}
	ship := f.s.vessel(f.vessel(0, true, dark, ""))
	for _, st := range f.s.vesselSteps(ship, dark) {
		want := 1
		if !board.Seas[st.to].Deep {
			want = 2
		}
		if st.cost != want {
			t.Errorf("ship step to %s costs %d, want %d", board.Seas[st.to].Token, st.cost, want)
		}
	}
	boat := f.s.vessel(f.vessel(0, false, light, ""))
	for _, st := range f.s.vesselSteps(boat, light) {
		if st.to < riverBase && board.Seas[st.to].Deep {
			t.Errorf("a boat may enter dark field %s", board.Seas[st.to].Token)
		}
	}
	// A boat with 1 point left cannot enter a sea field.
	tr := &trip{Kind: "boat", Vessel: boat.ID, Pos: light, MP: 1}
	if mv := f.s.tripMoves(0, tr); len(mv) != 0 {
		t.Errorf("a boat with 1 point may still move: %v", mv)
	}
}

// §11.5 with A24: a boat that began the transport phase on the high sea and is still there at
// its end sinks with its cargo; when the phase is cancelled it sinks at once.
func TestBoatOnHighSeaSinks(t *testing.T) {
	high := -1
	for i, sf := range board.Seas {
		if !sf.Deep && len(sf.Lands) == 0 {
			high = i
			break
		}
	}
	if high < 0 {
		t.Skip("the map has no light high-sea field")
	}
	f := newFixture(t, 2).own(0, "Ys")
	f.vessel(0, false, high, "gold")
	f.s.Ships[0].Stranded = true
	sup := f.s.Sup[Gold]
	f.s.endTransport()
	if len(f.s.Ships) != 0 || f.s.Sup[Gold] != sup+1 {
		t.Error("the stranded boat must sink with its gold")
	}
}

// A stranded boat must be moved first and toward a coast.
func TestStrandedBoatMustReturn(t *testing.T) {
	high := -1
	for i, sf := range board.Seas {
		if !sf.Deep && len(sf.Lands) == 0 {
			high = i
			break
		}
	}
	if high < 0 {
		t.Skip("the map has no light high-sea field")
	}
	f := newFixture(t, 2).own(0, "Ys").put("Ys", "gold")
	f.own(0, "Comorium")
	f.vessel(0, false, high, "")
	f.s.Ships[0].Stranded = true
	f.transportTurn(0, 1)
	if nx := f.next(0, ""); len(nx) != 1 || nx[0] != "boat" {
		t.Errorf("first transport options %v, want only the stranded boat", nx)
	}
	if has(f.next(0, "boat boat1"), "end") {
		t.Error("the stranded boat cannot stay on the high sea")
	}
}

// §11.8: after the transport phase each area keeps one weapon and one horse.
func TestCapAtEndOfTransport(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys", "Comorium").put("Ys", "weapon horse").put("Comorium", "weapon horse gold")
	f.transportTurn(0, 1)
	f.play(0, "foot comorium ys horse weapon")
	eqGoods(t, "Ys", f.goods("Ys"), "weapon horse")
	if f.s.Sup[Weapon] != boxSupply[Weapon]+1 || f.s.Sup[Horse] != boxSupply[Horse]+1 {
		t.Error("the surplus goes back to the supply")
	}
}

// A boat's strength decides passage without asking when it beats all foreign banks.
func TestPassageNotNeededWhenStrong(t *testing.T) {
	f := newFixture(t, 3).own(0, "Hippo's Land").own(1, "Cimmria").own(2, "Vagon")
	id := f.vessel(0, false, riverBase+0, "weapon horse")
	f.transportTurn(0, 1)
	f.play(0, "boat boat1 r1 end")
	if v := f.s.vessel(id); v.Pos != riverBase+1 {
		t.Error("strength 7 against Cimmria 1 passes without asking")
	}
}

// Ships never enter the river.
func TestShipNeverOnRiver(t *testing.T) {
	f := newFixture(t, 2).own(0, "Hippo's Land")
	f.vessel(0, true, board.Mouth, "")
	f.transportTurn(0, 1)
	if has(f.next(0, "ship ship1"), "r0") {
		t.Error("a ship is offered the river")
	}
	f.refused(0, "ship ship1 r0", "Ships never enter the river")
}

// §11.5, A26: a boat loads and unloads with own lands at its banks and may carry goods on.
func TestBoatCarriesGoods(t *testing.T) {
	f := newFixture(t, 2).own(0, "Hippo's Land", "Minda").put("Hippo's Land", "2wood")
	f.vessel(0, false, riverBase+1, "")
	f.transportTurn(0, 1)
	f.play(0, "boat boat1 +wood +wood r2 -wood end")
	eqGoods(t, "Minda", f.goods("Minda"), "wood")
	eqGoods(t, "boat", f.s.vessel(1).Goods, "wood")
}

// Deliver 5: a label says when goods would go back to the supply (§11.8): a second horse carried
// into a land that holds one (in the transport phase, at its end unless moved on), a received
// horse put beside another in the trade phase (at once); no note where nothing is lost.
func TestLabelsWarnOfSurplus(t *testing.T) {
	label := func(f *fixture, p int, partial, tok string) string {
		m, _ := rules.ParseMove(partial)
		cs, _, err := f.s.Choices(rules.Seat(p), m)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if c.Token == tok {
				return c.English()
			}
		}
		t.Fatalf("%q not offered after %q", tok, partial)
		return ""
	}
	f := newFixture(t, 2).own(0, "Minda", "Vagon").put("Minda", "horse gold").put("Vagon", "horse").transportTurn(0, 1)
	if got, want := label(f, 0, "foot minda vagon", "horse"), "horse (1) · 1 horse lost unless moved on · Vagon → 2 horses"; got != want {
		t.Errorf("foot label %q, want %q", got, want)
	}
	if got := label(f, 0, "foot minda vagon", "gold"); got != "gold (1) · Vagon → 1 horse, 1 gold" {
		t.Errorf("gold label %q", got)
	}
	// A horse riding into a land with a horse: ending there leaves two.
	if got, want := label(f, 0, "horse minda vagon", "end"), "End · 1 horse lost unless moved on · Vagon → 2 horses"; got != want {
		t.Errorf("ride's end label %q, want %q", got, want)
	}
	f = tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "iron horse").put("Comorium", "horse")
	f.openTrade()
	f.play(0, "offer blue iron for horse")
	f.play(1, "accept 1")
	if got, want := label(f, 0, "put ys", "horse"), "horse (1) · 1 horse lost · Ys → 2 horses"; got != want {
		t.Errorf("put label %q, want %q", got, want)
	}
}

// Deliver 6: the banks asked for passage answer at once, so an answer reaches only its giver
// until every bank has answered: the public events, the spectator's and the other bank's view
// and prompts are the same whichever answer came first; then the answers are told to all.
func TestPassageAnswersStaySecretUntilAllAnswered(t *testing.T) {
	type seen struct{ public, spectator, other, prompts string }
	look := func(first string) (seen, *fixture) {
		f, _ := boatExample(t)
		mouth := board.Seas[board.Mouth].Token
		f.play(0, "boat boat1 "+mouth+" r0 r1 r2 r3")
		evs := f.play(2, first)
		var sn seen
		for _, e := range evs {
			if e.Public() || e.VisibleTo(1) || e.VisibleTo(0) {
				sn.public += e.English() + "\n"
			}
		}
		v, _ := json.Marshal(f.s.View(rules.Spectator))
		o, _ := json.Marshal(f.s.View(1))
		sn.spectator, sn.other = string(v), string(o)
		p, _ := json.Marshal(f.s.Awaiting())
		sn.prompts = string(p)
		return sn, f
	}
	a, _ := look("allow")
	r, f := look("refuse")
	if a != r {
		t.Errorf("the first answer shows before the second bank answered:\nallow  %+v\nrefuse %+v", a, r)
	}
	evs := f.play(1, "allow")
	var told []string
	for _, e := range evs {
		if e.Public() && strings.Contains(e.English(), "passage.") {
			told = append(told, rules.PlainSeats(f.s, e.English()))
		}
	}
	if want := []string{"Blue allows passage.", "Yellow refuses passage."}; strings.Join(told, "|") != strings.Join(want, "|") {
		t.Errorf("once all answered, the table reads %q, want %q", told, want)
	}
	// The other bank's answer is news to the last to answer (no undo takes it back); the last
	// answer only shows its giver's own.
	for _, e := range evs {
		if e.Public() && strings.Contains(e.English(), "passage.") {
			if own := strings.Contains(rules.PlainSeats(f.s, e.English()), "Blue"); e.NewsTo(1) == own || (own && !e.NewsTo(2)) {
				t.Errorf("%q: news to the last to answer %v, to the other bank %v", e.English(), e.NewsTo(1), e.NewsTo(2))
			}
		}
	}
}

// Horse, chain and boat transports name their cargo in their post, and an empty one says so
// (play-tester: "horse transport runs Orphir → Erein → Orphir" carried 1 iron, yet read as empty).
func TestTransportTextNamesCargo(t *testing.T) {
	cases := []struct {
		name, move, want string
	}{
		{"horse with iron", "horse ys +iron comorium end", "horse transport runs Ys → Comorium and carries 1 iron from Ys to Comorium."},
		{"horse empty", "horse ys comorium end", "horse transport runs Ys → Comorium with no cargo."},
		{"chain", "chain mabaron +coal ikarien end", "chain transport runs Mabaron → Ikarien and carries 1 coal from Mabaron to Ikarien."},
		{"boat", "boat boat1 +wood r2 -wood end", "carries 1 wood and ends"},
		{"boat empty", "boat boat1 r2 end", "with no cargo."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, 2).own(0, "Ys", "Comorium", "Mabaron", "Ikarien", "Hippo's Land", "Minda")
			f.put("Ys", "horse iron").put("Mabaron", "horse coal").put("Ikarien", "horse").put("Hippo's Land", "wood")
			f.vessel(0, false, riverBase+1, "")
			f.transportTurn(0, 1)
			var texts []string
			for _, e := range f.play(0, c.move) {
				texts = append(texts, e.English())
			}
			if !strings.Contains(strings.Join(texts, "\n"), c.want) {
				t.Errorf("%s: events %q, want one with %q", c.move, texts, c.want)
			}
		})
	}
}

// A transport of the transport phase that leaves a land more weapons or horses than it keeps
// says so to the mover at once: the surplus goes back only at the phase's end (issue 36: goods
// lost without warning).
func TestTransportWarnsOfSurplusLater(t *testing.T) {
	f := newFixture(t, 2).own(0, "Ys", "Comorium").put("Ys", "weapon").put("Comorium", "weapon horse gold")
	f.transportTurn(0, 2)
	var warned []string
	for _, e := range f.play(0, "foot comorium ys weapon") {
		if strings.Contains(e.English(), "unless moved on") {
			if e.Public() || !e.VisibleTo(0) {
				t.Errorf("the warning is for the mover alone: %+v", e)
			}
			warned = append(warned, e.English())
		}
	}
	want := []string{"Ys will hold 2 weapons: 1 goes back to the supply at the end of the phase unless moved on."}
	if !slices.Equal(warned, want) {
		t.Errorf("warnings %q, want %q", warned, want)
	}
	eqGoods(t, "Ys", f.goods("Ys"), "2weapon")
}
