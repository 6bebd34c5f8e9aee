// Package rulestest is the property suite every registered game must pass: complete choice paths
// apply, everything else is refused with a reason and leaves the state alone, setup + moves replay
// to the same snapshot, encode/decode and notation round-trip, views never carry another seat's
// secrets, secret simultaneous choices show nowhere until they close, menus and refusals do not
// depend on what a seat cannot see (secrets.go), and random play terminates.
package rulestest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Config tunes the suite for one game.
type Config struct {
	// Setups to play; when empty, every seat count with default options, plus every value of every
	// option once at the smallest seat count.
	Setups []rules.Setup
	// Games is the number of random playouts per setup (default 3).
	Games int
	// MaxMoves bounds one playout; a game still running then fails termination (default 5000).
	MaxMoves int
	// Exhaustive: at each checked position, up to this many complete moves are enumerated and each
	// applied to a copy (default 64).
	Exhaustive int
	// Every checks the expensive properties at every Nth position only (default 1).
	Every int
	// Scramble returns a copy of st in which everything viewer may not see has been re-randomised
	// from seed (other hands, draw orders, the generator). Nil means the game has no hidden
	// information: then every seat's view must equal the public one apart from what it owns, which
	// the suite cannot know, so only JSON-ability is checked.
	Scramble func(st rules.State, viewer rules.Seat, seed uint64) (rules.State, error)
}

// withDefaults fills what cfg leaves unset.
func (cfg Config) withDefaults(info rules.Info) Config {
	if cfg.Games == 0 {
		cfg.Games = 3
	}
	if cfg.MaxMoves == 0 {
		cfg.MaxMoves = 5000
	}
	if cfg.Exhaustive == 0 {
		cfg.Exhaustive = 64
	}
	if cfg.Every == 0 {
		cfg.Every = 1
	}
	if len(cfg.Setups) == 0 {
		cfg.Setups = DefaultSetups(info)
	}
	return cfg
}

// Run runs the suite and reports every failure on t.
func Run(t *testing.T, g rules.Game, cfg Config) {
	t.Helper()
	for _, err := range Check(g, cfg) {
		t.Error(err)
	}
}

// Stats counts what Check did, for reports.
type Stats struct {
	Games, Finished, Moves, Applied, Refused int
}

// Check runs the suite and returns its failures (at most a few per setup, so one bug does not
// bury the rest).
func Check(g rules.Game, cfg Config) []error {
	errs, _ := CheckStats(g, cfg)
	return errs
}

// CheckStats is Check with counts of the work done.
func CheckStats(g rules.Game, cfg Config) ([]error, Stats) {
	cfg = cfg.withDefaults(g.Info())
	setups := cfg.Setups
	var errs []error
	var st Stats
	for _, s := range setups {
		for i := 0; i < cfg.Games; i++ {
			s := s
			s.Seed = s.Seed*1000 + uint64(i) + 1
			e := playout(g, s, cfg, &st)
			if e != nil {
				errs = append(errs, fmt.Errorf("%s seats=%d seed=%d options=%v: %w", g.Info().ID, s.Seats, s.Seed, s.Options, e))
			}
		}
	}
	return errs, st
}

// DefaultSetups lists every seat count with default options and every option value once.
func DefaultSetups(info rules.Info) []rules.Setup {
	var out []rules.Setup
	for n := info.MinSeats; n <= info.MaxSeats; n++ {
		out = append(out, rules.Setup{Seats: n, Seed: uint64(n)})
	}
	for _, o := range info.Options {
		for _, c := range o.Choices {
			if c.Value == o.Default {
				continue
			}
			out = append(out, rules.Setup{Seats: info.MinSeats, Seed: uint64(len(out) + 7), Options: map[string]string{o.Key: c.Value}})
		}
	}
	return out
}

type logged struct {
	seat rules.Seat
	move rules.Move
}

