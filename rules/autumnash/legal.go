package autumnash

import (
	"math/bits"

	"github.com/boardbot/boardbot/rules"
)

// entry is the optional first step of a turn: a leaf of the starting colour put on a free corner.
type entry struct {
	sq   int // -1 for no entry
	size Size
}

var noEntry = entry{sq: -1}

// moveEval is everything known about one (entry, from, to): which sizes the leaf may become and,
// when none, why. It is cached per position. The route and the stash are decided at once; each
// size's outcome (the win and no-move checks, which simulate the move) only on demand, since most
// questions ("can this leaf move at all?") need just one legal size.
type moveEval struct {
	e        entry
	from, to int
	reach    route // the explanation of a refused route is rebuilt by whyNot
	next     Colour
	avail    uint8 // sizes of the next colour left in the stash (only the pawn when capping)
	checked  uint8 // sizes simulated so far
	stale    uint8 // sizes refused because the opponent would be left without a move
	winner   uint8 // sizes that reach the target at once
	mask     uint8 // sizes that make a legal move: avail minus stale; valid once done
	done     bool
}

func (e *moveEval) sizes() int { return bits.OnesCount8(e.mask) }

// only returns the single legal size, when there is exactly one.
func (e *moveEval) only() Size { return Size(bits.TrailingZeros8(e.mask)) }

func sizeBit(z Size) uint8 { return 1 << z }

// stashed is how many leaves of colour c and size z are unplayed.
func (s *state) stashed(c Colour, z Size) int { return data.total[c][z] - s.counts[c][z] }

func memoKey(e entry, from, to int) uint32 {
	return uint32(e.sq+1)<<16 | uint32(e.size)<<14 | uint32(from)<<7 | uint32(to)
}

// enter puts the leaf of entry e on the board; unenter takes it off again. Between the two the
// board is the one after the entry, with nothing copied.
func (s *state) enter(e entry) {
	if e.sq >= 0 {
		s.b.push(e.sq, newPiece(data.startColour[s.turn], e.size))
	}
}

func (s *state) unenter(e entry) {
	if e.sq >= 0 {
		s.b.pop(e.sq)
	}
}

// moversWith is the set of squares whose top leaf the seat to move may move after entry e,
// without making the entry: the entered leaf is the mover's own and unburnt, and it covers only
// its corner, which was empty.
func (s *state) moversWith(e entry) uint64 {
	m := s.b.movers[s.turn]
	if e.sq >= 0 {
		m |= 1 << e.sq
	}
	return m
}

// boardWith is a copy of the board after the entry, if any.
func (s *state) boardWith(e entry) board {
	b := s.b
	if e.sq >= 0 {
		b.push(e.sq, newPiece(data.startColour[s.turn], e.size))
	}
	return b
}

// eval looks up (entry, from, to) for the seat to move, deciding the route and the stash; the
// entry must already be valid and from must hold one of the mover's unburnt leaves.
func (s *state) eval(e entry, from, to int) *moveEval {
	k := memoKey(e, from, to)
	if i, ok := s.memo.get(k); ok {
		return s.evAt(i)
	}
	s.memo.put(k, int32(s.nevs))
	ev := s.newEval()
	*ev = moveEval{e: e, from: from, to: to}
	// The entry is made on the board itself and taken back, instead of on a copy.
	s.enter(e)
	ev.reach = reachable(s.v, &s.b, s.wins, e.sq, from, to)
	ev.next = data.next[s.b.top(from).colour()]
	s.unenter(e)
	if ev.reach.ok {
		for z := Pawn; z <= Queen; z++ {
			if (z == Pawn || !ev.reach.capped) && s.stashed(ev.next, z) > 0 {
				ev.avail |= sizeBit(z)
			}
		}
	}
	return ev
}

// newEval hands out a moveEval from a chunk, so the cache costs no allocation once the chunks
// are there. refresh hands the slots out again: nothing keeps an entry past a change of board
// (nodes live within one call, and play reads its node before it refreshes).
func (s *state) newEval() *moveEval {
	i := s.nevs / evChunk
	if i == len(s.evs) {
		s.evs = append(s.evs, new([evChunk]moveEval))
	}
	ev := &s.evs[i][s.nevs%evChunk]
	s.nevs++
	return ev
}

func (s *state) evAt(i int32) *moveEval { return &s.evs[i/evChunk][i%evChunk] }

const evChunk = 64

