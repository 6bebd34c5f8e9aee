// Package ai is the search player every game shares: information-set Monte Carlo tree search over
// the choice tree of the engine contract. It knows no game: a move is a path of tokens, so the tree
// descends token by token, and whoever is awaited (one seat or several at once) moves next.
//
// Hidden information: each iteration starts from a determinization, a complete state sampled from
// what the AI's seat may know (rules.Determinizer); one tree gathers the statistics of all samples,
// keyed by the seats' choices only, so no secret of a sample can steer the choice. Games without a
// Determinizer are treated as fully visible.
//
// The package is pure: no I/O, no clock unless Config.Deadline asks for one, randomness only from
// Config.Seed. With the same state, seat, seed and iteration budget it always picks the same move.
package ai

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/boardbot/boardbot/rules"
)

// Config is one search budget and style.
type Config struct {
	// Iterations is the number of determinized playouts for a decision (default 200).
	Iterations int
	// Rollout is how many random moves a playout makes before asking the game's Evaluator; 0 plays
	// to the end (MaxPlayout bounds it). Games without an Evaluator always play to the end.
	Rollout int
	// Guide is the share of playout moves chosen by the game's own greedy player (ai.Greeder),
	// where it has one; the rest are uniformly random. Random playouts say little in games where
	// position is everything (Ascidiae, Reef Encounter); a greedy player knows what a move does.
	Guide float64
	// Prior, when the game has a greedy player (ai.Greeder), is the share of the budget given in
	// advance to the greedy player's move, as that many visits with its evaluated value: the
	// search then leaves the greedy move only for one it finds better.
	Prior float64
	// Candidates, when positive and the game has a greedy player (ai.Greeder), replaces the tree
	// search by rollout policy improvement over that player (improve.go): the greedy move and
	// the Candidates-1 moves a one-move evaluation rates best are each played in
	// Iterations/Candidates samples, followed by the greedy policy for every seat until the
	// others have made Horizon moves, and the best clear gain wins (the greedy move otherwise).
	// Where simulations are Deterministic there are max(Candidates, Iterations) candidates,
	// each played once.
	Candidates int
	// Horizon is how many moves of the other seats follow a candidate before the evaluation
	// (Candidates only; the AI's own moves in between do not count).
	Horizon int
	// GameBudget, when positive, takes Iterations and Horizon from the game (ai.Budgeter, sized to
	// its greedy player's cost), the simulations multiplied by GameBudget; a game that is no
	// Budgeter then gets the tree search. Levels use it: a greedy move costs microseconds in one
	// game and milliseconds in another.
	GameBudget float64
	// Exploration is the UCB constant (default 0.7).
	Exploration float64
	// Seed drives every random choice of the search.
	Seed uint64
	// Sensible restricts the choice to the moves the game's Sensible interface offers and, with a
	// Turn, to moves that do not bring back a position of the turn (the levels above easy).
	Sensible bool
	// Turn, when set, carries the seat's turn across its decisions: their budget is shared
	// (turn.go) and positions already passed are not returned to. The caller keeps one per AI seat.
	Turn *Turn
	// Deadline, when set, also stops a decision after that much wall time; the move then depends on
	// the machine's speed, so tests and replays leave it zero.
	Deadline time.Duration
}

// MaxPlayout bounds one random playout, so a game that random play finishes slowly still answers.
const MaxPlayout = 4000

// Stats says what one decision cost.
type Stats struct {
	Iterations int // playouts run
	Simulated  int // moves applied inside the search (tree and playouts)
	Nodes      int // tree nodes built
	Searches   int // searches run (one per token that needed a fresh tree)
}

// Levels are the named budgets players choose from.
var Levels = []string{"easy", "normal", "hard"}

