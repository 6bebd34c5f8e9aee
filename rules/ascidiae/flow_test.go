package ascidiae

import (
	"strings"
	"testing"
)

// TestFlowOrder: cards activate in the current's order, so what a1 pushes into b1 is there when
// b1 activates; empty spaces are skipped; what b2 (later) receives from b1 it uses this turn.
func TestFlowOrder(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "a1", "rubra", Right, "")      // spawns R, pushes it right to b1
	g.put(0, "b1", "xerocephala", Down, "") // spawns W, pushes everything "up" = down to b2
	g.put(0, "b2", "caerulea", Up, "")      // spawns B, pushes it up to b1
	g.begin(0)
	if got := g.at(0, "b1").T; got != pool("B") {
		t.Errorf("b1 holds %v, want the blue from b2 only", got)
	}
	if got := g.at(0, "b2").T; got != pool("WR") {
		t.Errorf("b2 holds %v, want the red and white pushed on by b1", got)
	}
	log := logText(g)
	if strings.Index(log, "a1 rubra") > strings.Index(log, "b1 xerocephala") || strings.Index(log, "b1 xerocephala") > strings.Index(log, "b2 caerulea") {
		t.Errorf("activations out of flow order:\n%s", log)
	}
	if strings.Count(log, "\n") != 2 {
		t.Errorf("want three activations (empty spaces skipped):\n%s", log)
	}
}

// TestFlowOtherCurrent: on a column current (3a: a1 a2 a3 b3 ...), a3 comes before b3.
func TestFlowOtherCurrent(t *testing.T) {
	g := scenario(t, 2, map[string]string{"current": "3a"})
	g.put(0, "b3", "caerulea", Left, "") // pushes B left to a3, which has already gone
	g.put(0, "a3", "xerocephala", Right, "")
	g.begin(0)
	if got := g.at(0, "a3").T; got != pool("B") {
		t.Errorf("a3 holds %v, want only the blue that arrived after it activated", got)
	}
	if got := g.at(0, "b3").T; got != pool("W") {
		t.Errorf("b3 holds %v, want the white pushed by a3", got)
	}
}

func TestPurge(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "a1", "rubra", Up, "KKKKKKW")  // 7 > 6: purges, no ability
	g.put(0, "c1", "rubra", Down, "KKKKKK") // 6: no purge, spawns and pushes down to empty c2
	g.begin(0)
	if got := g.at(0, "a1").T; got.Total() != 0 {
		t.Errorf("a1 kept %v after a purge", got)
	}
	if !strings.Contains(logText(g), "rubra on a1 purges all 7") {
		t.Errorf("log: %s", logText(g))
	}
	if got := g.at(0, "c1").T; got != pool("KKKKKK") {
		t.Errorf("c1 holds %v, want its 6 black (the red went to an empty space)", got)
	}
}

// TestPurgeOnlyOnActivation: a card may hold more than its capacity between activations. The
// rulebook: "When an ascidia activates, if too many tadpoles are on it, it will purge. [...] if,
// on activation, there are more, return them all to the supply" -- a card shown at 8/6 after a
// push waits for its own activation (issue 38 asked; the board says so in its log).
func TestPurgeOnlyOnActivation(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "a1", "caerulea", Up, "KKKKKK") // pushes its blue off the grid
	g.put(0, "b1", "rubra", Left, "")        // pushes red into a1 after a1 has activated
	g.begin(0)
	if got := g.at(0, "a1").T.Total(); got != 7 {
		t.Fatalf("a1 holds %d, want 7 (no purge outside activation)", got)
	}
	g.begin(0)
	if !strings.Contains(logText(g), "caerulea on a1 purges all 7") {
		t.Errorf("next activation should purge:\n%s", logText(g))
	}
}

func TestCapacityCharacteristic(t *testing.T) {
	g := scenario(t, 2, map[string]string{"preset": "fourth"})
	g.put(0, "a1", "mater", Up, "KKKKKKKKKK") // 10: mater holds up to 10
	g.put(0, "b3", "mater", Up, "KKKKKKKKKKK")
	g.begin(0) // a1: spawn K/W or catch+think: a decision
	if g.Turn.Wait == "" {
		t.Fatalf("mater with 10 should activate, log: %s", logText(g))
	}
	if strings.Contains(logText(g)+strings.Join(lineParts(g), " "), "purges") {
		t.Errorf("mater purged at 10")
	}
	play(t, g, "1", "black")
	if !strings.Contains(logText(g), "mater on b3 purges all 11 tadpoles (more than its capacity of 10)") {
		t.Errorf("mater with 11 should purge:\n%s", logText(g))
	}
}

