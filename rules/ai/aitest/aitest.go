// Package aitest holds the checks every game's tests run on the search player: that it plays
// without reading what its seat cannot see.
package aitest

import (
	"bytes"
	"fmt"
	"math/rand/v2"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
)

// Midgame plays moves random moves from setup and returns the position (nil if it ended).
func Midgame(g rules.Game, setup rules.Setup, moves int) (rules.State, error) {
	st, err := g.New(setup)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(setup.Seed, 77))
	for i := 0; i < moves && st.Result() == nil; i++ {
		ps := st.Awaiting()
		p := ps[r.IntN(len(ps))]
		m, err := rules.RandomMove(st, p.Seat, r)
		if err != nil {
			return nil, err
		}
		if _, err := st.Apply(p.Seat, m); err != nil {
			return nil, err
		}
	}
	if st.Result() != nil {
		return nil, nil
	}
	return st, nil
}

// Blind checks that the AI of every awaited seat picks the same move, with the same seed, in st
// and in copies of st whose hidden information (for that seat) was re-dealt: what the seat cannot
// see does not steer it. It fails when a re-deal changes nothing, since the check would then
// prove nothing. scramble is the game's re-dealer.
func Blind(g rules.Game, st rules.State, cfg ai.Config, scramble func(st rules.State, viewer rules.Seat, seed uint64) rules.State) error {
	orig, err := st.Encode()
	if err != nil {
		return err
	}
	for _, p := range st.Awaiting() {
		want, _, err := ai.Choose(g, st, p.Seat, cfg)
		if err != nil {
			return fmt.Errorf("seat %d: %w", p.Seat, err)
		}
		changed := false
		for k := uint64(1); k <= 3; k++ {
			sc := scramble(st, p.Seat, 1000+k)
			b, err := sc.Encode()
			if err != nil {
				return err
			}
			if !bytes.Equal(b, orig) {
				changed = true
			}
			got, _, err := ai.Choose(g, sc, p.Seat, cfg)
			if err != nil {
				return fmt.Errorf("seat %d, scramble %d: %w", p.Seat, k, err)
			}
			if !got.Equal(want) {
				return fmt.Errorf("seat %d plays %q, but %q once the hidden information is re-dealt (scramble %d)", p.Seat, want, got, k)
			}
		}
		if !changed {
			return fmt.Errorf("seat %d: the scrambler changed nothing, so blindness is not shown", p.Seat)
		}
	}
	after, _ := st.Encode()
	if !bytes.Equal(after, orig) {
		return fmt.Errorf("the search changed the real state")
	}
	return nil
}

// blindConfigs are small budgets of both ways the AI decides: the tree search with a greedy prior,
// and the rollout improvement over the greedy player (which only games with one use).
var blindConfigs = []ai.Config{
	{Iterations: 30, Rollout: 6, Prior: 0.25, Seed: 11},
	{Candidates: 4, Iterations: 8, Horizon: 1, Seed: 11},
}

// BlindEverywhere runs Blind on the positions reached after each of at random moves from each
// setup, with a small budget, and returns every failure.
func BlindEverywhere(g rules.Game, setups []rules.Setup, at []int, scramble func(st rules.State, viewer rules.Seat, seed uint64) rules.State) []error {
	var errs []error
	for _, setup := range setups {
		for _, n := range at {
			st, err := Midgame(g, setup, n)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if st == nil {
				continue // over already
			}
			for _, cfg := range blindConfigs {
				if err := Blind(g, st, cfg, scramble); err != nil {
					errs = append(errs, fmt.Errorf("%d seats %v after %d moves, %d candidates: %w", setup.Seats, setup.Options, n, cfg.Candidates, err))
				}
			}
		}
	}
	return errs
}

// Habits plays one game of g set up as setup with the AI of levels[seat] at each seat (the arena's
// way: a Turn per seat, the bot's move seeds) for at most maxMoves moves, and returns each seat's
// habits (ai.HabitWatch, end counts included) and how many moves were played.
func Habits(g rules.Game, setup rules.Setup, levels []string, maxMoves int) (map[rules.Seat]map[string]int, int, error) {
	full, err := g.Info().ValidateSetup(setup)
	if err != nil {
		return nil, 0, err
	}
	st, err := g.New(full)
	if err != nil {
		return nil, 0, err
	}
	watch := ai.NewHabitWatch()
	turns := map[rules.Seat]*ai.Turn{}
	n := 0
	for ; n < maxMoves && st.Result() == nil; n++ {
		aw := st.Awaiting()
		if len(aw) == 0 {
			break
		}
		seat := aw[0].Seat
		if turns[seat] == nil {
			turns[seat] = ai.NewTurn(levels[seat])
		}
		cfg, err := ai.ForLevel(levels[seat], ai.MoveSeed(setup.Seed, int64(n), seat))
		if err != nil {
			return nil, n, err
		}
		cfg.Turn = turns[seat]
		m, _, err := ai.Choose(g, st, seat, cfg)
		if err != nil {
			return nil, n, fmt.Errorf("move %d: %w", n, err)
		}
		before, err := ai.Clone(g, st)
		if err != nil {
			return nil, n, err
		}
		evs, err := st.Apply(seat, m)
		if err != nil {
			return nil, n, fmt.Errorf("move %d: %q: %w", n, m, err)
		}
		watch.Move(before, seat, m, evs, st)
	}
	if st.Result() != nil {
		watch.End(st, setup.Seats)
	}
	return watch.Counts, n, nil
}
