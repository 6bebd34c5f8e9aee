package ausonia

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/boardbot/boardbot/rules"
)

// The fast paths for search and random play (see rules/fast.go); rulestest.CheckFast proves they
// agree with Choices, RandomMove's walk and Decode.

// cardFamilies holds each card code's family, for the same reason.
var cardFamilies = sync.OnceValue(func() []string {
	out := make([]string, len(Cards))
	for i, c := range Cards {
		out[i] = family(c.Code)
	}
	return out
})

// Clone is an independent copy (the search's rules.Cloner).
func (s *state) Clone() rules.State { return s.clone() }

// ChoiceTokens is Choices without the labels of the hand's and the market's menus
// (rules.TokenChooser): the same tokens, for search and the AI's lists of moves (rules.Enumerate),
// which never read them.
func (s *state) ChoiceTokens(seat rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	return s.choices(seat, lowered(partial), false)
}

// RandomMoveFrom walks the tree as rules.RandomMove does, but once the move reaches a card picker
// (the discards after pass, a pending discard, raise, seal, manipulation or foresight) it draws
// the picks in one walk of the picker instead of one per card: the same draws, so the same move.
func (s *state) RandomMoveFrom(seat rules.Seat, partial rules.Move, r *rand.Rand) (rules.Move, error) {
	partial = lowered(partial)
	m := append(make(rules.Move, 0, len(partial)+8), partial...)
	for len(m) < rules.MaxTreeDepth {
		// A token drawn from the menu needs no check before a picker starts; the partial move
		// given does.
		pk, ok := s.pickerAt(m)
		if ok && len(m) > len(partial) {
			pk.quiet = true
			picks, err := pk.draw(r)
			return append(m, picks...), err
		}
		next, complete, err := s.choices(seat, m, false)
		if err != nil {
			_, _, err = s.Choices(seat, m) // the reason as Choices gives it
			return nil, fmt.Errorf("choices for %q: %w", m.String(), err)
		}
		if ok {
			pk.quiet = true
			picks, err := pk.draw(r)
			return append(m, picks...), err
		}
		tok, stop, err := rules.DrawToken(next, complete, r)
		if err != nil || stop {
			return m, err
		}
		m = append(m, tok)
	}
	return nil, fmt.Errorf("choice tree deeper than %d", rules.MaxTreeDepth)
}

// pickerAt returns the picker that reads the rest of m when m (accepted by Choices) has reached
// the start of one.
func (s *state) pickerAt(m rules.Move) (picker, bool) {
	switch {
	case s.Pend == nil && len(m) == 1 && m[0] == vPass:
		return s.passPicker(), true
	case s.Pend != nil && s.Pend.Kind != pendTarget && len(m) == 0:
		return s.pendingPickerItems(), true
	}
	return picker{}, false
}

// pickerMove returns the picker that reads a whole move m, and the tokens it reads, when m is a
// pick: the discards after pass, or the cards of a pending decision.
func (s *state) pickerMove(m rules.Move) (picker, []string, bool) {
	switch {
	case s.Res != nil:
	case s.Pend == nil && len(m) > 0 && m[0] == vPass:
		return s.passPicker(), m[1:], true
	case s.Pend != nil && s.Pend.Kind != pendTarget:
		return s.pendingPickerItems(), m, true
	}
	return picker{}, nil, false
}
