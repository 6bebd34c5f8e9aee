package rulestest

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Start validates setup against g's options and returns the new game, failing t on any error.
func Start(t testing.TB, g rules.Game, setup rules.Setup) rules.State {
	t.Helper()
	st, _, err := newGame(g, setup)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// newGame validates setup against g's options and returns the new game and the full setup.
func newGame(g rules.Game, setup rules.Setup) (rules.State, rules.Setup, error) {
	full, err := g.Info().ValidateSetup(setup)
	if err != nil {
		return nil, full, err
	}
	st, err := g.New(full)
	return st, full, err
}

// PlayRandom plays a random legal move of a random awaited seat and returns it, failing t when
// there is none or it is refused.
func PlayRandom(t testing.TB, st rules.State, r *rand.Rand) (rules.Seat, rules.Move) {
	t.Helper()
	ps := st.Awaiting()
	if len(ps) == 0 {
		t.Fatal("nobody is awaited")
	}
	p := ps[r.IntN(len(ps))]
	m, err := rules.RandomMove(st, p.Seat, r)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Apply(p.Seat, m); err != nil {
		t.Fatalf("%q by seat %d refused: %v", m, p.Seat, err)
	}
	return p.Seat, m
}

// ApplyAlike applies m for seat to a and b, two states that must stay equal (a fast path and the
// plain one), and fails t unless both accept it with the same events and the same snapshot after.
// step and differ name the move and what a difference means in the failure.
func ApplyAlike(t testing.TB, a, b rules.State, seat rules.Seat, m rules.Move, step int, differ string) {
	t.Helper()
	ev1, err1 := a.Apply(seat, m)
	ev2, err2 := b.Apply(seat, m)
	if err1 != nil || err2 != nil {
		t.Fatalf("move %d %q: %v / %v", step, m.String(), err1, err2)
	}
	b1, _ := a.Encode()
	b2, _ := b.Encode()
	if !reflect.DeepEqual(ev1, ev2) || string(b1) != string(b2) {
		t.Fatalf("move %d %q: %s", step, m.String(), differ)
	}
}

// WholeUnder lists the whole moves of seat that start with m, depth first: a test's look at one
// kind of move without enumerating the whole tree.
func WholeUnder(t testing.TB, st rules.State, seat rules.Seat, m rules.Move) []rules.Move {
	t.Helper()
	next, complete, err := st.Choices(seat, m)
	if err != nil {
		t.Fatal(err)
	}
	var out []rules.Move
	if complete {
		out = append(out, m)
	}
	for _, c := range next {
		out = append(out, WholeUnder(t, st, seat, append(append(rules.Move{}, m...), c.Token))...)
	}
	return out
}
