package autumnash

import (
	"math/bits"
	"slices"

	"github.com/boardbot/boardbot/rules"
)

// Forks one move early (issue 40). The tactics of tactics.go look one move deep for each side: a
// move is rated by what it bags minus the most the opponent can bag in reply. A fork needs one
// move more: the opponent's reply bags nothing but leaves two threats (a pawn entered on E1 that
// can reach both D1 and C1), and whatever the player does next, one of them is bagged. The rating
// here counts that too: what the opponent's best reply bags plus what it then threatens that no
// answer of the player stops.
//
// Playing every reply and every answer out would cost a second of search per candidate (it was
// tried: 20 s a decision). Three things keep it near a second a decision in the worst positions
// and far less in most:
//   - a reply is followed only if the threats it leaves could raise the opponent's best
//     (bagScan finds threats without playing moves out);
//   - an answer is tried only if it touches a square those threats need (their zone: the mover,
//     its routes, its target, and every square beside them, from which a leaf blocks), since a
//     leaf put anywhere else cannot stop them;
//   - the reply that refuted the last candidate is tried first (most candidates leave the same
//     fork standing), and each answer loop stops once the reply cannot matter any more.

// lmove is one move by the movement rules: the evaluation of its entry and route, from the
// position that made it, and the size the leaf becomes.
type lmove struct {
	ev *moveEval
	z  Size
}

// key names a move across positions (the killer reply is looked for in the next candidate's).
func (m lmove) key() uint32 { return memoKey(m.ev.e, m.ev.from, m.ev.to)<<2 | uint32(m.z) }

// forkBudget bounds the positions one decision plays out (each a copy and a threat scan, 2 to
// 5 µs of one core), so a decision costs at most about a second more. Over 66 random positions of
// every stage the look cost 30-40 ms at the median and 0.7-1.3 s at most, and about one in
// twelve ran out; a candidate left unrated then ranks just below the rated ones.
const forkBudget = 200_000

// basicMoves appends the moves of the seat to move by the movement rules, entries included, whose
// destination is in dest(entry). Like bestBag, it counts a move that would leave the other
// player without one as legal.
func (s *state) basicMoves(out []lmove, dest func(entry) uint64) []lmove {
	var buf [maxCells]int
	entries := [1 + maxCells*3]entry{noEntry}
	ne := 1
	sc := data.startColour[s.turn]
	for _, c := range s.appendEntryCorners(buf[:0]) {
		for z := Pawn; z <= Queen; z++ {
			if s.stashed(sc, z) > 0 {
				entries[ne] = entry{sq: c, size: z}
				ne++
			}
		}
	}
	for _, e := range entries[:ne] {
		mask := dest(e)
		if mask == 0 {
			continue
		}
		for m := s.moversWith(e); m != 0; m &= m - 1 {
			from := bits.TrailingZeros64(m)
			for _, to := range s.v.near[from] {
				if mask&(1<<to) == 0 {
					continue
				}
				ev := s.eval(e, from, int(to))
				if !ev.reach.ok {
					continue
				}
				for z := Pawn; z <= Queen; z++ {
					if ev.avail&sizeBit(z) != 0 {
						out = append(out, lmove{ev: ev, z: z})
					}
				}
			}
		}
	}
	return out
}

func anywhere(entry) uint64 { return ^uint64(0) }

// copyInto makes d a copy of s that keeps d's own caches (their room, not their entries).
func (s *state) copyInto(d *state) {
	memo, evs, wins := d.memo, d.evs, d.wins
	*d = *s
	d.memo, d.evs, d.menu = memo, evs, nil
	d.wins = append(wins[:0], s.wins...)
	d.last, d.prev = nil, nil
	d.memo.reset()
	d.nevs, d.entries, d.hasMove = 0, [maxCells]uint8{}, [maxCells]uint8{}
}

// playInto makes d the position after m and passes the turn, without asking whether the next
// seat can move. It returns what the mover bagged, winValue when that reaches the target.
func (s *state) playInto(d *state, m lmove) int {
	s.copyInto(d)
	c := d.carry(node{stage: stDone, e: m.ev.e, from: m.ev.from, to: m.ev.to, ev: m.ev, size: m.z})
	mover := d.turn
	d.turn = other(mover)
	d.rederive()
	if d.scores[mover] >= data.target {
		return winValue
	}
	return c.pts
}

