package ausonia

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// A fresh 2-player game where seat 0 moves first, with a known hand.
func twoPlayer(t *testing.T, hand ...string) *state {
	t.Helper()
	var s *state
	for seed := uint64(1); ; seed++ {
		s = newGame(t, 2, seed)
		if s.First == 0 {
			break
		}
	}
	set(t, s, 0, "hand", hand...)
	return s
}

func TestPlayGemCardAddsGems(t *testing.T) {
	s := twoPlayer(t, "s3", "e1", "h1")
	do(t, s, 0, "play s3")
	if s.pool() != g("sr") || len(s.P[0].Play) != 1 || len(s.P[0].Hand) != 2 {
		t.Fatalf("pool %v play %v", s.pool(), s.P[0].Play)
	}
	do(t, s, 0, "play all")
	if s.pool() != g("ser") {
		t.Fatalf("pool %v", s.pool())
	}
	refuse(t, s, 0, "play s1", "not in your hand")
	refuse(t, s, 0, "play all", "no gem card")
}

// The gems of one card can be split between different uses.
func TestSplitGems(t *testing.T) {
	s := twoPlayer(t, "s3", "h1", "h3")
	do(t, s, 0, "play all")
	do(t, s, 0, "play h1")
	do(t, s, 0, "play h3")
	do(t, s, 0, "use h1 s") // the sapphire for Influence 1
	if s.P[0].Influence != 11 {
		t.Fatalf("influence %d", s.P[0].Influence)
	}
	do(t, s, 0, "use h3") // the rainbow for Draw 1: one way left, no payment token
	if s.pool().Total() != 0 {
		t.Fatalf("pool %v", s.pool())
	}
}

// Rainbow gems are wild: they pay a coloured cost when the colour is lacking.
func TestRainbowIsWild(t *testing.T) {
	s := twoPlayer(t, "e3", "s2")
	setOffer(t, s, "m1", "c1", "v2", "a1") // m1 costs ee
	do(t, s, 0, "play all")
	do(t, s, 0, "buy m1")
	if s.T.Spent != g("er") {
		t.Fatalf("spent %v", s.T.Spent)
	}
}

// Purchases go face down to the play area and cannot be used in the same round.
func TestPurchaseIsUnusableThisRound(t *testing.T) {
	s := twoPlayer(t, "b2", "b3", "b1", "e1")
	setOffer(t, s, "c1", "v2", "m1", "a1") // c1: cost bb, pay b: Corruption 2
	do(t, s, 0, "play all")
	do(t, s, 0, "buy c1")
	pl := s.P[0]
	if codesOf(s, pl.Bought) != "c1" || s.findCode(pl.Play, "c1") >= 0 {
		t.Fatalf("bought %v play %v", pl.Bought, pl.Play)
	}
	refuse(t, s, 0, "use c1", "bought this round")
	refuse(t, s, 0, "play c1", "not in your hand")
	v := s.View(rules.Spectator).(*View)
	if len(v.Players[0].Bought) != 1 {
		t.Errorf("the purchase is public knowledge: %v", v.Players[0].Bought)
	}
	do(t, s, 0, "pass")
	if !contains(pl.Discard, s.findCode(pl.Discard, "c1")) || len(pl.Bought) != 0 {
		t.Errorf("the purchase should end in the discard pile: %v", codesOf(s, pl.Discard))
	}
}

// A bought card leaves the Offer Row at once: the rest shift left and the new card enters right.
func TestOfferRowRefillsAtOnce(t *testing.T) {
	s := twoPlayer(t, "s3", "e3", "b3")
	setOffer(t, s, "v2", "c1", "m2", "a1")
	topFavour(t, s, "n5")
	do(t, s, 0, "play all")
	do(t, s, 0, "buy c1")
	if got := codesOf(s, s.Offer); got != "v2 m2 a1 n5" {
		t.Fatalf("offer %q", got)
	}
}

// Only the Power deck's top card can be bought; the next one shows at once.
func TestPowerDeckTopOnly(t *testing.T) {
	s := twoPlayer(t, "s3", "e3", "b3", "s2", "e2", "b2")
	topPower(t, s, "p3") // eeerr
	topPower(t, s, "p1") // bbbrr
	do(t, s, 0, "play all")
	if has(next(t, s, 0, "buy"), "p3") {
		t.Error("a card under the top is for sale")
	}
	refuse(t, s, 0, "buy p3", "not for sale")
	do(t, s, 0, "buy p1 ee")
	if s.code(s.PowerDeck[len(s.PowerDeck)-1]) != "p3" {
		t.Errorf("p3 should show now")
	}
}

// Gems spent on a purchase cannot pay an ability, and the other way round.
func TestSpentGemsAreGone(t *testing.T) {
	s := twoPlayer(t, "s2", "e2", "h2")
	setOffer(t, s, "v7", "c1", "m2", "a1") // v7 costs se
	do(t, s, 0, "play all")
	do(t, s, 0, "play h2")
	do(t, s, 0, "buy v7")
	refuse(t, s, 0, "use h2", "cannot pay")
	s = twoPlayer(t, "s2", "e2", "h2")
	setOffer(t, s, "v7", "c1", "m2", "a1")
	do(t, s, 0, "play all")
	do(t, s, 0, "play h2")
	do(t, s, 0, "use h2")
	refuse(t, s, 0, "buy v7", "cannot afford")
}

func TestCostAbilityOncePerTurnAndFromPlayOnly(t *testing.T) {
	s := twoPlayer(t, "s3", "e3", "h1")
	do(t, s, 0, "play all")
	refuse(t, s, 0, "use h1", "Play Steward first")
	do(t, s, 0, "play h1")
	do(t, s, 0, "use h1 s")
	refuse(t, s, 0, "use h1", "already been used")
}

