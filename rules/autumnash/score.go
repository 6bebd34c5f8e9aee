package autumnash

// Scoring: after a leaf moves and changes colour, every line of three or more leaves of its new
// colour through its square is bagged, and so is its stack when that holds three or more of the
// colour. All lines of one move form one group: each leaf's pips once, plus one colour bonus.

var lineDirs = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

// bagged is what one move removed, for events and the last-move marker.
type bagged struct {
	squares []int   // squares that lost leaves, in board order
	pieces  []piece // the leaves removed
}

// group finds what the leaf of colour c now on top of at makes bagged: the other squares of its
// lines (a bit per square), and whether its own stack goes whole (vertical). ok is false when
// nothing is bagged, which a simulated move asks first so that it need not copy the board.
func group(v *variant, b *board, at int, c Colour) (mark uint64, vertical, ok bool) {
	lines := v.ring[at]&b.holders[c] != 0 // a line needs a neighbour holding c
	for d := 0; d < 4 && lines; d++ {
		fwd, back := v.rays[at][d], v.rays[at][d+4]
		nf := holding(b, fwd, c)
		nb := holding(b, back, c)
		if nf+nb+1 >= 3 {
			ok = true
			for _, q := range fwd[:nf] {
				mark |= 1 << q
			}
			for _, q := range back[:nb] {
				mark |= 1 << q
			}
		}
	}
	if b.held[b.under[b.tops[at]]]&(1<<c) != 0 { // else the stack holds c once, on top
		same := 0
		for k := b.tops[at]; k != 0; k = b.under[k] {
			if b.leaf[k].colour() == c {
				same++
			}
		}
		vertical = same >= 3
	}
	return mark, vertical, ok || vertical
}

// holding counts the cells of ray, from its start, whose stacks hold colour c.
func holding(b *board, ray []int8, c Colour) int {
	for n, q := range ray {
		if !b.holds(int(q), c) {
			return n
		}
	}
	return len(ray)
}

// bag removes the group made by the leaf of colour c now on top of at and returns its points.
// out may be nil when only the points and the new board matter (simulation).
func bag(v *variant, b *board, at int, c Colour, out *bagged) int {
	mark, vertical, ok := group(v, b, at, c)
	if !ok {
		return 0
	}
	pts := data.bonus[c]
	for q := 0; q < b.n(); q++ {
		switch {
		case q == at && vertical:
			pts += removeColour(b, q, c, -1, out)
		case q == at || mark&(1<<q) != 0:
			pts += removeColour(b, q, c, 1, out) // the topmost leaf of the colour
		default:
			continue
		}
		if out != nil {
			out.squares = append(out.squares, q)
		}
	}
	return pts
}

// removeColour takes up to max leaves of colour c off the stack on q, from the top down (all when
// max < 0), lets the rest drop, and returns their pips.
func removeColour(b *board, q int, c Colour, max int, out *bagged) int {
	var buf [maxSlots]piece
	st := b.stack(q, buf[:0])
	for range st {
		b.pop(q)
	}
	pts := 0
	for k := len(st) - 1; k >= 0 && max != 0; k-- {
		p := st[k]
		if p.colour() != c {
			continue
		}
		pts += int(p.size())
		if out != nil {
			out.pieces = append(out.pieces, p)
		}
		st = append(st[:k], st[k+1:]...)
		max--
	}
	for _, p := range st {
		b.push(q, p)
	}
	return pts
}