// ForLevel returns the budget of a named level, seeded.
func ForLevel(level string, seed uint64) (Config, error) {
	switch level {
	case "easy":
		return Config{Iterations: 30, Rollout: 8, Seed: seed}, nil
	case "normal", "":
		return Config{Iterations: 200, Rollout: 16, Prior: 1, Candidates: 8, GameBudget: 1, Sensible: true, Seed: seed}, nil
	case "hard":
		return Config{Iterations: 800, Rollout: 24, Prior: 1, Candidates: 12, GameBudget: 3, Sensible: true, Seed: seed}, nil
	}
	return Config{}, fmt.Errorf("there is no AI level %q; choose easy, normal or hard", level)
}

// stop is the edge that ends a complete move; no game token is empty.
const stop = ""

type node struct {
	seat     rules.Seat
	tok      string
	visits   float64
	reward   float64 // sum of the rewards of seat, the one who chose tok
	avail    float64 // times this edge was legal when its parent was visited
	children []*node
}

func (n *node) child(seat rules.Seat, tok string) *node {
	for _, c := range n.children {
		if c.seat == seat && c.tok == tok {
			return c
		}
	}
	return nil
}

// Choose picks a complete move for seat in st. st is not changed.
func Choose(g rules.Game, st rules.State, seat rules.Seat, cfg Config) (rules.Move, Stats, error) {
	if cfg.Turn == nil || st.Result() != nil {
		return choose(g, st, seat, cfg)
	}
	cfg.Turn.begin(st, seat)
	m, stats, err := choose(g, st, seat, cfg)
	cfg.Turn.end(g, st, seat, m, stats.Simulated)
	return m, stats, err
}

func choose(g rules.Game, st rules.State, seat rules.Seat, cfg Config) (rules.Move, Stats, error) {
	if cfg.Iterations <= 0 {
		cfg.Iterations = 200
	}
	if cfg.Exploration == 0 {
		cfg.Exploration = 0.7
	}
	if st.Result() != nil {
		return nil, Stats{}, errors.New("ai: the game is over")
	}
	if !rules.IsAwaited(st, seat) {
		return nil, Stats{}, fmt.Errorf("ai: seat %d is not awaited", seat)
	}
	if gr, ok := st.(Greeder); ok && cfg.Candidates > 0 {
		b, budgeted := st.(Budgeter)
		switch {
		case cfg.GameBudget <= 0:
			return improve(g, st, seat, gr, cfg)
		case budgeted:
			sims, h := b.RolloutBudget()
			cfg.Iterations, cfg.Horizon = max(1, int(cfg.GameBudget*float64(sims))), h
			if lb, ok := st.(LevelBudgeter); ok {
				var k int
				k, cfg.Iterations, cfg.Horizon = lb.LevelBudget(cfg.GameBudget)
				if k > 0 {
					cfg.Candidates = k
				}
			}
			return improve(g, st, seat, gr, cfg)
		}
		// A level in a game with a greedy player that sizes no rollouts: the tree search with the
		// greedy prior (every game with a greedy player sizes them today).
	}
	if tb, ok := st.(TreeBudgeter); ok && cfg.GameBudget > 0 {
		if n := tb.TreeBudget(cfg.GameBudget); n > 0 {
			cfg.Iterations = n
		}
	}
	s := &search{g: g, real: st, seat: seat, cfg: cfg, r: rand.New(rand.NewPCG(cfg.Seed, 0x5eed)), lim: -1}
	if cfg.Deadline > 0 {
		s.until = time.Now().Add(cfg.Deadline)
	}
	if cfg.Sensible {
		if sm, ok := st.(Sensible); ok {
			s.allow = prefixes(s.sensible(sm.SensibleMoves(seat)))
		}
	}
	partial := rules.Move{}
	budget := cfg.Iterations
	var firstPart rules.Move // where the first tree (s.first) starts
	for len(partial) < rules.MaxTreeDepth {
		// A forced token needs no search.
		det, err := s.sample()
		if err != nil {
			return nil, s.stats, err
		}
		next, complete, err := rules.ChoiceTokens(det, seat, partial)
		if err != nil {
			return nil, s.stats, fmt.Errorf("ai: choices for %q: %w", partial.String(), err)
		}
		if len(next) == 0 && complete {
			break
		}
		if len(next) == 1 && !complete {
			partial = append(partial, next[0].Token)
			continue
		}
		root := &node{seat: seat}
		s.seedGreedy(root, partial, budget)
		s.run(root, partial, budget)
		if s.first == nil {
			s.first, firstPart = root, slices.Clone(partial)
		}
		n, done := root, false
		for {
			// Only tokens the seat's own menu offers: a sample may allow what the real position
			// does not (a colour the real bag lacks), and the menu is what the player sees.
			next, complete, err := rules.ChoiceTokens(st, seat, partial)
			if err != nil {
				return nil, s.stats, fmt.Errorf("ai: choices for %q: %w", partial.String(), err)
			}
			best := mostVisited(n, seat, s.filterMenu(partial, s.filter(partial, menu(next, complete))))
			if best == nil && n == root {
				// Nothing the search liked is on the menu: take a random entry of it.
				if s.allow != nil {
					partial, done = s.firstAllowed(partial), true
					break
				}
				m, err := rules.RandomMoveFrom(st, seat, partial, s.r)
				if err != nil {
					return nil, s.stats, err
				}
				partial, done = m, true
				break
			}
			if best == nil || (n != root && best.visits < minVisits) {
				break
			}
			if best.tok == stop {
				done = true
				break
			}
			partial = append(partial, best.tok)
			n = best
		}
		if done {
			break
		}
		// The rest of the move was too thin in this tree: search again from where it stands,
		// with a quarter of the budget, so a long move costs at most about twice a short one.
		budget = max(cfg.Iterations/4, minBudget)
	}
	if err := rules.Check(st, seat, partial); err != nil {
		return nil, s.stats, fmt.Errorf("ai: chose %q, which the rules refuse: %w", partial.String(), err)
	}
	if s.laughable(partial) {
		budget := rescueMenus
		if m := s.rescue(rules.Move{}, nil, firstPart, &budget, true); m != nil {
			partial = m
		}
	}
	return partial, s.stats, nil
}

