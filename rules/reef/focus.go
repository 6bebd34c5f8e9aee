package reef

import "slices"

// maxFocus is the most boards a phone's image shows: two boards stacked are a phone screen or
// two; more would be the whole table again.
const maxFocus = 2

// focusBoards lists the boards (indexes into View.Boards) the awaited decision concerns, the most
// relevant first, then the board the latest turn played on, for a phone's image: at most
// maxFocus, empty when no board matters (the setup, before anyone played).
func (s *state) focusBoards() []int {
	var out []int
	add := func(b int) {
		if b >= 0 && b < len(s.Layouts) && len(out) < maxFocus && !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	// The latest move's squares: a polyp just laid, a shrimp just moved, a coral just eaten.
	if len(s.Marks) > 0 {
		add(s.Marks[len(s.Marks)-1] / perBoard)
	}
	switch {
	case s.Phase == phaseLast:
		// "the only action is eating one coral": the corals the seat's shrimps guard.
		for _, b := range s.boardsOf(s.eatTargets(s.corals(), s.Turn)) {
			add(b)
		}
	case s.Phase == phasePlay && s.T.Grow != NoColour:
		if r := s.runningTurn(); r != nil {
			if n := len(r.Laid) + len(r.Over); n > 0 {
				add(lastOf(r.Laid, r.Over) / perBoard)
			}
		}
		for _, b := range s.growthBoards(s.T.Grow) {
			add(b)
		}
	case s.Phase == phasePlay:
		if !s.T.Started {
			// "Eat (only first)": a coral the seat may eat is the first thing to see.
			for _, b := range s.boardsOf(s.eatTargets(s.corals(), s.Turn)) {
				add(b)
			}
		}
	}
	add(s.playedOn())
	return out
}

// lastOf is the latest of two lists' squares as recorded (laid before overgrown within a list;
// either list's last element is its latest, and the higher of them is as good a guess as any).
func lastOf(laid, over []int) int {
	switch {
	case len(over) == 0:
		return laid[len(laid)-1]
	case len(laid) == 0:
		return over[len(over)-1]
	}
	return max(laid[len(laid)-1], over[len(over)-1])
}

// runningTurn is the record of the seat to move's turn when it has acted in it, else nil.
func (s *state) runningTurn() *seatTurn {
	if s.Turn < 0 || s.Turn >= len(s.Recent) || !s.Recent[s.Turn].Open {
		return nil
	}
	return &s.Recent[s.Turn]
}

// boardsOf lists the boards of squares, in board order.
func (s *state) boardsOf(sqs []int) []int {
	var out []int
	for _, sq := range sqs {
		if b := sq / perBoard; !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	slices.Sort(out)
	return out
}

// growthBoards lists the boards where a polyp of colour x may go beside a polyp of its colour
// (growing or attacking with a coral), the most such squares first; where none does, the boards
// where it may go at all.
func (s *state) growthBoards(x Colour) []int {
	cm := s.corals()
	targets := s.targets(cm, x)
	count := make([]int, len(s.Layouts))
	any := make([]int, len(s.Layouts))
	for _, sq := range targets {
		any[sq/perBoard]++
		beside := false
		neighbours(sq, func(n int) { beside = beside || s.Polyp[n] == x })
		if beside {
			count[sq/perBoard]++
		}
	}
	if slices.Max(count) == 0 {
		count = any
	}
	var out []int
	for b, n := range count {
		if n > 0 {
			out = append(out, b)
		}
	}
	slices.SortStableFunc(out, func(a, b int) int { return count[b] - count[a] })
	return out
}

// playedOn is the board the latest turn to touch a board touched most (ties: the lowest), or -1:
// what a player wants to see first after an opponent's turn.
func (s *state) playedOn() int {
	best, seq := -1, 0
	for i := range s.Recent {
		r := &s.Recent[i]
		if r.Seq <= seq {
			continue
		}
		count := make([]int, len(s.Layouts))
		touch := func(sq int) {
			if sq >= 0 && sq/perBoard < len(count) {
				count[sq/perBoard]++
			}
		}
		for _, xs := range [][]int{r.Laid, r.Over, r.Eaten} {
			for _, sq := range xs {
				touch(sq)
			}
		}
		for _, m := range r.Shrimps {
			touch(m[0])
			touch(m[1])
		}
		if len(count) == 0 || slices.Max(count) == 0 {
			continue
		}
		best, seq = slices.Index(count, slices.Max(count)), r.Seq
	}
	return best
}
