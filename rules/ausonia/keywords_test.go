package ausonia

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// threePlayer starts a 3-player game where seat 0 moves first, with a known hand.
func threePlayer(t *testing.T, hand ...string) *state {
	t.Helper()
	var s *state
	for seed := uint64(1); ; seed++ {
		s = newGame(t, 3, seed)
		if s.First == 0 {
			break
		}
	}
	set(t, s, 0, "hand", hand...)
	return s
}

// activate gives seat 0 the card in play and the gems to use it, then uses it.
func useCard(t *testing.T, s *state, code, pay string, extra ...string) []rules.Event {
	t.Helper()
	set(t, s, 0, "play", append([]string{code}, extra...)...)
	c, _ := CardByCode(code)
	s.T.Gems = s.T.Gems.Add(c.Abilities[0].Gems)
	m := "use " + code
	if pay != "" {
		m += " " + pay
	}
	return do(t, s, 0, m)
}

func TestInfluence(t *testing.T) {
	s := twoPlayer(t)
	useCard(t, s, "m1", "")
	if s.P[0].Influence != 13 {
		t.Fatalf("influence %d", s.P[0].Influence)
	}
}

func TestCorruptionTwoPlayersNeedsNoTarget(t *testing.T) {
	s := twoPlayer(t)
	useCard(t, s, "c1", "")
	if s.P[1].Influence != 8 || s.Pend != nil {
		t.Fatalf("opponent %d, pending %v", s.P[1].Influence, s.Pend)
	}
}

func TestCorruptionChoosesAnOpponent(t *testing.T) {
	s := threePlayer(t)
	useCard(t, s, "c1", "")
	if s.Pend == nil || s.Pend.Kind != pendTarget {
		t.Fatal("no target prompt")
	}
	if got := next(t, s, 0, ""); strings.Join(got, " ") != "ii iii" {
		t.Fatalf("targets %v", got)
	}
	// The prompt asks without naming the seat; each target and answer names its player's seat.
	aw := s.Awaiting()[0]
	if aw.English() != "Choose the opponent for Corruption 2." {
		t.Errorf("prompt %q", aw.English())
	}
	cs, _, _ := s.Choices(0, nil)
	if l := rules.PlainSeats(s, cs[0].English()); l != "House II: 10 influence, 6 cards in hand" {
		t.Errorf("target label %q", l)
	}
	if len(aw.Answers) != 2 || aw.Answers[1].English() != "Target "+rules.SeatRef(s.seatOfHouse(2)) {
		t.Errorf("answers %+v", aw.Answers)
	}
	refuse(t, s, 0, "i", "not an opponent")
	refuse(t, s, 0, "ii iii", "Choose one opponent only: ii or iii.")
	do(t, s, 0, "III") // tokens in any case, a pending decision's too
	if s.P[s.seatOfHouse(2)].Influence != 8 || s.P[s.seatOfHouse(1)].Influence != 10 {
		t.Fatal("wrong target")
	}
}

// Influence never goes below 0.
func TestInfluenceNeverBelowZero(t *testing.T) {
	s := twoPlayer(t)
	s.P[1].Influence = 1
	useCard(t, s, "c1", "")
	if s.P[1].Influence != 0 {
		t.Fatalf("influence %d", s.P[1].Influence)
	}
}

// Once someone has reached 60, Corruption counts as Influence for its user, in that same turn too.
func TestCorruptionBecomesInfluenceAtTheEnd(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 0, "play", "m1", "c1")
	s.T.Gems = g("eeb")
	s.P[0].Influence = 58
	do(t, s, 0, "use m1")
	if !s.Ending {
		t.Fatal("61 should end the game")
	}
	do(t, s, 0, "use c1")
	if s.P[0].Influence != 63 || s.P[1].Influence != 10 {
		t.Fatalf("influence %d / %d", s.P[0].Influence, s.P[1].Influence)
	}
}