// rescueMenus bounds the menus rescue reads for one decision.
const rescueMenus = 240

// laughable says whether the complete move m is one a player would laugh at, where the game
// judges moves token by token (SensibleTokens) and so cannot always steer the tree away from a
// bad end: a move that changes nothing of the position (a ride there and back), one that brings
// back a position of the turn, or one the game's HabitJudge names a habit. Such a game's
// HabitJudge must read only what the seat may see.
func (s *search) laughable(m rules.Move) bool {
	if _, ok := s.real.(SensibleTokens); !ok || !s.cfg.Sensible || len(m) == 0 {
		return false
	}
	after, err := Clone(s.g, s.real)
	if err != nil {
		return false
	}
	evs, err := after.Apply(s.seat, m)
	if err != nil || after.Result() != nil {
		return false
	}
	if PositionKey(after) == PositionKey(s.real) || s.cfg.Turn.undoes(s.g, s.real, s.seat, m) {
		return true
	}
	if j, ok := s.real.(HabitJudge); ok && len(j.Habits(s.seat, m, evs, after)) > 0 {
		return true
	}
	return false
}

// rescue looks for a complete move that is not laughable, depth first over the real menus with
// the sensible tokens, the tree's most visited first (n is the tree node at part, or nil), so the
// move the search preferred is changed as little as it can be. Each token of the first menu gets
// an equal share of the budget, so a long transport cannot crowd out ending the transports.
// nil when none is found within budget menus.
func (s *search) rescue(part rules.Move, n *node, at rules.Move, budget *int, top bool) rules.Move {
	if *budget <= 0 {
		return nil
	}
	*budget--
	next, complete, err := rules.ChoiceTokens(s.real, s.seat, part)
	if err != nil {
		return nil
	}
	toks := make([]string, 0, len(next)+1)
	for _, c := range next {
		toks = append(toks, c.Token)
	}
	if complete {
		toks = append(toks, stop)
	}
	if s.allow != nil {
		toks = s.filterTokens(part, toks)
	}
	toks = s.sensibleTokens(part, toks)
	if n == nil && len(part) == len(at) && part.Equal(at) {
		n = s.first
	}
	visits := func(t string) float64 {
		if n == nil {
			return 0
		}
		if c := n.child(s.seat, t); c != nil {
			return c.visits
		}
		return 0
	}
	sort.SliceStable(toks, func(i, j int) bool { return visits(toks[i]) > visits(toks[j]) })
	for i, t := range toks {
		if t == stop {
			if !s.laughable(part) {
				return part
			}
			continue
		}
		var c *node
		if n != nil {
			c = n.child(s.seat, t)
		}
		share := budget
		var own int
		if top {
			own = *budget / (len(toks) - i)
			share = &own
			*budget -= own
		}
		m := s.rescue(append(slices.Clone(part), t), c, at, share, false)
		if top {
			*budget += own
		}
		if m != nil {
			return m
		}
	}
	return nil
}

