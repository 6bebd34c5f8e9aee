package reef

import "slices"

// seatTurn is what one seat's latest turn did in public, for the image: so that a player sees at
// a glance what each opponent's whole turn changed, not only the move that ended it (a take).
// Squares are numbered as in state; tiles from zero.
type seatTurn struct {
	// Seq orders the seats' turns: the latest turn has the highest.
	Seq int `json:"seq"`
	// Open: the seat has acted and no other seat has since, so its next action continues this
	// turn; a closed turn is replaced at the seat's next action.
	Open    bool     `json:"open,omitempty"`
	Laid    []int    `json:"laid,omitempty"`    // polyps laid on empty rock (extra growth too)
	Over    []int    `json:"over,omitempty"`    // polyps laid over another
	Eaten   []int    `json:"eaten,omitempty"`   // squares of corals eaten
	Shrimps [][2]int `json:"shrimps,omitempty"` // from, to; -1 is behind the screen
	Covered []int    `json:"covered,omitempty"` // coral tiles covered by an alga
	Flipped []int    `json:"flipped,omitempty"` // coral tiles flipped
	SeaAlga bool     `json:"sea_alga,omitempty"`
	Took    []Colour `json:"took,omitempty"` // the open-sea space taken
}

// recent is me's record for the action being carried out: a fresh one when me's previous turn is
// over, and every other seat's turn closed (me acting means theirs is over). Nil in quiet applies
// (search and greedy players read no image).
func (s *state) recent(me int, ev *events) *seatTurn {
	if !ev.loud() || me < 0 || me >= s.Seats {
		return nil
	}
	if len(s.Recent) != s.Seats {
		s.Recent = make([]seatTurn, s.Seats)
	} else {
		// Copies share their records (the search clones states by the thousand and never
		// marks them), so a loud move writes to its own.
		s.Recent = cloneRecent(s.Recent)
	}
	r := &s.Recent[me]
	if !r.Open {
		seq := 0
		for _, o := range s.Recent {
			seq = max(seq, o.Seq)
		}
		*r = seatTurn{Seq: seq + 1, Open: true}
	}
	for i := range s.Recent {
		if i != me {
			s.Recent[i].Open = false
		}
	}
	return r
}

// touch hands square sq to me's turn: an older turn's mark on it no longer tells what lies there,
// nor does me's own mark of a coral eaten there earlier in the turn once a polyp is laid on it.
func (s *state) touch(me, sq int) {
	for i := range s.Recent {
		o := &s.Recent[i]
		if i == me {
			o.Eaten = slices.DeleteFunc(o.Eaten, func(x int) bool { return x == sq })
			continue
		}
		o.Laid = slices.DeleteFunc(o.Laid, func(x int) bool { return x == sq })
		o.Over = slices.DeleteFunc(o.Over, func(x int) bool { return x == sq })
		o.Eaten = slices.DeleteFunc(o.Eaten, func(x int) bool { return x == sq })
	}
}

// cloneRecent copies the records deeply.
func cloneRecent(in []seatTurn) []seatTurn {
	if in == nil {
		return nil
	}
	out := make([]seatTurn, len(in))
	for i, r := range in {
		out[i] = r
		out[i].Laid = slices.Clone(r.Laid)
		out[i].Over = slices.Clone(r.Over)
		out[i].Eaten = slices.Clone(r.Eaten)
		out[i].Shrimps = slices.Clone(r.Shrimps)
		out[i].Covered = slices.Clone(r.Covered)
		out[i].Flipped = slices.Clone(r.Flipped)
		out[i].Took = slices.Clone(r.Took)
	}
	return out
}

// checkRecent rejects records out of range (see check).
func (s *state) checkRecent() bool {
	if len(s.Recent) != 0 && len(s.Recent) != s.Seats {
		return false
	}
	n := s.numSquares()
	sq := func(xs []int, home bool) bool {
		for _, x := range xs {
			if x >= n || x < 0 && !(home && x == -1) {
				return false
			}
		}
		return true
	}
	for _, r := range s.Recent {
		if !sq(r.Laid, false) || !sq(r.Over, false) || !sq(r.Eaten, false) {
			return false
		}
		for _, m := range r.Shrimps {
			if !sq(m[:], true) {
				return false
			}
		}
		for _, t := range append(slices.Clone(r.Covered), r.Flipped...) {
			if t < 0 || t >= NumTiles {
				return false
			}
		}
		for _, c := range r.Took {
			if c < 0 || c >= NumColours {
				return false
			}
		}
	}
	return true
}

// turnViews lists each seat's latest turn for the view, the oldest first, so that the newest
// is drawn on top.
func (s *state) turnViews() []TurnMarks {
	var out []TurnMarks
	spot := func(sq int) Spot { return Spot{Board: sq / perBoard, Row: sq % perBoard / Cols, Col: sq % Cols} }
	spots := func(xs []int) []Spot {
		var o []Spot
		for _, x := range xs {
			o = append(o, spot(x))
		}
		return o
	}
	order := make([]int, 0, len(s.Recent))
	for seat, r := range s.Recent {
		if r.Seq > 0 {
			order = append(order, seat)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return s.Recent[a].Seq - s.Recent[b].Seq })
	for _, seat := range order {
		r := s.Recent[seat]
		t := TurnMarks{Seat: seat, Running: r.Open && seat == s.Turn && (s.Phase == phasePlay || s.Phase == phaseLast),
			Laid: spots(r.Laid), Overgrown: spots(r.Over), Eaten: spots(r.Eaten), SeaAlga: r.SeaAlga,
			Took: slices.Clone(r.Took)}
		for _, m := range r.Shrimps {
			sm := ShrimpMove{}
			if m[0] >= 0 {
				f := spot(m[0])
				sm.From = &f
			}
			if m[1] >= 0 {
				to := spot(m[1])
				sm.To = &to
			}
			t.Shrimps = append(t.Shrimps, sm)
		}
		for _, x := range r.Covered {
			t.Covered = append(t.Covered, x+1)
		}
		for _, x := range r.Flipped {
			t.Flipped = append(t.Flipped, x+1)
		}
		out = append(out, t)
	}
	return out
}
