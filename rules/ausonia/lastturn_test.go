package ausonia

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
)

// lastTurnTrap is a last turn (someone has reached 60) where exactly one line wins: with one
// bloodshard to spend, Sellsword's Corruption 2 (influence, at the end) and then Blackmailer's
// "If you used Corruption: Influence 2" give 4, where Keeper of the Witch-Seal's Influence 2,
// the larger gain on its own and the greedy player's choice, gives 2. Rulebook: "From that moment
// Corruption counts as Influence for its user".
func lastTurnTrap(t testing.TB) *state {
	s := newGame(t, 2, 7)
	set(t, s, 0, "hand")
	set(t, s, 0, "play", "b2", "c1", "c4", "p12")
	s.Ending = true
	// 4 more influence wins (a tie goes to the House earlier in turn order), 2 do not.
	s.P[0].Influence, s.P[1].Influence = 57, 60
	if s.house(0) < s.house(1) {
		s.P[1].Influence = 61
	}
	if s.Turn != 0 || s.Pend != nil {
		t.Fatal("seat 0 is not to move")
	}
	return s
}

// The exact search finds the one first move of the winning line, and the AI above easy plays it
// (an easy and a normal AI once used the wrong card here); the greedy player does not.
func TestLastTurnExact(t *testing.T) {
	s := lastTurnTrap(t)
	if g := s.GreedyMove(0, 1); g.String() != "use p12" {
		t.Fatalf("the greedy player plays %q: the position is no trap", g)
	}
	best := s.lastTurnBest(0)
	if len(best) != 1 || best[0].String() != "use c1" {
		t.Fatalf("best first moves %q, want only use c1", best)
	}
	for _, level := range []string{"normal", "hard"} {
		st := lastTurnTrap(t)
		cfg, _ := ai.ForLevel(level, 3)
		cfg.Turn = ai.NewTurn(level)
		for st.Turn == 0 && st.Res == nil {
			m, _, err := ai.Choose(Game, st, 0, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(0, m); err != nil {
				t.Fatal(err)
			}
		}
		if st.P[0].Influence != 61 {
			t.Errorf("%s: the turn ends at %d influence, want 61 (Sellsword, then Blackmailer)", level, st.P[0].Influence)
		}
	}
	// Not the last turn: no exact search.
	s = lastTurnTrap(t)
	s.Ending = false
	if best := s.lastTurnBest(0); best != nil {
		t.Errorf("before the last round: %q", best)
	}
}

// In the last turn a card is bought only where its gems may still meet a condition: a card
// bought then is never played (the review saw one bought on a last, lost turn).
func TestLastTurnBuysNothingUseless(t *testing.T) {
	s := lastTurnTrap(t)
	set(t, s, 0, "play", "s3", "e3", "b3")
	setOffer(t, s, "c1", "v2", "m2", "a1")
	if rules.Check(s, 0, rules.Move{vBuy, "a1"}) != nil {
		t.Fatal("a1 is not for sale")
	}
	for _, m := range s.lastTurnBest(0) {
		if m[0] == vBuy {
			t.Errorf("buys in the last turn: %q", m)
		}
	}
}

// The exact search reads only what its seat may know: re-dealing what the seat cannot see
// changes none of its answers, over last turns of seeded greedy games at 2 and 3 seats.
func TestLastTurnBlind(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 2; seed++ {
		seats := 1 + int(seed%4)
		s := newGame(t, seats, seed)
		for k := 0; s.Res == nil && k < 5000; k++ {
			seat := s.Awaiting()[0].Seat
			if s.Ending && s.Turn == seat && s.Pend == nil {
				want := rules.Move(nil)
				best := s.lastTurnBest(seat)
				if len(best) > 0 {
					found++
					want = best[0]
				}
				other := s.Determinize(seat, uint64(k)+99).(*state).lastTurnBest(seat)
				got := rules.Move(nil)
				if len(other) > 0 {
					got = other[0]
				}
				if len(best) != len(other) || !got.Equal(want) {
					t.Fatalf("seed %d move %d: %q, on a re-deal %q", seed, k, best, other)
				}
			}
			if _, err := s.Apply(seat, s.GreedyMove(seat, seed*7919+uint64(k))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found == 0 {
		t.Fatal("no last turn searched")
	}
}
