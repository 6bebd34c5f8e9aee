package autumnash

import "strconv"

// sq returns the cell index of a column and row, or -1 off the board.
func (v *variant) sq(col, row int) int {
	if col < 0 || row < 0 || col >= v.cols || row >= v.rows {
		return -1
	}
	return row*v.cols + col
}

func (v *variant) square(i int) Square { return Square{Col: i % v.cols, Row: i / v.cols} }

func (v *variant) label(i int) string { return v.square(i).Label() }

func (v *variant) token(i int) string { return v.square(i).String() }

// parseSquare reads "c2" (any case) on this variant's board.
func (v *variant) parseSquare(s string) (int, bool) {
	if len(s) < 2 || len(s) > 3 {
		return -1, false
	}
	c := s[0] | 0x20 // lower case
	if c < 'a' || c > 'z' {
		return -1, false
	}
	r, err := strconv.Atoi(s[1:])
	if err != nil || s[1] < '1' || s[1] > '9' {
		return -1, false
	}
	i := v.sq(int(c-'a'), r-1)
	return i, i >= 0
}

// window is a rectangle of the board, inclusive bounds: the playfield of one turn.
type window struct{ c0, r0, c1, r1 int }

func (w window) contains(col, row int) bool {
	return col >= w.c0 && col <= w.c1 && row >= w.r0 && row <= w.r1
}

func (w window) isCorner(col, row int) bool {
	return (col == w.c0 || col == w.c1) && (row == w.r0 || row == w.r1)
}

// windows lists the playfields that hold every piece on b. The standard board is its own single
// window; in Unsettled every 5x6 placement on the chessboard that holds all the pieces counts.
func (v *variant) windows(b *board, out []window) []window {
	out = out[:0]
	if v.winCols == v.cols && v.winRows == v.rows {
		return append(out, window{0, 0, v.cols - 1, v.rows - 1})
	}
	minC, minR, maxC, maxR := v.cols, v.rows, -1, -1
	for i := 0; i < b.n(); i++ {
		if b.vacant(i) {
			continue
		}
		c, r := i%v.cols, i/v.cols
		minC, maxC = min(minC, c), max(maxC, c)
		minR, maxR = min(minR, r), max(maxR, r)
	}
	if maxC < 0 { // empty board: every placement
		minC, maxC, minR, maxR = v.cols-1, 0, v.rows-1, 0
	}
	for r0 := max(0, maxR-v.winRows+1); r0 <= min(minR, v.rows-v.winRows); r0++ {
		for c0 := max(0, maxC-v.winCols+1); c0 <= min(minC, v.cols-v.winCols); c0++ {
			out = append(out, window{c0, r0, c0 + v.winCols - 1, r0 + v.winRows - 1})
		}
	}
	return out
}

// bounds is the smallest box holding every piece, ok=false on an empty board.
func (v *variant) bounds(b *board) (lo, hi Square, ok bool) {
	lo, hi = Square{v.cols, v.rows}, Square{-1, -1}
	for i := 0; i < b.n(); i++ {
		if b.vacant(i) {
			continue
		}
		q := v.square(i)
		lo.Col, lo.Row = min(lo.Col, q.Col), min(lo.Row, q.Row)
		hi.Col, hi.Row = max(hi.Col, q.Col), max(hi.Row, q.Row)
	}
	return lo, hi, hi.Col >= 0
}

var orth = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// corners lists the window's four corner cells.
func (w window) corners(v *variant) [4]int {
	return [4]int{v.sq(w.c0, w.r0), v.sq(w.c1, w.r0), v.sq(w.c0, w.r1), v.sq(w.c1, w.r1)}
}

// initNear notes every cell's column and row, and lists the cells within two orthogonal steps of
// it (itself included, for a leaf that steps out and back).
func (v *variant) initNear() {
	for i := 0; i < v.cols*v.rows; i++ {
		c, r := i%v.cols, i/v.cols
		v.col[i], v.row[i] = c, r
		for d, o := range orth {
			v.adj[i][d] = int8(v.sq(c+o[0], r+o[1]))
		}
		for j := 0; j < v.cols*v.rows; j++ {
			h := &v.hops[i][j]
			h.dist = int8(min(3, abs(j%v.cols-c)+abs(j/v.cols-r)))
			if h.dist != 0 && h.dist != 2 {
				continue
			}
			for _, o := range orth { // out and back: every neighbour
				if m := v.sq(c+o[0], r+o[1]); m >= 0 && abs(m%v.cols-j%v.cols)+abs(m/v.cols-j/v.cols) == 1 {
					h.via[h.n] = int8(m)
					h.n++
				}
			}
		}
		for d := range 8 {
			dc, dr := lineDirs[d%4][0], lineDirs[d%4][1]
			if d >= 4 {
				dc, dr = -dc, -dr
			}
			if q := v.sq(c+dc, r+dr); q >= 0 {
				v.ring[i] |= 1 << q
			}
			for k := 1; v.sq(c+k*dc, r+k*dr) >= 0; k++ {
				v.rays[i][d] = append(v.rays[i][d], int8(v.sq(c+k*dc, r+k*dr)))
			}
		}
		for j := 0; j < v.cols*v.rows; j++ {
			if abs(j%v.cols-c)+abs(j/v.cols-r) <= 2 {
				v.near[i] = append(v.near[i], int8(j))
			}
		}
		// A question that needs only one legal destination finds it soonest among the single
		// steps, which have one route and need no middle square; menus keep board order.
		for _, d := range []int{1, 2, 0} {
			for _, j := range v.near[i] {
				if abs(int(j)%v.cols-c)+abs(int(j)/v.cols-r) == d {
					v.nearFirst[i] = append(v.nearFirst[i], j)
				}
			}
		}
	}
}
