package autumnash

import "github.com/boardbot/boardbot/rules"

// Gain says what a whole move gains its seat (rules.Gainer): the points of what it bags, and
// whether it reaches the target at once. A win by leaving the other seat stuck is not foreseen:
// telling it would take the other seat's every move, and the stalemate rule refuses almost
// every such move anyway. It reads the move through the tree (whose evaluations
// are memoised) and bags on a copy of the board, as a label does.
func (s *state) Gain(seat rules.Seat, m rules.Move) rules.Gain {
	if s.allowed(seat) != nil {
		return rules.Gain{}
	}
	n, err := s.walk(m)
	if err != nil || n.stage != stDone || n.ev == nil {
		return rules.Gain{}
	}
	_, pts := s.bagPreview(n.ev, n.size)
	return rules.Gain{Points: pts, Wins: n.ev.winner&sizeBit(n.size) != 0}
}

// GroupEveryStep asks menus to offer a leaf's moves by destination, then by size, however few
// they are: fifteen whole moves of one leaf were a flat list to read through (issue #40).
func (s *state) GroupEveryStep() bool { return true }

// MenuFirst lists the leaf just entered first among the leaves that may move after an entry:
// the player entered it to move it, most often, and its moves were buried among the others'
// (issue #40). Choices keeps board order, which the fast paths share.
func (s *state) MenuFirst(seat rules.Seat, partial rules.Move) string {
	n, err := s.walk(partial)
	if err != nil || n.stage != stFrom || n.e.sq == noEntry.sq {
		return ""
	}
	return s.v.token(n.e.sq)
}
