package ascidiae

import (
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// colonies puts these colony cards on the green area, unclaimed.
func (g *State) colonies(ids ...string) {
	g.Colonies = nil
	for _, id := range ids {
		g.Colonies = append(g.Colonies, ColonySlot{ID: id, By: -1})
	}
}

func TestThinkOffersEveryCentralAction(t *testing.T) {
	g := scenario(t, 2, nil)
	g.colonies("black1", "black2", "black3") // KKWR, KKWB, KKRB
	g.put(0, "b2", "sverk", Up, "KKWR")
	g.begin(0)
	if g.Turn.Wait != waitCentral {
		t.Fatalf("wait %q", g.Turn.Wait)
	}
	want := "colonize root displace spin block puff rest"
	if got := strings.Join(tokens(t, g, ""), " "); got != want {
		t.Errorf("think offers %q, want %q", got, want)
	}
	if got := strings.Join(tokens(t, g, "colonize"), " "); got != "g1" {
		t.Errorf("colonize offers %q, want only the affordable g1", got)
	}
	refusedWith(t, g, 0, "colonize g2", "Colony g2 needs 2 black, 1 white, 1 blue; Ascidia sverk holds 2 black, 1 white, 1 red.")
}

func TestOrderOffersYellowActionsOnly(t *testing.T) {
	testCard(t, "probe", "order")
	g := scenario(t, 2, nil)
	g.put(0, "b2", "probe", Up, "KKKKK")
	g.begin(0)
	if got := strings.Join(tokens(t, g, ""), " "); got != "displace spin block puff rest" {
		t.Errorf("order offers %q", got)
	}
	refusedWith(t, g, 0, "root vikenti c3 up", "Ascidia probe may now order (any yellow action), not take root. Choose rest or another action.")
}

func TestColonizeAndWin(t *testing.T) {
	g := scenario(t, 2, nil)
	g.colonies("black1", "black2", "black3")
	g.put(0, "b2", "sverk", Up, "KKWRKKWB") // 8 tadpoles: sverk purges... so use two cards
	g.at(0, "b2").T = pool("KKWR")
	g.put(1, "b2", "sverk", Up, "KKWR")
	g.begin(0)
	play(t, g, "colonize g1", "rest")
	if g.Colonies[0].By != 0 || !slices.Equal(g.Players[0].Colonies, []string{"black1"}) {
		t.Fatalf("g1 not claimed by seat 1: %+v", g.Colonies)
	}
	if g.at(0, "b2").T.Total() != 0 {
		t.Errorf("colonizing should return exactly KKWR, left %v", g.at(0, "b2").T)
	}
	// Seat 2's sverk holds KKWR too, but black1 is gone: nothing to colonize.
	if g.Turn.Seat != 1 {
		t.Fatalf("seat 2 should play now")
	}
	if slices.Contains(tokens(t, g, ""), "colonize") {
		t.Errorf("a claimed colony is still offered")
	}
	refusedWith(t, g, 1, "colonize g1", "Colony g1 is already claimed by {seat:0}.")
	refusedWith(t, g, 1, "colonize", "Ascidia sverk holds 2 black, 1 white, 1 red, which pays for no open colony; the nearest, g2, needs 2 black, 1 white, 1 blue. Choose rest or another action.")
	play(t, g, "rest", "rest")
	g.at(0, "b2").T = pool("KKRB")
	g.begin(0)
	play(t, g, "colonize g3")
	if g.Res == nil || g.Res.Ranks[0] != 1 || g.Res.Ranks[1] != 2 {
		t.Fatalf("second colony should win at once: %+v", g.Res)
	}
	if got, want := rules.PlainSeats(g, g.Res.English()), "Player 1 claims a second colony and wins."; got != want {
		t.Errorf("result %q, want %q", got, want)
	}
	if len(g.Awaiting()) != 0 {
		t.Errorf("finished game still awaits")
	}
	refusedWith(t, g, 1, "rest", "game is over")
}

func TestLongGameNeedsThree(t *testing.T) {
	g := scenario(t, 2, map[string]string{"long": "yes"})
	if len(g.Colonies) != 5 {
		t.Errorf("long 2-player game has %d colonies, want 5", len(g.Colonies))
	}
	g.colonies("black1", "black2", "black3", "black4", "black5")
	g.Players[0].Colonies = []string{"x"}
	g.put(0, "b2", "sverk", Up, "KKWR")
	g.begin(0)
	play(t, g, "colonize g1")
	if g.Res != nil {
		t.Errorf("two colonies ended a long game")
	}
	g.Players[0].Colonies = []string{"x", "y"}
	g.colonies("black1", "black2")
	g.at(0, "b2").T = pool("KKWR")
	g.begin(0)
	play(t, g, "colonize g1")
	if g.Res == nil {
		t.Errorf("the third colony should win a long game")
	}
}

func TestTakeRoot(t *testing.T) {
	g := scenario(t, 2, nil) // first game: vikenti costs 2 black
	g.put(0, "a1", "sverk", Up, "KKK")
	g.put(0, "c3", "rubra", Up, "RR")
	g.begin(0)
	if got := strings.Join(tokens(t, g, "root"), " "); !strings.Contains(got, "vikenti") || strings.Contains(got, "socer") {
		t.Errorf("root offers %q: want what 3 black pays for, not socer (1 white)", got)
	}
	if n := len(tokens(t, g, "root vikenti")); n != Spaces {
		t.Errorf("root offers %d spaces, want every space", n)
	}
	play(t, g, "root vikenti c3 left", "rest")
	c := g.at(0, "c3")
	if c.Card != "vikenti" || c.Orient != Left || c.T.Total() != 0 {
		t.Errorf("c3: %+v, want a bare vikenti facing left (the rubra and its reds are lost)", c)
	}
	if g.at(0, "a1").T != pool("K") {
		t.Errorf("sverk should have paid 2 black, holds %v", g.at(0, "a1").T)
	}
	if p := g.Piles[g.pileByCard("vikenti")]; p.Count != 3 {
		t.Errorf("vikenti pile %d, want 3 of 4", p.Count)
	}
	if !strings.Contains(logText(g)+strings.Join(lineParts(g), ";"), "rubra, which was there, is lost with 2 red") {
		t.Errorf("log should say the rubra is lost: %s", logText(g))
	}
}

// TestRootedCardActivatesIfLaterInFlow: a card rooted on a space the current has not reached
// yet activates this turn.
func TestRootedCardActivatesIfLaterInFlow(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "a1", "sverk", Up, "KK")
	g.begin(0)
	play(t, g, "root rostellaria d3 up") // rostellaria: spawn 2 black, push left and right
	if g.Turn.Wait == waitCentral {
		play(t, g, "rest")
	}
	if !strings.Contains(logText(g), "rostellaria on d3 spawns 2 black") {
		t.Errorf("rostellaria on d3 should activate this turn:\n%s", logText(g))
	}
}

