package autumnash

// Movement: can the top leaf on one square reach another this turn? Blocking and capping read the
// board as it stood at the start of the turn (plus a leaf entered this turn), which is what the
// rulebook asks: sizes at the start of the turn, top pieces only.

type refKind uint8

const (
	refNone         refKind = iota
	refFar                  // more than two orthogonal steps away
	refOutside              // off the playfield (Unsettled: no 5x6 field holds every leaf)
	refInWay                // the first step lands on a leaf: leaves never jump, and capping ends the move
	refCapSize              // capping not allowed between these sizes
	refPawnBlock            // a queen entering beside an opposing pawn
	refDroneBlock           // a drone or queen arriving head-on in front of an opposing drone
	refCornerReturn         // back onto the entry corner it left
)

// refusal says why one route fails; text.go writes it for players.
// Squares are int8 so that the legality checks, which return one for every step they try, pass
// a few bytes around.
type refusal struct {
	kind  refKind
	at    int8  // the square the leaf could not enter
	by    int8  // the blocking leaf's square
	p     piece // the leaf in the way, capped or blocking
	mover piece
	via   int8 // -1 for a direct step
}

// route is the first legal route to a destination: all that play and the search need.
type route struct {
	ok     bool
	via    int // -1 for a single step
	capped bool
}

// reachRes is the outcome for one destination: the first legal route, or why every route fails.
type reachRes struct {
	route
	refs  [4]refusal // failing routes, for the explanation
	nrefs int
}

// fail records a failing route; a nil r is a caller that wants no explanation.
func (r *reachRes) fail(f refusal) {
	if r != nil && r.nrefs < len(r.refs) {
		r.refs[r.nrefs] = f
		r.nrefs++
	}
}

// reach tests the top leaf on from going to to on b, within one of wins (the fields holding every
// leaf before the entry), and explains a failure. When enter >= 0 a leaf was entered there this
// turn: the field must hold it too, but need not have it as a corner. The rulebook asks the entry
// point to be a corner only "at the time a new piece is entered"; after that "any placement
// and/or move is legal" that keeps the leaves in a 5x6 rectangle.
func reach(v *variant, b *board, wins []window, enter, from, to int) reachRes {
	if enter >= 0 && from == enter && to == enter {
		// The entered leaf may not step out and back onto its entry corner, whatever the field.
		var r reachRes
		r.fail(refusal{kind: refCornerReturn, at: int8(to), mover: b.top(from), via: -1})
		return r
	}
	var best reachRes
	found := false
	for _, w := range wins {
		if enter >= 0 && !w.contains(v.col[enter], v.row[enter]) {
			continue
		}
		var r reachRes
		if r.route = reachIn(v, b, w, from, to, &r); r.ok {
			return r
		}
		// Keep the most telling explanation: anything beats "outside the field".
		if !found || (best.refs[0].kind == refOutside && r.refs[0].kind != refOutside) {
			best, found = r, true
		}
	}
	if !found {
		best.fail(refusal{kind: refOutside, at: int8(to), via: -1})
	}
	return best
}

// reachable is reach without the explanation, the same route when there is one: legality checks
// ask it for every leaf and destination, and only a refused move typed by a player needs the why.
func reachable(v *variant, b *board, wins []window, enter, from, to int) route {
	if enter >= 0 && from == enter && to == enter {
		return route{}
	}
	for _, w := range wins {
		if enter >= 0 && !w.contains(v.col[enter], v.row[enter]) {
			continue
		}
		if r := reachIn(v, b, w, from, to, nil); r.ok {
			return r
		}
	}
	return route{}
}

// reachIn is reach within one field; failing routes go to why when it is not nil.
func reachIn(v *variant, b *board, w window, from, to int, why *reachRes) route {
	mover := b.top(from)
	if !w.contains(v.col[to], v.row[to]) {
		why.fail(refusal{kind: refOutside, at: int8(to), mover: mover, via: -1})
		return route{}
	}
	h := &v.hops[from][to]
	switch {
	case h.dist == 1:
		f, capped := step(v, b, w, from, mover, from, to, true)
		if f.kind == refNone {
			return route{ok: true, via: -1, capped: capped}
		}
		f.via = -1
		why.fail(f)
		return route{}
	case h.dist == 0 && w.isCorner(v.col[from], v.row[from]):
		why.fail(refusal{kind: refCornerReturn, at: int8(to), mover: mover, via: -1})
		return route{}
	case h.dist > 2:
		why.fail(refusal{kind: refFar, at: int8(to), mover: mover, via: -1})
		return route{}
	}
	// Two steps (or out and back): try each middle square.
	for _, via8 := range h.via[:h.n] {
		via := int(via8)
		f, _ := step(v, b, w, from, mover, from, via, false)
		if f.kind == refNone {
			var capped bool
			f, capped = step(v, b, w, from, mover, via, to, true)
			if f.kind == refNone {
				return route{ok: true, via: via, capped: capped}
			}
		}
		f.via = int8(via)
		why.fail(f)
	}
	return route{}
}

// step checks one orthogonal step of mover (which started the turn on origin) from a to q; last
// says whether the leaf may stop there, which capping requires.
func step(v *variant, b *board, w window, origin int, mover piece, a, q int, last bool) (refusal, bool) {
	qc, qr := v.col[q], v.row[q]
	if !w.contains(qc, qr) {
		return refusal{kind: refOutside, at: int8(q), mover: mover}, false
	}
	t := b.top(q)
	if q == origin {
		t = b.second(q) // the mover has left it
	}
	capped := false
	if t != 0 {
		if !last {
			return refusal{kind: refInWay, at: int8(q), by: int8(q), p: t, mover: mover}, false
		}
		if !v.canCap[t.size()][mover.size()] {
			return refusal{kind: refCapSize, at: int8(q), by: int8(q), p: t, mover: mover}, false
		}
		capped = true
	}
	if !v.blocking || mover.size() == Pawn {
		return refusal{}, capped
	}
	dx, dy := qc-v.col[a], qr-v.row[a]
	for d, o := range orth {
		n := int(v.adj[q][d])
		if n < 0 || n == origin { // the mover itself topped its start square
			continue
		}
		t := b.top(n)
		if t == 0 || t.owner() == mover.owner() {
			continue
		}
		if t.size() == Pawn && mover.size() == Queen {
			return refusal{kind: refPawnBlock, at: int8(q), by: int8(n), p: t, mover: mover}, false
		}
		if t.size() == Drone && o[0] == dx && o[1] == dy {
			return refusal{kind: refDroneBlock, at: int8(q), by: int8(n), p: t, mover: mover}, false
		}
	}
	return refusal{}, capped
}
