package ausonia

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Each test here proves one line of the rulebook (seeds/ausonia.txt), quoted above it, on a
// position built with the package's helpers.

// seededWithFirst starts an n-player game whose first player is the given seat, so tests can
// tell turn order apart from seat numbers.
func seededWithFirst(t *testing.T, n int, first rules.Seat) *state {
	t.Helper()
	for seed := uint64(1); ; seed++ {
		s := newGame(t, n, seed)
		if s.First == first {
			return s
		}
	}
}

// "DISCARD X: The player chooses an opponent, who must discard X number of cards, of their own
// choice, from their Hand."
func TestRulebookDiscardTheOpponentChoosesTheCards(t *testing.T) {
	s := threePlayer(t)
	ii, iii := s.seatOfHouse(1), s.seatOfHouse(2)
	set(t, s, ii, "hand", "s1", "e1", "h1")
	set(t, s, iii, "hand", "s1", "e1", "h1")
	useCard(t, s, "c2", "") // pay b: Discard 1, Influence 1
	do(t, s, 0, "iii")
	aw := s.Awaiting()
	if len(aw) != 1 || aw[0].Seat != iii {
		t.Fatalf("House III must choose its discard; awaiting %+v", aw)
	}
	refuse(t, s, 0, "e1", "not your move")
	refuse(t, s, ii, "e1", "not your move")
	do(t, s, iii, "e1")
	if got := codesOf(s, s.P[iii].Hand); got != "s1 h1" {
		t.Errorf("House III kept %q, want the two cards it did not choose", got)
	}
	if d := s.P[iii].Discard; s.code(d[len(d)-1]) != "e1" {
		t.Errorf("House III's discard pile ends with %s, want e1", s.code(d[len(d)-1]))
	}
	if got := codesOf(s, s.P[ii].Hand); got != "s1 e1 h1" {
		t.Errorf("House II was not chosen but its hand is %q", got)
	}
	// The rest of the ability (Influence 1) resolves once the opponent has chosen.
	if s.P[0].Influence != 11 || s.Awaiting()[0].Seat != 0 {
		t.Errorf("influence %d, awaiting %+v", s.P[0].Influence, s.Awaiting())
	}
}

// Solo: "If you play Discard, remove a random kept card from the Aspirant and put it into its
// Discard Pile." and "For every card kept, Influence 2 is added to its 1st stage ability."
func TestRulebookDiscardRemovesAKeptAspirantCard(t *testing.T) {
	s := soloGame(t, "1") // The Upstart: s +1, e burn 1, b burn 1, r +1
	a4, a7 := grab(t, s, 0, "a4", nil), grab(t, s, 0, "a7", nil)
	s.Solo.Kept = []int{a4, a7}
	useCard(t, s, "c2", "")
	if s.Pend != nil {
		t.Fatalf("nothing to choose against the Aspirant, yet pending %+v", s.Pend)
	}
	if len(s.Solo.Kept) != 1 || len(s.Solo.Discard) != 1 {
		t.Fatalf("kept %q, discard %q: one kept card must move", codesOf(s, s.Solo.Kept), codesOf(s, s.Solo.Discard))
	}
	gone, stays := s.Solo.Discard[0], s.Solo.Kept[0]
	if !(gone == a4 && stays == a7 || gone == a7 && stays == a4) {
		t.Fatalf("kept %q, discard %q", codesOf(s, s.Solo.Kept), codesOf(s, s.Solo.Discard))
	}
	// Its next turn earns Influence 2 for the one card left, not 4: c1 costs bb (two Burns, no
	// Influence of its own) and is not kept.
	setOffer(t, s, "c1", "v2", "m2", "a1")
	do(t, s, 0, "pass")
	if s.Solo.Influence != startInfluence+2 {
		t.Errorf("Aspirant influence %d, want %d", s.Solo.Influence, startInfluence+2)
	}

	// "a random kept card": one, whatever X. Discard 2 against three kept cards removes one.
	s = soloGame(t, "1")
	for _, c := range []string{"a4", "a7", "a9"} {
		s.Solo.Kept = append(s.Solo.Kept, grab(t, s, 0, c, nil))
	}
	useCard(t, s, "p13", "", "b2") // pay bb: Discard 2
	if len(s.Solo.Kept) != 2 || len(s.Solo.Discard) != 1 {
		t.Errorf("Discard 2: kept %q, discard %q", codesOf(s, s.Solo.Kept), codesOf(s, s.Solo.Discard))
	}

	// With no kept card the Discard does nothing.
	s = soloGame(t, "1")
	useCard(t, s, "c2", "")
	if s.Pend != nil || len(s.Solo.Kept) != 0 || len(s.Solo.Discard) != 0 || s.P[0].Influence != 11 {
		t.Errorf("kept %v discard %v influence %d", s.Solo.Kept, s.Solo.Discard, s.P[0].Influence)
	}
}

