package rules

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/boardbot/boardbot/rules/msg"
)

// MaxTreeDepth bounds every walk of a choice tree, so a faulty game cannot loop the platform.
const MaxTreeDepth = 64

// IsAwaited reports whether seat s is among the awaited seats.
func IsAwaited(st State, s Seat) bool {
	_, ok := PromptFor(st, s)
	return ok
}

// MayMove explains, in the words of the game, why seat s may not move now; nil when it may.
// Seats are named by SeatRef, for the caller to render.
func MayMove(st State, s Seat) error {
	if IsAwaited(st, s) {
		return nil
	}
	if res := st.Result(); res != nil {
		return Refuse(msg.New(catName, "may_over", msg.Nested("Reason", res.ReasonMsg), msg.Seat("Seat", int(s))))
	}
	var who []*msg.Message
	for _, p := range st.Awaiting() {
		who = append(who, msg.New(catName, "may_who", msg.Seat("Seat", int(p.Seat)), msg.Nested("Prompt", p.Msg)))
	}
	if len(who) == 0 {
		return Refuse(msg.New(catName, "may_nobody", msg.Seat("Seat", int(s))))
	}
	return Refuse(msg.New(catName, "may_waiting", msg.Seat("Seat", int(s)), msg.Nested("Who", andList(who))))
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
// (or a reason saying what may follow) when it is not.
func Check(st State, s Seat, m Move) error {
	next, complete, err := st.Choices(s, m)
	if err != nil {
		return err
	}
	if !complete {
		if len(next) == 0 {
			return Refuse(msg.New(catName, "tree_not_whole", msg.Code("Move", m.String())))
		}
		example := append(append(Move{}, m...), next[0].Token)
		return Refuse(msg.New(catName, "tree_not_whole_yet", msg.Code("Move", m.String()), msg.Nested("Next", orList(next, 8)),
			msg.Code("Example", example.String())))
	}
	return nil
}

// Canonical maps typed tokens onto the tree's own spelling, ignoring case, and checks that the
// result is a complete move. The reason on failure names the first token that does not fit.
func Canonical(st State, s Seat, m Move) (Move, error) {
	if len(m) > MaxTreeDepth {
		return nil, Refuse(msg.New(catName, "tree_too_many_parts", msg.Count("Count", len(m))))
	}
	m = respell(st, s, m)
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
			// A unique prefix is enough; several tokens it starts are named, not guessed.
			switch cs := (*Words)(nil).Starting(tok, next); {
			case len(cs) == 1:
				out = append(out, cs[0])
				continue
			case len(cs) > 1:
				return nil, ambiguous(tok, cs)
			}
		}
		if match == "" {
			// Let the game explain why this token does not fit, if it can.
			if _, _, err := st.Choices(s, append(append(Move{}, out...), tok)); err != nil {
				return nil, err
			}
			return nil, misfit(out, tok, next)
		}
		out = append(out, match)
	}
	if err := Check(st, s, out); err != nil {
		return nil, err
	}
	return out, nil
}

// ambiguous refuses tok, a prefix of each of toks.
func ambiguous(tok string, toks []string) error {
	cs := make([]Choice, len(toks))
	for i, t := range toks {
		cs[i] = Choice{Token: t}
	}
	return Refuse(msg.New(catName, "tree_ambiguous", msg.Code("Token", tok), msg.Nested("Next", orList(cs, 8))))
}

// misfit says, as a person would, that tok cannot follow the move so far and what can.
func misfit(sofar Move, tok string, next []Choice) error {
	switch {
	case len(next) == 0:
		return Refuse(msg.New(catName, "tree_already_whole", msg.Code("Move", sofar.String()), msg.Code("Token", tok)))
	case len(sofar) == 0:
		return Refuse(msg.New(catName, "tree_not_now", msg.Code("Token", tok), msg.Nested("Next", orList(next, 8))))
	}
	return Refuse(msg.New(catName, "tree_cannot_follow", msg.Code("Token", tok), msg.Code("Move", sofar.String()),
		msg.Nested("Next", orList(next, 8))))
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
	return RandomMoveFrom(st, s, nil, r)
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
		next, complete, err := ChoiceTokens(st, s, m)
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
func ChoicesFromMoves(moves []Move, partial Move, label func(prefix Move, tok string) *msg.Message) (next []Choice, complete bool, bad int, ok bool) {
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
				c.Msg = label(partial, tok)
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

// orList lists up to max tokens as a sentence does: "a", "a or b", "a, b or c", and past max
// "a, b, or one of 38 others".
func orList(cs []Choice, max int) *msg.Message {
	toks := make([]string, 0, len(cs))
	for i, c := range cs {
		if i == max {
			return msg.New(catName, "or_others", msg.Code("Head", strings.Join(toks, ", ")), msg.Count("Count", len(cs)-max))
		}
		toks = append(toks, c.Token)
	}
	if len(toks) == 1 {
		return msg.New(catName, "or_one", msg.Code("Only", toks[0]))
	}
	return msg.New(catName, "or_list", msg.Code("Head", strings.Join(toks[:len(toks)-1], ", ")), msg.Code("Last", toks[len(toks)-1]))
}

// andList joins messages as a sentence does: "a", "a and b", "a, b and c".
func andList(ms []*msg.Message) *msg.Message {
	if len(ms) == 0 {
		return nil
	}
	if len(ms) == 1 {
		return ms[0]
	}
	head := ms[0]
	for _, m := range ms[1 : len(ms)-1] {
		head = msg.New(catName, "and_comma", msg.Nested("Head", head), msg.Nested("Next", m))
	}
	return msg.New(catName, "and_last", msg.Nested("Head", head), msg.Nested("Last", ms[len(ms)-1]))
}
