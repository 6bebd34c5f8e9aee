package bot

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// A card that makes an opponent discard puts a question to them in the middle of the mover's
// turn: that post tells what the mover did (not "ann moved."), and the next one which cards the
// opponent discarded, in the thread's language.
// Random play takes seconds to meet such a card: the engine's own test (rules/ausonia
// TestDiscardPromptsTheOpponent) checks the events by default, this one the posts in the long tier.
func TestAusoniaForcedDiscardPosts(t *testing.T) {
	rulestest.NeedLong(t)
	ctx := context.Background()
	e := fastRealEnv(t)
	admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
	if _, err := e.svc.SetSetting(ctx, admin, ScopeGuild, "language", "de"); err != nil {
		t.Fatal(err)
	}
	th := e.realGame("ausonia", "ann", "bob")
	r := rand.New(rand.NewPCG(1, 1))
	c, ok := e.findStep(th, r, 3000, func(c stepCase) bool {
		aw := c.after.Awaiting()
		return c.after.Result() == nil && len(aw) == 1 && aw[0].Seat != c.seat && turnCount(c.after) == turnCount(c.before)
	})
	if !ok {
		t.Fatal("random play met no forced discard")
	}
	for e.deliver(); len(e.sent) > 0; e.deliver() {
	}
	post := func() string {
		e.deliver()
		var out []string
		for _, o := range e.sent {
			if o.Kind == "turn" {
				out = append(out, o.Text)
			}
		}
		return strings.Join(out, "\n")
	}
	if _, err := e.svc.MoveTokens(ctx, e.in(th, user(c.who)), c.m1); err != nil {
		t.Fatal(err)
	}
	asks := post()
	if strings.Contains(asks, "hat gezogen") || !strings.Contains(asks, c.who+" nutzt »") {
		t.Fatalf("the post asking for the discard does not tell what %s did:\n%s", c.who, asks)
	}
	tb, err := e.svc.load(ctx, e.row(th).ID)
	if err != nil {
		t.Fatal(err)
	}
	q := tb.state.Awaiting()[0].Seat
	m, err := rules.RandomMove(tb.state, q, r)
	who := strings.TrimPrefix(userOf(tb.row, q), "u-")
	tb.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.MoveTokens(ctx, e.in(th, user(who)), m); err != nil {
		t.Fatal(err)
	}
	if told := post(); strings.Contains(told, "hat gezogen") || !strings.Contains(told, who+" wirft ") {
		t.Fatalf("the post after the discard does not tell the cards:\n%s", told)
	}
}
