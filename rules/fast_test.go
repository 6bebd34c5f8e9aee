package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// DrawToken is RandomMove's draw at one node: these cases pin what it returns and how much of the
// generator it uses, since every RandomMover must make the same draws.
func TestDrawToken(t *testing.T) {
	abc := []Choice{{Token: "a"}, {Token: "b"}, {Token: "c"}}
	cases := []struct {
		name     string
		next     []Choice
		complete bool
		n        int // the draw it must make: r.IntN(n)
		err      string
	}{
		{"tokens only", abc, false, 3, ""},
		{"tokens or stop", abc, true, 4, ""},
		{"stop only", nil, true, 1, ""},
		{"dead end", nil, false, 0, "dead-ends"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for seed := uint64(0); seed < 20; seed++ {
				r, ref := rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 1))
				tok, stop, err := DrawToken(c.next, c.complete, r)
				if c.err != "" {
					if err == nil || !strings.Contains(err.Error(), c.err) {
						t.Fatalf("err = %v, want %q", err, c.err)
					}
					return
				}
				i := ref.IntN(c.n)
				if want := i == len(c.next); stop != want || (!stop && tok != c.next[i].Token) {
					t.Fatalf("seed %d: got %q stop=%v, want draw %d of %d", seed, tok, stop, i, c.n)
				}
				if r.Uint64() != ref.Uint64() {
					t.Fatalf("seed %d: the generator moved on differently from one IntN(%d)", seed, c.n)
				}
			}
		})
	}
}

// RandomMoveFrom goes on from a partial move and never writes into the caller's slice.
func TestRandomMoveFromKeepsPartial(t *testing.T) {
	st := tree{moves: []Move{{"a", "x"}, {"a", "y"}, {"b"}}}
	partial := make(Move, 1, 4)
	partial[0] = "a"
	spare := partial[:2]
	spare[1] = "untouched"
	for seed := uint64(0); seed < 10; seed++ {
		m, err := RandomMoveFrom(st, 0, partial, rand.New(rand.NewPCG(seed, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if len(m) != 2 || m[0] != "a" || (m[1] != "x" && m[1] != "y") {
			t.Fatalf("got %q, want a x or a y", m.String())
		}
		if spare[1] != "untouched" {
			t.Fatalf("RandomMoveFrom wrote into the caller's array")
		}
	}
}
