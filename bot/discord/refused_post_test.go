package discord

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot/discord/discordtest"
)

// #34 Delivery: a turn post Discord refuses is neither retried forever nor dropped unseen. What
// Discord refuses in it (the image: 413; a field: 400) is cut and the post goes again at once;
// a post refused whole, or with any other lasting 4xx, pauses the game and tells its players, as
// a 403 does. 401 (the token) and 408 stay transient.
func TestRefusedTurnPostReachesThePlayers(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(e *env, thread string)
		// posts is how many POSTs the turn post takes; last is the last one's status.
		posts  int
		last   int
		cut    string // the note of what was left out, when the post went out
		paused bool
	}{
		{"413: without the image", func(e *env, _ string) { e.fake.UploadLimit = 1 }, 2, 200, "too large for Discord", false},
		{"400 once: without the image", func(e *env, th string) {
			e.fake.Refuse("POST", "/channels/"+th+"/messages", 400, discordtest.InvalidFormBody, 1)
		}, 2, 200, "refused this post's board image", false},
		{"400 twice: without the image and the buttons", func(e *env, th string) {
			e.fake.Refuse("POST", "/channels/"+th+"/messages", 400, discordtest.InvalidFormBody, 2)
		}, 3, 200, "refused this post's buttons", false},
		{"400 always: paused and told", func(e *env, th string) {
			e.fake.Refuse("POST", "/channels/"+th+"/messages", 400, discordtest.InvalidFormBody, 3)
		}, 3, 400, "", true},
		{"409: paused and told", func(e *env, th string) {
			e.fake.Fail("POST", "/channels/"+th+"/messages", http.StatusConflict, 1, false)
		}, 1, 409, "", true},
		{"422: paused and told", func(e *env, th string) {
			e.fake.Fail("POST", "/channels/"+th+"/messages", http.StatusUnprocessableEntity, 1, false)
		}, 1, 422, "", true},
		{"413 without an image to cut: paused and told", func(e *env, th string) {
			e.fake.Fail("POST", "/channels/"+th+"/messages", http.StatusRequestEntityTooLarge, 2, false)
		}, 2, 413, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			thread, p := e.started()
			ctx := context.Background()
			c.break_(e, thread)
			e.playOne(thread, p)
			rs := append(e.deliver(), e.deliver()...)
			posts := find(rs, "POST", "/channels/"+thread+"/messages")
			if len(posts) != c.posts || posts[len(posts)-1].Status != c.last {
				t.Fatalf("%d posts, the last answered %d: %+v", c.posts, c.last, posts)
			}
			told := find(rs, "POST", "/channels/c-games/messages")
			q, _ := e.store.Pending(ctx, e.clock().Add(time.Hour), 0)
			if c.paused {
				if len(told) != 1 || !strings.Contains(content(told[0].JSON), "Discord rejects the game's next post") || !strings.Contains(content(told[0].JSON), "paused") {
					t.Fatalf("the lobby channel is told: %+v", told)
				}
				if len(q) != 1 {
					t.Fatalf("the post waits, tried again every 10 minutes: %d", len(q))
				}
				if g, _ := e.store.GameByThread(ctx, thread); g.Deadline != nil || g.RemindAt != nil {
					t.Fatal("the clocks stop")
				}
				return
			}
			last := posts[len(posts)-1]
			if !strings.Contains(content(last.JSON), c.cut) || !strings.Contains(content(last.JSON), "<@") {
				t.Fatalf("the post, with its ping, says what was left out: %q", content(last.JSON))
			}
			if len(told) != 0 || len(q) != 0 {
				t.Fatalf("nothing paused, nothing waits: %+v %d", told, len(q))
			}
		})
	}
}

// A 401 is the token, not the post: it is retried (readiness and the log tell the admin), and
// the game is not paused.
func TestUnauthorizedPostIsRetried(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	e.fake.Fail("POST", "/channels/"+thread+"/messages", http.StatusUnauthorized, 1, false)
	e.playOne(thread, p)
	rs := e.deliver()
	if told := find(rs, "POST", "/channels/c-games/messages"); len(told) != 0 {
		t.Fatalf("nobody is told of a pause: %+v", told)
	}
	e.advance(time.Minute)
	if posts := find(e.deliver(), "POST", "/channels/"+thread+"/messages"); len(posts) != 1 || posts[0].Status != 200 {
		t.Fatalf("the post goes out once the token works: %+v", posts)
	}
}

// A status edit refused with a lasting 4xx that is no thread's refusal (409 here) is dropped at
// once with an error logged, not retried for ever: the game's next post replaces it.
func TestRefusedStatusEditIsNotRetriedForever(t *testing.T) {
	e, thread := openPoll(t)
	posts := find(e.deliver(), "POST", "/channels/"+thread+"/messages")
	if len(posts) != 1 {
		t.Fatalf("the start post: %+v", posts)
	}
	e.fake.Fail("PATCH", "/channels/"+thread+"/messages/"+posts[0].ID, http.StatusConflict, 1, false)
	e.answer(e.slash("ann", thread, "move", opt("move", "yes")))
	if edits := find(e.deliver(), "PATCH", "/channels/"+thread+"/messages/"); len(edits) != 1 || edits[0].Status != http.StatusConflict {
		t.Fatalf("the edit, refused: %+v", edits)
	}
	if q, _ := e.store.Pending(context.Background(), e.clock().Add(24*time.Hour), 0); len(q) != 0 {
		t.Fatalf("nothing waits to be retried: %+v", q)
	}
	if !strings.Contains(e.logs.String(), "Discord refused the status edit, dropped") {
		t.Fatalf("the drop is logged:\n%s", e.logs.String())
	}
}
