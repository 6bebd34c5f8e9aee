package ausonia

import (
	"fmt"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Reaching 60 ends the game at the end of the round: players later in turn order still play.
func TestSixtyFinishesTheRound(t *testing.T) {
	s := threePlayer(t)
	do(t, s, 0, "pass") // House I
	second := s.Turn
	set(t, s, second, "play", "m1")
	s.T.Gems = g("ee")
	s.P[second].Influence = 58
	do(t, s, second, "use m1")
	if !s.Ending || s.Res != nil {
		t.Fatal("the game should be ending, not over")
	}
	do(t, s, second, "pass")
	third := s.Turn
	if s.Res != nil || s.house(third) != 2 {
		t.Fatal("House III must still play")
	}
	s.P[third].Influence = 70
	do(t, s, third, "pass")
	if s.Res == nil {
		t.Fatal("the round is over: so is the game")
	}
	if s.Res.Ranks[third] != 1 || s.Res.Ranks[second] != 2 || s.Res.Ranks[0] != 3 {
		t.Fatalf("ranks %v", s.Res.Ranks)
	}
	if len(s.Awaiting()) != 0 {
		t.Fatal("a finished game awaits nobody")
	}
	refuse(t, s, 0, "pass", "game is over")
}

// Ties go to the player earlier in turn order.
func TestTieGoesToEarlierTurnOrder(t *testing.T) {
	s := threePlayer(t)
	for i := range s.P {
		s.P[i].Influence = 60
	}
	s.Ending = true
	for s.Res == nil {
		do(t, s, s.Turn, "pass")
	}
	for i := range s.P {
		if s.Res.Ranks[i] != s.house(rules.Seat(i))+1 {
			t.Fatalf("ranks %v with first %d", s.Res.Ranks, s.First)
		}
	}
	if !strings.Contains(rules.PlainSeats(s, s.Res.English()), "House I wins with 60 influence after 1 round.") {
		t.Errorf("reason %q", s.Res.English())
	}
}

func soloGame(t *testing.T, asp string) *state {
	t.Helper()
	return newGame(t, 1, 5, OptAspirant+"="+asp)
}

// The Aspirant's three stages, with The Usurper (s, e, r: Influence 1, b: Burn 1; kept:
// Corruption 1).
func TestAspirantStages(t *testing.T) {
	s := soloGame(t, "2")
	setOffer(t, s, "a4", "c1", "v2", "m2") // a4 costs seb: 3 different gems
	topFavour(t, s, "n5")
	drawBefore := len(s.P[0].Draw)
	do(t, s, 0, "pass") // the hand is full: the End Turn Phase draws nothing
	// Stage 1: s +1, e +1, b burns 1. Stage 2: kept. Stage 3: Corruption 1.
	if s.Solo.Influence != 12 || s.P[0].Influence != 9 {
		t.Fatalf("aspirant %d player %d", s.Solo.Influence, s.P[0].Influence)
	}
	if codesOf(s, s.Solo.Kept) != "a4" || codesOf(s, s.Offer) != "c1 v2 m2 n5" {
		t.Fatalf("kept %q offer %q", codesOf(s, s.Solo.Kept), codesOf(s, s.Offer))
	}
	if len(s.P[0].Draw) != drawBefore-1 {
		t.Fatalf("draw %d -> %d", drawBefore, len(s.P[0].Draw))
	}
	if s.Turn != 0 || s.Round != 2 {
		t.Fatal("the player starts every round")
	}
	// Next turn: c1 costs bb: Burn 1 twice, Influence 2 for the one kept card, then discarded.
	do(t, s, 0, "pass")
	if s.Solo.Influence != 14 || s.P[0].Influence != 9 || codesOf(s, s.Solo.Discard) != "c1" || len(s.P[0].Draw) != drawBefore-3 {
		t.Fatalf("aspirant %d player %d discard %q draw %d", s.Solo.Influence, s.P[0].Influence, codesOf(s, s.Solo.Discard), len(s.P[0].Draw))
	}
}

func TestAspirantKeepRule(t *testing.T) {
	for _, tt := range []struct {
		code string
		keep bool
	}{{"a4", true}, {"a7", true}, {"a3", true}, {"c1", false}, {"v1", false}, {"v9", false}} {
		c, _ := CardByCode(tt.code)
		if aspirantKeeps(c) != tt.keep {
			t.Errorf("%s (cost %s): keep %v", tt.code, c.Cost.Letters(), !tt.keep)
		}
	}
}

// Your Discard removes a random kept card from the Aspirant.
func TestDiscardAgainstAspirant(t *testing.T) {
	s := soloGame(t, "1")
	x := grab(t, s, 0, "a4", nil)
	y := grab(t, s, 0, "a7", nil)
	s.Solo.Kept = []int{x, y}
	ev := useCard(t, s, "c2", "")
	if len(s.Solo.Kept) != 1 || len(s.Solo.Discard) != 1 {
		t.Fatalf("kept %v discard %v", s.Solo.Kept, s.Solo.Discard)
	}
	rev := false
	for _, e := range ev {
		rev = rev || (e.Reveals && strings.Contains(e.English(), "at random"))
	}
	if !rev {
		t.Error("the random pick must be marked as revealing")
	}
}

// Burn X without enough cards in the draw pile costs influence instead, and does not reshuffle.
func TestBurnShortfall(t *testing.T) {
	s := soloGame(t, "1")
	pl := s.P[0]
	pl.Discard = append(pl.Discard, pl.Draw[1:]...)
	pl.Draw = pl.Draw[:1]
	s.burn(0, 3)
	if len(pl.Draw) != 0 || pl.Influence != 8 {
		t.Fatalf("draw %d influence %d", len(pl.Draw), pl.Influence)
	}
}

// Alone, an empty Favour deck is rebuilt from the Aspirant's discard pile.
func TestFavourDeckFromAspirantDiscards(t *testing.T) {
	s := soloGame(t, "1")
	s.Solo.Discard = append(s.Solo.Discard, s.FavourDeck...)
	s.FavourDeck = nil
	s.Solo.Discard = append(s.Solo.Discard, s.Offer[:2]...)
	s.Offer = s.Offer[2:]
	s.refillOffer()
	if len(s.Offer) != 4 || len(s.Solo.Discard) != 0 || len(s.FavourDeck) != 41 {
		t.Fatalf("offer %d discard %d deck %d", len(s.Offer), len(s.Solo.Discard), len(s.FavourDeck))
	}
	if err := s.check(); err != nil {
		t.Fatal(err)
	}
}

// In a 2-4 player game an empty Favour deck just leaves gaps in the Offer Row.
func TestFavourDeckRunsOut(t *testing.T) {
	s := twoPlayer(t)
	s.P[1].Discard = append(s.P[1].Discard, s.FavourDeck...)
	s.FavourDeck = nil
	s.Offer = s.Offer[:3]
	s.refillOffer()
	if len(s.Offer) != 3 {
		t.Fatal("nothing to refill with")
	}
}

// The game ends when the Aspirant reaches 60, after its turn; a tie goes to the player, who is
// earlier in turn order.
func TestSoloEnd(t *testing.T) {
	s := soloGame(t, "1")
	s.Solo.Influence = 59
	s.P[0].Influence = 60
	s.Ending = true
	setOffer(t, s, "c1", "v2", "m2", "a1")
	do(t, s, 0, "pass") // c1 (bb): burn 1 twice; none kept before; discarded
	if s.Res == nil {
		t.Fatal("the player reached 60: the round ended with the Aspirant's turn")
	}
	if s.Res.Ranks[0] != 1 {
		t.Fatalf("player 60 vs aspirant %d: %v", s.Solo.Influence, s.Res)
	}
	// The result names the player, as every result does, not "you": spectators read it too.
	if got, want := rules.PlainSeats(s, s.Res.English()), fmt.Sprintf("House I beats The Upstart, 60 influence to %d.", s.Solo.Influence); got != want {
		t.Errorf("reason %q, want %q", got, want)
	}
	s = soloGame(t, "3")
	s.Solo.Influence = 58
	setOffer(t, s, "v9", "v2", "m2", "a1") // ssrr: Influence 2+2+3+3
	do(t, s, 0, "pass")
	if s.Res == nil || s.Res.Ranks[0] != 2 || !strings.HasPrefix(rules.PlainSeats(s, s.Res.English()), "The Witch-Queen wins, ") || !strings.Contains(rules.PlainSeats(s, s.Res.English()), " influence to House I's ") {
		t.Fatalf("result %+v", s.Res)
	}
}

// The Burns of the gems of one cost are told once: The Upstart burns 1 for every emerald and
// bloodshard, and a short draw pile made "Burn 1: the draw pile is short by 1." three times.
func TestAspirantBurnsToldOnce(t *testing.T) {
	s := soloGame(t, "1")
	setOffer(t, s, "c9", "c1", "v2", "m2") // c9 costs bbrr: Burn 1 twice
	pl := s.P[0]
	pl.Discard = append(pl.Discard, pl.Draw...)
	pl.Draw = nil
	before := pl.Influence
	var short, burns int
	for _, e := range do(t, s, 0, "pass") {
		if e.Msg != nil && (e.Msg.ID == "ev_burn_short" || e.Msg.ID == "ev_burn_empty") {
			short++
		}
		if e.Msg != nil && (e.Msg.ID == "ev_burn" || e.Msg.ID == "ev_burn_short" || e.Msg.ID == "ev_burn_empty") {
			burns++
		}
		if e.Msg != nil && e.Msg.ID == "ev_lose" {
			// The Burn's line tells what the short pile cost: not a second line (issue #37).
			t.Errorf("the short pile's loss is told apart: %s", e.English())
		}
	}
	if short != 1 || burns != 1 {
		t.Errorf("%d Burn lines, %d of them a short pile: want one", burns, short)
	}
	if pl.Influence != before-2 {
		t.Errorf("influence %d -> %d: the short pile costs 1 per missing card", before, pl.Influence)
	}
}
