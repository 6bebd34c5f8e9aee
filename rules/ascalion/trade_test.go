package ascalion

import (
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

func tradeFixture(t *testing.T, n int, opts ...string) *fixture {
	f := newFixture(t, n, opts...)
	return f
}

func (f *fixture) openTrade() *fixture {
	f.s.Phase = 4
	f.s.runTrade()
	return f
}

// §10.1-10.2: neighbours trade any ratio, at least one resource each way; goods come out of the
// chosen areas and go where the receiver puts them.
func TestTradeBetweenNeighbours(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "2iron weapon").put("Comorium", "horse")
	f.openTrade()
	if !has(f.next(0, "offer"), "blue") || has(f.next(0, "offer"), "yellow") {
		t.Fatalf("partners %v: blue borders Ys; yellow (the rest of the map) also borders, but holds nothing", f.next(0, "offer"))
	}
	if has(f.next(0, "offer blue"), "weapon") {
		t.Error("weapons cannot be traded")
	}
	f.refused(0, "offer blue for", "")      // a gift the other way
	f.refused(0, "offer blue iron for", "") // must ask for something
	f.play(0, "offer blue iron iron for horse")
	if f.s.Done[1] || !has(f.next(1, ""), "accept") {
		t.Fatal("blue must be able to answer")
	}
	f.play(1, "accept 1")
	eqGoods(t, "Ys", f.goods("Ys"), "weapon")
	eqGoods(t, "Comorium", f.goods("Comorium"), "")
	// Each side places what it received.
	f.play(0, "put ys horse")
	f.play(1, "put comorium iron iron")
	eqGoods(t, "Ys", f.goods("Ys"), "horse weapon")
	eqGoods(t, "Comorium", f.goods("Comorium"), "2iron")
}

// Like-for-like trades are legal and move goods out of a land (§10.2).
func TestTradeLikeForLike(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys", "Tarvos").own(1, "Comorium").put("Ys", "gold").put("Comorium", "gold")
	f.openTrade()
	f.play(0, "offer blue gold for gold")
	f.play(1, "accept 1")
	f.play(0, "put tarvos gold")
	if f.goods("Ys")[Gold] != 0 || f.goods("Tarvos")[Gold] != 1 {
		t.Error("gold for gold should move the gold where its receiver wants it")
	}
}

func TestTradeNeedsBorder(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Albur").put("Ys", "gold").put("Albur", "gold")
	f.openTrade()
	if f.s.Stage == stTrade || len(f.s.partners(0)) != 0 {
		t.Error("Ys and Albur share no border: nobody can trade")
	}
}

func TestTradeWindowCloses(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "gold").put("Comorium", "coal").put("Tarvos", "wood")
	f.openTrade()
	f.play(0, "offer blue gold for coal")
	f.play(1, "done") // rejects the open offer
	if len(f.s.Offers) != 0 {
		t.Fatal("done rejects the offers made to that player")
	}
	f.play(0, "done")
	f.play(2, "done")
	if f.s.Stage == stTrade {
		t.Error("the window stays open after everyone said done")
	}
}

// A received horse next to another horse is surplus at once (§11.8 after any movement).
func TestTradeCapAfterPlacement(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "horse gold").put("Comorium", "horse")
	f.openTrade()
	f.play(0, "offer blue gold for horse")
	f.play(1, "accept 1")
	f.play(0, "put ys horse")
	if f.goods("Ys")[Horse] != 1 {
		t.Error("a second horse must be removed")
	}
}

// Offers whose goods are gone lapse.
func TestTradeStaleOfferLapses(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").own(2, "Tarvos").put("Ys", "gold").put("Comorium", "coal").put("Tarvos", "wood")
	f.openTrade()
	f.play(0, "offer blue gold for coal")
	f.play(0, "offer yellow gold for wood")
	f.play(1, "accept 1")
	if len(f.s.Offers) != 0 {
		t.Errorf("offer #2 should lapse once the gold is gone: %v", f.s.Offers)
	}
}

