package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// "A unique prefix is enough", as the help says (issue #33: Autumn Ash's "move c2 b2 q" was
// refused as ""q" is not a size"): the last word typed as its first letter plays the move.
func TestOneLetterPlaysTheSize(t *testing.T) {
	e := fastRealEnv(t)
	th := e.realGame("autumn-ash", "ann", "bob")
	r := rand.New(rand.NewPCG(2, 6))
	sizes := []string{"pawn", "drone", "queen"}
	c, ok := e.findStep(th, r, 300, func(c stepCase) bool {
		last := c.m1[len(c.m1)-1]
		if !slices.Contains(sizes, last) {
			return false
		}
		next, _, err := c.before.Choices(c.seat, c.m1[:len(c.m1)-1])
		return err == nil && len(next) > 1
	})
	if !ok {
		t.Fatal("random play met no choice of size")
	}
	typed := append(slices.Clone(c.m1[:len(c.m1)-1]), c.m1[len(c.m1)-1][:1])
	rep, err := e.svc.Move(context.Background(), e.in(th, user(c.who)), typed.String())
	if err != nil {
		t.Fatalf("%q: %v", typed, err)
	}
	if want := "You played " + c.m1.String() + "."; !strings.HasPrefix(rep.Text, want) {
		t.Errorf("%q: reply %q, want it to begin %q", typed, rep.Text, want)
	}
	if log := e.notations(th); log[len(log)-1] != c.m1.String() {
		t.Errorf("log after %q: %q", typed, log[len(log)-1])
	}
}

// When nothing fits what was typed, the list of choices says which word does not fit and why, as
// /move would (issue #40: "Nothing fits what you typed" alone), in the asker's language; what
// fits, or is not theirs to play, has no reason to give.
func TestWhyNothingFits(t *testing.T) {
	e := fastRealEnv(t)
	th := e.realGame("autumn-ash", "ann", "bob")
	ctx := context.Background()
	for _, tc := range []struct{ who, typed, want string }{
		{"ann", "c2 c3 purple", `"purple" is a colour, not a size`},
		{"ann", "e1 king", `"king" is not a size. After the entry corner`},
		{"ann", "zz", `"zz" is not a square of this board`},
		{"ann", "c2 a6", "A6 is out of reach"},
		{"ann", "c2 c3", ""},
		{"bob", "c2 c3 purple", ""},
	} {
		got := e.svc.WhyNothingFits(ctx, e.in(th, user(tc.who)), tc.typed)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s typed %q: %q, want %q", tc.who, tc.typed, got, tc.want)
		}
	}
}