const (
	minVisits = 12 // a deeper token of the move is trusted only with this many visits
	minBudget = 30
)

// mostVisited is the child of n for seat with the most visits; ties keep the first found, which
// follows the tree's insertion order and so the seed.
func mostVisited(n *node, seat rules.Seat, legal map[string]bool) *node {
	var best *node
	for _, c := range n.children {
		if c.seat != seat || !legal[c.tok] {
			continue
		}
		if best == nil || c.visits > best.visits {
			best = c
		}
	}
	return best
}

type search struct {
	g     rules.Game
	real  rules.State
	seat  rules.Seat
	cfg   Config
	r     *rand.Rand
	until time.Time
	stats Stats
	nodes int
	// the greedy player's move and its value, for Config.Prior
	greedy     rules.Move
	greedyV    float64
	greedyDone bool
	alone      bool // a solo game, for the rollout improvement's horizon
	// allow holds the prefixes of the moves the seat may choose (Config.Sensible); nil: any.
	allow map[string]bool
	lim   float64 // simulated moves this decision may spend (the turn's share); negative: any
	// tokMemo remembers the game's SensibleTokens by partial move and menu.
	tokMemo map[string][]string
	first   *node // the decision's first tree, which rescue follows
}

// sample is one state consistent with what the AI's seat knows.
func (s *search) sample() (rules.State, error) {
	return sampleFor(s.g, s.real, s.seat, s.r.Uint64())
}

// Clone copies a state, cheaply when the game offers it.
func Clone(g rules.Game, st rules.State) (rules.State, error) {
	if c, ok := st.(rules.Cloner); ok {
		return c.Clone(), nil
	}
	b, err := st.Encode()
	if err != nil {
		return nil, err
	}
	return g.Decode(b)
}

// run builds a tree rooted at the AI's seat having already chosen partial.
func (s *search) run(root *node, partial rules.Move, iterations int) *node {
	s.stats.Searches++
	for i := 0; i < iterations; i++ {
		if !s.until.IsZero() && i > 0 && time.Now().After(s.until) {
			break
		}
		if s.cfg.Turn != nil && s.stats.Searches == 1 && i == treeProbe {
			// The first iterations price the decision: at most Iterations of them, and about
			// half as many again for the thin tokens' searches.
			s.lim = s.cfg.Turn.limit(1.5 * float64(s.cfg.Iterations) * float64(s.stats.Simulated) / treeProbe)
		}
		if s.lim >= 0 && i >= treeProbe && float64(s.stats.Simulated) >= s.lim {
			break
		}
		det, err := s.sample()
		if err != nil {
			continue
		}
		s.iterate(root, det, partial)
		s.stats.Iterations++
	}
	s.stats.Nodes += s.nodes
	s.nodes = 0
	return root
}

