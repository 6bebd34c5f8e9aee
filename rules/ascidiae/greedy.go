package ascidiae

import (
	"fmt"

	"github.com/boardbot/boardbot/rules"
)

// greedyMove is the balance player: it claims a colony whenever it can (solo: only when the turn
// then ends in a victory), otherwise it picks the move whose resulting position scores best for
// it: claimed colonies, cards on the grid, tadpoles that will not be purged, and how much of an
// available colony its best collecting card already holds.
func greedyMove(g *State, seat int) rules.Move {
	if g.setupPhase() {
		return greedyPlacement(g, seat)
	}
	moves := g.moves(seat, 4000)
	if len(moves) == 0 {
		panic(fmt.Sprintf("greedy: seat %d has no move", seat))
	}
	var best rules.Move
	bestScore := -1 << 30
	for _, m := range moves {
		c := g.clone()
		c.play(rules.Seat(seat), m)
		if m[0] == wColonize {
			if !g.solo() || soloWins(c) {
				return m
			}
			continue
		}
		if s := value(c, seat, g.Turn.Active, 1); s > bestScore {
			best, bestScore = m, s
		}
	}
	if best == nil {
		return moves[0]
	}
	return best
}

// soloWins finishes the turn greedily and reports a victory.
func soloWins(g *State) bool {
	for g.Res == nil && g.Turn.Seat == 0 && g.Players[0].Turns == g.Players[0].Turns {
		turn := g.Players[0].Turns
		g.play(0, greedyMove(g, 0)) // from the seat's own tree: legal
		if g.Players[0].Turns != turn {
			break
		}
	}
	return g.Res != nil && g.Res.Ranks[0] == 1
}

// value looks one decision further when the same activation asks again (an ability choice
// followed by its central action, sverk's second think).
func value(g *State, seat, active, depth int) int {
	if depth == 0 || g.Res != nil || g.setupPhase() || g.Turn.Seat != seat || g.Turn.Active != active || g.Turn.Wait == "" {
		return score(g, seat)
	}
	moves := g.moves(seat, 1000)
	best := -1 << 30
	for _, m := range moves {
		c := g.clone()
		c.play(rules.Seat(seat), m)
		if m[0] == wColonize && !g.solo() {
			return score(c, seat) + 500
		}
		best = max(best, value(c, seat, active, depth-1))
	}
	return best
}

// greedyPlacement puts basica where it pushes into habilis, habilis later in the flow, both
// as central as possible. Several placements are that good (a central space and a neighbour,
// habilis in any facing); the game's generator, never drawn from, picks one per game, and each
// seat takes the one a seat's share of the list further on, so that no two AIs of a game open
// alike (issue 38: three normal AIs at four seats placed the same) while the same position still
// gets the same move.
func greedyPlacement(g *State, seat int) rules.Move {
	good := goodPlacements(g)
	k := g.RNG.Clone().Uint64()
	k ^= k >> 29
	k *= 0xbf58476d1ce4e5b9
	k ^= k >> 32
	n := uint64(len(good))
	return good[(k+uint64(seat)*max(1, n/uint64(g.Seats)))%n]
}

// goodPlacements lists the placements of greedyPlacement scored best or one short, in a fixed
// order.
func goodPlacements(g *State) []rules.Move {
	path := g.path()
	order := map[int]int{}
	for i, sp := range path {
		order[sp] = i
	}
	central := func(sp int) int {
		n := 0
		for d := Up; d <= Left; d++ {
			if step(sp, d) >= 0 {
				n++
			}
		}
		return n
	}
	type scored struct {
		m rules.Move
		s int
	}
	var all []scored
	bestScore := -1
	for b := 0; b < Spaces; b++ {
		for d := Up; d <= Left; d++ {
			h := step(b, d)
			if h < 0 {
				continue
			}
			s := central(b) + central(h)
			if order[h] > order[b] {
				s += 10
			}
			bestScore = max(bestScore, s)
			for o := Up; o <= Left; o++ {
				all = append(all, scored{rules.Move{SpaceName(b), d.String(), SpaceName(h), o.String()}, s})
			}
		}
	}
	// One point short is a central space and an edge one instead of the two central spaces.
	var best []rules.Move
	for _, a := range all {
		if a.s >= bestScore-1 {
			best = append(best, a.m)
		}
	}
	return best
}

// GreedyMove is the balance player as the AI's easy level (ai.Greeder); Ascidiae hides nothing.
func (g *State) GreedyMove(seat rules.Seat, _ uint64) rules.Move {
	return greedyMove(g.clone(), int(seat))
}

// DeterministicRollouts says that a rollout from here has one outcome (ai.Deterministic): the
// game draws only while it is set up, hides nothing, and the greedy player ignores its seed.
func (g *State) DeterministicRollouts() bool { return true }

// RolloutBudget sizes the AI's rollouts (ai.Budgeter). Rollouts here are deterministic, so the
// simulations are candidates, each played once: the greedy move and the 11 the position's score
// rates best after one decision, each followed by greedy play until the opponent has made six
// decisions (about one turn of theirs and the start of the AI's next). Solo, the horizon counts
// the seat's own decisions: twelve, about two turns, where a claim in the same turn counts.
// Normal at two seats looks at less (LevelBudget).
func (g *State) RolloutBudget() (simulations, horizon int) {
	if g.solo() {
		return 12, 12
	}
	return 12, 6
}

// LevelBudget sizes each level's rollouts (ai.LevelBudgeter). Hard: the twelve candidates of
// RolloutBudget followed twice as far (the horizon grows by half of it for each unit of scale
// above 1: until the opponent has made 12 decisions, about two of its turns; solo, 24 of the
// seat's own). Hard once tried 36 candidates at normal's horizon and won 12 of 26 games against
// normal: both judged every move by the same short look at a greedy opponent, and the extra
// candidates were the moves that fool that model; seen twice as far, the twelve still won only
// 21 of 48 against normal's twelve. So at two seats normal looks at half as many (6) half as far
// (until the opponent has made 3 decisions): hard won 40 of 48 against it, and it still beat the
// greedy player in 28 of 40 (docs/ai.md, seventh round). At three seats normal follows its
// twelve candidates until the others have made 9 decisions, not 6 (issue 38: against two greedy
// players it won 7 of 12 games, where it had won 4 and 6 of 12 (seeds 5001 and 5101), for a turn
// of 2.2 s CPU at p99; the other way, 6 candidates to 3 decisions won 5 and 3 of 12). At four
// seats likewise: against three greedy players (seed 5001, 12 games) it won 6, where RolloutBudget's
// 6 decisions won 2, for a turn of 2.1 s CPU at p99 (1.5 s before); six decisions covered barely
// two of the three others' turns. Solo normal keeps RolloutBudget.
func (g *State) LevelBudget(scale float64) (candidates, simulations, horizon int) {
	sims, h := g.RolloutBudget()
	switch {
	case scale <= 1 && g.Seats == 2:
		return 6, 6, 3
	case scale <= 1 && (g.Seats == 3 || g.Seats == 4):
		return sims, sims, 9
	}
	return 0, sims, int(float64(h) * (1 + max(0, scale-1)/2))
}
