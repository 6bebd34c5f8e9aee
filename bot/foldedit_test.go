package bot

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// Turn posts that lagged fold into one message (the last post's): a status edit of that message
// must keep what the folded posts told. A 4-seat Ascalion trade phase lost the offers made to the
// reader this way: the edit carried only the last post's own events, "Since then: …".
func TestStatusEditKeepsFoldedPosts(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	ctx := context.Background()
	start := slices.IndexFunc(e.sent, func(o Outgoing) bool { return o.Kind == "turn" })
	if start < 0 {
		t.Fatalf("no start post: %+v", e.sent)
	}
	fake := &thread{text: map[int64]string{}}
	_ = fake.Send(ctx, e.sent[start])
	// Two rounds while the outbox lags: each ends with a post (the winner's draw starts the next
	// round), then bob bids in the third, which edits the last post.
	for range 2 {
		e.mustMove(th, "bob", "bid pass")
		e.mustMove(th, "ann", "bid pass")
		e.mustMove(th, "ann", "draw")
	}
	e.mustMove(th, "bob", "bid pass")
	if _, err := e.svc.Deliver(ctx, fake, 100); err != nil {
		t.Fatal(err)
	}
	all := fake.read()
	if n := strings.Count(all, "The winner drew a card."); n != 2 {
		t.Errorf("the thread tells %d draws of two:\n%s", n, all)
	}
	if n := strings.Count(all, "Bids revealed"); n != 2 {
		t.Errorf("the thread tells %d reveals of two:\n%s", n, all)
	}
}