// iterate is one playout: select down the tree in det, expand one edge, play at random, back up.
func (s *search) iterate(root *node, det rules.State, partial rules.Move) {
	path := []*node{}
	n := root
	actor := s.seat
	part := append(rules.Move{}, partial...)
	var tokens []string
	expanded := false // one new edge per playout; below it the play is random
	for depth := 0; depth < 4*rules.MaxTreeDepth && det.Result() == nil; depth++ {
		if len(part) == 0 && !(n == root && len(partial) == 0) {
			actor = s.pickSeat(det)
		}
		next, complete, err := rules.ChoiceTokens(det, actor, part)
		if err != nil {
			return // a sample where the tree does not hold; its statistics are simply not counted
		}
		tokens = tokens[:0]
		for _, c := range next {
			tokens = append(tokens, c.Token)
		}
		if complete {
			tokens = append(tokens, stop)
		}
		if s.allow != nil && actor == s.seat && ownMove(path, s.seat) {
			tokens = s.filterTokens(part, tokens)
		}
		if actor == s.seat && ownMove(path, s.seat) {
			tokens = s.sensibleTokens(part, tokens)
		}
		if len(tokens) == 0 {
			return
		}
		var untried []string
		for _, t := range tokens {
			c := n.child(actor, t)
			if c == nil {
				untried = append(untried, t)
			} else {
				c.avail++
			}
		}
		var c *node
		if len(untried) > 0 {
			t := untried[s.r.IntN(len(untried))]
			c = &node{seat: actor, tok: t, avail: 1}
			n.children = append(n.children, c)
			s.nodes++
			expanded = true
		} else {
			c = s.ucb(n, actor, tokens)
		}
		path = append(path, c)
		if c.tok == stop {
			if err := rules.ApplyQuiet(det, actor, part); err != nil {
				return
			}
			s.stats.Simulated++
			part = part[:0]
		} else {
			part = append(part, c.tok)
		}
		n = c
		if expanded {
			break
		}
	}
	value := s.playout(det, actor, part)
	for _, c := range path {
		c.visits++
		if int(c.seat) >= 0 && int(c.seat) < len(value) {
			c.reward += value[c.seat]
		}
	}
}

// ucb picks the legal child with the best upper confidence bound, counting only the visits in
// which each was available (information sets change their legal moves between samples).
func (s *search) ucb(n *node, actor rules.Seat, tokens []string) *node {
	var best *node
	bestV := math.Inf(-1)
	for _, t := range tokens {
		c := n.child(actor, t)
		v := c.reward/c.visits + s.cfg.Exploration*math.Sqrt(math.Log(c.avail)/c.visits)
		if v > bestV {
			best, bestV = c, v
		}
	}
	return best
}

// pickSeat chooses who acts next in a sample: when several seats are awaited at once, any order is
// a possible history, so one is drawn.
func (s *search) pickSeat(st rules.State) rules.Seat {
	ps := rules.AwaitedSeats(st)
	if len(ps) == 0 {
		return rules.Spectator
	}
	return ps[s.r.IntN(len(ps))]
}

// playout finishes actor's partial move and plays at random to the end or the cut-off, returning
// each seat's value in [0,1].
func (s *search) playout(det rules.State, actor rules.Seat, part rules.Move) []float64 {
	if det.Result() == nil && len(part) > 0 {
		m, err := rules.RandomMoveFrom(det, actor, part, s.r)
		if err != nil {
			return nil
		}
		if err := rules.ApplyQuiet(det, actor, m); err != nil {
			return nil
		}
		s.stats.Simulated++
	}
	ev, canCut := det.(rules.Evaluator)
	limit := MaxPlayout
	if canCut && s.cfg.Rollout > 0 {
		limit = s.cfg.Rollout
	}
	for i := 0; i < limit && det.Result() == nil; i++ {
		seat := s.pickSeat(det)
		var m rules.Move
		var err error
		if gr, ok := det.(Greeder); ok && s.cfg.Guide > 0 && s.r.Float64() < s.cfg.Guide {
			m = gr.GreedyMove(seat, s.r.Uint64())
		} else {
			m, err = rules.RandomMoveFrom(det, seat, nil, s.r)
		}
		if err != nil || m == nil {
			return nil
		}
		if err := rules.ApplyQuiet(det, seat, m); err != nil {
			return nil
		}
		s.stats.Simulated++
	}
	if res := det.Result(); res != nil {
		return Values(res)
	}
	if canCut {
		return ev.Evaluate()
	}
	return nil // unfinished and no way to judge: counts as nothing for anyone
}

