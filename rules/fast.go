package rules

import (
	"fmt"
	"math/rand/v2"
)

// Fast paths for search and random play. They are optional: a game that implements none of them
// plays the same, only slower. Each must agree exactly with the contract's slow path (the
// property suite's rulestest.CheckFast proves it per game).
//
// Cheap copies are the search package's rules.Cloner (Clone() State), defined with the search;
// the games implement that method, and rulestest.CheckFast checks it when present.

// TokenChooser is Choices without the labels: the same tokens in the same order, the same
// complete flag, an error exactly when Choices gives one. Labels are text for menus (often built
// with fmt), which random play and search never read.
type TokenChooser interface {
	ChoiceTokens(s Seat, partial Move) (next []Choice, complete bool, err error)
}

// RandomMover builds a random move in one walk of its tree instead of one walk per token. It must
// make exactly RandomMoveFrom's draws from r, so that both give the same move: at each token,
// r.IntN(n) over the n tokens Choices offers (plus one for stopping where the move is already
// complete and can go on), and r.IntN(1) for stopping where it can only stop.
type RandomMover interface {
	RandomMoveFrom(s Seat, partial Move, r *rand.Rand) (Move, error)
}

// ChoiceTokens answers Choices through the state's TokenChooser when it has one; the labels of
// the result may then be empty.
func ChoiceTokens(st State, s Seat, partial Move) ([]Choice, bool, error) {
	if tc, ok := st.(TokenChooser); ok {
		return tc.ChoiceTokens(s, partial)
	}
	return st.Choices(s, partial)
}

// RandomMoveFrom extends partial uniformly at random through seat s's choice tree to a complete
// move, as RandomMove does from the root (the same draws from r, so the same move).
func RandomMoveFrom(st State, s Seat, partial Move, r *rand.Rand) (Move, error) {
	if rm, ok := st.(RandomMover); ok {
		return rm.RandomMoveFrom(s, partial, r)
	}
	m := make(Move, len(partial), len(partial)+8)
	copy(m, partial)
	for len(m) < MaxTreeDepth {
		next, complete, err := ChoiceTokens(st, s, m)
		if err != nil {
			return nil, fmt.Errorf("choices for %q: %w", m.String(), err)
		}
		n := len(next)
		if complete {
			n++
		}
		if n == 0 {
			return nil, fmt.Errorf("choice tree dead-ends after %q", m.String())
		}
		i := r.IntN(n)
		if i == len(next) {
			return m, nil
		}
		m = append(m, next[i].Token)
	}
	return nil, fmt.Errorf("choice tree deeper than %d", MaxTreeDepth)
}
