package autumnash

import "github.com/boardbot/boardbot/rules"

// View shows the same position to every seat, as Autumn Ash has no hidden information; a
// player's own view asks for the board's full legend.
func (s *state) View(seat rules.Seat) any {
	v := s.view()
	v.Legend = seat == 0 || seat == 1
	return v
}

func (s *state) view() *View {
	v := s.v
	out := &View{
		Variant: v.name, Cols: v.cols, Rows: v.rows,
		Stacks: make([][]Piece, v.cols*v.rows),
		Scores: s.scores, Target: data.target, Turn: s.turn, Result: s.result,
		Corners: []Square{},
	}
	var buf []piece
	for i := range out.Stacks {
		st := s.b.stack(i, buf[:0])
		out.Stacks[i] = make([]Piece, len(st))
		for k, p := range st {
			out.Stacks[i][k] = p.public()
		}
		if len(st) > 0 && data.burnt[s.b.top(i).colour()] {
			out.Burnt = append(out.Burnt, v.square(i))
		}
	}
	if !s.b.empty() || v.cols*v.rows == v.winCols*v.winRows {
		var seen [maxCells]bool
		for _, w := range s.wins {
			for _, c := range w.corners(v) {
				seen[c] = true
			}
		}
		for i := 0; i < v.cols*v.rows; i++ {
			if seen[i] {
				out.Corners = append(out.Corners, v.square(i))
			}
		}
	}
	if v.cols*v.rows > v.winCols*v.winRows {
		if lo, hi, ok := v.bounds(&s.b); ok {
			out.Window = &[2]Square{lo, hi}
		}
	}
	for seat := range 2 {
		out.Stash[seat] = []StashEntry{}
		for _, c := range data.progression[seat] {
			out.Stash[seat] = append(out.Stash[seat], StashEntry{Colour: c,
				Pawns: s.stashed(c, Pawn), Drones: s.stashed(c, Drone), Queens: s.stashed(c, Queen)})
		}
	}
	if s.last != nil {
		l := *s.last
		out.Last = &l
	}
	if s.prev != nil {
		l := *s.prev
		out.Prev = &l
	}
	if s.result != nil {
		r := *s.result
		out.Result = &r
	}
	return out
}
