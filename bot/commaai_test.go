package bot

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Accepting the AI's offer and putting the goods received is one command: the AI, awaited
// beside the player to put its own goods, answers after it, and the command does not stop at
// it ("accept 3, put xandar iron"). The autocomplete offers the put after "accept 3, " too.
func TestCommaGoesOnBesideTheAIsAnswer(t *testing.T) {
	e := newEnv(t)
	e.everyGame(true)
	ctx := context.Background()
	th := "t-accept"
	game := e.aiTable("ascalion", 2, 1, 3, th)
	r := rand.New(rand.NewPCG(3, 2))
	for range 400 {
		e.playAI()
		tb, err := e.svc.load(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		if tb.state.Result() != nil {
			tb.mu.Unlock()
			break
		}
		if !rules.IsAwaited(tb.state, 0) {
			tb.mu.Unlock()
			continue
		}
		// An offer of the AI's to accept: its whole move, then ann's put after it, on a copy.
		var accept, put rules.Move
		for range 60 {
			m, err := rules.RandomMove(tb.state, 0, r)
			if err == nil && len(m) > 0 && m[0] == "accept" {
				accept = m
				break
			}
		}
		if accept != nil {
			cp, err := rules.Clone(tb.kit.Game, tb.state)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := cp.Apply(0, accept); err != nil {
				t.Fatal(err)
			}
			if rules.IsAwaited(cp, 1) && rules.IsAwaited(cp, 0) {
				put, err = rules.RandomMove(cp, 0, r)
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		if put != nil && put[0] == "put" {
			sg := suggestSteps(LangEnglish, tb.kit.Game, tb.state, 0, accept.String()+", ", 25, testName, tb.row)
			tb.mu.Unlock()
			if len(sg) == 0 || !strings.HasPrefix(sg[0].Value, accept.String()+", put") {
				t.Errorf("after %q the autocomplete offers %+v", accept.String()+", ", sg)
			}
			before := len(e.notations(th))
			cmd := accept.String() + ", " + put.String()
			r := e.mustMove(th, "ann", cmd)
			if strings.Contains(r.Text, "not played") {
				t.Fatalf("%q: %s", cmd, r.Text)
			}
			if n := len(e.notations(th)) - before; n != 2 {
				t.Fatalf("%q stored %d moves, want 2: %s", cmd, n, r.Text)
			}
			return
		}
		m, err := rules.RandomMove(tb.state, 0, r)
		tb.mu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.MoveTokens(ctx, e.in(th, user("ann")), m); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the AI made ann no offer she could accept")
}
