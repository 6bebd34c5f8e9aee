package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The reply echoes a move in the words the player typed (issue #33: "You played flow, 1,
// white." after the player typed "weiß"), not in the English tokens.
func TestEchoInTheWordsTyped(t *testing.T) {
	german := map[string]string{"black": "schwarz", "white": "weiß", "red": "rot", "blue": "blau",
		"up": "oben", "right": "rechts", "down": "unten", "left": "links"}
	e := fastRealEnv(t)
	th := e.realGame("ascidiae", "ann", "bob")
	r := rand.New(rand.NewPCG(3, 8))
	c, ok := e.findStep(th, r, 400, func(c stepCase) bool {
		return slices.ContainsFunc(c.m1, func(tok string) bool { return german[tok] != "" })
	})
	if !ok {
		t.Fatal("random play met no move with a colour or a direction")
	}
	ctx := context.Background()
	if _, err := e.svc.SetSetting(ctx, Request{User: user(c.who), Place: lobby}, ScopeUser, "language", LangGerman); err != nil {
		t.Fatal(err)
	}
	typed := slices.Clone(c.m1)
	for k, tok := range typed {
		if w := german[tok]; w != "" {
			typed[k] = w
		}
	}
	rep, err := e.svc.Move(ctx, e.in(th, user(c.who)), typed.String())
	if err != nil {
		t.Fatalf("%q: %v", typed, err)
	}
	if want := "Gespielt: " + typed.String() + "."; !strings.HasPrefix(rep.Text, want) {
		t.Errorf("%q: reply %q, want it to begin %q", typed, rep.Text, want)
	}
	if log := e.notations(th); !slices.Contains(log, c.m1.String()) {
		t.Errorf("the log keeps tokens: %q, want %q", log, c.m1)
	}
}
