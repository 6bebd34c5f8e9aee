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

// bag removes the group made by the leaf of colour c now on top of at and returns its points.
// out may be nil when only the points and the new board matter (simulation).
func bag(v *variant, b *board, at int, c Colour, out *bagged) int {
	col, row := v.col[at], v.row[at]
	var mark [maxCells]bool
	lines := false
	for _, d := range lineDirs {
		var run [16]int
		n := 0
		for k := 1; ; k++ {
			q := v.sq(col+k*d[0], row+k*d[1])
			if q < 0 || !b.holds(q, c) {
				break
			}
			run[n] = q
			n++
		}
		for k := 1; ; k++ {
			q := v.sq(col-k*d[0], row-k*d[1])
			if q < 0 || !b.holds(q, c) {
				break
			}
			run[n] = q
			n++
		}
		if n+1 >= 3 {
			lines = true
			for _, q := range run[:n] {
				mark[q] = true
			}
		}
	}
	same := 0
	stack := b.cells[at]
	for k := 0; k < len(stack); k++ {
		if piece(stack[k]).colour() == c {
			same++
		}
	}
	vertical := same >= 3
	if !lines && !vertical {
		return 0
	}
	pts := data.bonus[c]
	for q := 0; q < b.n(); q++ {
		switch {
		case q == at && vertical:
			pts += removeColour(b, q, c, -1, out)
		case q == at || mark[q]:
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
	s := []byte(b.cells[q])
	pts := 0
	for k := len(s) - 1; k >= 0 && max != 0; k-- {
		p := piece(s[k])
		if p.colour() != c {
			continue
		}
		pts += int(p.size())
		if out != nil {
			out.pieces = append(out.pieces, p)
		}
		s = append(s[:k], s[k+1:]...)
		max--
	}
	b.cells[q] = string(s)
	return pts
}