// "MANIPULATION X: The player can choose X number of cards from their Discard Pile and put them
// on top of their Draw Pile in any order they choose."
func TestRulebookManipulationOrderIsTheNextDraw(t *testing.T) {
	for _, tt := range []struct{ pick, hand, discard string }{
		{"c1 s1", "c1 s1", "v2"},
		{"s1 c1", "s1 c1", "v2"},
		{"v2", "v2 e1", "s1 c1"},
	} {
		s := twoPlayer(t)
		set(t, s, 0, "draw", "e1")
		set(t, s, 0, "discard", "s1", "v2", "c1")
		set(t, s, 0, "play", "n3", "v7") // n3 pay r: Manipulation 2; v7 pay ss: Draw 2
		s.T.Gems = g("rss")
		do(t, s, 0, "use n3 r")
		do(t, s, 0, tt.pick)
		do(t, s, 0, "use v7")
		if got := codesOf(s, s.P[0].Hand); got != tt.hand {
			t.Errorf("after %q Draw 2 gave %q, want %q", tt.pick, got, tt.hand)
		}
		if got := codesOf(s, s.P[0].Discard); got != tt.discard {
			t.Errorf("after %q the discard pile is %q, want %q", tt.pick, got, tt.discard)
		}
	}
}

// "FORESIGHT X: The player can draw X number of cards from their Draw Pile and decides for each
// card to put it into their Discard Pile or back on top of their Draw Pile in any order they
// choose."
func TestRulebookForesightPutsBackInTheChosenOrder(t *testing.T) {
	for _, tt := range []struct{ keep, draw, discard string }{
		{"e1 s1", "h1 b1 s1 e1", ""},
		{"s1 e1", "h1 b1 e1 s1", ""},
		{"e1", "h1 b1 e1", "s1"},
		{"none", "h1 b1", "s1 e1"},
	} {
		s := twoPlayer(t)
		set(t, s, 0, "draw", "h1", "b1", "e1", "s1") // s1 on top
		set(t, s, 0, "discard")
		useCard(t, s, "v1", "") // pay s: Foresight 2, Influence 1
		do(t, s, 0, tt.keep)
		if got := codesOf(s, s.P[0].Draw); got != tt.draw {
			t.Errorf("keep %q: draw pile %q (top last), want %q", tt.keep, got, tt.draw)
		}
		if got := codesOf(s, s.P[0].Discard); got != tt.discard {
			t.Errorf("keep %q: discard pile %q, want %q", tt.keep, got, tt.discard)
		}
	}
}

// "If your Draw Pile runs out of cards and you must draw, discard, or check cards from your Draw
// Pile, immediately shuffle your Discard Pile and place it face down to create a new Draw Pile."
func TestRulebookForesightReshufflesAShortDrawPile(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 0, "draw", "h1")
	set(t, s, 0, "discard", "s1", "e1")
	useCard(t, s, "v1", "")
	if s.Pend == nil || len(s.Pend.Looked) != 2 || s.code(s.Pend.Looked[0]) != "h1" {
		t.Fatalf("Foresight 2 on a 1-card pile must look at h1, then a card of the reshuffled discard pile: %+v", s.Pend)
	}
	second := s.code(s.Pend.Looked[1])
	if second != "s1" && second != "e1" {
		t.Fatalf("second card %s", second)
	}
	if len(s.P[0].Draw) != 1 || len(s.P[0].Discard) != 0 {
		t.Fatalf("draw %q discard %q", codesOf(s, s.P[0].Draw), codesOf(s, s.P[0].Discard))
	}
}

// "RAISE X: The player can choose X number of cards from their Hand or Discard Pile to be put in
// the Raise Area face down."
func TestRulebookRaiseAtMostX(t *testing.T) {
	s := twoPlayer(t, "h1")
	set(t, s, 0, "discard", "v2", "s2")
	useCard(t, s, "a3", "") // pay rr: Raise 2
	refuse(t, s, 0, "h1 ds2 dv2", "At most 2")
	do(t, s, 0, "ds2 dv2")
	pl := s.P[0]
	if codesOf(s, pl.Raise) != "s2 v2" || codesOf(s, pl.Hand) != "h1" || len(pl.Discard) != 0 {
		t.Fatalf("raise %q hand %q discard %q", codesOf(s, pl.Raise), codesOf(s, pl.Hand), codesOf(s, pl.Discard))
	}
}

