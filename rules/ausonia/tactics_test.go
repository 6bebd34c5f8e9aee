package ausonia

import (
	"fmt"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai/aitest"
)

// Tactics (issue 23): positions where the rules make one kind of move clearly best. A condition
// ability becomes usable when its condition is met and lapses if the player passes without
// using it, and it costs nothing: so where one that gains influence is open, passing throws the
// points away (and, at 60 - X influence or more, the win). The positions come from seeded games
// of the greedy player: the first decisions, at 2 to 4 seats, where a free use gains at least 2
// influence and passing is allowed.
type ausoniaTactic struct {
	name string
	s    *state
	seat rules.Seat
	gain int
}

func findTactics(t *testing.T, want int) []ausoniaTactic {
	var out []ausoniaTactic
	for seed := uint64(1); seed < 200 && len(out) < want; seed++ {
		seats := 2 + int(seed%3)
		s := newGame(t, seats, seed)
		for n := 0; n < 3000 && s.Res == nil && len(out) < want; n++ {
			seat := s.Awaiting()[0].Seat
			if tc, ok := freeInfluence(s, seat); ok {
				tc.name = fmt.Sprintf("seed %d, %d seats, move %d: a free use gains %d", seed, seats, n, tc.gain)
				out = append(out, tc)
				break // one position a game
			}
			m := s.GreedyMove(seat, seed*7919+uint64(n))
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// freeInfluence is a tactic where seat may pass while a free use gains at least 2 influence.
func freeInfluence(s *state, seat rules.Seat) (ausoniaTactic, bool) {
	if rules.Check(s, seat, rules.Move{vPass}) != nil {
		return ausoniaTactic{}, false
	}
	if g := s.freeGain(seat); g >= 2 {
		return ausoniaTactic{s: s.Clone().(*state), seat: seat, gain: g}, true
	}
	return ausoniaTactic{}, false
}

// The AI never passes with a free influence ability open: normal at least 90% of the positions,
// hard all of them; easy is only reported.
func TestAITactics(t *testing.T) {
	var cases []aitest.Tactic
	for _, c := range findTactics(t, 10) {
		cases = append(cases, aitest.Tactic{Name: c.name, State: c.s.Clone, Seat: c.seat,
			Good: func(m rules.Move) bool { return m[0] != vPass }})
	}
	aitest.Tactics(t, Game, cases)
}

// Passing with a free influence ability open is a habit, and the sensible moves leave pass out
// there; elsewhere they ask nothing.
func TestHabitLapsedInfluence(t *testing.T) {
	c := findTactics(t, 1)[0]
	s := c.s
	before := s.Clone().(*state)
	if hs := before.Habits(c.seat, rules.Move{vPass}, nil, s); len(hs) != 1 || hs[0] != HabitLapsedInfluence {
		t.Errorf("habits of a pass: %v", hs)
	}
	sm := s.SensibleMoves(c.seat)
	if len(sm) == 0 {
		t.Fatal("no sensible moves")
	}
	for _, m := range sm {
		if m[0] == vPass {
			t.Errorf("sensible moves offer %s", m)
		}
	}
	if sm := newGame(t, 2, 1).SensibleMoves(0); sm != nil {
		t.Errorf("at the start: %d sensible moves, want no restriction", len(sm))
	}
}
