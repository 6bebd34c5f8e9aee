package reef

import (
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

func TestTradeConsumedPolypForACubeToGrow(t *testing.T) {
	s := fixture(t, 2)
	giveConsumed(t, s, 0, White, 1)
	give(t, s, 0, White, 2)
	supply, bag := s.CubeSupply[White], s.Bag[White]
	mustApply(t, s, 0, "trade w grow")
	if s.T.Grow != White || s.T.Larva != 1 || s.Players[0].Consumed[White] != 0 || s.Bag[White] != bag+1 || s.CubeSupply[White] != supply {
		t.Fatalf("trade then grow: %+v", s.T)
	}
	mustApply(t, s, 0, sqt("1:A3"))
	mustApply(t, s, 0, "done")
	giveConsumed(t, s, 0, White, 1)
	if reason := refuse(t, s, 0, "trade w polyp"); !strings.Contains(reason, "already traded") {
		t.Errorf("second trade: %q", reason)
	}
	checkTotals(t, s)
}

func TestTradeConsumedPolypForACubeForAPolyp(t *testing.T) {
	s := fixture(t, 2)
	giveConsumed(t, s, 0, Pink, 1)
	giveCube(t, s, 0, Pink)
	mustApply(t, s, 0, "trade p polyp")
	if s.Players[0].Screen[Pink] != 1 || !s.T.Bought || s.Players[0].Cubes[Pink] != 1 {
		t.Fatalf("trade then polyp: %+v", s.Players[0])
	}
	// That used action 8 as well.
	if reason := refuse(t, s, 0, "polyp p"); !strings.Contains(reason, "already traded a larva cube") {
		t.Errorf("second polyp: %q", reason)
	}
	checkTotals(t, s)
}

func TestTradeNeedsAUseAndACube(t *testing.T) {
	s := fixture(t, 2)
	giveConsumed(t, s, 0, Pink, 1)
	// No pink cube in the supply.
	for s.CubeSupply[Pink] > 0 {
		giveCube(t, s, 1, Pink)
	}
	if reason := refuse(t, s, 0, "trade p grow"); !strings.Contains(reason, "Trading needs") {
		t.Errorf("no cube: %q", reason)
	}
}

func TestTradeCubeForPolyp(t *testing.T) {
	s := fixture(t, 2)
	giveCube(t, s, 0, Yellow)
	giveCube(t, s, 0, Yellow)
	supply := s.CubeSupply[Yellow]
	evs := mustApply(t, s, 0, "polyp y")
	if s.Players[0].Screen[Yellow] != 1 || s.CubeSupply[Yellow] != supply+1 || !strings.Contains(evs[0].English(), "from the bag") {
		t.Fatalf("polyp: %+v %q", s.Players[0], evs[0].English())
	}
	if reason := refuse(t, s, 0, "polyp y"); !strings.Contains(reason, "already traded a larva cube") {
		t.Errorf("second polyp: %q", reason)
	}
	// With the bag out of yellow, the bonus tile is taken.
	s2 := fixture(t, 2)
	giveCube(t, s2, 0, Yellow)
	s2.Players[1].Screen[Yellow] += s2.Bag[Yellow]
	s2.Bag[Yellow] = 0
	evs = mustApply(t, s2, 0, "polyp y")
	if s2.Bonus[Yellow] || !strings.Contains(evs[0].English(), "bonus tile") {
		t.Errorf("bonus tile not taken: %q", evs[0].English())
	}
	checkTotals(t, s2)
	// With neither, the trade is still offered (the bag's colours are secret); trying it finds
	// nothing, tells everyone, keeps the cube and spends the action.
	giveCube(t, s2, 0, Yellow)
	s2.nextTurn(&events{})
	s2.nextTurn(&events{})
	if !slices.ContainsFunc(choices(t, s2, 0, "polyp"), func(c rules.Choice) bool { return c.Token == "y" }) {
		t.Fatalf("the yellow trade is not offered though the seat has a yellow cube")
	}
	cubes := s2.Players[0].Cubes[Yellow]
	evs = mustApply(t, s2, 0, "polyp y")
	if s2.Players[0].Cubes[Yellow] != cubes || !s2.T.Bought || len(evs) != 1 || evs[0].To != nil || !evs[0].Reveals ||
		!strings.Contains(evs[0].English(), "none is left in the bag") {
		t.Errorf("no yellow left: cubes %d, bought %v, %+v", s2.Players[0].Cubes[Yellow], s2.T.Bought, evs)
	}
	if reason := refuse(t, s2, 0, "polyp y"); !strings.Contains(reason, "already traded a larva cube") {
		t.Errorf("a second try: %q", reason)
	}
	checkTotals(t, s2)
}
