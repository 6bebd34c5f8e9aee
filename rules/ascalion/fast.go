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
	if err := s.mayMove(int(seat)); err != nil {
		return nil, fmt.Errorf("choices for %q: %w", partial.String(), err)
	}
	toks := make(rules.Move, len(partial), len(partial)+16)
	copy(toks, partial)
	rd := &rd{toks: toks, quiet: true, draw: r, look: func(prefix rules.Move) ([]rules.Choice, bool, error) {
		return s.ChoiceTokens(seat, prefix)
	}}
	err := s.clone().play(int(seat), rd)
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
		r.IntN(1) // RandomMove's last draw: stopping where nothing may follow
	}
	return rd.toks, nil
}