// Discard X: the opponent chooses which cards, while the active player waits.
func TestDiscardPromptsTheOpponent(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 1, "hand", "s1", "s2", "h1")
	evs := useCard(t, s, "p13", "", "b2") // pay bb: Discard 2 (b2 pays nothing extra)
	// The thread asks the opponent at once, in a post that tells what caused the question: the
	// use is no detail left to the turn's summary (which the post would replace by "alice moved.").
	told := false
	for _, e := range evs {
		told = told || (e.Public() && !e.Detail && e.Msg != nil && strings.HasPrefix(e.Msg.ID, "ev_use"))
	}
	if !told {
		t.Errorf("the use that asks for the discard is left to the summary: %+v", evs)
	}
	if s.Pend == nil || s.Pend.Kind != pendDiscard || s.Pend.Seat != 1 {
		t.Fatalf("pending %+v", s.Pend)
	}
	aw := s.Awaiting()
	if len(aw) != 1 || aw[0].Seat != 1 || !strings.Contains(aw[0].English(), "discard 2") {
		t.Fatalf("awaiting %+v", aw)
	}
	refuse(t, s, 0, "pass", "not your move")
	refuse(t, s, 1, "s1", "whole move yet")
	refuse(t, s, 1, "h1 s1", "menu order")
	do(t, s, 1, "s1 h1")
	if codesOf(s, s.P[1].Hand) != "s2" || codesOf(s, s.P[1].Discard) != "s1 h1" {
		t.Fatalf("hand %q discard %q", codesOf(s, s.P[1].Hand), codesOf(s, s.P[1].Discard))
	}
	if s.Pend != nil || s.Awaiting()[0].Seat != 0 {
		t.Fatal("the turn should come back to seat 0")
	}
}

// With no choice to make (too few cards) the discard happens at once.
func TestDiscardWithoutChoiceIsAutomatic(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 1, "hand", "s1")
	useCard(t, s, "c2", "")
	if s.Pend != nil || len(s.P[1].Hand) != 0 {
		t.Fatal("the only card should go at once")
	}
}

func TestDrawKeyword(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 0, "draw", "s1", "e1", "b1")
	ev := useCard(t, s, "v7", "") // pay ss: Draw 2
	if codesOf(s, s.P[0].Hand) != "b1 e1" {
		t.Fatalf("hand %q", codesOf(s, s.P[0].Hand))
	}
	// The opponent learns how many, not which.
	for _, e := range ev {
		if e.VisibleTo(1) && strings.Contains(e.English(), "Bloodshard") {
			t.Errorf("drawn card leaked: %q", e.English())
		}
	}
}

func TestManipulation(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 0, "draw", "e1")
	set(t, s, 0, "discard", "s1", "v2", "c1")
	useCard(t, s, "n3", "") // pay r: Manipulation 2
	if s.Pend == nil || s.Pend.Kind != pendManipulation {
		t.Fatal("no manipulation prompt")
	}
	refuse(t, s, 0, "s1 v2 c1", "At most 2")
	do(t, s, 0, "c1 s1")
	if codesOf(s, s.P[0].Draw) != "e1 s1 c1" || codesOf(s, s.P[0].Discard) != "v2" {
		t.Fatalf("draw %q (top last), discard %q", codesOf(s, s.P[0].Draw), codesOf(s, s.P[0].Discard))
	}
	s = twoPlayer(t)
	set(t, s, 0, "discard", "s1")
	useCard(t, s, "n3", "")
	do(t, s, 0, "none")
	if len(s.P[0].Discard) != 1 {
		t.Fatal("none should leave the pile")
	}
}

func TestForesight(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 0, "draw", "h1", "b1", "e1", "s1") // s1 on top
	ev := useCard(t, s, "v1", "")                // pay s: Foresight 2, Influence 1
	if s.Pend == nil || codesOf(s, s.Pend.Looked) != "s1 e1" {
		t.Fatalf("looked %+v", s.Pend)
	}
	private := false
	for _, e := range ev {
		if strings.Contains(e.English(), "Sapphire Seam") {
			private = len(e.To) == 1 && e.To[0] == 0
		}
	}
	if !private {
		t.Error("the looked-at cards must be told to seat 0 only")
	}
	v := s.View(0).(*View)
	if strings.Join(v.Me.Looked, " ") != "s1 e1" {
		t.Errorf("own view looked %v", v.Me.Looked)
	}
	if pv := s.View(1).(*View); pv.Me.Looked != nil {
		t.Error("the opponent sees the looked-at cards")
	}
	do(t, s, 0, "e1")
	if codesOf(s, s.P[0].Draw) != "h1 b1 e1" || codesOf(s, s.P[0].Discard) != "s1" {
		t.Fatalf("draw %q discard %q", codesOf(s, s.P[0].Draw), codesOf(s, s.P[0].Discard))
	}
	// The Influence after Foresight resolves once the decision is made.
	if s.P[0].Influence != 11 {
		t.Fatalf("influence %d", s.P[0].Influence)
	}
}