func TestRootLockedPileUnlocks(t *testing.T) {
	g := scenario(t, 2, nil)
	i := g.pileByCard("vikenti")
	g.Piles[i].Locked = true
	g.Blocks = 9
	g.put(0, "a1", "sverk", Up, "KK")
	g.begin(0)
	play(t, g, "root vikenti")
	if g.Piles[i].Locked || g.Piles[i].Count != 4 || g.Blocks != 10 {
		t.Errorf("unlock: %+v blocks %d; want unlocked, no card taken, token back", g.Piles[i], g.Blocks)
	}
	for _, c := range g.Players[0].Grid {
		if c != nil && c.Card == "vikenti" {
			t.Errorf("unlocking gave a card")
		}
	}
}

func TestEmptyPileCannotRoot(t *testing.T) {
	g := scenario(t, 2, nil)
	i := g.pileByCard("mariensis")
	g.Piles[i].Count = 0
	g.put(0, "a1", "sverk", Up, "K")
	g.begin(0)
	refusedWith(t, g, 0, "root mariensis a2 up", "pile is empty")
}

func TestOnRootCharacteristic(t *testing.T) {
	g := scenario(t, 2, map[string]string{"preset": "fourth"})
	i := g.pileByCard("louisianea")
	g.put(0, "a1", "sverk", Up, "")
	g.at(0, "a1").T = g.Piles[i].Cost
	g.begin(0)
	play(t, g, "root louisianea a3 right")
	if g.Turn.Wait == waitCentral {
		play(t, g, "rest")
	}
	// a3 comes later in the flow: it enters with 2 black, spawns a third and pushes all three.
	if !strings.Contains(logText(g), "louisianea takes root on a3 facing right; it enters with 2 black") || !strings.Contains(logText(g), "louisianea on a3 spawns 1 black; pushes 3 black to empty b3") {
		t.Errorf("log:\n%s", logText(g))
	}
}

