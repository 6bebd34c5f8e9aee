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
	return WalkRandom(func(m Move) ([]Choice, bool, error) { return ChoiceTokens(st, s, m) }, partial, r)
}

// WalkRandom extends partial at random through the tree that choices answers for, one DrawToken
// per token: the walk behind RandomMove, for games whose RandomMover has a cheaper way to ask.
func WalkRandom(choices func(Move) ([]Choice, bool, error), partial Move, r *rand.Rand) (Move, error) {
	m := make(Move, len(partial), len(partial)+8)
	copy(m, partial)
	for len(m) < MaxTreeDepth {
		next, complete, err := choices(m)
		if err != nil {
			return nil, fmt.Errorf("choices for %q: %w", m.String(), err)
		}
		tok, stop, err := DrawToken(next, complete, r)
		if err != nil {
			return nil, fmt.Errorf("after %q: %w", m.String(), err)
		}
		if stop {
			return m, nil
		}
		m = append(m, tok)
	}
	return nil, fmt.Errorf("choice tree deeper than %d", MaxTreeDepth)
}

// DrawToken is RandomMove's draw at one node of a tree: uniform over the next tokens, plus
// stopping when the move is already complete there (r.IntN(1) where it can only stop). A
// RandomMover makes exactly these draws.
func DrawToken(next []Choice, complete bool, r *rand.Rand) (tok string, stop bool, err error) {
	i, stop, err := DrawIndex(len(next), complete, r)
	if err != nil || stop {
		return "", stop, err
	}
	return next[i].Token, false, nil
}

// DrawIndex is DrawToken for a node with n tokens: the index of the token drawn, or stop.
func DrawIndex(n int, complete bool, r *rand.Rand) (i int, stop bool, err error) {
	k := n
	if complete {
		k++
	}
	if k == 0 {
		return 0, false, fmt.Errorf("the choice tree dead-ends")
	}
	i = r.IntN(k)
	return i, i == n, nil
}