// "SEAL: The player can move 1 Favour Card from their Play Area into their Seal Area. On a later
// turn, the seal can be broken, and these Seal Cards can be put back into the Play Area as if they
// were played from your Hand. (The ability costs must be paid). These used cards cannot be sealed
// again in the same turn."
func TestRulebookSealBreakPayAndNoResealing(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 0, "play", "n1", "c1", "s2") // n1 pay r: Seal, Influence 1; c1 pay b: Corruption 2
	s.T.Gems = g("r")
	do(t, s, 0, "use n1")
	if got := next(t, s, 0, ""); strings.Join(got, " ") != "c1 n1 none" && strings.Join(got, " ") != "n1 c1 none" {
		t.Fatalf("seal menu %v: only the favour cards in play, not the gem card s2", got)
	}
	do(t, s, 0, "c1")
	refuse(t, s, 0, "unseal c1", "later turn")
	do(t, s, 0, "pass")
	do(t, s, 1, "pass")

	set(t, s, 0, "hand", "n1")
	do(t, s, 0, "unseal c1")
	refuse(t, s, 0, "use c1", "cannot pay")
	s.T.Gems = g("br")
	do(t, s, 0, "use c1")
	if s.P[1].Influence != 8 {
		t.Errorf("the unsealed Sellsword's Corruption 2 left the opponent at %d", s.P[1].Influence)
	}
	do(t, s, 0, "play n1")
	do(t, s, 0, "use n1")
	if got := next(t, s, 0, ""); has(got, "c1") {
		t.Errorf("c1 was unsealed this turn, yet the seal menu offers it: %v", got)
	}
	refuse(t, s, 0, "c1", "")
}

// "You can use all star-marked Gem Cards in your Raise Area ... The foundation can be any other
// card in the Raise Area that does not yet serve as part of a Source." and "Sources can be used in
// the same turn they are constructed."
func TestRulebookSourcesFoundationsAndSameTurnUse(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 0, "raise", "s1", "e1", "h1", "h2")
	setOffer(t, s, "a1", "v2", "m2", "c1") // a1 costs se
	do(t, s, 0, "build s1 h1")
	if got := next(t, s, 0, "build e1"); strings.Join(got, " ") != "h2" {
		t.Fatalf("foundations for e1 %v: h1 is part of a source, s1 too", got)
	}
	refuse(t, s, 0, "build e1 h1", "cannot be the foundation")
	do(t, s, 0, "build e1 h2")
	if len(s.P[0].Raise) != 0 || len(s.P[0].Sources) != 2 {
		t.Fatalf("raise %q, %d sources", codesOf(s, s.P[0].Raise), len(s.P[0].Sources))
	}
	do(t, s, 0, "buy a1")
	if codesOf(s, s.P[0].Bought) != "a1" {
		t.Fatalf("bought %q with the two new sources", codesOf(s, s.P[0].Bought))
	}
}

// Solo: "BURN X: ... The player must put X number of cards from their Draw Pile into their Discard
// Pile. If there are not enough cards available in the Draw Pile, the player loses as many
// Influence points as the number of cards that could not be put into the Discard Pile."
func TestRulebookBurnShortPileCostsInfluence(t *testing.T) {
	s := soloGame(t, "1")                  // The Upstart: each b burns 1
	setOffer(t, s, "c1", "v2", "m2", "a1") // c1 costs bb: Burn 1, Burn 1
	pl := s.P[0]
	pl.Discard = append(pl.Discard, pl.Draw[1:]...)
	pl.Draw = pl.Draw[:1]
	top, discards := pl.Draw[0], len(pl.Discard)
	do(t, s, 0, "pass") // a full hand: the End Turn Phase draws nothing
	if pl.Influence != startInfluence-1 {
		t.Errorf("influence %d: one card of two was missing", pl.Influence)
	}
	if len(pl.Draw) != 0 || len(pl.Discard) != discards+1 || pl.Discard[len(pl.Discard)-1] != top {
		t.Errorf("draw %d, discard %d (was %d): only the one card burns, no reshuffle", len(pl.Draw), len(pl.Discard), discards)
	}
}

