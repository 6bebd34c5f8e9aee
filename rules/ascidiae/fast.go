package ascidiae

import (
	"fmt"
	"math/rand/v2"

	"github.com/boardbot/boardbot/rules"
)

// The fast paths for search and random play (see rules/fast.go); rulestest.CheckFast proves they
// agree with Choices, RandomMove's walk and Decode.

// Clone is an independent copy (the search's rules.Cloner).
func (g *State) Clone() rules.State {
	c := g.clone()
	c.quiet = g.quiet
	return c
}

// RandomMoveFrom asks the decision's tree directly for each token, where going through Choices
// re-reads every earlier token first: the same draws as rules.RandomMove, so the same move.
func (g *State) RandomMoveFrom(s rules.Seat, partial rules.Move, r *rand.Rand) (rules.Move, error) {
	if _, _, err := g.walk(int(s), partial); err != nil {
		return nil, fmt.Errorf("choices for %q: %w", partial.String(), err)
	}
	tree, _ := g.quietTree(int(s)) // walk has accepted the seat
	return rules.WalkRandom(func(m rules.Move) ([]rules.Choice, bool, error) {
		next, complete := tree(m)
		return next, complete, nil
	}, partial, r)
}

// quietTree is the tree of the decision seat s is asked, without labels, or why s may not
// move.
func (g *State) quietTree(s int) (func(rules.Move) ([]rules.Choice, bool), error) {
	tree, err := g.treeFor(s)
	if err != nil {
		return tree, err
	}
	if g.setupPhase() {
		return func(m rules.Move) ([]rules.Choice, bool) { return g.placeTree(m, false) }, nil
	}
	switch g.Turn.Wait {
	case waitStart:
		return func(m rules.Move) ([]rules.Choice, bool) { return g.startTree(m, false) }, nil
	case waitAbility:
		return func(m rules.Move) ([]rules.Choice, bool) { return g.abilityTree(m, false) }, nil
	case waitPick:
		return func(m rules.Move) ([]rules.Choice, bool) { return g.pickTree(m, false) }, nil
	case waitCentral:
		return func(m rules.Move) ([]rules.Choice, bool) { return g.centralTree(m, false) }, nil
	}
	return tree, nil
}

// ChoiceTokens is Choices without the labels (rules.TokenChooser), so that search and the
// generic enumeration skip the menu text.
func (g *State) ChoiceTokens(s rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	return g.walk(int(s), partial)
}

// moves lists seat s's complete moves in rules.Enumerate's order, asking the quiet tree once per
// node: through Choices every node re-reads its prefix from the root. Nil when s may not move.
func (g *State) moves(s, limit int) []rules.Move { return g.movesBut(s, limit, "") }

// movesBut is moves without those whose first token is skip (the win search leaves out roots
// without walking their hundreds of spaces and facings).
func (g *State) movesBut(s, limit int, skip string) []rules.Move {
	tree, err := g.quietTree(s)
	if err != nil {
		return nil
	}
	var out []rules.Move
	var walk func(m rules.Move)
	walk = func(m rules.Move) {
		next, complete := tree(m)
		if complete && len(out) < limit {
			out = append(out, append(rules.Move(nil), m...))
		}
		for _, c := range next {
			if len(out) >= limit || len(m) >= rules.MaxTreeDepth {
				return
			}
			if len(m) == 0 && skip != "" && c.Token == skip {
				continue
			}
			walk(append(m, c.Token))
		}
	}
	walk(make(rules.Move, 0, rules.MaxTreeDepth))
	return out
}

// ApplyQuiet is Apply without events (rules.QuietApplier), for search: the same moves accepted
// and refused, the same state after, except that the log of the turn (the board's) is left
// empty. The events' messages and their English are most of an Apply's cost.
func (g *State) ApplyQuiet(s rules.Seat, m rules.Move) error {
	q := g.quiet
	g.quiet = true
	_, err := g.Apply(s, m)
	g.quiet = q
	return err
}

// AwaitedSeats names the seats Awaiting would, without their prompts (rules.SeatsAwaiter).
func (g *State) AwaitedSeats() []rules.Seat {
	if g.Res != nil {
		return nil
	}
	if g.setupPhase() {
		var out []rules.Seat
		for i, p := range g.Players {
			if !p.Placed {
				out = append(out, rules.Seat(i))
			}
		}
		return out
	}
	return []rules.Seat{rules.Seat(g.Turn.Seat)}
}