// §10.3: with the reach option a boat that can reach the partner makes trade possible.
func TestTradeReach(t *testing.T) {
	f := tradeFixture(t, 3, "trade", "reach").own(0, "Hippo's Land").own(1, "Albur").put("Hippo's Land", "gold").put("Albur", "coal")
	if f.s.eligible(0, 1) {
		t.Fatal("without a vessel Hippo's Land cannot reach Albur")
	}
	// A ship right next to Albur's coast field.
	coast := seaNear(f.land("Albur"), false)
	f.vessel(0, true, board.Seas[coast].Adj[0], "")
	f.openTrade()
	if !has(f.next(0, "offer"), "blue") {
		t.Error("a ship within reach of Albur makes blue a partner")
	}
}

// §10.3: a permission given in the trade phase opens the river for the whole phase.
func TestTradeReachNeedsPassage(t *testing.T) {
	f := tradeFixture(t, 5, "trade", "reach").own(0, "Hippo's Land").own(1, "Vagon").own(2, "Minda").own(3, "Zothic")
	f.put("Hippo's Land", "gold").put("Zothic", "coal").put("Vagon", "weapon horse").put("Minda", "weapon")
	f.vessel(0, false, riverBase+1, "")
	f.openTrade()
	if f.s.eligible(0, 3) {
		t.Fatal("Vagon (5) blocks the boat (3): green is out of reach")
	}
	f.play(0, "ask blue")
	f.play(1, "grant red")
	if f.s.eligible(0, 3) {
		t.Fatal("Minda still blocks the way to Zothic")
	}
	f.play(0, "ask yellow")
	f.play(2, "grant red")
	if !f.s.eligible(0, 3) {
		t.Fatal("with both permissions the boat reaches Zothic's bank")
	}
	f.play(0, "offer green gold for coal")
	f.play(3, "accept 1")
	f.play(0, "put hippos coal")
	eqGoods(t, "Hippo's Land", f.goods("Hippo's Land"), "coal")
}

// An offer is an event of Kind "offer" with a Ref that its withdrawal (or its lapse) repeats, so
// the platform never posts an offer made and taken back between two posts; each repeatable trade
// event has a condensed line. The seat the offers are made to reads them without its own name.
func TestOfferEventsCarryKindAndRef(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "2iron gold").put("Comorium", "horse coal")
	f.openTrade()
	ev := f.play(0, "offer blue iron for horse")
	if len(ev) != 1 || ev[0].Kind != "offer" || ev[0].Ref != offerRef(1) {
		t.Fatalf("offer events %+v", ev)
	}
	if got := rules.PlainSeats(f.s, ev[0].English()); got != "Red offers Blue 1 iron for 1 horse (offer #1)." {
		t.Errorf("offer reads %q", got)
	}
	f.play(0, "offer blue gold for coal")
	pr := f.s.Awaiting()
	for _, p := range pr {
		if p.Seat == 1 && strings.Contains(p.English(), rules.SeatRef(1)) {
			t.Errorf("the prompt names the awaited seat to itself: %q", p.English())
		}
	}
	ev = f.play(0, "withdraw 1")
	if len(ev) != 1 || ev[0].Kind != "withdraw" || ev[0].Ref != offerRef(1) {
		t.Fatalf("withdrawal events %+v", ev)
	}
	ev = f.play(1, "reject 2")
	if len(ev) != 1 || ev[0].Kind != "reject" || ev[0].Ref != offerRef(2) {
		t.Fatalf("rejection events %+v", ev)
	}
	// An offer whose goods go elsewhere lapses with the offer's Ref.
	f.play(0, "offer blue iron for horse")
	f.play(0, "offer blue iron iron for horse")
	ev = f.play(1, "accept 3")
	var lapsed bool
	for _, e := range ev {
		if e.Kind == "trade" && e.Ref != offerRef(3) {
			t.Errorf("trade event %+v", e)
		}
		if e.Kind == "withdraw" && e.Ref == offerRef(4) {
			lapsed = true
		}
	}
	if !lapsed {
		t.Errorf("offer 4 (its horse is gone) should lapse with its Ref: %+v", ev)
	}
}

