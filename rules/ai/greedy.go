package ai

import (
	"math/rand/v2"

	"github.com/boardbot/boardbot/rules"
)

// Greeder is implemented by states whose game has a hand-written greedy player (the balance
// players of the tests, made a level): it returns the move it prefers for seat.
type Greeder interface {
	GreedyMove(seat rules.Seat, seed uint64) rules.Move
}

// Budgeter is implemented by states with a greedy player whose cost sets how far the rollout
// improvement can look at the normal level: simulations (one candidate each) and the other seats'
// greedy moves after the candidate (the horizon). A greedy player of microseconds (Ausonia) plays
// games out; one of milliseconds (Reef Encounter) looks to the opponent's first moves.
type Budgeter interface {
	RolloutBudget() (simulations, horizon int)
}

// LevelBudgeter is implemented by Budgeters whose game sizes each level's budget itself (scale
// is Config.GameBudget: 1 at normal, 3 at hard) instead of multiplying the simulations: the
// candidates (0 keeps the level's own), simulations and horizon. Hard given three times
// normal's simulations drew level with normal in Ascidiae, Reef Encounter and Ausonia (more
// samples of the same short look at a greedy opponent), so a game spaces its levels by what
// they look at.
type LevelBudgeter interface {
	LevelBudget(scale float64) (candidates, simulations, horizon int)
}

// TreeBudgeter is implemented by states whose game sizes the tree search of a level itself
// (scale is Config.GameBudget: 1 at normal, 3 at hard): the iterations, or 0 for the level's
// own. A game whose decisions are cheap can give hard more than four times normal's.
type TreeBudgeter interface {
	TreeBudget(scale float64) (iterations int)
}

// Deterministic is implemented by states in which a simulation of the rollout improvement has
// one outcome only: no chance from here on (no draw, nothing hidden to sample) and a greedy player
// that ignores its seed, as in Ascidiae after its set-up. A second simulation of a candidate would
// repeat the first, so the improvement simulates each candidate once and spends its budget on
// more candidates instead. It answers for the position it is asked in.
type Deterministic interface {
	DeterministicRollouts() bool
}

// maxGreedyMoves bounds the moves the generic greedy player compares.
const maxGreedyMoves = 600

// Greedy returns the one-move-ahead player of game g: the game's own greedy player when it has
// one, else the move whose position the game's Evaluator rates best for the seat (a win counts
// most), ties broken by the seed. Without either it plays at random.
func Greedy(g rules.Game) func(st rules.State, seat rules.Seat, seed uint64) (rules.Move, error) {
	return func(st rules.State, seat rules.Seat, seed uint64) (rules.Move, error) {
		if gr, ok := st.(Greeder); ok {
			return gr.GreedyMove(seat, seed), nil
		}
		r := rand.New(rand.NewPCG(seed, 0x9eed))
		base, err := sampleFor(g, st, seat, r.Uint64())
		if err != nil {
			return nil, err
		}
		if _, ok := base.(rules.Evaluator); !ok {
			return rules.RandomMove(base, seat, r)
		}
		moves, _, err := rules.Enumerate(base, seat, maxGreedyMoves)
		if err != nil || len(moves) == 0 {
			return rules.RandomMove(base, seat, r)
		}
		var best []rules.Move
		bestV := -1.0
		for _, m := range moves {
			c, err := Clone(g, base)
			if err != nil {
				return nil, err
			}
			if err := rules.ApplyQuiet(c, seat, m); err != nil {
				continue
			}
			var v float64
			if res := c.Result(); res != nil {
				v = 2 * Values(res)[seat]
			} else {
				v = c.(rules.Evaluator).Evaluate()[seat]
			}
			switch {
			case v > bestV:
				best, bestV = []rules.Move{m}, v
			case v == bestV:
				best = append(best, m)
			}
		}
		if len(best) == 0 {
			return rules.RandomMove(base, seat, r)
		}
		return best[r.IntN(len(best))], nil
	}
}

// sampleFor is one determinization of st for seat (a plain copy when the game hides nothing).
func sampleFor(g rules.Game, st rules.State, seat rules.Seat, seed uint64) (rules.State, error) {
	if d, ok := st.(rules.Determinizer); ok {
		return d.Determinize(seat, seed), nil
	}
	return Clone(g, st)
}
