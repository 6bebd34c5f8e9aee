package ai

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/boardbot/boardbot/rules"
)

// Rollout policy improvement over the game's greedy player (Config.Candidates). Random playouts
// undo what a move built in position games, and at a budget of a few hundred playouts the tree
// search only drew level with the greedy players. Here the greedy player is the playout policy:
// each candidate move is played in many determinizations and followed by greedy play of every
// seat until the others have made Horizon moves, then the result and the evaluation judge.
// Choosing the best mean is a policy improvement step, so in expectation it plays at least as well
// as the greedy player; the greedy move stays unless another beats it clearly on the same samples.
// Where a simulation has one outcome only (Deterministic), each candidate is played once and the
// budget tests more candidates.

// candidate is one complete move under test and its summed value over the simulations.
type candidate struct {
	m     rules.Move
	prior float64 // one-move evaluation in a sample, used only to pick the candidates
	// the sum and sum of squares of its value minus the greedy move's, sample by sample
	diff, diff2 float64
}

// improve chooses seat's move in st by rollouts of the greedy policy; gr is st's greedy player.
func improve(g rules.Game, st rules.State, seat rules.Seat, gr Greeder, cfg Config) (rules.Move, Stats, error) {
	s := &search{g: g, real: st, seat: seat, cfg: cfg, r: rand.New(rand.NewPCG(cfg.Seed, 0x1a9e)), lim: -1}
	if ev, ok := st.(rules.Evaluator); ok && len(ev.Evaluate()) == 1 {
		s.alone = true // a solo game: there are no other seats' moves to count
	}
	if cfg.Deadline > 0 {
		s.until = time.Now().Add(cfg.Deadline)
	}
	// The moves come from the seat's own menu in the real position, which is what its player sees.
	moves, _, err := rules.Enumerate(st, seat, maxGreedyMoves)
	if err != nil {
		return nil, Stats{}, fmt.Errorf("ai: the moves of seat %d: %w", seat, err)
	}
	if len(moves) == 0 {
		return nil, Stats{}, fmt.Errorf("ai: seat %d has no move", seat)
	}
	base := gr.GreedyMove(seat, s.r.Uint64())
	if base == nil || rules.Check(st, seat, base) != nil {
		base = moves[s.r.IntN(len(moves))]
	}
	if cfg.Sensible {
		// Only the moves the game finds sensible: the greedy move too, or else the first of
		// them (the game's own preference). Moves back to a position of the turn are left out
		// of the candidates below, which is cheaper than checking every move.
		if sg, ok := st.(Sensible); ok {
			if sm := sg.SensibleMoves(seat); len(sm) > 0 {
				moves = sm
				if !inMoves(moves, base) {
					base = moves[0]
				}
			}
		}
	}
	if len(moves) == 1 {
		return base, s.stats, nil
	}
	once := false
	if d, ok := st.(Deterministic); ok && d.DeterministicRollouts() {
		// Every simulation of a candidate would be the same game: test more candidates, once each.
		once = true
		s.cfg.Candidates = max(cfg.Candidates, cfg.Iterations)
	}
	cands, err := s.candidates(moves, base)
	if err != nil {
		return nil, s.stats, err
	}
	if cfg.Sensible && cfg.Turn != nil {
		cands = s.noUndo(cands)
		base = cands[0].m
	}
	if len(cands) == 1 {
		return base, s.stats, nil
	}
	s.stats.Searches = 1
	sims := max(1, cfg.Iterations/len(cands))
	if once {
		sims = 1
	}
	if t := cfg.Turn; t != nil && t.Share > 0 && t.dear > 0 && float64(t.spent) >= t.Share*t.dear {
		return base, s.stats, nil // the turn's budget is spent: the greedy move
	}
	start := s.stats.Simulated
	for j := 0; j < sims; j++ {
		if !s.until.IsZero() && j > 0 && time.Now().After(s.until) {
			break
		}
		if j == 1 && cfg.Turn != nil {
			s.lim = cfg.Turn.limit(float64(sims * (s.stats.Simulated - start)))
		}
		if j > 0 && s.lim >= 0 && float64(s.stats.Simulated-start)*float64(j+1)/float64(j) > s.lim {
			break // one more round would pass the turn's share
		}
		// Common random numbers: every candidate meets the same sample and the same draws after
		// it, so their difference is the move's, not the dice's.
		det, err := s.sample()
		if err != nil {
			return nil, s.stats, err
		}
		simSeed := s.r.Uint64()
		v0 := s.simulate(det, cands[0].m, simSeed)
		for _, c := range cands[1:] {
			d := s.simulate(det, c.m, simSeed) - v0
			c.diff += d
			c.diff2 += d * d
		}
		s.stats.Iterations++
	}
	if !once && s.stats.Iterations < minRounds && s.stats.Iterations < sims {
		// Cut short by the turn's budget: too few samples to trust a gain.
		return base, s.stats, nil
	}
	return pick(cands, float64(s.stats.Iterations)).m, s.stats, nil
}

// minRounds is the fewest simulations of each candidate on which a cut-short decision may leave
// the greedy move.
const minRounds = 4

func inMoves(moves []rules.Move, m rules.Move) bool {
	for _, x := range moves {
		if x.Equal(m) {
			return true
		}
	}
	return false
}

