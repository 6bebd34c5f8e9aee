package autumnash

import "github.com/boardbot/boardbot/rules"

// The fast paths for search and random play (see rules/fast.go); rulestest.CheckFast proves they
// agree with Choices, RandomMove's walk and Decode.

// Clone is an independent copy (the search's rules.Cloner) with an empty cache. The board is
// values (strings are immutable); the last move and the result are never changed once made.
func (s *state) Clone() rules.State {
	c := *s
	c.wins = append([]window(nil), s.wins...) // refresh rebuilds wins in place
	c.memo, c.evs = nil, nil
	return &c
}

// ChoiceTokens is Choices without labels.
func (s *state) ChoiceTokens(seat rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	return s.choices(seat, partial, false)
}