func playout(g rules.Game, setup rules.Setup, cfg Config, stats *Stats) error {
	stats.Games++
	info := g.Info()
	full, err := info.ValidateSetup(setup)
	if err != nil {
		return fmt.Errorf("setup refused: %w", err)
	}
	st, err := g.New(full)
	if err != nil {
		return fmt.Errorf("new: %w", err)
	}
	r := rand.New(rand.NewPCG(setup.Seed, 77))
	var log []logged
	for step := 0; ; step++ {
		if res := st.Result(); res != nil {
			if len(st.Awaiting()) != 0 {
				return errors.New("game has a result but still awaits seats")
			}
			if len(res.Ranks) != full.Seats {
				return fmt.Errorf("result has %d ranks for %d seats", len(res.Ranks), full.Seats)
			}
			stats.Finished++
			break
		}
		if step >= cfg.MaxMoves {
			return fmt.Errorf("no result after %d moves (termination)", cfg.MaxMoves)
		}
		prompts := st.Awaiting()
		if len(prompts) == 0 {
			return fmt.Errorf("move %d: game runs but awaits nobody", step)
		}
		for _, p := range prompts {
			if p.Seat < 0 || int(p.Seat) >= full.Seats {
				return fmt.Errorf("move %d: awaits seat %d out of range", step, p.Seat)
			}
			if strings.TrimSpace(p.English()) == "" {
				return fmt.Errorf("move %d: prompt for seat %d has no text", step, p.Seat)
			}
			if err := catalogued(p.Msg); err != nil {
				return fmt.Errorf("move %d: prompt for seat %d: %w", step, p.Seat, err)
			}
		}
		if step%cfg.Every == 0 {
			if err := checkPosition(g, st, full, prompts, cfg, r, stats); err != nil {
				return fmt.Errorf("move %d: %w", step, err)
			}
			if cfg.Scramble != nil {
				if err := checkBlindTree(st, prompts, cfg.Scramble, r.Uint64()); err != nil {
					return fmt.Errorf("move %d: %w", step, err)
				}
			}
		}
		// Secret simultaneous steps are rare and short: every one is checked.
		if len(secretStep(prompts)) > 0 {
			if err := checkSimultaneous(g, st, full.Seats, prompts, min(cfg.Exhaustive, 24)); err != nil {
				return fmt.Errorf("move %d: %w", step, err)
			}
		}
		p := prompts[r.IntN(len(prompts))]
		m, err := rules.RandomMove(st, p.Seat, r)
		if err != nil {
			return fmt.Errorf("move %d seat %d: %w", step, p.Seat, err)
		}
		evs, err := st.Apply(p.Seat, m)
		if err != nil {
			return fmt.Errorf("move %d: seat %d %q from the choice tree refused: %w", step, p.Seat, m.String(), err)
		}
		for _, e := range evs {
			if err := catalogued(e.Msg); err != nil {
				return fmt.Errorf("move %d: event of %q: %w", step, m.String(), err)
			}
			for _, to := range e.To {
				if to < 0 || int(to) >= full.Seats {
					return fmt.Errorf("move %d: event %q addressed to seat %d", step, e.English(), to)
				}
			}
		}
		stats.Moves++
		log = append(log, logged{p.Seat, m})
	}
	// Replay: setup + moves rebuilds exactly the same snapshot.
	final, err := st.Encode()
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	re, err := g.New(full)
	if err != nil {
		return fmt.Errorf("replay new: %w", err)
	}
	for i, l := range log {
		if _, err := re.Apply(l.seat, l.move); err != nil {
			return fmt.Errorf("replay move %d %q: %w", i, l.move.String(), err)
		}
	}
	again, err := re.Encode()
	if err != nil {
		return fmt.Errorf("replay encode: %w", err)
	}
	if !bytes.Equal(final, again) {
		return fmt.Errorf("replay of %d moves gives a different snapshot (determinism)", len(log))
	}
	return nil
}

func clone(g rules.Game, st rules.State) (rules.State, []byte, error) {
	b, err := st.Encode()
	if err != nil {
		return nil, nil, fmt.Errorf("encode: %w", err)
	}
	c, err := g.Decode(b)
	if err != nil {
		return nil, nil, fmt.Errorf("decode: %w", err)
	}
	return c, b, nil
}

