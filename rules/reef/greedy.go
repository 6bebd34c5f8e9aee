package reef

import (
	"math"
	"math/rand/v2"

	"github.com/boardbot/boardbot/rules"
)

// A greedy player for the balance figures: it values positions from its own point of view, looks
// one move ahead (a whole larva play ahead for grow), acts while something gains, and then takes
// the best open-sea space. It grows and guards corals, attacks, covers tiles and feeds its
// parrotfish, which random moves almost never do, so its games say something about balance.

// gain is what applying m is worth to seat (and the state after it), or false if refused.
func gain(s *state, seat rules.Seat, m rules.Move) (float64, *state, bool) {
	c := s.clone()
	before := s.worth(int(seat))
	if err := c.ApplyQuiet(seat, m); err != nil {
		return 0, nil, false
	}
	return c.worth(int(seat)) - before, c, true
}

// playOut lays polyps greedily in the open larva play while each one gains (while any can be
// laid, when the seat lays out before the end), and reports the total.
func playOut(s *state, seat rules.Seat) float64 {
	total := 0.0
	for s.T.Grow != NoColour && s.Turn == int(seat) && s.Phase == phasePlay {
		force := s.laysOut(int(seat))
		best, bestG := rules.Move(nil), 0.05
		if force {
			bestG = math.Inf(-1)
		}
		for _, m := range candidates(s, seat) {
			if m[0] == vShrimp || m[0] == vDone || (force && m[0] == vCP) {
				continue
			}
			if g, _, ok := gain(s, seat, m); ok && g > bestG {
				best, bestG = m, g
			}
		}
		if best == nil {
			break
		}
		s.ApplyQuiet(seat, best)
		total += bestG
	}
	return total
}

func greedyMove(s *state, seat rules.Seat, r *rand.Rand) rules.Move {
	// Before the end, lay all that can be laid (the moves SensibleMoves keeps), gain or not.
	if s.laysOut(int(seat)) {
		if m := greedyFrom(s, seat, r, true); m != nil {
			return m
		}
	}
	return greedyFrom(s, seat, r, false)
}

// greedyFrom is the greedy move; with force, only among the moves that keep laying out, and
// nil when there is none.
func greedyFrom(s *state, seat rules.Seat, r *rand.Rand, force bool) rules.Move {
	var best rules.Move
	bestG := 0.05
	if force {
		bestG = math.Inf(-1)
	}
	var takes []rules.Move
	layBefore := 0
	if force {
		layBefore = s.layable(int(seat))
	}
	for _, m := range candidates(s, seat) {
		if force && stalls(m) {
			continue
		}
		switch m[0] {
		case vTake, vPass, vDone:
			if !force || s.keepsLaying(seat, m) {
				takes = append(takes, m)
			}
			continue
		}
		g, after, ok := gain(s, seat, m)
		if !ok {
			continue
		}
		if force && m[0] != vEat && s.givesUp(int(seat), m, after, layBefore) > 0 {
			continue
		}
		switch {
		case m[0] == vGrow || (m[0] == vTrade && m[2] == vGrow):
			g += playOut(after, seat)
		case m[0] == vShrimp:
			g -= 0.5 // only worth it when it clearly gains
		}
		g += r.Float64() * 0.01
		if force && m[0] == vEat && g <= 0.05 {
			continue // an eat must gain, as ever
		}
		if g > bestG {
			best, bestG = m, g
		}
	}
	if best != nil {
		return best
	}
	if force && len(takes) == 0 {
		return nil
	}
	// Nothing gains: end the larva play, or pass, or take the best space.
	bestV := math.Inf(-1)
	for _, m := range takes {
		if m[0] == vDone {
			return m
		}
		if g, _, ok := gain(s, seat, m); ok && g+r.Float64()*0.01 > bestV {
			best, bestV = m, g
		}
	}
	if best == nil {
		best, _ = rules.RandomMove(s, seat, r)
	}
	return best
}

// candidates lists the moves the greedy player considers: all of them, except that shrimp moves
// go only onto corals of 3 or more and alga payments use the most plentiful consumed colour.
func candidates(s *state, seat rules.Seat) []rules.Move {
	var out []rules.Move
	var walk func(m rules.Move)
	walk = func(m rules.Move) {
		next, complete, err := s.ChoiceTokens(seat, m) // tokens only: labels go unread
		if err != nil {
			return
		}
		if complete {
			out = append(out, append(rules.Move{}, m...))
		}
		for _, c := range next {
			mm := append(append(rules.Move{}, m...), c.Token)
			if keep(s, seat, mm) {
				walk(mm)
			}
		}
	}
	walk(nil)
	return out
}

