package autumnash

import (
	"fmt"
	"math/rand/v2"

	"github.com/boardbot/boardbot/rules"
)

// The fast paths for search and random play (see rules/fast.go); rulestest.CheckFast proves they
// agree with Choices, RandomMove's walk and Decode.

// Clone is an independent copy (the search's rules.Cloner) with an empty cache. The board is
// values (strings are immutable); the last move and the result are never changed once made.
func (s *state) Clone() rules.State {
	c := *s
	c.wins = append([]window(nil), s.wins...) // refresh rebuilds wins in place
	c.memo, c.evs, c.nevs, c.entries, c.hasMove, c.menu = evalMemo{}, nil, 0, [maxCells]uint8{}, [maxCells]uint8{}, nil
	return &c
}

// RandomMoveFrom keeps its place in the tree while it draws, where RandomMove through Choices
// reads the move again from the root for every token: the same draws, so the same move.
func (s *state) RandomMoveFrom(seat rules.Seat, partial rules.Move, r *rand.Rand) (rules.Move, error) {
	if err := s.allowed(seat); err != nil {
		return nil, fmt.Errorf("choices for %q: %w", partial.String(), err)
	}
	var n node
	read := -1 // tokens of the move read into n
	return rules.WalkRandom(func(m rules.Move) ([]rules.Choice, bool, error) {
		var err error
		if read < 0 {
			n, err = s.walk(m)
		} else {
			for i := read; i < len(m) && err == nil; i++ {
				err = s.read(&n, m, i)
			}
		}
		read = len(m)
		if err != nil {
			return nil, false, err
		}
		// WalkRandom is done with one list before it asks for the next, and the move it
		// returns holds tokens, not the list: one list serves every move.
		s.menu = s.nextChoices(n, false, s.menu)
		return s.menu, n.stage == stDone, nil
	}, partial, r)
}

// pieceHasMove reports whether the leaf on from has a legal move after entry e. Without entry,
// the menu, the reading of the move and the next player's check ask again for the same leaves:
// the answer holds until the board changes.
func (s *state) pieceHasMove(e entry, from int) bool {
	if e.sq >= 0 {
		// The destination found without entry is tried first: an entry seldom changes it.
		first := -1
		if m := s.hasMove[from]; m >= moverFound && from != e.sq {
			first = int(m - moverFound)
		}
		_, ok := s.findPieceMove(e, from, first)
		return ok
	}
	if m := s.hasMove[from]; m != 0 {
		return m >= moverFound
	}
	to, ok := s.findPieceMove(e, from, -1)
	s.hasMove[from] = moverNone
	if ok {
		s.hasMove[from] = moverFound + uint8(to)
	}
	return ok
}

// What hasMove[sq] holds once known: moverNone, or moverFound plus the legal destination found.
const (
	moverNone  = 1
	moverFound = 2
)

const entryKnown = 1 << 7

// entrySizes lists the sizes that may enter at corner c and still lead to a legal move. The
// menu, the reading of a move and the check that the next player can move all ask it, each
// time trying every leaf after the entry; the answer holds until the board changes (refresh).
func (s *state) entrySizes(c int) []Size {
	if m := s.entries[c]; m&entryKnown != 0 {
		return sizeLists[m&^entryKnown]
	}
	m := s.findEntrySizes(c)
	s.entries[c] = entryKnown | m
	return sizeLists[m]
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
