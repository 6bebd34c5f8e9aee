package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/storage"
)

// frozen is a store whose writes of moves hang for a while (a database that stalls).
type frozen struct {
	storage.Store
	delay time.Duration
}

func (f frozen) AppendMove(ctx context.Context, w storage.MoveWrite) (int64, error) {
	time.Sleep(f.delay)
	return f.Store.AppendMove(ctx, w)
}

// Finding 8 and Deliver 9: with the database stalled past Discord's 3 s, a move over HTTP is
// deferred in time (never a 503 that tells the player it failed) and the deferral is edited with
// the real outcome once the store answers.
func TestStalledDatabaseDefersAndTellsTheOutcome(t *testing.T) {
	t.Parallel() // mostly waits on real time and changes no package variable: it waits beside the others
	e := newEnv(t)
	thread, p := e.started()
	user := strings.TrimPrefix(p.user, "u-")
	move := e.wholeMove(user, thread)
	svc := bot.New(frozen{e.store, 4 * time.Second}, []bot.Kit{{Game: autumnash.Game, PNG: fakePNG}},
		bot.Options{Now: e.clock, Logger: e.h.log, AutoForced: true, DefaultReminderHours: 24})
	h := NewHandler(svc, e.rest, Options{Now: e.clock, Logger: e.h.log})
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(HTTPHandler(h, pub, nil))
	defer srv.Close()
	s := signer{priv: priv, pub: pub, url: srv.URL, fake: e.fake}
	i := e.slash(user, thread, "move", opt("move", move))
	e.fake.Dispatched(i)
	body, _ := json.Marshal(i)
	mark := e.fake.mark()
	start := time.Now()
	resp, out := s.post(t, body, e.clock(), false)
	if resp.StatusCode != 200 || out["type"] != float64(5) || time.Since(start) > 3*time.Second {
		t.Fatalf("deferred within 3 s: %d %v after %v", resp.StatusCode, out, time.Since(start))
	}
	h.Wait()
	rs, _ := e.fake.since(mark)
	edits := find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edits) != 1 || edits[0].Status != 200 || !strings.HasPrefix(content(edits[0].JSON), "You played") {
		t.Fatalf("the deferral says what happened: %+v", rs)
	}
	if e.moves(thread) != 1 {
		t.Fatalf("%d moves", e.moves(thread))
	}
}

// failing is a store whose next write of a game fails (the effect is lost: a crash, a dropped
// connection) while armed.
type failing struct {
	storage.Store
	armed *atomic.Bool
}

func (f failing) UpdateGame(ctx context.Context, g *storage.Game, out ...storage.OutboxMessage) error {
	if f.armed.CompareAndSwap(true, false) {
		return errors.New("connection reset")
	}
	return f.Store.UpdateGame(ctx, g, out...)
}

func (f failing) AppendMove(ctx context.Context, w storage.MoveWrite) (int64, error) {
	if f.armed.CompareAndSwap(true, false) {
		return 0, errors.New("connection reset")
	}
	return f.Store.AppendMove(ctx, w)
}

// Finding 8 and Deliver 9: an action is recorded as done in the same transaction as its effect,
// so when the effect is lost Discord's resend of the interaction applies it, instead of being
// answered "already done" with nothing done; and a second resend is answered "already done".
func TestInteractionIsDoneWithItsEffect(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	user := strings.TrimPrefix(p.user, "u-")
	armed := &atomic.Bool{}
	svc := bot.New(failing{e.store, armed}, []bot.Kit{{Game: autumnash.Game, PNG: fakePNG}},
		bot.Options{Now: e.clock, Logger: e.h.log, AutoForced: true, DefaultReminderHours: 24})
	h := NewHandler(svc, e.rest, Options{Now: e.clock, Logger: e.h.log})
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(HTTPHandler(h, pub, nil))
	defer srv.Close()
	s := signer{priv: priv, pub: pub, url: srv.URL, fake: e.fake}
	g, err := e.store.GameByThread(context.Background(), thread)
	if err != nil {
		t.Fatal(err)
	}
	// The button that confirms /resign (the act itself; /resign only asks).
	i := e.click(user, thread, fmt.Sprintf("g/%d/quit/yes", g.ID), nil)
	body, _ := json.Marshal(i)
	said := func() string {
		_, out := s.post(t, body, e.clock(), false)
		h.Wait()
		d, _ := out["data"].(map[string]any)
		return content(d)
	}
	armed.Store(true)
	if c := said(); !strings.Contains(c, "can't tell whether it was done") {
		t.Fatalf("the lost effect is not called done: %q", c)
	}
	if g, _ := e.store.GameByThread(context.Background(), thread); g.Status != storage.StatusRunning {
		t.Fatalf("the game changed: %v", g.Status)
	}
	if c := said(); strings.Contains(c, "already done") {
		t.Fatalf("Discord's resend is answered %q: nothing was done", c)
	}
	if g, _ := e.store.GameByThread(context.Background(), thread); g.Status == storage.StatusRunning {
		t.Fatal("the resend resigned")
	}
	if c := said(); !strings.Contains(c, "already done") {
		t.Fatalf("a third delivery: %q", c)
	}
}

