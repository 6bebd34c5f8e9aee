package rulestest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// slow hides a state's fast paths: only the contract's methods remain, so rules helpers take the
// slow path through Choices.
type slow struct{ rules.State }

// cloner is the search's rules.Cloner, named here so the suite does not depend on it.
type cloner interface{ Clone() rules.State }

// RunFast runs CheckFast and reports every failure on t.
func RunFast(t *testing.T, g rules.Game, cfg Config) {
	t.Helper()
	for _, err := range CheckFast(g, cfg) {
		t.Error(err)
	}
}

// CheckFast plays random games and, at every Every-th position and for every awaited seat, checks
// that the game's fast paths agree with the contract's slow path:
//   - ChoiceTokens gives Choices' tokens, order and complete flag at every prefix of random paths,
//     and refuses exactly where Choices refuses (a foreign token appended);
//   - RandomMove draws the same move through either path from the same generator;
//   - Enumerate lists the same moves through either path;
//   - Clone encodes like the original, and applying a move to the clone gives the same events and
//     snapshot as applying it to a decoded copy, leaving the original untouched.
//
// The games are played through the fast path, so every position it leads to is checked.
func CheckFast(g rules.Game, cfg Config) []error {
	cfg = cfg.withDefaults(g.Info())
	var errs []error
	for _, setup := range cfg.Setups {
		for i := 0; i < cfg.Games; i++ {
			setup := setup
			setup.Seed += uint64(1000 * i)
			if err := fastPlayout(g, setup, cfg); err != nil {
				errs = append(errs, fmt.Errorf("seats=%d seed=%d options=%v: %w", setup.Seats, setup.Seed, setup.Options, err))
			}
		}
	}
	return errs
}

func fastPlayout(g rules.Game, setup rules.Setup, cfg Config) error {
	st, _, err := newGame(g, setup)
	if err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(setup.Seed, 99))
	for step := 0; st.Result() == nil; step++ {
		if step >= cfg.MaxMoves {
			return fmt.Errorf("no result after %d moves", step)
		}
		if step%cfg.Every == 0 {
			for _, p := range st.Awaiting() {
				if err := checkFastAt(g, st, p.Seat, r, cfg); err != nil {
					return fmt.Errorf("move %d seat %d: %w", step, p.Seat, err)
				}
			}
		}
		if err := Step(st, r); err != nil {
			return fmt.Errorf("move %d: %w", step, err)
		}
	}
	return nil
}

func checkFastAt(g rules.Game, st rules.State, s rules.Seat, r *rand.Rand, cfg Config) error {
	before, err := st.Encode()
	if err != nil {
		return err
	}
	if _, ok := st.(rules.TokenChooser); ok {
		for k := 0; k < 4; k++ {
			if err := sameTokensAlong(st, s, r); err != nil {
				return err
			}
		}
		fast, fastWhole, err1 := rules.Enumerate(st, s, cfg.Exhaustive)
		slowMoves, slowWhole, err2 := rules.Enumerate(slow{st}, s, cfg.Exhaustive)
		if (err1 == nil) != (err2 == nil) || fastWhole != slowWhole || !reflect.DeepEqual(fast, slowMoves) {
			return fmt.Errorf("Enumerate differs: fast %d moves (whole %v, %v), slow %d (whole %v, %v)", len(fast), fastWhole, err1, len(slowMoves), slowWhole, err2)
		}
	}
	seed := r.Uint64()
	fr, sr := rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 1))
	fm, err1 := rules.RandomMove(st, s, fr)
	sm, err2 := rules.RandomMove(slow{st}, s, sr)
	if err1 != nil || err2 != nil {
		return fmt.Errorf("RandomMove: fast %v, slow %v", err1, err2)
	}
	if !fm.Equal(sm) {
		return fmt.Errorf("RandomMove draws %q by the fast path but %q by Choices", fm.String(), sm.String())
	}
	if fr.Uint64() != sr.Uint64() {
		return fmt.Errorf("RandomMove %q leaves the generator elsewhere by the fast path than by Choices", fm.String())
	}
	if c, ok := st.(cloner); ok {
		if err := checkClone(g, st, c.Clone(), s, fm, before); err != nil {
			return err
		}
	}
	after, err := st.Encode()
	if err != nil {
		return err
	}
	if !bytes.Equal(before, after) {
		return fmt.Errorf("checking the fast paths changed the state")
	}
	return nil
}

// sameTokensAlong walks one random path, comparing both answers at every prefix, and checks a
// token that is no choice is refused by both.
func sameTokensAlong(st rules.State, s rules.Seat, r *rand.Rand) error {
	var m rules.Move
	for len(m) < rules.MaxTreeDepth {
		fn, fc, ferr := st.(rules.TokenChooser).ChoiceTokens(s, m)
		sn, sc, serr := st.Choices(s, m)
		if (ferr == nil) != (serr == nil) {
			return fmt.Errorf("after %q: ChoiceTokens error %v, Choices error %v", m.String(), ferr, serr)
		}
		if fc != sc || len(fn) != len(sn) {
			return fmt.Errorf("after %q: ChoiceTokens gives %d tokens (complete %v), Choices %d (complete %v)", m.String(), len(fn), fc, len(sn), sc)
		}
		for i := range fn {
			if fn[i].Token != sn[i].Token {
				return fmt.Errorf("after %q: token %d is %q by ChoiceTokens, %q by Choices", m.String(), i, fn[i].Token, sn[i].Token)
			}
		}
		bad := append(append(rules.Move{}, m...), "zz-no-such-token")
		_, _, ferr = st.(rules.TokenChooser).ChoiceTokens(s, bad)
		_, _, serr = st.Choices(s, bad)
		if (ferr == nil) != (serr == nil) {
			return fmt.Errorf("after %q a foreign token: ChoiceTokens error %v, Choices error %v", m.String(), ferr, serr)
		}
		n := len(fn)
		if fc {
			n++
		}
		if n == 0 {
			return nil
		}
		i := r.IntN(n)
		if i == len(fn) {
			return nil
		}
		m = append(m, fn[i].Token)
	}
	return nil
}

func checkClone(g rules.Game, st, c rules.State, s rules.Seat, m rules.Move, before []byte) error {
	cb, err := c.Encode()
	if err != nil {
		return err
	}
	if !bytes.Equal(cb, before) {
		return fmt.Errorf("Clone encodes differently from the original")
	}
	d, err := g.Decode(before)
	if err != nil {
		return err
	}
	ce, err1 := c.Apply(s, m)
	de, err2 := d.Apply(s, m)
	if err1 != nil || err2 != nil {
		return fmt.Errorf("applying %q: to the clone %v, to a decoded copy %v", m.String(), err1, err2)
	}
	if !reflect.DeepEqual(ce, de) {
		return fmt.Errorf("applying %q gives other events on the clone than on a decoded copy", m.String())
	}
	ca, _ := c.Encode()
	da, _ := d.Encode()
	if !bytes.Equal(ca, da) {
		return fmt.Errorf("applying %q gives another snapshot on the clone than on a decoded copy", m.String())
	}
	if !reflect.DeepEqual(c.Awaiting(), d.Awaiting()) {
		return fmt.Errorf("after %q the clone awaits other prompts than a decoded copy", m.String())
	}
	now, _ := st.Encode()
	if !bytes.Equal(now, before) {
		return fmt.Errorf("applying %q to the clone changed the original", m.String())
	}
	return nil
}