func TestAbilityChoice(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "b2", "habilis", Up, "")
	g.begin(0)
	// With nothing to spend, think cannot be done: only the spawn remains, and its colour is asked.
	if g.Turn.Wait != waitPick {
		t.Fatalf("want the spawn colour asked, wait=%q", g.Turn.Wait)
	}
	if got := tokens(t, g, ""); strings.Join(got, " ") != "black white" {
		t.Errorf("spawn choices %v", got)
	}
	play(t, g, "white")
	if got := g.at(0, "b2").T; got != pool("W") {
		t.Errorf("habilis holds %v", got)
	}
	// Holding a white, it can take root with socer (1 white): both abilities can be done.
	g.begin(0)
	if g.Turn.Wait != waitAbility {
		t.Fatalf("want an ability choice, wait=%q", g.Turn.Wait)
	}
	if got := tokens(t, g, ""); strings.Join(got, " ") != "1 2" {
		t.Errorf("ability choices %v", got)
	}
	refusedWith(t, g, 0, "3", "not possible")
}

// TestPickOrder: a colour list typed in another order is refused with the order to use.
func TestPickOrder(t *testing.T) {
	testCard(t, "probe", "spawn K/R R/B")
	g := scenario(t, 2, nil)
	g.put(0, "b2", "probe", Up, "")
	g.begin(0)
	if got := strings.Join(tokens(t, g, ""), " "); got != "black+red black+blue red+red red+blue" {
		t.Fatalf("readings %q", got)
	}
	refusedWith(t, g, 0, "red+black", `Write the colours in the order black, white, red, blue: "black+red".`)
	play(t, g, "red+blue")
	if got := g.at(0, "b2").T; got != pool("RB") {
		t.Errorf("holds %v", got)
	}
}

func TestNoAbilityCanBeDone(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "b2", "vikenti", Up, "RR") // both abilities consume a black first
	g.begin(0)
	if !strings.Contains(logText(g), "vikenti on b2 can do none of its abilities") {
		t.Errorf("log: %s", logText(g))
	}
	if g.at(0, "b2").T != pool("RR") {
		t.Errorf("vikenti changed: %v", g.at(0, "b2").T)
	}
}

// TestConsumeStopsAbility: a consume without enough tadpoles removes none and the ability stops.
func TestConsumeStopsAbility(t *testing.T) {
	testCard(t, "probe", "spawn K, consume K K, spawn R")
	g := scenario(t, 2, nil)
	g.put(0, "b2", "probe", Up, "")
	g.put(0, "b3", "probe", Up, "K")
	g.begin(0)
	if got := g.at(0, "b2").T; got != pool("K") {
		t.Errorf("short: holds %v, want the spawned black and no red", got)
	}
	if got := g.at(0, "b3").T; got != pool("R") {
		t.Errorf("enough: holds %v, want the red after consuming two black", got)
	}
}

// TestCoopStopsAbility: cooperate needs the tadpoles, keeps them, and stops the ability if short.
func TestCoopStopsAbility(t *testing.T) {
	testCard(t, "probe", "spawn K, coop W W, spawn R")
	g := scenario(t, 2, nil)
	g.put(0, "b2", "probe", Up, "W")
	g.put(0, "b3", "probe", Up, "WW")
	g.begin(0)
	if got := g.at(0, "b2").T; got != pool("KW") {
		t.Errorf("short: holds %v, want no red", got)
	}
	if got := g.at(0, "b3").T; got != pool("KWWR") {
		t.Errorf("enough: holds %v, want the whites kept and a red", got)
	}
}

// TestPushNeverStops: a push without enough tadpoles moves none, lost pushes vanish, and the
// ability goes on either way.
func TestPushNeverStops(t *testing.T) {
	testCard(t, "probe", "push K K right, spawn R")
	testCard(t, "pusher", "push W up, push K left, push B right, spawn B")
	g := scenario(t, 2, nil)
	g.put(0, "b2", "probe", Up, "K")    // one black: the push of two moves none
	g.put(0, "c2", "probe", Up, "")     // nothing to push
	g.put(0, "a1", "pusher", Up, "WKB") // up: off the grid; left: off; right: b1 empty
	g.begin(0)
	if got := g.at(0, "b2").T; got != pool("KR") {
		t.Errorf("b2 holds %v, want its black kept and a red", got)
	}
	if got := g.at(0, "c2").T; got != pool("R") {
		t.Errorf("c2 holds %v", got)
	}
	if got := g.at(0, "a1").T; got != pool("B") {
		t.Errorf("a1 holds %v, want everything pushed away lost and the new blue", got)
	}
}