func TestRaiseFromHandAndDiscard(t *testing.T) {
	s := twoPlayer(t, "h1", "s2")
	set(t, s, 0, "discard", "v2")
	useCard(t, s, "a3", "") // pay rr: Raise 2
	if got := next(t, s, 0, ""); strings.Join(got, " ") != "s2 h1 dv2 none" {
		t.Fatalf("raise menu %v", got)
	}
	do(t, s, 0, "h1 dv2")
	pl := s.P[0]
	if codesOf(s, pl.Raise) != "h1 v2" || len(pl.Hand) != 1 || len(pl.Discard) != 0 {
		t.Fatalf("raise %q", codesOf(s, pl.Raise))
	}
	// Face down: opponents see how many, not which.
	v := s.View(1).(*View)
	if v.Players[0].Raised != 2 || v.Me == nil || len(v.Me.Raised) != 0 {
		t.Fatalf("opponent view of raise area: %+v", v.Players[0])
	}
	// Raise area cards stay through the End Turn Phase.
	do(t, s, 0, "pass")
	if len(pl.Raise) != 2 {
		t.Fatal("raise area discarded")
	}
}

func TestSourcesGiveGemsEveryTurn(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 0, "raise", "s1", "h1", "s2")
	if got := next(t, s, 0, "build"); strings.Join(got, " ") != "s1" {
		t.Fatalf("only the star card can become a source: %v", got)
	}
	refuse(t, s, 0, "build s2 h1", "no star")
	refuse(t, s, 0, "build s1 s1", "cannot be the foundation")
	// A star card raised alone has no foundation yet: refused, not a crash.
	alone := twoPlayer(t)
	set(t, alone, 0, "raise", "s1")
	refuse(t, alone, 0, "build s1", "needs a foundation")
	do(t, s, 0, "build s1 h1")
	if s.pool() != g("s") || len(s.P[0].Sources) != 1 || codesOf(s, s.P[0].Raise) != "s2" {
		t.Fatalf("pool %v sources %v", s.pool(), s.P[0].Sources)
	}
	do(t, s, 0, "pass")
	do(t, s, 1, "pass")
	if s.pool() != g("s") {
		t.Fatalf("the source should count from the start of each turn: %v", s.pool())
	}
	v := s.View(1).(*View)
	if strings.Join(v.Players[0].Sources, " ") != "s1" || v.Players[0].Raised != 1 {
		t.Errorf("public view %+v", v.Players[0])
	}
}

func TestSealAndUnseal(t *testing.T) {
	s := twoPlayer(t)
	set(t, s, 0, "play", "n1", "c1") // n1: pay r: Seal, Influence 1
	s.T.Gems = g("bb")
	do(t, s, 0, "use c1")
	do(t, s, 0, "use n1")
	if s.Pend == nil || s.Pend.Kind != pendSeal {
		t.Fatal("no seal prompt")
	}
	do(t, s, 0, "c1")
	pl := s.P[0]
	if codesOf(s, pl.Seal) != "c1" || s.findCode(pl.Play, "c1") >= 0 {
		t.Fatal("c1 not sealed")
	}
	refuse(t, s, 0, "unseal c1", "later turn")
	do(t, s, 0, "pass")
	if codesOf(s, pl.Seal) != "c1" {
		t.Fatal("the seal area must survive the end of the turn")
	}
	do(t, s, 1, "pass")
	// Unsealed cards come back as if played: their costs must be paid again.
	do(t, s, 0, "unseal c1")
	if s.findCode(pl.Play, "c1") < 0 {
		t.Fatal("c1 not back in play")
	}
	refuse(t, s, 0, "use c1", "cannot pay")
	// And they cannot be sealed again this turn.
	set(t, s, 0, "play", "c1", "n1")
	s.T.Unsealed = []int{s.findCode(pl.Play, "c1")}
	s.T.Gems = g("r")
	do(t, s, 0, "use n1")
	if s.Pend == nil || has(next(t, s, 0, ""), "c1") {
		t.Fatalf("c1 must not be sealable again: %v", next(t, s, 0, ""))
	}
}
