package ausonia

import "github.com/boardbot/boardbot/rules"

// The habits a player would laugh at (ai.HabitJudge), counted by the arena per seat and avoided
// by the AI above easy.

// HabitLapsedInfluence is a pass while an ability that gains influence and costs nothing is
// open: a condition ability lapses at the end of the turn, so the points are thrown away.
const HabitLapsedInfluence = "lapsed_influence"

// freeGain is the most influence one use move of seat gains now without spending a gem.
func (s *state) freeGain(seat rules.Seat) int {
	if s.Pend != nil || s.Res != nil || !s.anyUse(seat) {
		return 0
	}
	moves, _, err := rules.Enumerate(s, seat, 2000)
	if err != nil {
		return 0
	}
	best := 0
	for _, m := range moves {
		if m[0] != vUse {
			continue
		}
		c := s.Clone().(*state)
		if err := c.ApplyQuiet(seat, m); err != nil || c.T.Spent != s.T.Spent {
			continue
		}
		best = max(best, c.P[seat].Influence-s.P[seat].Influence)
	}
	return best
}

// anyUse says whether the menu offers use at all.
func (s *state) anyUse(seat rules.Seat) bool {
	next, _, err := s.Choices(seat, nil)
	if err != nil {
		return false
	}
	for _, c := range next {
		if c.Token == vUse {
			return true
		}
	}
	return false
}

// SensibleMoves leaves pass out while a free use gains influence (ai.Sensible); nil otherwise.
func (s *state) SensibleMoves(seat rules.Seat) []rules.Move {
	if s.Pend != nil || s.Turn != seat || s.freeGain(seat) <= 0 {
		return nil
	}
	moves, _, err := rules.Enumerate(s, seat, 2000)
	if err != nil {
		return nil
	}
	var out []rules.Move
	for _, m := range moves {
		if m[0] != vPass {
			out = append(out, m)
		}
	}
	if len(out) == 0 || len(out) == len(moves) {
		return nil
	}
	return out
}

// Habits names a pass that let a free influence ability lapse (ai.HabitJudge).
func (s *state) Habits(seat rules.Seat, m rules.Move, _ []rules.Event, _ rules.State) []string {
	if len(m) == 0 || m[0] != vPass || s.Pend != nil || s.freeGain(seat) <= 0 {
		return nil
	}
	return []string{HabitLapsedInfluence}
}