func TestDisplace(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "a1", "sverk", Up, "KR")
	g.put(0, "b2", "rubra", Up, "")
	g.put(0, "b3", "caerulea", Up, "BB")
	g.begin(0)
	if got := strings.Join(tokens(t, g, "displace b2"), " "); got != "b1 c2 b3 a2" {
		t.Errorf("displace b2 to %q, want its four neighbours", got)
	}
	if got := strings.Join(tokens(t, g, "displace a1"), " "); got != "b1 a2" {
		t.Errorf("displace a1 to %q: no move off the grid", got)
	}
	if got := strings.Join(tokens(t, g, "displace b2 b3"), " "); got != "black red" {
		t.Errorf("payment choices %q", got)
	}
	play(t, g, "displace b2 b3 red")
	if g.at(0, "b3").Card != "rubra" || g.at(0, "b2") != nil || g.at(0, "a1").T != pool("K") {
		t.Errorf("after displace: b3=%v b2=%v a1=%v", g.at(0, "b3"), g.at(0, "b2"), g.at(0, "a1").T)
	}
	if !strings.Contains(strings.Join(lineParts(g), ";"), "caerulea, which was there, is lost with 2 blue") {
		t.Errorf("line: %v", lineParts(g))
	}
}

func TestSpin(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "a1", "sverk", Up, "W")
	g.put(0, "b2", "rubra", Up, "")
	g.begin(0)
	if got := strings.Join(tokens(t, g, "spin b2"), " "); got != "up right down left" {
		t.Errorf("spin offers %q (staying up is allowed: the rulebook's 'It can stay on the same orientation')", got)
	}
	play(t, g, "spin b2 down") // one colour only: no payment token
	if g.at(0, "b2").Orient != Down || g.at(0, "a1").T.Total() != 0 {
		t.Errorf("spin: %+v, sverk %v", g.at(0, "b2"), g.at(0, "a1").T)
	}
}

func TestBlock(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "a1", "sverk", Up, "KKKK")
	g.begin(0)
	play(t, g, "block trinea") // trinea costs 3 black
	i := g.pileByCard("trinea")
	if !g.Piles[i].Locked || g.Blocks != 9 || g.at(0, "a1").T != pool("K") {
		t.Errorf("block: %+v blocks=%d sverk=%v", g.Piles[i], g.Blocks, g.at(0, "a1").T)
	}
	if slices.Contains(tokens(t, g, "block"), "trinea") {
		t.Errorf("a locked pile can be locked again")
	}
	refusedWith(t, g, 0, "block trinea", "The trinea pile is already locked.")
	play(t, g, "rest")
	// With no token left, block is not offered.
	g.Blocks = 0
	g.at(0, "a1").T = pool("KKKK")
	g.begin(0)
	if slices.Contains(tokens(t, g, ""), "block") {
		t.Errorf("block offered with no tokens left")
	}
}

func TestPuff(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "a1", "sverk", Up, "KR")
	g.begin(0)
	play(t, g, "puff red")
	if g.at(0, "a1").T != pool("K") {
		t.Errorf("puff: %v", g.at(0, "a1").T)
	}
}

func TestRestSkipsTheAction(t *testing.T) {
	g := scenario(t, 2, nil)
	g.put(0, "a1", "sverk", Up, "K")
	g.begin(0)
	play(t, g, "rest", "rest")
	if g.at(0, "a1").T != pool("K") || g.Turn.Seat != 1 {
		t.Errorf("rest changed something: %v seat %d", g.at(0, "a1").T, g.Turn.Seat)
	}
}

// TestBorrowedAbility: stereo cannot use its abilities; the neighbours they point at can, with
// directions read in stereo's orientation.
func TestBorrowedAbility(t *testing.T) {
	g := scenario(t, 2, map[string]string{"preset": "fourth"})
	g.put(0, "b2", "stereo", Up, "")
	g.put(0, "a2", "rubra", Up, "") // left of stereo: may borrow "spawn R, push R down" (to a3)
	g.put(0, "a3", "sverk", Up, "")
	g.begin(0)
	if !strings.Contains(logText(g), "stereo on b2 can do none of its abilities") {
		t.Errorf("stereo used its own abilities:\n%s", logText(g))
	}
	if g.Turn.Wait != waitAbility {
		t.Fatalf("a2 should choose between its own and the borrowed ability, wait=%q", g.Turn.Wait)
	}
	next, _, _ := g.Choices(0, nil)
	if len(next) != 2 || !strings.Contains(next[1].English(), "Borrowed from stereo on b2") {
		t.Errorf("choices %+v", next)
	}
	play(t, g, "2")
	if g.at(0, "a3").T != pool("R") {
		t.Errorf("a3 holds %v, want the borrowed push down", g.at(0, "a3").T)
	}
	// Turned upside down, stereo lends its "left" ability to c2, whose "down" is then up (c1).
	g = scenario(t, 2, map[string]string{"preset": "fourth"})
	g.put(0, "b2", "stereo", Down, "")
	g.put(0, "c2", "sverk", Up, "")
	g.put(0, "c1", "sverk", Up, "")
	g.begin(0)
	if g.at(0, "c1").T != pool("R") {
		t.Errorf("upside-down stereo: c1 holds %v, want the red pushed \"down\" in stereo's frame\n%s", g.at(0, "c1").T, logText(g))
	}
}