func TestCatch(t *testing.T) {
	testCard(t, "probe", "catch R left, catch K up, catch B right, spawn W")
	g := scenario(t, 2, nil)
	g.put(0, "a2", "fusca", Up, "RRK") // fusca: spawn K or think; it activates after b2 here
	g.put(0, "b2", "probe", Up, "")    // catches one red from a2; up (b1) is empty; c2 empty
	g.put(0, "a1", "probe", Up, "")    // left is off the grid; up off; right b1 empty
	g.begin(0)
	if got := g.at(0, "a1").T; got != pool("W") {
		t.Errorf("a1 holds %v, want only its white", got)
	}
	if got := g.at(0, "b2").T; got != pool("WR") {
		t.Errorf("b2 holds %v, want one red caught and a white", got)
	}
	testCard(t, "greedy", "catch R R R left, spawn W")
	g = scenario(t, 2, nil)
	g.put(0, "a2", "rubra", Up, "RR")
	g.put(0, "b2", "greedy", Up, "")
	g.begin(0)
	if got := g.at(0, "b2").T; got != pool("W") {
		t.Errorf("catching three of two: b2 holds %v, want nothing caught", got)
	}
}

// TestDirectionsTurnWithTheCard: a card's up is where its top faces.
func TestDirectionsTurnWithTheCard(t *testing.T) {
	cases := []struct {
		o    Dir
		want string
	}{{Up, "b1"}, {Right, "c2"}, {Down, "b3"}, {Left, "a2"}}
	for _, c := range cases {
		g := scenario(t, 2, nil)
		g.put(0, "b2", "rubra", c.o, "")
		for _, sp := range []string{"b1", "c2", "b3", "a2"} {
			g.put(0, sp, "sverk", Up, "")
		}
		g.begin(0)
		if got := g.at(0, c.want).T; got != pool("R") {
			t.Errorf("facing %s: %s holds %v, want the red", c.o, c.want, got)
		}
	}
	// Left of a card facing down is the grid's right.
	testCard(t, "probe", "spawn R, push R left")
	g := scenario(t, 2, nil)
	g.put(0, "b2", "probe", Down, "")
	g.put(0, "c2", "sverk", Up, "")
	g.begin(0)
	if got := g.at(0, "c2").T; got != pool("R") {
		t.Errorf("left of a card facing down: c2 holds %v", got)
	}
}

// TestTurnPassesAndEnds: the turn ends at the end of the current and the next seat plays.
func TestTurnPassesAndEnds(t *testing.T) {
	g := scenario(t, 3, nil)
	g.put(0, "a1", "rubra", Up, "")
	g.put(1, "a1", "caerulea", Up, "")
	g.put(2, "a1", "habilis", Up, "")
	g.begin(0)
	if g.Turn.Seat != 2 || g.Turn.Wait != waitPick {
		t.Fatalf("seat 3's habilis should be asked its colour; seat=%d wait=%q", g.Turn.Seat, g.Turn.Wait)
	}
	if len(g.Recent) != 2 || g.Recent[0].Seat != 0 || g.Recent[1].Seat != 1 {
		t.Errorf("recent turns %+v", g.Recent)
	}
	refusedWith(t, g, 0, "black", "not your turn")
	play(t, g, "black")
	if g.Round != 1 {
		t.Errorf("round %d after all three played", g.Round)
	}
}

// TestRulebookExampleTwoAbilities: the rulebook's example card has two abilities, the second only
// possible with at least 2 black tadpoles.
func TestRulebookExampleTwoAbilities(t *testing.T) {
	testCard(t, "example", "spawn K, push K down", "consume K K, spawn R, push R down")
	g := scenario(t, 2, nil)
	g.put(0, "b2", "example", Up, "K")
	g.begin(0)
	if g.Turn.Wait == waitAbility {
		t.Fatalf("with 1 black only the first ability can be done")
	}
	if got := g.at(0, "b2").T; got != pool("K") {
		t.Errorf("holds %v: it should have spawned a black and pushed one away", got)
	}
	g.at(0, "b2").T = pool("KK")
	g.begin(0)
	if got := strings.Join(tokens(t, g, ""), " "); got != "1 2" {
		t.Fatalf("with 2 black both abilities can be done, got %q", got)
	}
	play(t, g, "2")
	if got := g.at(0, "b2").T; got.Total() != 0 {
		t.Errorf("second ability should consume both black, left %v", got)
	}
}
