package discord

import (
	"context"
	"encoding/json"
	"log/slog"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/discord/discordtest"
	"github.com/boardbot/boardbot/storage"
)

// queueText queues a text post for a new game played in thread.
func (e *env) queueText(thread, text string) {
	e.t.Helper()
	ctx := context.Background()
	g, err := e.store.GameByThread(ctx, thread)
	var id int64
	if err == nil && g != nil {
		id = g.ID
	} else {
		id, err = e.store.CreateGame(ctx, &storage.Game{Kind: "autumn-ash", Seats: 2, Status: storage.StatusRunning,
			Guild: "g1", Channel: "lobby", Thread: thread, Creator: "u1",
			Players: []storage.Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bob"}}})
		if err != nil {
			e.t.Fatal(err)
		}
	}
	b, _ := json.Marshal(bot.Notice{Kind: "text", Game: id, Channel: thread, Text: text})
	if err := e.store.Enqueue(ctx, storage.OutboxMessage{GameID: id, Kind: "text", Payload: b, NextTry: e.clock(), Created: e.clock()}); err != nil {
		e.t.Fatal(err)
	}
}

// Finding 2 and Deliver 3: a thread whose post waits out a Retry-After of 3 s holds only itself;
// another game's post queued 0.3 s later goes out at once, not after the wait.
func TestOneSlowThreadStallsNoOther(t *testing.T) {
	t.Parallel() // mostly waits on real time and changes no package variable: it waits beside the others
	e := newEnv(t)
	e.fake.Limit("POST", "/channels/slow/messages", 1, discordtest.Throttle{RetryAfter: 3 * time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		Background(ctx, e.svc, e.send, 50*time.Millisecond, time.Hour, slog.New(slog.NewTextHandler(&lockedBuffer{b: e.logs}, nil)))
		close(done)
	}()
	defer func() { cancel(); <-done }()
	start := time.Now()
	e.queueText("slow", "First game.")
	time.Sleep(300 * time.Millisecond)
	queued := time.Now()
	e.queueText("fast", "Second game.")
	mark := 0
	fast := e.fake.WaitFor(mark, func(r discordtest.Request) bool { return r.Path == "/channels/fast/messages" && r.Status == 200 })
	slow := e.fake.WaitFor(mark, func(r discordtest.Request) bool { return r.Path == "/channels/slow/messages" && r.Status == 200 })
	if d := fast.At.Sub(queued); d > time.Second {
		t.Errorf("the other game's post waited %v for the slow thread", d)
	}
	if d := slow.At.Sub(start); d < 3*time.Second {
		t.Errorf("the slow thread's post went out after %v, before its Retry-After", d)
	}
	t.Logf("fast post %v after it was queued; slow post %v after the start", fast.At.Sub(queued), slow.At.Sub(start))
}
