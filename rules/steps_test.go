package rules

import (
	"slices"
	"strings"
	"testing"
)

func TestParseSteps(t *testing.T) {
	cases := []struct {
		in   string
		want string // StepsString of the result; "" for a refusal
	}{
		{"flow", "flow"},
		{"flow, 1 black, 2, colonize g2", "flow, 1 black, 2, colonize g2"},
		{"play all,buy m9 bb ,pass", "play all, buy m9 bb, pass"},
		{"  c2   d3 , ", "c2 d3"},
		{",,a,,b,", "a, b"},
		{"", ""},
		{" , ,", ""},
		{strings.Repeat("a,", MaxSteps) + "a", ""},
		{strings.Repeat("x", MaxMoveLen+1), ""},
	}
	for _, c := range cases {
		got, err := ParseSteps(c.in)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("%q: accepted as %q", c.in, StepsString(got))
		case c.want == "" && !isIllegal(err):
			t.Errorf("%q: %v is not a reason for the player", c.in, err)
		case c.want != "" && (err != nil || StepsString(got) != c.want):
			t.Errorf("%q: %q, %v; want %q", c.in, StepsString(got), err, c.want)
		}
	}
}

func isIllegal(err error) bool { _, ok := IsIllegal(err); return ok }

// The parser never panics, never yields an empty step or a token with a comma or a space, and
// reads its own printing back to the same steps.
func FuzzParseSteps(f *testing.F) {
	for _, s := range []string{"flow, 1 black, 2, colonize g2", "play all, buy m9 bb, pass", ",", " a ,b", "é,\t\n,ß x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		steps, err := ParseSteps(s)
		if err != nil {
			if !isIllegal(err) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if len(steps) == 0 || len(steps) > MaxSteps {
			t.Fatalf("%q: %d steps", s, len(steps))
		}
		for _, m := range steps {
			if len(m) == 0 {
				t.Fatalf("%q: an empty step", s)
			}
			for _, tok := range m {
				if tok == "" || strings.ContainsAny(tok, ", \t\n") {
					t.Fatalf("%q: token %q", s, tok)
				}
			}
		}
		printed := StepsString(steps)
		if len(printed) > MaxMoveLen {
			return // ", " may outgrow a command typed with bare commas
		}
		again, err := ParseSteps(printed)
		if err != nil || !slices.EqualFunc(again, steps, Move.Equal) {
			t.Fatalf("%q: printed as %q, read back as %q, %v", s, printed, StepsString(again), err)
		}
	})
}
