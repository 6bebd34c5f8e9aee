package discord

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules/autumnash"
)

// #34 Delivery: a turn post that reached Discord although the bot saw it fail is tried again;
// once Discord no longer merges a repeat under its nonce, the bot looks for the nonce in the
// thread first and finds the post, instead of posting it a second time.
func TestResendPastTheNonceWindowFindsThePost(t *testing.T) {
	e := newKitEnv(t, []bot.Kit{{Game: autumnash.Game, PNG: fakePNG}}, 0, func(o *bot.Options) { o.NonceWindow = time.Millisecond })
	thread, p := e.started()
	// Every try of the next post reaches the thread, and each answer is lost (a 500 after the
	// effect): the outbox keeps it.
	e.fake.Fail("POST", "/channels/"+thread+"/messages", http.StatusInternalServerError, 5, true)
	e.playOne(thread, p)
	first := find(e.deliver(), "POST", "/channels/"+thread+"/messages")
	if len(first) == 0 || len(e.fake.MessagesIn(thread)) == 0 {
		t.Fatalf("the post went out, its answers lost: %+v", first)
	}
	posted := len(e.fake.MessagesIn(thread))
	e.fake.ClearFailures()
	e.advance(10 * time.Minute) // past Discord's nonce window, and the outbox's retry delay
	time.Sleep(5 * time.Millisecond)
	rs := e.deliver()
	if posts := find(rs, "POST", "/channels/"+thread+"/messages"); len(posts) != 0 {
		t.Fatalf("posted again: %+v", posts)
	}
	if looks := find(rs, "GET", "/channels/"+thread+"/messages"); len(looks) != 1 {
		t.Fatalf("the thread is read once for the nonce: %+v", rs)
	}
	if n := len(e.fake.MessagesIn(thread)); n != posted || e.fake.Duplicates() != 0 {
		t.Fatalf("%d messages (was %d), %d duplicates", n, posted, e.fake.Duplicates())
	}
	if q, _ := e.store.Pending(t.Context(), e.clock().Add(time.Hour), 0); len(q) != 0 {
		t.Fatalf("the post is recorded as sent: %+v", q)
	}
}

// The text fallback of SendAgain (Discord may leave nonces out of listed messages) only takes a
// message made after the notice was queued: an identical earlier post is another one.
func TestPostedSince(t *testing.T) {
	queued := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	flake := func(at time.Time) string {
		return strconv.FormatInt((at.UnixMilli()-1420070400000)<<22, 10)
	}
	cases := []struct {
		at   time.Time
		want bool
	}{
		{queued.Add(-time.Hour), false},
		{queued.Add(-500 * time.Millisecond), true}, // clocks differ a little
		{queued.Add(time.Minute), true},
	}
	for _, c := range cases {
		if got := postedSince(flake(c.at), queued); got != c.want {
			t.Errorf("posted at %v, queued at %v: %v", c.at, queued, got)
		}
	}
	if postedSince("not a snowflake", queued) {
		t.Error("an id that is no snowflake is taken")
	}
}
