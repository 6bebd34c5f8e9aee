package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/discord/discordtest"
	"github.com/boardbot/boardbot/storage"
)

// Under per-route rate limits, delivery waits each 429 out and still posts every notice once, each
// game's in order in its thread, while several games' threads are posted to at once.
func TestDeliveryWaitsOutRateLimits(t *testing.T) {
	e := newEnv(t)
	e.fake.RouteLimit, e.fake.RouteWindow = 2, 150*time.Millisecond
	// The rate-limit headers let the bot pace itself; a few 429s come anyway (another tool on
	// the same token, a shared limit), and are waited out.
	e.fake.Limit("POST", "/channels/thread-", 3, discordtest.Throttle{RetryAfter: 100 * time.Millisecond})
	ctx := context.Background()
	const games, posts = 6, 5
	want := map[string][]string{}
	for g := range games {
		thread := fmt.Sprintf("thread-%d", g)
		id, err := e.store.CreateGame(ctx, &storage.Game{Kind: "autumn-ash", Seats: 2, Status: storage.StatusRunning,
			Guild: "g1", Channel: "lobby", Thread: thread, Creator: "u1",
			Players: []storage.Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bob"}}})
		if err != nil {
			t.Fatal(err)
		}
		for p := range posts {
			text := fmt.Sprintf("Post %d of game %d.", p, g)
			b, _ := json.Marshal(bot.Notice{Kind: "text", Game: id, Channel: thread, Text: text})
			if err := e.store.Enqueue(ctx, storage.OutboxMessage{GameID: id, Kind: "text", Payload: b, NextTry: e.now, Created: e.now}); err != nil {
				t.Fatal(err)
			}
			want[thread] = append(want[thread], text)
		}
	}
	start := time.Now()
	rs := e.deliver()
	got := map[string][]string{}
	limited := 0
	for _, r := range rs {
		if r.Status == http.StatusTooManyRequests {
			limited++
			continue
		}
		if r.Method == "POST" && strings.HasSuffix(r.Path, "/messages") {
			ch := strings.Split(r.Path, "/")[2]
			got[ch] = append(got[ch], content(r.JSON))
		}
	}
	for thread, texts := range want {
		if fmt.Sprint(got[thread]) != fmt.Sprint(texts) {
			t.Errorf("%s got %q; want each post once, in order: %q", thread, got[thread], texts)
		}
	}
	if limited == 0 {
		t.Error("the fake never answered 429: the test does not exercise the rate limits")
	}
	// Each thread takes 2 posts per window, so 5 posts need 3 windows; one after another the six
	// threads would need 18. Wall time alone is a poor witness on a loaded machine, so the order
	// of arrivals says it: threads posted to at once have each had a post before any has its
	// third (which waits for a new window); one after another, the first thread would be done
	// before the second began. How many threads start within the first window depends on the
	// machine's load, so two is the witness.
	seen, perThread, threadsBeforeThird := map[string]bool{}, map[string]int{}, 0
	for _, r := range rs {
		if r.Status == http.StatusTooManyRequests || r.Method != "POST" || !strings.HasSuffix(r.Path, "/messages") {
			continue
		}
		ch := strings.Split(r.Path, "/")[2]
		seen[ch] = true
		if perThread[ch]++; perThread[ch] == 3 && threadsBeforeThird == 0 {
			threadsBeforeThird = len(seen)
		}
	}
	if threadsBeforeThird < 2 {
		t.Errorf("only %d of %d threads had a post before the first third post: the threads were not posted to at once", threadsBeforeThird, games)
	}
	if d := time.Since(start); d > 40*e.fake.RouteWindow {
		t.Errorf("delivery took %v: the threads were not posted to at once", d)
	}
	if q, _ := e.store.Pending(ctx, e.now.Add(time.Hour), 0); len(q) != 0 {
		t.Errorf("%d notices left in the outbox", len(q))
	}
	t.Logf("%d posts in %v with %d answers 429", games*posts, time.Since(start), limited)
}

// Deliver 4 (folding under the budget): when many games lag behind at once, a delivery round
// claims enough of each game's queued turn posts to fold them into one post per game, so the
// backlog drains in a few posts instead of one for every few moves.
func TestManyLaggingGamesFoldDeeply(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	const games, posts = 30, 40
	var ids []int64
	for g := range games {
		id, err := e.store.CreateGame(ctx, &storage.Game{Kind: "autumn-ash", Seats: 2, Status: storage.StatusRunning,
			Guild: "g1", Channel: "lobby", Thread: fmt.Sprintf("thread-%d", g), Creator: "u1",
			Players: []storage.Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bob"}}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	// Queued as moves come: every game's posts interleaved, oldest first.
	for p := range posts {
		for g, id := range ids {
			b, _ := json.Marshal(bot.Notice{Kind: "turn", Game: id, Seq: int64(p + 1), Channel: fmt.Sprintf("thread-%d", g),
				Text: fmt.Sprintf("Move %d of game %d.\nYour turn.", p+1, g), Head: 1})
			if err := e.store.Enqueue(ctx, storage.OutboxMessage{GameID: id, Kind: "turn", Payload: b, NextTry: e.now, Created: e.now}); err != nil {
				t.Fatal(err)
			}
		}
	}
	bg, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		Background(bg, e.svc, e.send, 5*time.Millisecond, time.Hour, nil)
		close(done)
	}()
	deadline := time.Now().Add(60 * time.Second)
	for {
		if q, _ := e.store.Pending(ctx, e.now.Add(time.Hour), 0); len(q) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the backlog did not drain in 60 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	stop()
	<-done
	rs, _ := e.fake.since(0)
	made := find(rs, "POST", "/channels/thread-")
	for g := range games {
		var last string
		for _, r := range made {
			if r.Path == fmt.Sprintf("/channels/thread-%d/messages", g) {
				last = content(r.JSON)
			}
		}
		if !strings.Contains(last, fmt.Sprintf("Move %d of game %d.", posts, g)) {
			t.Fatalf("game %d's last post is not its newest: %q", g, last)
		}
	}
	if len(made) > 3*games {
		t.Fatalf("%d posts for %d games' %d queued posts each: the backlog was not folded per game", len(made), games, posts)
	}
	t.Logf("%d queued posts of %d games went out as %d posts", games*posts, games, len(made))
}