// pick is the candidate with the best mean gain over the greedy move (cands[0]) among those whose
// gain is clear: more than one standard error above nothing. With eight candidates and a few
// dozen samples, the best of several noisy means is often a lucky one, and a loss to the greedy
// player is what this mode exists to avoid; so the greedy move stays unless the evidence is clear.
func pick(cands []*candidate, n float64) *candidate {
	best, bestGain := cands[0], 0.0
	for _, c := range cands[1:] {
		mean := c.diff / n
		se := math.Sqrt(max(0, c.diff2/n-mean*mean) / n)
		if mean > se && mean > bestGain {
			best, bestGain = c, mean
		}
	}
	return best
}

// candidates is the greedy move first, then the moves a one-move evaluation rates best in one
// sample, up to cfg.Candidates in all. Ties are broken by the seed, not by the menu's order.
func (s *search) candidates(moves []rules.Move, base rules.Move) ([]*candidate, error) {
	det, err := s.sample()
	if err != nil {
		return nil, err
	}
	var rest []*candidate
	for _, m := range moves {
		if m.Equal(base) {
			continue
		}
		c, err := Clone(s.g, det)
		if err != nil {
			return nil, err
		}
		v := -1.0 // refused in this sample: kept last
		if err := rules.ApplyQuiet(c, s.seat, m); err == nil {
			v = value(c, s.seat)
			s.stats.Simulated++
		}
		rest = append(rest, &candidate{m: m, prior: v})
	}
	s.r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	slices.SortStableFunc(rest, func(a, b *candidate) int { return cmp.Compare(b.prior, a.prior) })
	n := min(len(rest), max(0, s.cfg.Candidates-1))
	return append([]*candidate{{m: base}}, rest[:n]...), nil
}

// value is seat's value in st: its result if the game is over (a win counts most), else the
// game's evaluation, else nothing.
func value(st rules.State, seat rules.Seat) float64 {
	if res := st.Result(); res != nil {
		return 2 * Values(res)[seat]
	}
	if ev, ok := st.(rules.Evaluator); ok {
		return ev.Evaluate()[seat]
	}
	return 0
}

// simulate plays m in a copy of det, then the greedy policy for whoever is awaited until the other
// seats have made cfg.Horizon moves (and at most cfg.Horizon+maxOwnMoves moves in all), and returns
// the AI's value there. In a solo game (one value from the evaluation) the seat's own moves count
// instead. A move the sample refuses scores nothing.
//
// The horizon counts the others' moves, not all moves: counted over all moves, a candidate that
// keeps the AI's turn going without changing anything (a Reef Encounter shrimp moved to and fro,
// which the rules allow any number of times) pushed the opponents' reply past the horizon and
// looked better than ending the turn, so the AI moved shrimps forever.
func (s *search) simulate(det rules.State, m rules.Move, seed uint64) float64 {
	x, err := Clone(s.g, det)
	if err != nil {
		return 0
	}
	if err := rules.ApplyQuiet(x, s.seat, m); err != nil {
		return 0
	}
	s.stats.Simulated++
	r := rand.New(rand.NewPCG(seed, 0x5117))
	for h, steps := 0, 0; h < s.cfg.Horizon && steps < s.cfg.Horizon+maxOwnMoves && x.Result() == nil; steps++ {
		ps := rules.AwaitedSeats(x)
		if len(ps) == 0 {
			break
		}
		seat := ps[r.IntN(len(ps))]
		if seat != s.seat || s.alone {
			h++
		}
		var mv rules.Move
		// The greedy player sees only the sample (and samples again for its own seat).
		if gr, ok := x.(Greeder); ok {
			mv = gr.GreedyMove(seat, r.Uint64())
		}
		// Apply checks the move first and changes nothing when it refuses it.
		if mv == nil || !applies(x, seat, mv) {
			if mv, err = rules.RandomMove(x, seat, r); err != nil || !applies(x, seat, mv) {
				break
			}
		}
		s.stats.Simulated++
	}
	return outcome(x, s.seat)
}

// outcome is seat's value at the end of a simulation. A finished game counts its result, plus the
// game's evaluation of the final position where it has one: with a win worth 0 or 1 alone, a few
// dozen samples cannot tell two moves apart, while the margin (the influence or points between
// the seats) moves with every sample and separates them with far fewer.
func outcome(x rules.State, seat rules.Seat) float64 {
	ev, hasEv := x.(rules.Evaluator)
	if res := x.Result(); res != nil {
		v := Values(res)[seat]
		if hasEv {
			v += ev.Evaluate()[seat]
		}
		return v
	}
	if hasEv {
		return ev.Evaluate()[seat]
	}
	return 0
}

// maxOwnMoves bounds the AI's own moves in one simulation beyond the horizon: its greedy turns
// should end, but nothing in the contract makes a greedy player end one.
const maxOwnMoves = 64

func applies(st rules.State, seat rules.Seat, m rules.Move) bool {
	return rules.ApplyQuiet(st, seat, m) == nil
}

// noUndo drops the candidates that bring back a position of the turn; when the greedy move is
// one, the first candidate left takes its place as the move to beat. All of them stay if none
// would be left.
func (s *search) noUndo(cands []*candidate) []*candidate {
	var out []*candidate
	for _, c := range cands {
		if !s.cfg.Turn.undoes(s.g, s.real, s.seat, c.m) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cands
	}
	return out
}
