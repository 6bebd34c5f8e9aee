package autumnash

import "github.com/boardbot/boardbot/rules"

// The fast paths for search and random play (see rules/fast.go); rulestest.CheckFast proves they
// agree with Choices, RandomMove's walk and Decode.

// Clone is an independent copy (the search's rules.Cloner) with an empty cache. The board is
// values (strings are immutable); the last move and the result are never changed once made.
func (s *state) Clone() rules.State {
	c := *s
	c.wins = append([]window(nil), s.wins...) // refresh rebuilds wins in place
	c.memo, c.evs, c.entries = nil, nil, [maxCells]uint8{}
	return &c
}

const entryKnown = 1 << 7

// entrySizes lists the sizes that may enter at corner c and still lead to a legal move. The
// menu, the reading of a move and the check that the next player can move all ask it, each
// time trying every leaf after the entry; the answer holds until the board changes (refresh).
func (s *state) entrySizes(c int) []Size {
	if m := s.entries[c]; m&entryKnown != 0 {
		return sizeLists[m&^entryKnown]
	}
	zs := s.findEntrySizes(c)
	m := uint8(entryKnown)
	for _, z := range zs {
		m |= sizeBit(z)
	}
	s.entries[c] = m
	return zs
}

// sizeLists[mask] lists the sizes in mask, in order; callers only read them.
var sizeLists = func() (t [1 << (Queen + 1)][]Size) {
	for m := range t {
		t[m] = maskSizes(uint8(m))
	}
	return t
}()

// ChoiceTokens is Choices without labels.
func (s *state) ChoiceTokens(seat rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	return s.choices(seat, partial, false)
}