// Values turns a result into each seat's value: 1 for first place, 0 for last, evenly between;
// in a solo game rank 1 is a win (1) and anything else a loss (0).
func Values(res *rules.Result) []float64 {
	n := len(res.Ranks)
	out := make([]float64, n)
	if n == 1 {
		if res.Ranks[0] == 1 {
			out[0] = 1
		}
		return out
	}
	for i, rk := range res.Ranks {
		out[i] = float64(n-rk) / float64(n-1)
		if out[i] < 0 {
			out[i] = 0
		}
	}
	return out
}

// MoveSeed derives the search seed of one AI move from the game's seed and the move's place in
// the log, so replays and retries choose the same move and no wall clock is involved.
func MoveSeed(gameSeed uint64, seq int64, seat rules.Seat) uint64 {
	x := gameSeed ^ uint64(seq)*0x9e3779b97f4a7c15 ^ uint64(seat+2)*0xbf58476d1ce4e5b9
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// seedGreedy gives the greedy player's move (when the game has one) cfg.Prior of the budget as
// visits along its tokens, valued by the game's evaluation of the position it leads to in one
// sample. Nothing is seeded when the game has no greedy player or no way to value the result.
func (s *search) seedGreedy(root *node, partial rules.Move, budget int) {
	if s.cfg.Prior <= 0 {
		return
	}
	if !s.greedyDone {
		s.greedyDone = true
		s.greedy, s.greedyV = s.greedyPrior()
	}
	m := s.greedy
	if m == nil || len(partial) > len(m) || !m[:len(partial)].Equal(partial) {
		return // no greedy move, or the search has already left it
	}
	w := s.cfg.Prior * float64(budget)
	n := root
	for _, tok := range append(append([]string{}, m[len(partial):]...), stop) {
		c := &node{seat: s.seat, tok: tok, visits: w, reward: w * s.greedyV, avail: w}
		n.children = append(n.children, c)
		n = c
	}
}

// greedyPrior is the game's greedy move for the AI's seat and the evaluation, in one sample, of
// the position it leads to; nil when the game has no greedy player or no evaluation.
func (s *search) greedyPrior() (rules.Move, float64) {
	gr, ok := s.real.(Greeder)
	if !ok {
		return nil, 0
	}
	m := gr.GreedyMove(s.seat, s.r.Uint64())
	det, err := s.sample()
	if err != nil || m == nil {
		return nil, 0
	}
	if err := rules.ApplyQuiet(det, s.seat, m); err != nil {
		return nil, 0
	}
	if res := det.Result(); res != nil {
		return m, Values(res)[s.seat]
	}
	if ev, ok := det.(rules.Evaluator); ok {
		return m, ev.Evaluate()[s.seat]
	}
	return nil, 0
}

// menu is the set of tokens a seat may choose next, with stop when the move may end here.
func menu(next []rules.Choice, complete bool) map[string]bool {
	m := make(map[string]bool, len(next)+1)
	for _, c := range next {
		m[c.Token] = true
	}
	if complete {
		m[stop] = true
	}
	return m
}

// treeProbe is how many iterations price a tree search for the turn's budget.
const treeProbe = 8

// sensible keeps, of the game's sensible moves, those that bring back no position of the turn
// (all of them if none would be left). nil stays nil: any move will do.
func (s *search) sensible(moves []rules.Move) []rules.Move {
	if moves == nil || s.cfg.Turn == nil {
		return moves
	}
	var out []rules.Move
	for _, m := range moves {
		if !s.cfg.Turn.undoes(s.g, s.real, s.seat, m) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return moves
	}
	return out
}

// prefixes indexes moves by every prefix (key) and every whole move (key + stop mark).
func prefixes(moves []rules.Move) map[string]bool {
	if len(moves) == 0 {
		return nil
	}
	p := map[string]bool{}
	for _, m := range moves {
		for i := 0; i <= len(m); i++ {
			p[moveKey(m[:i])] = true
		}
		p[moveKey(m)+"\x01"] = true
	}
	return p
}

func moveKey(m rules.Move) string {
	k := ""
	for _, t := range m {
		k += t + "\x00"
	}
	return k
}

// allows says whether token tok (stop: the end of the move) after part leads to an allowed move.
func (s *search) allows(part rules.Move, tok string) bool {
	if tok == stop {
		return s.allow[moveKey(part)+"\x01"]
	}
	return s.allow[moveKey(part)+tok+"\x00"]
}

func (s *search) filterTokens(part rules.Move, tokens []string) []string {
	out := tokens[:0]
	for _, t := range tokens {
		if s.allows(part, t) {
			out = append(out, t)
		}
	}
	return out
}

// filter removes from a menu the tokens that lead to no allowed move.
func (s *search) filter(part rules.Move, m map[string]bool) map[string]bool {
	if s.allow == nil {
		return m
	}
	for t := range m {
		if !s.allows(part, t) {
			delete(m, t)
		}
	}
	return m
}

// filterMenu removes from a menu what the game's SensibleTokens rules out.
func (s *search) filterMenu(part rules.Move, m map[string]bool) map[string]bool {
	if _, ok := s.real.(SensibleTokens); !ok || !s.cfg.Sensible || len(m) == 0 {
		return m
	}
	toks := make([]string, 0, len(m))
	for t := range m {
		toks = append(toks, t)
	}
	sort.Strings(toks)
	out := make(map[string]bool, len(m))
	for _, t := range s.sensibleTokens(part, toks) {
		out[t] = true
	}
	return out
}

// sensibleTokens is the game's SensibleTokens of the real position (what the seat sees),
// remembered for the decision: the tree asks it again at every visit of the same node.
func (s *search) sensibleTokens(part rules.Move, tokens []string) []string {
	tf, ok := s.real.(SensibleTokens)
	if !ok || !s.cfg.Sensible {
		return tokens
	}
	key := moveKey(part) + "\x01" + strings.Join(tokens, "\x00")
	if out, ok := s.tokMemo[key]; ok {
		return append(tokens[:0], out...) // a copy: the caller reuses its slice
	}
	out := tf.SensibleTokens(s.seat, part, append([]string(nil), tokens...))
	if s.cfg.Turn != nil && len(out) > 1 {
		// A token that completes a move bringing back a position of the turn (goods carried
		// there and back) is ruled out too, as Sensible's whole moves are.
		var kept []string
		for _, t := range out {
			m := append(slices.Clone(part), t)
			if t == stop {
				m = part
			}
			if len(m) == 0 || !s.cfg.Turn.undoes(s.g, s.real, s.seat, m) {
				kept = append(kept, t)
			}
		}
		if len(kept) > 0 {
			out = kept
		}
	}
	if s.tokMemo == nil {
		s.tokMemo = map[string][]string{}
	}
	s.tokMemo[key] = out
	return append(tokens[:0], out...)
}

// firstAllowed completes part with the first allowed move that extends it (or any, if none does).
func (s *search) firstAllowed(part rules.Move) rules.Move {
	sm, _ := s.real.(Sensible)
	for _, m := range s.sensible(sm.SensibleMoves(s.seat)) {
		if len(m) >= len(part) && m[:len(part)].Equal(part) {
			return m
		}
	}
	m, _ := rules.RandomMoveFrom(s.real, s.seat, part, s.r)
	return m
}

// ownMove says whether a playout's path is still inside the AI's own first move.
func ownMove(path []*node, seat rules.Seat) bool {
	for _, c := range path {
		if c.seat != seat || c.tok == stop {
			return false
		}
	}
	return true
}