// setTurn gives the move to seat on the same board (a "what if it were their turn" question);
// the caches are of the seat to move, so they go.
func (s *state) setTurn(seat rules.Seat) {
	s.turn = seat
	s.memo.reset()
	s.nevs, s.entries, s.hasMove = 0, [maxCells]uint8{}, [maxCells]uint8{}
}

// routeZone is every square a leaf of the other seat could stand on to spoil the move of ev: its
// entry corner, start, middle squares and destination, and the squares beside them (a pawn
// there keeps a queen out, a drone stops a head-on arrival).
func (s *state) routeZone(ev *moveEval) uint64 {
	var core uint64
	if ev.e.sq >= 0 {
		core |= 1 << ev.e.sq
	}
	core |= 1<<ev.from | 1<<ev.to
	if h := &s.v.hops[ev.from][ev.to]; h.dist != 1 {
		for _, q := range h.via[:h.n] {
			core |= 1 << q
		}
	}
	zone := core
	for m := core; m != 0; m &= m - 1 {
		for _, n := range s.v.adj[bits.TrailingZeros64(m)] {
			if n >= 0 {
				zone |= 1 << n
			}
		}
	}
	return zone
}

// forkSearch is one decision's look at the opponent's forks, with its scratch positions.
type forkSearch struct {
	me            rules.Seat
	afterR, after state // after the opponent's reply; after the player's answer to it
	rs, qs        []lmove
	zones         []uint64 // of the threats after the reply (threat)
	plays         int      // positions played out so far (forkBudget)
	killer        uint32   // the reply that refuted the last candidate, 0 when none
	stopper       uint32   // the answer that last brought threats down enough
}

func (f *forkSearch) spent() bool { return f.plays >= forkBudget }

// threat is a seat's best bag in p were it its turn, with the zones of its bags worth more than
// over (see bagScan). p is left as it was.
func (f *forkSearch) threat(p *state, seat rules.Seat, over int) int {
	mover := p.turn
	p.setTurn(seat)
	f.zones = f.zones[:0]
	best := p.bagScan(&f.zones, over)
	p.setTurn(mover)
	return best
}

// forkValue is what the opponent, to move in p, can make of its turn: the most one reply bags
// plus what the threats it then leaves are worth, the most they bag against the player's best
// answer (never below 0: the player bagging more instead is no defence against a fork). floor is
// a value the opponent is known to reach (its best bag); once a reply passes limit the answer is
// just "more than limit".
func (f *forkSearch) forkValue(p *state, floor, limit int) int {
	best := floor
	if !p.mayFork() {
		return best
	}
	f.rs = p.basicMoves(f.rs[:0], anywhere)
	if i := slices.IndexFunc(f.rs, func(m lmove) bool { return m.key() == f.killer }); i > 0 {
		f.rs[0], f.rs[i] = f.rs[i], f.rs[0]
	}
	for _, r := range f.rs {
		if best > limit || f.spent() {
			break
		}
		f.plays++
		g := p.playInto(&f.afterR, r)
		v := g
		if g < winValue {
			t := f.threat(&f.afterR, other(f.me), best-g)
			if g+t <= best {
				continue // even unanswered, its threats would not raise the best
			}
			// A win the player can only put off is still put off: worse than anything else,
			// better than losing now.
			v = min(v+f.hold(&f.afterR, t, best-g), winValue-1)
		}
		if v > best {
			best = v
			if best > limit {
				f.killer = r.key()
			}
		}
	}
	return best
}

// mayFork says whether the seat to move in p could bag on its next turn but one at all: a line
// needs three leaves of a colour its leaves turn into, and two moves make at most two of them, so
// it needs one on the board already. Early in a game it has none, and a look costs nothing.
func (p *state) mayFork() bool {
	for _, c := range data.progression[p.turn][1:] {
		for z := Pawn; z <= Queen; z++ {
			if p.counts[c][z] > 0 {
				return true
			}
		}
	}
	return false
}