// conflicting is a store whose next game update meets a newer version (another instance
// changed the game at the same moment) while armed.
type conflicting struct {
	storage.Store
	armed *atomic.Bool
}

func (c conflicting) UpdateGame(ctx context.Context, g *storage.Game, out ...storage.OutboxMessage) error {
	if c.armed.CompareAndSwap(true, false) {
		return storage.ErrConflict
	}
	return c.Store.UpdateGame(ctx, g, out...)
}

// Finding 8 and Deliver 9: a turn post whose recording meets another instance's write is recorded
// all the same, so its buttons come off when the next post goes out.
func TestEveryTurnPostIsRecorded(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	armed := &atomic.Bool{}
	svc := bot.New(conflicting{e.store, armed}, []bot.Kit{{Game: autumnash.Game, PNG: fakePNG}},
		bot.Options{Now: e.clock, Logger: e.h.log, AutoForced: true, DefaultReminderHours: 24})
	send := NewSender(svc, e.rest, e.h.log)
	e.playOne(thread, p)
	armed.Store(true)
	mark := e.fake.mark()
	for {
		n, err := svc.Deliver(context.Background(), send, 10)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	rs, _ := e.fake.since(mark)
	posts := find(rs, "POST", "/channels/"+thread+"/messages")
	if len(posts) != 1 || armed.Load() {
		t.Fatalf("one post, its recording met a conflict: %+v", posts)
	}
	g, _ := e.store.GameByThread(context.Background(), thread)
	if g.PromptMessage != posts[0].ID {
		t.Fatalf("the post %s is the game's prompt, not %s", posts[0].ID, g.PromptMessage)
	}
	if edits := find(rs, "PATCH", "/channels/"+thread+"/messages/"+p.id); len(edits) != 1 || len(customIDs(edits[0].JSON)) != 0 {
		t.Fatalf("the previous prompt loses its buttons: %+v", edits)
	}
}

// Finding 8 and Deliver 9: when the work does not even defer in time (a machine starved of CPU;
// here the handler's own budget is longer than Discord's 3 s), the HTTP endpoint defers for it
// instead of answering 503, and the move's real outcome edits that deferral.
func TestLateWorkIsDeferredNotFailed(t *testing.T) {
	t.Parallel() // mostly waits on real time and changes no package variable: it waits beside the others
	e := newEnv(t)
	thread, p := e.started()
	user := strings.TrimPrefix(p.user, "u-")
	move := e.wholeMove(user, thread)
	svc := bot.New(frozen{e.store, 4 * time.Second}, []bot.Kit{{Game: autumnash.Game, PNG: fakePNG}},
		bot.Options{Now: e.clock, Logger: e.h.log, AutoForced: true, DefaultReminderHours: 24})
	h := NewHandler(svc, e.rest, Options{Now: e.clock, Logger: e.h.log, Budget: 10 * time.Second})
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(HTTPHandler(h, pub, nil))
	defer srv.Close()
	s := signer{priv: priv, pub: pub, url: srv.URL, fake: e.fake}
	i := e.slash(user, thread, "move", opt("move", move))
	body, _ := json.Marshal(i)
	mark := e.fake.mark()
	start := time.Now()
	resp, out := s.post(t, body, e.clock(), false)
	if resp.StatusCode != 200 || out["type"] != float64(5) || time.Since(start) > 3*time.Second {
		t.Fatalf("deferred within 3 s: %d %v after %v", resp.StatusCode, out, time.Since(start))
	}
	h.Wait()
	rs, _ := e.fake.since(mark)
	edits := find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edits) != 1 || edits[0].Status != 200 || !strings.HasPrefix(content(edits[0].JSON), "You played") {
		t.Fatalf("the deferral says what happened: %+v", rs)
	}
}
