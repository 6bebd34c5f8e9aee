package ausonia

import (
	"slices"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// The habits of a whole turn, judged at its pass, and the AI's menu leaving out the pass that
// would show one.
func TestTurnHabits(t *testing.T) {
	pass := rules.Move{vPass}
	for _, tc := range []struct {
		name   string
		hand   []string
		moves  []string
		ending bool
		want   []string
		usable bool // a card played and unused can still be used: pass is left out
	}{
		{name: "a hand discarded for nothing is idle", hand: []string{"s1", "e1", "b1", "h1"}, want: []string{HabitIdleTurn}},
		{name: "gems played and nothing bought", hand: []string{"s1", "e1", "b3"}, moves: []string{"play all"}, want: []string{HabitBuyNothing}},
		{name: "gem cards kept back count too", hand: []string{"s1", "e1", "b3"}, moves: []string{"play s1"}, want: []string{HabitBuyNothing}},
		{name: "a card bought", hand: []string{"s3", "e1"}, moves: []string{"play all", "buy v7"}},
		{name: "nothing to buy in the last round", hand: []string{"s1", "e1", "b3"}, moves: []string{"play all"}, ending: true},
		{name: "a Courier played for nothing", hand: []string{"h3", "h1"}, moves: []string{"play h3"}, want: []string{HabitPlayedUnused}},
		{name: "a Courier played and not yet used", hand: []string{"h3", "s1"}, moves: []string{"play all", "play h3"}, want: []string{HabitPlayedUnused}, usable: true},
		{name: "a Courier used", hand: []string{"h3", "s1"}, moves: []string{"play all", "play h3", "use h3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := twoPlayer(t, tc.hand...)
			setOffer(t, s, "v7", "c4", "m1", "v2") // v7 costs s+e; c4 b+e
			s.Ending = tc.ending
			for _, m := range tc.moves {
				do(t, s, 0, m)
			}
			got := s.Habits(0, pass, nil, nil)
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("habits %v, want %v", got, tc.want)
			}
			sensible := s.SensibleMoves(0)
			passOffered := sensible == nil || slices.ContainsFunc(sensible, func(m rules.Move) bool { return m[0] == vPass })
			avoidable := slices.Contains(tc.want, HabitIdleTurn) || slices.Contains(tc.want, HabitBuyNothing) || tc.usable
			if avoidable == passOffered {
				t.Errorf("the AI's moves %v: pass offered %v, habit %v", sensible, passOffered, tc.want)
			}
		})
	}
}

// A card whose only ability nothing can pay this turn is left out of the AI's moves.
func TestSensibleMovesLeaveOutUselessPlays(t *testing.T) {
	s := twoPlayer(t, "h1", "h2", "c4", "s1")
	setOffer(t, s, "v7", "c4", "m1", "v2")
	moves := s.SensibleMoves(0)
	if moves == nil {
		t.Fatal("nothing left out")
	}
	for _, m := range moves {
		if m.String() == "play h1" || m.String() == "play h2" {
			t.Errorf("the AI may play %q, which nothing can pay", m.String())
		}
	}
}

// A card played for its paid ability is used before its gems go elsewhere: with a sapphire and a
// rainbow in play and Courier played, buying Mirror-Scribe (sr) would leave Courier unused
// (played_unused), so the AI above easy may use Courier or play on, but not buy.
func TestSensibleUsesWhatItPlayed(t *testing.T) {
	s := newGame(t, 2, 3)
	p := s.Turn
	set(t, s, p, "hand", "s3", "h3")
	setOffer(t, s, "v3", "c1", "m2", "a1")
	do(t, s, p, "play s3")
	do(t, s, p, "play h3")
	if rules.Check(s, p, rules.Move{vBuy, "v3"}) != nil {
		t.Fatal("Mirror-Scribe is not for sale")
	}
	sm := s.SensibleMoves(p)
	if sm == nil {
		t.Fatal("no restriction")
	}
	uses := false
	for _, m := range sm {
		if m[0] == vBuy && m[1] == "v3" {
			t.Errorf("sensible moves offer %q, which leaves Courier unused", m)
		}
		uses = uses || (m[0] == vUse && m[1] == "h3")
	}
	if !uses {
		t.Errorf("sensible moves %q: no use of Courier", sm)
	}
}