// hold is what the opponent's threats in a (the player to move; worth t, f.zones those of the
// bags above enough) bag against the player's best answer, at least 0. It stops once that is
// known to be at most enough.
func (f *forkSearch) hold(a *state, t, enough int) int {
	// An answer away from the zones leaves the threats as they are; the best of those bags the
	// player's best bag meanwhile (a bag away from the zones touches none of them).
	least := t - a.bestBag()
	if least <= enough {
		return max(0, least)
	}
	// Only an answer that puts a leaf (entered or moved) in every zone can bring the threats
	// down to enough: the entry corner may serve some zones, the destination must serve the rest.
	zones := f.zones
	f.qs = a.basicMoves(f.qs[:0], func(e entry) uint64 {
		dest := ^uint64(0)
		for _, z := range zones {
			if e.sq < 0 || z&(1<<e.sq) == 0 {
				dest &= z
			}
		}
		return dest
	})
	// The answer that last stopped a threat often stops this one too.
	if i := slices.IndexFunc(f.qs, func(m lmove) bool { return m.key() == f.stopper }); i > 0 {
		f.qs[0], f.qs[i] = f.qs[i], f.qs[0]
	}
	for _, q := range f.qs {
		if f.spent() {
			break
		}
		f.plays++
		g := a.playInto(&f.after, q)
		if g >= winValue {
			return 0
		}
		if v := f.after.bestBag() - g; v < least {
			least = v
			if least <= enough {
				f.stopper = q.key()
				break
			}
		}
	}
	return max(0, least)
}

// forkAware narrows ts (every move of the seat to move, rated one move deep) to those of the best
// rating counting the opponent's forks, in menu order. Candidates are rated in order of their
// one-move rating, which a fork can only lower, so a candidate that cannot reach the best found
// so far is not rated at all. A candidate left unrated when the budget runs out ranks just below
// a rated one of the same one-move rating.
func (s *state) forkAware(ts []tactic) []rules.Move {
	f := &forkSearch{me: s.turn}
	order := make([]int, len(ts))
	for i := range order {
		order[i] = i
	}
	// Within one net, moves without an entry first: they are a tenth of the moves, and were the
	// budget to run out among the entries (the same moves with a leaf put on a corner), only
	// entries would be left to choose from.
	entered := make([]bool, len(ts))
	for i, t := range ts {
		n, err := s.walk(t.m)
		entered[i] = err == nil && n.e.sq >= 0
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if d := ts[b].net() - ts[a].net(); d != 0 {
			return d
		}
		switch {
		case entered[a] == entered[b]:
			return 0
		case entered[a]:
			return 1
		}
		return -1
	})
	rated := make([]int, len(ts))
	alpha := -2 * winValue
	nowAtAlpha := alpha // the best one-move rating among those rated alpha
	for _, i := range order {
		t := ts[i]
		if t.net() < alpha || t.net() == alpha && nowAtAlpha > alpha {
			// It cannot be rated above alpha, and at alpha it would lose the tie (below).
			rated[i] = t.net()
			continue
		}
		switch {
		case t.own == winValue || t.after == nil || t.after.result != nil:
			rated[i] = t.net()
		case f.spent():
			rated[i] = t.net() - 1
		default:
			rated[i] = t.own - f.forkValue(t.after, t.answer, t.own-alpha)
		}
		switch {
		case rated[i] > alpha:
			alpha, nowAtAlpha = rated[i], t.net()
		case rated[i] == alpha:
			nowAtAlpha = max(nowAtAlpha, t.net())
		}
	}
	// Among moves rated alike, those that give up nothing at once: a fork may go unseen, and
	// points bagged later leave time.
	bestNow := -2 * winValue
	for i, t := range ts {
		if rated[i] == alpha {
			bestNow = max(bestNow, t.net())
		}
	}
	var out []rules.Move
	for i, t := range ts {
		if rated[i] == alpha && t.net() == bestNow {
			out = append(out, t.m)
		}
	}
	return out
}
