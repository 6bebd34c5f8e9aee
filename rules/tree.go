package rules

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
)

// MaxTreeDepth bounds every walk of a choice tree, so a faulty game cannot loop the platform.
const MaxTreeDepth = 64

// IsAwaited reports whether seat s is among the awaited seats.
func IsAwaited(st State, s Seat) bool {
	_, ok := PromptFor(st, s)
	return ok
}

// PromptFor returns the prompt for seat s, if it is awaited.
func PromptFor(st State, s Seat) (Prompt, bool) {
	for _, p := range st.Awaiting() {
		if p.Seat == s {
			return p, true
		}
	}
	return Prompt{}, false
}

// Check verifies that m is a complete path of seat s's choice tree, returning the game's reason
// (or a reason listing what may follow) when it is not.
func Check(st State, s Seat, m Move) error {
	next, complete, err := st.Choices(s, m)
	if err != nil {
		return err
	}
	if !complete {
		return Illegalf("%q is not a whole move yet: it goes on with %s.", m.String(), listTokens(next, 8))
	}
	return nil
}

// Canonical maps typed tokens onto the tree's own spelling, ignoring case, and checks that the
// result is a complete move. The reason on failure names the first token that does not fit.
func Canonical(st State, s Seat, m Move) (Move, error) {
	if len(m) > MaxTreeDepth {
		return nil, Illegalf("That move has too many parts (%d).", len(m))
	}
	out := make(Move, 0, len(m))
	for _, tok := range m {
		next, _, err := st.Choices(s, out)
		if err != nil {
			return nil, err
		}
		match := ""
		for _, c := range next {
			if c.Token == tok {
				match = c.Token
				break
			}
			if match == "" && strings.EqualFold(c.Token, tok) {
				match = c.Token
			}
		}
		if match == "" {
			// Let the game explain why this token does not fit, if it can.
			if _, _, err := st.Choices(s, append(append(Move{}, out...), tok)); err != nil {
				return nil, err
			}
			if len(next) == 0 {
				return nil, Illegalf("%q is already a whole move; %q cannot follow it.", out.String(), tok)
			}
			return nil, Illegalf("%q cannot come next after %q; try %s.", tok, out.String(), listTokens(next, 8))
		}
		out = append(out, match)
	}
	if err := Check(st, s, out); err != nil {
		return nil, err
	}
	return out, nil
}

// Forced extends partial while exactly one token may follow and the move is not yet complete, so
// players only answer real choices.
func Forced(st State, s Seat, partial Move) (Move, error) {
	m := append(Move{}, partial...)
	for len(m) < MaxTreeDepth {
		next, complete, err := st.Choices(s, m)
		if err != nil {
			return nil, err
		}
		if complete || len(next) != 1 {
			return m, nil
		}
		m = append(m, next[0].Token)
	}
	return nil, fmt.Errorf("choice tree deeper than %d", MaxTreeDepth)
}

// RandomMove walks seat s's choice tree uniformly at random: at a complete node that can go on,
// stopping counts as one more option. It fails when the tree dead-ends, which is a game bug.
func RandomMove(st State, s Seat, r *rand.Rand) (Move, error) {
	return RandomExtend(st, s, nil, r)
}

// RandomExtend finishes partial the way RandomMove plays a whole move (a search's playouts start
// from a move half chosen).
func RandomExtend(st State, s Seat, partial Move, r *rand.Rand) (Move, error) {
	m := append(Move{}, partial...)
	for len(m) < MaxTreeDepth {
		next, complete, err := st.Choices(s, m)
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

// Enumerate lists up to limit complete moves of seat s, depth first, and reports whether the list
// is the whole tree.
func Enumerate(st State, s Seat, limit int) ([]Move, bool, error) {
	var out []Move
	whole := true
	var walk func(m Move) error
	walk = func(m Move) error {
		if len(m) > MaxTreeDepth {
			return fmt.Errorf("choice tree deeper than %d", MaxTreeDepth)
		}
		next, complete, err := st.Choices(s, m)
		if err != nil {
			return fmt.Errorf("choices for %q: %w", m.String(), err)
		}
		if complete {
			if len(out) >= limit {
				whole = false
				return nil
			}
			out = append(out, append(Move{}, m...))
		}
		for _, c := range next {
			if len(out) >= limit {
				whole = false
				return nil
			}
			if err := walk(append(append(Move{}, m...), c.Token)); err != nil {
				return err
			}
		}
		return nil
	}
	err := walk(nil)
	return out, whole, err
}

// ChoicesFromMoves answers Choices for games that can list all their legal moves: the tokens that
// may follow partial among moves, whether partial is one of them, and ok=false when partial is a
// prefix of none (then bad is the index of the first token that fits nothing). Labels for the next
// token come from label, which may be nil.
func ChoicesFromMoves(moves []Move, partial Move, label func(prefix Move, tok string) string) (next []Choice, complete bool, bad int, ok bool) {
	seen := map[string]bool{}
	depth := 0 // longest prefix of partial matched by some move
	for _, mv := range moves {
		k := 0
		for k < len(partial) && k < len(mv) && mv[k] == partial[k] {
			k++
		}
		if k > depth {
			depth = k
		}
		if k < len(partial) {
			continue
		}
		if len(mv) == len(partial) {
			complete = true
			continue
		}
		tok := mv[len(partial)]
		if !seen[tok] {
			seen[tok] = true
			c := Choice{Token: tok}
			if label != nil {
				c.Label = label(partial, tok)
			}
			next = append(next, c)
		}
	}
	if depth < len(partial) {
		return nil, false, depth, false
	}
	return next, complete, 0, true
}

// SortChoices orders choices by token, for stable menus.
func SortChoices(cs []Choice) {
	sort.Slice(cs, func(i, j int) bool { return cs[i].Token < cs[j].Token })
}

func listTokens(cs []Choice, max int) string {
	if len(cs) == 0 {
		return "nothing"
	}
	var b strings.Builder
	for i, c := range cs {
		if i == max {
			fmt.Fprintf(&b, " … (%d in all)", len(cs))
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Token)
	}
	return b.String()
}