func checkPosition(g rules.Game, st rules.State, setup rules.Setup, prompts []rules.Prompt, cfg Config, r *rand.Rand, stats *Stats) error {
	// Encode/decode round trip, and the copy behaves the same.
	c, snap, err := clone(g, st)
	if err != nil {
		return err
	}
	b2, err := c.Encode()
	if err != nil {
		return fmt.Errorf("re-encode: %w", err)
	}
	if !bytes.Equal(snap, b2) {
		return errors.New("decode(encode(state)) encodes differently")
	}
	if !samePrompts(prompts, c.Awaiting()) {
		return errors.New("decoded state awaits different seats")
	}
	// Views marshal, are stable, and hide what others hold.
	for s := rules.Spectator; int(s) < setup.Seats; s++ {
		v1, err := json.Marshal(st.View(s))
		if err != nil {
			return fmt.Errorf("view of seat %d does not marshal: %w", s, err)
		}
		v2, _ := json.Marshal(c.View(s))
		if !bytes.Equal(v1, v2) {
			return fmt.Errorf("view of seat %d differs after decode", s)
		}
		if cfg.Scramble != nil {
			sc, err := cfg.Scramble(st, s, r.Uint64())
			if err != nil {
				return fmt.Errorf("scramble: %w", err)
			}
			v3, _ := json.Marshal(sc.View(s))
			if !bytes.Equal(v1, v3) {
				return fmt.Errorf("view of seat %d changes when only what it may not see changes (hidden information leaks)\n%s\n%s", s, v1, v3)
			}
		}
	}
	for _, p := range prompts {
		// Public answers are shown as buttons: each must be a whole legal move of the seat.
		for _, a := range p.Answers {
			if a.English() == "" {
				return fmt.Errorf("seat %d: answer %q has no label", p.Seat, a.Move.String())
			}
			if err := rules.Check(st, p.Seat, a.Move); err != nil {
				return fmt.Errorf("seat %d: declared answer %q is not a legal complete move: %v", p.Seat, a.Move.String(), err)
			}
		}
		moves, _, err := rules.Enumerate(st, p.Seat, cfg.Exhaustive)
		if err != nil {
			return fmt.Errorf("seat %d: %w", p.Seat, err)
		}
		if len(moves) == 0 {
			return fmt.Errorf("seat %d is awaited but has no complete move", p.Seat)
		}
		for _, m := range moves {
			for _, tok := range m {
				if tok == "" || strings.IndexFunc(tok, unicode.IsSpace) >= 0 {
					return fmt.Errorf("seat %d: token %q is empty or has spaces (notation would not round-trip)", p.Seat, tok)
				}
			}
			parsed, err := rules.ParseMove(m.String())
			if err != nil || !parsed.Equal(m) {
				return fmt.Errorf("notation %q does not parse back to the same move", m.String())
			}
			cp, _, err := clone(g, st)
			if err != nil {
				return err
			}
			if _, err := cp.Apply(p.Seat, m); err != nil {
				return fmt.Errorf("seat %d: complete choice path %q refused: %v", p.Seat, m.String(), err)
			}
			stats.Applied++
		}
		// Things that are not complete paths must be refused with a reason and change nothing.
		bad := []rules.Move{
			{"zz-not-a-token"},
			append(append(rules.Move{}, moves[0]...), "zz-not-a-token"),
			nil,
		}
		if next, complete, err := st.Choices(p.Seat, nil); err == nil && !complete && len(next) > 0 {
			if _, c2, _ := st.Choices(p.Seat, rules.Move{next[0].Token}); !c2 {
				bad = append(bad, rules.Move{next[0].Token})
			}
		}
		for _, m := range bad {
			if err := refused(g, st, p.Seat, m, snap); err != nil {
				return err
			}
			stats.Refused++
		}
	}
	// A seat that is not awaited may not move.
	for s := rules.Seat(0); int(s) < setup.Seats; s++ {
		if rules.IsAwaited(st, s) {
			continue
		}
		m, err := rules.RandomMove(st, prompts[0].Seat, r)
		if err != nil {
			return err
		}
		if err := refused(g, st, s, m, snap); err != nil {
			return fmt.Errorf("seat %d is not awaited: %w", s, err)
		}
		stats.Refused++
	}
	if err := refused(g, st, rules.Spectator, rules.Move{"x"}, snap); err != nil {
		return fmt.Errorf("spectator: %w", err)
	}
	return nil
}

func refused(g rules.Game, st rules.State, s rules.Seat, m rules.Move, snap []byte) error {
	cp, _, err := clone(g, st)
	if err != nil {
		return err
	}
	_, err = cp.Apply(s, m)
	if err == nil {
		return fmt.Errorf("seat %d: %q accepted though it is not a complete choice path", s, m.String())
	}
	reason, ok := rules.IsIllegal(err)
	if !ok || strings.TrimSpace(reason) == "" {
		return fmt.Errorf("seat %d: %q refused without a player-readable reason: %v", s, m.String(), err)
	}
	if err := catalogued(rules.IllegalMsg(err)); err != nil {
		return fmt.Errorf("seat %d: refusal of %q: %w", s, m.String(), err)
	}
	after, err := cp.Encode()
	if err != nil {
		return err
	}
	if !bytes.Equal(after, snap) {
		return fmt.Errorf("seat %d: refused move %q changed the state", s, m.String())
	}
	return nil
}

// catalogued checks that an engine text is a message of a catalogue: every language renders it,
// and no English-only text (a Verbatim, kept for data stored before messages) stands in for one.
func catalogued(m *msg.Message) error {
	switch {
	case m == nil:
		return fmt.Errorf("a text without a message")
	case rules.IsVerbatim(m):
		return fmt.Errorf("an English-only text %q instead of a catalogue message", m.English())
	}
	return nil
}

func samePrompts(a, b []rules.Prompt) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Seat != b[i].Seat || a[i].English() != b[i].English() {
			return false
		}
	}
	return true
}
