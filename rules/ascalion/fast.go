package ascalion

import (
	"fmt"
	"math/rand/v2"

	"github.com/boardbot/boardbot/rules"
)

// The fast paths for search and random play (see rules/fast.go); rulestest.CheckFast proves they
// agree with Choices, RandomMove's walk and Decode.

// Clone is an independent copy (the search's rules.Cloner).
func (s *state) Clone() rules.State { return s.clone() }

// ChoiceTokens is Choices without labels.
func (s *state) ChoiceTokens(seat rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	return s.choices(seat, partial, true)
}

// RandomMoveFrom reads a random move in one pass of the reader, which draws a token wherever the
// move runs out, instead of one pass per token: the same draws as rules.RandomMove, so the same
// move. (At an optional point the reader asks ChoiceTokens, since what may follow there depends
// on what the rest of the move reads.)
func (s *state) RandomMoveFrom(seat rules.Seat, partial rules.Move, r *rand.Rand) (rules.Move, error) {
	return s.readWith(int(seat), partial, func(n int, complete bool) (int, bool, error) {
		return rules.DrawIndex(n, complete, r)
	})
}

// firstMove is the move that takes the first option wherever there is a choice and stops as
// soon as the move is complete, read in one pass; nil when there is none.
func (s *state) firstMove(p int) rules.Move {
	m, err := s.readWith(p, nil, func(n int, complete bool) (int, bool, error) {
		if !complete && n == 0 {
			return 0, false, fmt.Errorf("the choice tree dead-ends")
		}
		return 0, complete, nil
	})
	if err != nil || len(m) == 0 {
		return nil
	}
	return m
}

// readWith reads a whole move for seat p in one pass, pick choosing wherever partial runs out.
func (s *state) readWith(p int, partial rules.Move, pick func(n int, complete bool) (int, bool, error)) (rules.Move, error) {
	if err := s.mayMove(p); err != nil {
		return nil, fmt.Errorf("choices for %q: %w", partial.String(), err)
	}
	toks := make(rules.Move, len(partial), len(partial)+16)
	copy(toks, partial)
	rd := &rd{toks: toks, quiet: true, pick: pick, look: func(prefix rules.Move) ([]rules.Choice, bool, error) {
		return s.ChoiceTokens(rules.Seat(p), prefix)
	}}
	err := s.clone().play(p, rd)
	if _, ok := err.(*stop); ok {
		return nil, fmt.Errorf("choice tree dead-ends after %q", rd.toks[:rd.i].String())
	}
	if err != nil {
		return nil, fmt.Errorf("choices for %q: %w", rd.toks[:rd.i].String(), err)
	}
	if rd.more() {
		return nil, fmt.Errorf("%q is already a whole move", rd.toks[:rd.i].String())
	}
	if !rd.ended {
		if _, _, err := pick(0, true); err != nil { // where nothing may follow, the last choice is to stop
			return nil, err
		}
	}
	return rd.toks, nil
}
