package reef

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/boardbot/boardbot/rules"
)

// The fast paths for search and random play (see rules/fast.go); rulestest.CheckFast proves they
// agree with Choices, RandomMove's walk and Decode.

// Clone is an independent copy (the search's rules.Cloner).
func (s *state) Clone() rules.State { return s.clone() }

// ChoiceTokens is Choices without labels.
func (s *state) ChoiceTokens(seat rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	_, next, complete, err := s.walkTree(seat, &walker{m: partial, quiet: true})
	return next, complete, err
}

// RandomMoveFrom builds a random move in one walk of the tree, drawing a token wherever the move
// runs out: the same draws, so the same move, as rules.RandomMove's walk through Choices.
func (s *state) RandomMoveFrom(seat rules.Seat, partial rules.Move, r *rand.Rand) (rules.Move, error) {
	m := make(rules.Move, len(partial), len(partial)+12)
	copy(m, partial)
	w := &walker{m: m, draw: r}
	st, _, complete, err := s.walkTree(seat, w)
	switch {
	case err != nil:
		return nil, fmt.Errorf("choices for %q: %w", w.m[:w.i].String(), err)
	case !complete:
		return nil, fmt.Errorf("choice tree dead-ends after %q", w.m.String())
	}
	r.IntN(1) // RandomMove's last draw: stopping at a complete move, the one option there
	if s.memo != nil {
		s.memo.drawn.Store(&drawnMove{seat: seat, m: slices.Clone(w.m), st: st})
	}
	return w.m, nil
}

// drawnMove is a move RandomMoveFrom built by walking the tree, and the step the walk read: the
// move is a complete path of the tree on this state, so Apply, given it next, need not walk the
// tree again to check it (random play and the search's rollouts always draw, then apply).
// A state changes only through Apply, which leaves the memo behind with the old state.
type drawnMove struct {
	seat rules.Seat
	m    rules.Move
	st   step
}

// drawnStep is the step of m when m is the move last drawn for seat on this state.
func (s *state) drawnStep(seat rules.Seat, m rules.Move) (step, bool) {
	if s.memo == nil {
		return step{}, false
	}
	d := s.memo.drawn.Load()
	if d == nil || d.seat != seat || !d.m.Equal(m) {
		return step{}, false
	}
	return d.st, true
}