// decide simulates the move with the leaf becoming size z: a move that reaches the target wins
// at once; any other must leave the opponent a move.
func (s *state) decide(ev *moveEval, z Size) {
	bit := sizeBit(z)
	if ev.checked&bit != 0 || ev.avail&bit == 0 {
		return
	}
	ev.checked |= bit
	// The move is made on the board itself and taken back after. Only a move that bags, which
	// takes leaves out of the middle of stacks, is played on a copy.
	b := &s.b
	s.enter(ev.e)
	old := b.pop(ev.from)
	b.push(ev.to, newPiece(ev.next, z))
	nb := b
	pts := 0
	if _, _, ok := group(s.v, b, ev.to, ev.next); ok {
		cp := *b
		nb = &cp
		pts = bag(s.v, nb, ev.to, ev.next, nil)
	}
	switch {
	case s.scores[s.turn]+pts >= data.target:
		ev.winner |= bit
	case !anyBasicMove(s.v, nb, other(s.turn), &s.counts, &s.hint):
		ev.stale |= bit
	}
	b.pop(ev.to)
	b.push(ev.from, old)
	s.unenter(ev.e)
}

// full decides every size and returns ev with its mask set.
func (s *state) full(ev *moveEval) *moveEval {
	if !ev.done {
		for z := Pawn; z <= Queen; z++ {
			s.decide(ev, z)
		}
		ev.mask, ev.done = ev.avail&^ev.stale, true
	}
	return ev
}

// anyLegal reports whether at least one size makes a legal move, simulating as few as it can.
func (s *state) anyLegal(ev *moveEval) bool {
	if ev.done {
		return ev.mask != 0
	}
	for z := Pawn; z <= Queen; z++ {
		if ev.avail&sizeBit(z) == 0 {
			continue
		}
		s.decide(ev, z)
		if ev.stale&sizeBit(z) == 0 {
			return true
		}
	}
	return false
}

// movable reports whether the top leaf on sq of b belongs to seat and may move at all.
func movable(b *board, sq int, seat rules.Seat) bool {
	return seat >= 0 && b.movers[seat]&(1<<sq) != 0
}

// moverOf is the seat that may move each piece, -1 for none (no piece, or a burnt leaf): asked
// for every square of every menu and simulated position.
var moverOf = func() (t [256]int8) {
	for i := range t {
		p := piece(i)
		t[i] = -1
		if p.valid() && !data.burnt[p.colour()] {
			t[i] = int8(p.owner())
		}
	}
	return t
}()

// anyBasicMove reports whether seat has a move on b by the movement rules alone (entry, steps,
// blocking, capping, a piece to turn into). It ignores the rule against leaving the other player
// without a move, which would otherwise recurse without end. Only seat's own leaves change colour
// on seat's turns, so counts from before the other player's move are still right for seat.
// hint, when not nil, is a step (without entry) that was a move on an earlier board: it is tried
// first, and whatever step is found is kept there. A move one simulated turn left alone is usually
// still there, so the question is most often settled by one route.
func anyBasicMove(v *variant, b *board, seat rules.Seat, counts *[numColours][4]int, hint *basicHint) bool {
	var wbuf [16]window
	wins := v.windows(b, wbuf[:0])
	canBecome := func(t piece, capped bool) bool {
		n := data.next[t.colour()]
		if data.total[n][Pawn]-counts[n][Pawn] > 0 {
			return true
		}
		return !capped && (data.total[n][Drone]-counts[n][Drone] > 0 || data.total[n][Queen]-counts[n][Queen] > 0)
	}
	// moves reports whether the top leaf on from, known to be seat's and unburnt, may go to to.
	moves := func(b *board, enter, from, to int) bool {
		t := b.top(from)
		r := reachable(v, b, wins, enter, from, to)
		return r.ok && canBecome(t, r.capped)
	}
	if hint != nil && hint.ok && movable(b, hint.from, seat) && moves(b, -1, hint.from, hint.to) {
		return true
	}
	tryAll := func(b *board, enter int) bool {
		for m := b.movers[seat]; m != 0; m &= m - 1 {
			from := bits.TrailingZeros64(m)
			t := b.top(from)
			if !canBecome(t, false) {
				continue
			}
			for _, to := range v.nearFirst[from] {
				if moves(b, enter, from, int(to)) {
					if hint != nil && enter < 0 {
						*hint = basicHint{ok: true, from: from, to: int(to)}
					}
					return true
				}
			}
		}
		return false
	}
	if tryAll(b, -1) {
		return true
	}
	sc := data.startColour[seat]
	var tried [maxCells]bool
	for _, w := range wins {
		for _, c := range w.corners(v) {
			if tried[c] || !b.vacant(c) {
				continue
			}
			tried[c] = true
			for z := Pawn; z <= Queen; z++ {
				if data.total[sc][z]-counts[sc][z] <= 0 {
					continue
				}
				b.push(c, newPiece(sc, z)) // taken back at once: b is the caller's
				found := tryAll(b, c)
				b.pop(c)
				if found {
					return true
				}
			}
		}
	}
	return false
}

// basicHint is a step that anyBasicMove found: a guess to try first next time, never trusted.
type basicHint struct {
	ok       bool
	from, to int
}