// "From that point the Corruption keyword is counted as Influence, so you can increase your own
// influence with it, not decrease others." With three players no opponent is chosen any more, and
// the Aspirant's Corruption counts for the Aspirant.
func TestRulebookCorruptionAfterSixty(t *testing.T) {
	s := threePlayer(t)
	set(t, s, 0, "play", "c1")
	s.T.Gems = g("b")
	s.P[0].Influence = 60
	s.Ending = true
	do(t, s, 0, "use c1")
	if s.Pend != nil {
		t.Fatalf("no opponent to choose once the game is ending: pending %+v", s.Pend)
	}
	if s.P[0].Influence != 62 || s.P[1].Influence != 10 || s.P[2].Influence != 10 {
		t.Errorf("influence %d %d %d", s.P[0].Influence, s.P[1].Influence, s.P[2].Influence)
	}

	s = soloGame(t, "2") // The Usurper: s +1, e +1, b burn 1; kept card: Corruption 1
	s.P[0].Influence = 60
	s.Ending = true
	setOffer(t, s, "a4", "c1", "v2", "m2") // a4 costs seb and is kept
	do(t, s, 0, "pass")
	if s.Solo.Influence != startInfluence+3 || s.P[0].Influence != 60 {
		t.Errorf("Aspirant %d, player %d: its Corruption 1 must count as its Influence", s.Solo.Influence, s.P[0].Influence)
	}
}

// "The player with the most Influence Points wins. In case of a tie, the player earlier in turn
// order for the round wins." Turn order starts at the random first player, not at seat 0.
func TestRulebookTieGoesToTurnOrderNotSeat(t *testing.T) {
	s := seededWithFirst(t, 3, 2) // turn order: seat 2, seat 0, seat 1
	for i := range s.P {
		s.P[i].Influence = 61
	}
	s.P[1].Influence = 62
	s.Ending = true
	for s.Res == nil {
		do(t, s, s.Turn, "pass")
	}
	if got := s.Res.Ranks; got[1] != 1 || got[2] != 2 || got[0] != 3 {
		t.Fatalf("ranks %v: seat 1 has most, then seat 2 before seat 0 in turn order", got)
	}
}

// Alone, "Each turn you are the starting player, and the Aspirant plays after you", so a tie with
// the Aspirant goes to you.
func TestRulebookSoloTieGoesToThePlayer(t *testing.T) {
	for _, tc := range []struct{ player, aspirant, rank int }{{60, 60, 1}, {60, 61, 2}, {61, 60, 1}} {
		s := soloGame(t, "1")
		s.P[0].Influence, s.Solo.Influence = tc.player, tc.aspirant
		s.Ending = true
		setOffer(t, s, "c1", "v2", "m2", "a1") // c1 costs bb: two Burns, no Influence
		do(t, s, 0, "pass")
		if s.Res == nil || s.Res.Ranks[0] != tc.rank {
			t.Errorf("player %d, Aspirant %d: result %+v, want rank %d", tc.player, tc.aspirant, s.Res, tc.rank)
		}
	}
}

// "SEAL: The player can move 1 Favour Card from their Play Area into their Seal Area." and
// "When you play a Gem or Favour Card, you are not obligated to use it fully or immediately": a
// hand holds gem cards and favour cards only, so a house card (Courier) is a favour card and may
// be sealed; a gem card may not. The prompt names exactly what the menu offers and the rule takes.
func TestRulebookSealTakesHouseCardsNotGemCards(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 0, "play", "n1", "h3", "s1") // n1: pay r: Seal, Influence 1
	s.T.Gems = g("r")
	do(t, s, 0, "use n1")
	if s.Pend == nil || s.Pend.Kind != pendSeal {
		t.Fatal("no seal prompt")
	}
	menu := next(t, s, 0, "")
	if !has(menu, "h3") || !has(menu, "n1") || has(menu, "s1") {
		t.Fatalf("seal menu %v: want the house card and the favour card, not the gem card", menu)
	}
	prompt := s.Awaiting()[0].English()
	for _, want := range []string{"Notary", "Courier"} {
		if !strings.Contains(prompt, want) {
			t.Errorf("the seal prompt %q does not name %s, which the menu offers", prompt, want)
		}
	}
	if strings.Contains(prompt, "Sapphire Seam") {
		t.Errorf("the seal prompt %q names a gem card", prompt)
	}
	refuse(t, s, 0, "s1", "")
	do(t, s, 0, "h3")
	if codesOf(s, s.P[0].Seal) != "h3" {
		t.Fatalf("Courier not sealed: seal area %q", codesOf(s, s.P[0].Seal))
	}
}