func keep(s *state, seat rules.Seat, m rules.Move) bool {
	switch m[0] {
	case vShrimp:
		if len(m) == 5 && m[4] == vHome {
			return false
		}
		if len(m) == 8 { // shrimp b c r b c r: onto a coral of 3 or more
			sq, _ := (&walker{m: m}).peekSquare(s, 5)
			if s.Polyp[sq] == NoColour {
				return false
			}
			cm := s.corals()
			return cm.size[cm.id[sq]] >= 3
		}
	case vAlga:
		if len(m) == 2 {
			p := &s.Players[seat]
			most := 0
			for c := range p.Consumed {
				if p.Consumed[c] > p.Consumed[most] {
					most = c
				}
			}
			return m[1] == Colour(most).Letter()
		}
	}
	return true
}

// GreedyMove is the greedy player as the AI's easy level (ai.Greeder). It looks ahead by applying
// moves, so it plays on a sample of what seat may know, never on the real hidden tiles.
// A sample may allow a move the real position refuses (a polyp colour the real bag lacks): then
// it tries other samples, and at last a random move from the seat's own menu.
func (s *state) GreedyMove(seat rules.Seat, seed uint64) rules.Move {
	r := rand.New(rand.NewPCG(seed, 0x9eed))
	for try := 0; try < 4; try++ {
		det := s.Determinize(seat, r.Uint64()).(*state)
		if m := greedyMove(det, seat, r); m != nil && rules.Check(s, seat, m) == nil {
			return m
		}
	}
	m, _ := rules.RandomMove(s, seat, r)
	return m
}

// RolloutBudget sizes the AI's rollouts (ai.Budgeter): a greedy move takes milliseconds (it
// samples and tries every move), so a simulation runs until the opponents have made two moves.
// Each seat adds a board of moves to try and a screen to sample: at 3 seats 48 simulations
// cost 1.3 s of one core at the median and 4.3 s at p99, so fewer are run. At two seats
// LevelBudget sizes both levels instead.
func (s *state) RolloutBudget() (simulations, horizon int) {
	switch s.Seats {
	case 2:
		return 48, 2
	case 3:
		return 16, 2
	}
	return 12, 2
}

// LevelBudget sizes each level's rollouts (ai.LevelBudgeter). At two seats normal looks at 4
// candidates with 4 simulations each to 2 opponent moves, and hard at 4 candidates with 9 each
// to 4 opponent moves, its turn budget spread over more of the turn's decisions (TurnShare).
// More samples of normal's look did not make hard stronger: 12 candidates of 6, 6 of 12 and 4
// of 18 simulations to 2 opponent moves won 50%, 55% and 45% of 20 games against normal, as
// both judged by the same evaluation two greedy moves on. Four moves on, a whole reply of the
// opponent, won 72% of 40 with a turn of 5 such decisions (60% of 60 with 3; docs/ai.md,
// eighth round); 3 and 6 moves with other splits did not (55%, 50%). Normal still beats the
// greedy player in a third of the time. At 3 and 4 seats hard keeps three times RolloutBudget
// and normal RolloutBudget (at 4 seats on 2 candidates).
func (s *state) LevelBudget(scale float64) (candidates, simulations, horizon int) {
	sims, h := s.RolloutBudget()
	switch {
	case s.Seats == 2 && scale <= 1:
		return 4, 16, h
	case s.Seats == 2:
		return 4, 36, 4
	case s.Seats == 4 && scale <= 1:
		// A greedy move tries every move on a sample of three screens: 8 candidates of one
		// simulation each cost a turn 5.7 s of one core at p99, 4 still 3.2 s (seventh round),
		// 3 a review's 3.46 s and an arena's 4.80 s (88 turns, load 34 on 2 cores). Simulations
		// are the total over the candidates, so 3 of 3 was one each already: 2 candidates. Over
		// the same 10 turns: 6301 -> 5867 simulated moves, turn max 2.12 -> 1.28 s of one core.
		return 2, 2, h
	}
	return 0, max(1, int(scale*float64(sims))), h
}

// TurnShare is the AI's budget for a whole turn in multiples of its dearest decision
// (ai.TurnSharer): one decision at full budget costs up to 1.5 s of one core at two seats, so
// the rest of the turn shares half as much again, which keeps a turn under 3 s. Hard at two
// seats spends three of its decisions (4 candidates of 9 simulations to 4 opponent moves), so
// that most of the turn's decisions get the longer look: with 3 it won 60% of 60 games against
// normal, with 5 72% of 40 (the difference is within the noise of so few games), but 5 let a
// turn run 1797 simulated moves, 8.3 s of one core on a quiet core and 19-35 s on the
// play-test's loaded machine: 3 keeps a turn's simulated moves, and so its time, at three
// fifths of that.
func (s *state) TurnShare(scale float64) float64 {
	if s.Seats == 2 && scale > 1 {
		return 3
	}
	return 1.5
}