// A trade offer written out of order, or with what is not there, is refused with the order an
// offer is written in.
func TestOfferRefusalsSayTheOrder(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "2iron wood weapon").put("Comorium", "horse coal")
	f.openTrade()
	for _, c := range []struct{ move, want string }{
		{"offer blue iron wood for horse", "wood comes too late: an offer is written `offer <colour> <what you give> for <what you want>`, each list in the order wood, horse, gold, coal, iron"},
		{"offer blue wood for coal horse", "horse comes too late: an offer is written"},
		{"offer blue gold for coal", "You have no gold left to give."},
		{"offer blue wood wood for coal", "You have no wood left to give."},
		{"offer blue for coal", "Name what you give before `for`"},
		{"offer blue weapon for coal", "Weapons cannot be traded"},
		{"offer blue wood for gold", "Blue holds no gold: ask for what they hold."},
		{"offer blue wood for coal coal", "Your partner holds no more coal than you asked for."},
		{"offer blue wood for apples", `"apples" is not a resource: an offer is written`},
	} {
		f.refused(0, c.move, c.want)
	}
	f.play(0, "offer blue wood iron for horse coal")
}

// Offer labels say whose stock a number is (play-tester: "wood (1)" was the partner's), and a
// like-for-like wish says that it only moves goods (§10.2 keeps it legal).
func TestOfferLabelsSayWhoseStock(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "2wood").put("Comorium", "wood 2iron")
	f.openTrade()
	label := func(partial, tok string) string {
		m, _ := rules.ParseMove(partial)
		cs, _, err := f.s.Choices(0, m)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if c.Token == tok {
				return c.English()
			}
		}
		t.Fatalf("%q: no %s in %v", partial, tok, choiceToks(cs))
		return ""
	}
	for _, c := range []struct{ partial, tok, want string }{
		{"offer blue", "wood", "wood (you have 2)"},
		{"offer blue wood for", "iron", "iron ({seat:1} has 2)"},
		{"offer blue wood for", "wood", "wood (like for like: only moves it)"},
	} {
		if got := label(c.partial, c.tok); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.partial, c.tok, got, c.want)
		}
	}
}

// Saying done rejects the offers made to the seat aloud, naming their makers (play-
// tester: one offer was dropped silently, another rejected); "close" also takes no more offers
// for the round, so the seat is not asked again.
func TestTradeDoneRejectsAloudAndCloseStaysClosed(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "2wood").put("Comorium", "gold iron")
	f.openTrade()
	f.play(0, "offer blue wood for gold")
	var texts []string
	for _, e := range f.play(1, "close") {
		texts = append(texts, e.English())
	}
	all := strings.Join(texts, "\n")
	if !strings.Contains(all, "rejects the offer of {seat:0}") || !strings.Contains(all, "takes no more offers this round") {
		t.Errorf("events %q", texts)
	}
	if has(f.next(0, ""), "offer") {
		t.Errorf("Blue, Red's only partner, closed its trade, yet Red may still offer: %v", f.next(0, ""))
	}
	for _, a := range f.s.Awaiting() {
		if a.Seat == 1 {
			t.Errorf("Blue is asked again: %+v", a)
		}
	}
}

// A trade window tells a seat's "done trading" once: done again after an offer reopened its trade
// restates it (Detail, kept out of posts). The offers a done rejects are one line naming their
// makers, never counted, never by number (issue 36: about fifteen lines a round).
func TestTradeDoneToldOnceRejectsInOneLine(t *testing.T) {
	f := tradeFixture(t, 3).own(0, "Ys").own(1, "Comorium").put("Ys", "3wood").put("Comorium", "gold iron")
	f.openTrade()
	f.play(0, "offer blue wood for gold")
	f.play(0, "offer blue wood for iron")
	var lines []string
	for _, e := range f.play(1, "done") {
		if !e.Detail {
			lines = append(lines, e.English())
		}
	}
	want := []string{"{seat:1} rejects the offers of {seat:0}.", "{seat:1} is done trading."}
	if !slices.Equal(lines, want) {
		t.Errorf("first done tells %q, want %q", lines, want)
	}
	f.play(0, "offer blue wood for gold")
	for _, e := range f.play(1, "done") {
		if strings.Contains(e.English(), "done trading") && !e.Detail {
			t.Errorf("done again in the same window is told again: %q", e.English())
		}
	}
}