// One card played for its paid ability at a time: with Courier played and not used, playing
// Steward as well is left out (with one gem, one of them would end the turn unused).
func TestSensiblePlaysOneCostCardAtATime(t *testing.T) {
	s := newGame(t, 2, 3)
	p := s.Turn
	set(t, s, p, "hand", "s2", "h3", "h1")
	do(t, s, p, "play s2")
	do(t, s, p, "play h3")
	for _, m := range s.SensibleMoves(p) {
		if m.String() == "play h1" {
			t.Errorf("sensible moves offer %q while Courier waits to be used", m)
		}
	}
	if rules.Check(s, p, rules.Move{vPlay, "h1"}) != nil {
		t.Fatal("Steward cannot be played")
	}
}

// A pass that discards a card the turn could still use (Steward, payable from the rainbow of the
// Bloodshard Prism still in hand) shows discarded_usable, not the Prism itself (gem cards are
// cycled); the AI above easy keeps such cards: its passes do not discard them, and the pass
// itself stays on offer.
func TestDiscardedUsable(t *testing.T) {
	s := twoPlayer(t, "s1", "b3", "h1")
	setOffer(t, s, "v9", "c9", "m9", "a7") // nothing the hand could buy
	do(t, s, 0, "play s1")
	keep := s.usableInHand()
	var codes []string
	for _, x := range keep {
		codes = append(codes, s.code(x))
	}
	slices.Sort(codes)
	if !slices.Equal(codes, []string{"h1"}) {
		t.Fatalf("usable cards in hand %v, want h1", codes)
	}
	for _, tc := range []struct {
		pass   string
		usable bool
	}{{"pass", false}, {"pass h1", true}, {"pass b3", false}, {"pass b3 h1", true}} {
		m, _ := rules.ParseMove(tc.pass)
		if got := slices.Contains(s.Habits(0, m, nil, nil), HabitDiscardedUsable); got != tc.usable {
			t.Errorf("%q: discarded_usable %v, want %v", tc.pass, got, tc.usable)
		}
	}
	sensible := s.SensibleMoves(0)
	if sensible == nil {
		t.Fatal("the AI's moves leave nothing out")
	}
	plain := false
	for _, m := range sensible {
		if m[0] != vPass {
			continue
		}
		plain = plain || len(m) == 1
		if slices.Contains(m, "h1") {
			t.Errorf("the AI may discard a usable card: %q", m)
		}
	}
	if !plain {
		t.Errorf("the AI may not pass: %q", sensible)
	}
	// In the last round the hand no longer matters.
	s.Ending = true
	if got := s.usableInHand(); got != nil {
		t.Errorf("usable in the last round: %v", got)
	}
}

// In the last turn too (searched exactly), the AI plays one card for its paid ability at a time
// and does not spend the gems it waits for: with Usurer played and one emerald, it uses Usurer
// and does not put down Steward or Courier (which the search, seeing every re-deal whole, found
// harmless and the arena counted as played_unused).
func TestLastTurnPlaysOneCostCardAtATime(t *testing.T) {
	s := twoPlayer(t, "m8", "h1", "h3")
	s.Ending = true
	s.T.Gems = g("e")
	do(t, s, 0, "play m8")
	sm := s.SensibleMoves(0)
	if len(sm) == 0 {
		t.Fatal("no moves")
	}
	for _, m := range sm {
		if m.String() == "play h1" || m.String() == "play h3" || m[0] == vPass {
			t.Errorf("the last turn may %q while Usurer waits for the emerald: %q", m, sm)
		}
	}
}

// At three seats a Corruption asks its user for a target: a use that does so still counts as
// spending the gems a waiting card needs. With Envoy played (rr) and an emerald and a bloodshard
// left, Plague Doctor's use (b: Corruption 2) would leave Envoy unused, so the AI does not choose
// it (the arena's played_unused at 3 and 4 seats).
func TestSensibleStrandsThroughATargetQuestion(t *testing.T) {
	s := newGame(t, 3, 3)
	p := s.Turn
	set(t, s, p, "hand", "h2")
	set(t, s, p, "play", "p9")
	s.T.Gems = g("eb")
	do(t, s, p, "play h2")
	waiting := s.waitingUse()
	if len(waiting) != 1 {
		t.Fatalf("waiting %v", waiting)
	}
	if !s.strands(p, rules.Move{vUse, "p9", "1"}, waiting) && !s.strands(p, rules.Move{vUse, "p9"}, waiting) {
		t.Fatal("using Plague Doctor does not strand Envoy")
	}
	for _, m := range s.SensibleMoves(p) {
		if m[0] == vUse && m[1] == "p9" {
			t.Errorf("sensible moves offer %q, which leaves Envoy unused", m)
		}
	}
}