// Condition abilities trigger from the hand once their condition is met, and only once.
func TestConditionAbilityFromHand(t *testing.T) {
	s := twoPlayer(t, "s3", "s2", "h1", "v6") // v6: if you used 3 sapphire: Influence 3
	set(t, s, 0, "play", "h2")
	do(t, s, 0, "play all")
	refuse(t, s, 0, "use v6", "not met")
	do(t, s, 0, "use h2 sr") // spends s + r (rainbow counts as every colour): 2 "sapphires"
	refuse(t, s, 0, "use v6", "not met")
	do(t, s, 0, "play h1")
	do(t, s, 0, "use h1") // the last sapphire: 3 used
	if !has(next(t, s, 0, "use"), "v6") {
		t.Fatal("v6 should be ready in hand")
	}
	before := s.P[0].Influence
	do(t, s, 0, "use v6")
	if s.P[0].Influence != before+3 || s.findCode(s.P[0].Hand, "v6") < 0 {
		t.Fatalf("influence %d -> %d; v6 stays in hand", before, s.P[0].Influence)
	}
	refuse(t, s, 0, "use v6", "already been used")
}

func TestKeywordAndGuildConditions(t *testing.T) {
	s := twoPlayer(t, "s3", "e3", "c4", "c8") // c4: if Corruption: Influence 2; c8: if Condottieri card: Influence 2
	set(t, s, 0, "play", "c1")                // c1: pay b: Corruption 2
	do(t, s, 0, "play all")
	refuse(t, s, 0, "use c4", "not met")
	refuse(t, s, 0, "use c8", "not met")
	do(t, s, 0, "use c1") // the rainbow pays for the missing bloodshard
	if s.P[1].Influence != 8 {
		t.Fatalf("opponent influence %d", s.P[1].Influence)
	}
	do(t, s, 0, "use c4")
	do(t, s, 0, "use c8")
	if s.P[0].Influence != 14 {
		t.Fatalf("influence %d", s.P[0].Influence)
	}
}

// A card with two ready abilities asks which one.
func TestTwoAbilitiesAsk(t *testing.T) {
	s := twoPlayer(t, "s3", "s2")
	set(t, s, 0, "play", "v3") // pay r: Draw 1; if 2 sapphire: Influence 1
	set(t, s, 0, "play", "v3", "h1")
	do(t, s, 0, "play all")
	do(t, s, 0, "use h1 s") // one sapphire so far
	do(t, s, 0, "use v3 s")
	if s.P[0].Influence != 11 {
		t.Fatalf("v3 had one ability ready only: influence %d", s.P[0].Influence)
	}
	// The Draw used the second sapphire: now the condition ability is ready and it is the only one.
	if got := next(t, s, 0, "use v3"); got != nil {
		t.Fatalf("after use v3: %v", got)
	}
	s = twoPlayer(t, "s3", "s2", "e2")
	set(t, s, 0, "play", "v3")
	set(t, s, 0, "play", "v3", "h2", "s3", "s2", "e2")
	do(t, s, 0, "use h2 ss")
	if got := next(t, s, 0, "use v3"); strings.Join(got, " ") != "1 2" {
		t.Fatalf("use v3 offers %v", got)
	}
}

func TestEndTurn(t *testing.T) {
	s := twoPlayer(t, "s3", "e3", "h1", "h2", "h3", "b2")
	set(t, s, 0, "draw", "s1", "s2", "e1", "e2", "b1", "b3")
	do(t, s, 0, "play s3")
	do(t, s, 0, "pass h1 h2")
	pl := s.P[0]
	if len(pl.Hand) != 6 || len(pl.Play) != 0 || codesOf(s, pl.Discard) != "s3 h1 h2" || len(pl.Draw) != 3 {
		t.Fatalf("hand %d play %d discard %q draw %d", len(pl.Hand), len(pl.Play), codesOf(s, pl.Discard), len(pl.Draw))
	}
	if s.Turn != 1 {
		t.Fatal("the turn should pass on")
	}
	// Discards name cards in menu order, so each set has one spelling.
	refuse(t, s, 1, "pass zz", "not a card")
}

// Players may keep more than 6 cards: the End Turn Phase only draws up to 6.
func TestHandAboveSixIsKept(t *testing.T) {
	s := twoPlayer(t, "s3", "e3", "b3", "s2", "e2", "b2", "h1", "h3")
	do(t, s, 0, "pass")
	if len(s.P[0].Hand) != 8 {
		t.Fatalf("hand %d", len(s.P[0].Hand))
	}
}

// When the draw pile runs out, the discard pile is shuffled into a new one.
func TestReshuffle(t *testing.T) {
	s := twoPlayer(t, "s3", "e3")
	pl := s.P[0]
	// Everything else to the discard pile.
	pl.Discard = append(pl.Discard, pl.Draw...)
	pl.Draw = nil
	ev := do(t, s, 0, "pass")
	if len(pl.Hand) != 6 || len(pl.Draw)+len(pl.Discard) != 6 {
		t.Fatalf("hand %d draw %d discard %d", len(pl.Hand), len(pl.Draw), len(pl.Discard))
	}
	found := false
	for _, e := range ev {
		if strings.Contains(e.English(), "shuffles") && e.Reveals {
			found = true
		}
	}
	if !found {
		t.Error("no reshuffle event")
	}
}

func TestNotYourTurn(t *testing.T) {
	s := twoPlayer(t, "s3")
	refuse(t, s, 1, "pass", "not your move")
	refuse(t, s, rules.Spectator, "pass", "Only the players")
	refuse(t, s, 0, "dance", "not an action")
}
