package storagetest

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/boardbot/boardbot/storage"
)

func testRemember(t *testing.T, s storage.Store) {
	if err := s.Remember(t.Context(), "join-1"); err != nil {
		t.Fatalf("Remember(join-1): %v", err)
	}
	wantErr(t, "Remember(join-1) again", s.Remember(t.Context(), "join-1"), storage.ErrDuplicate)
	if err := s.Remember(t.Context(), "join-2"); err != nil {
		t.Errorf("Remember(join-2): %v", err)
	}
	wantErr(t, "Remember(join-1) a third time", s.Remember(t.Context(), "join-1"), storage.ErrDuplicate)

	// Remember's keys and moves' interaction ids are kept apart: one interaction may do both.
	g := started(t, s)
	appendOK(t, s, write(g.ID, 1, 0, "a1", "join-1"))
	appendOK(t, s, write(g.ID, 2, 1, "b2", "click-7"))
	if err := s.Remember(t.Context(), "click-7"); err != nil {
		t.Errorf("Remember(click-7) after a move with that interaction id: %v", err)
	}
}

func testSettings(t *testing.T, s storage.Store) {
	ctx := t.Context()
	get := func(scope, id, key string) (string, bool) {
		t.Helper()
		v, ok, err := s.Setting(ctx, scope, id, key)
		if err != nil {
			t.Fatalf("Setting(%s, %s, %s): %v", scope, id, key, err)
		}
		return v, ok
	}
	set := func(scope, id, key, value string) {
		t.Helper()
		if err := s.SetSetting(ctx, scope, id, key, value); err != nil {
			t.Fatalf("SetSetting(%s, %s, %s): %v", scope, id, key, err)
		}
	}
	if v, ok := get("guild", "1", "clock"); ok || v != "" {
		t.Errorf("unset setting = %q, %v; want \"\", false", v, ok)
	}
	set("guild", "1", "clock", "24")
	set("guild", "1", "lang", "fr")
	set("user", "1", "lang", "en")  // same id, other scope
	set("guild", "2", "lang", "de") // same scope, other id
	set("guild", "1", "lang", "it") // replaces fr
	set("user", "1", "quiet", "")   // an empty value is still a value

	for _, c := range []struct {
		scope, id, key, want string
		ok                   bool
	}{
		{"guild", "1", "clock", "24", true},
		{"guild", "1", "lang", "it", true},
		{"user", "1", "lang", "en", true},
		{"guild", "2", "lang", "de", true},
		{"user", "1", "quiet", "", true},
		{"user", "1", "clock", "", false},
		{"user", "2", "lang", "", false},
	} {
		if v, ok := get(c.scope, c.id, c.key); v != c.want || ok != c.ok {
			t.Errorf("Setting(%s, %s, %s) = %q, %v; want %q, %v", c.scope, c.id, c.key, v, ok, c.want, c.ok)
		}
	}
	all, err := s.Settings(ctx, "guild", "1")
	if err != nil {
		t.Fatalf("Settings: %v", err)
	}
	if len(all) != 2 || all["clock"] != "24" || all["lang"] != "it" {
		t.Errorf("Settings(guild, 1) = %v, want clock=24 lang=it", all)
	}
	none, err := s.Settings(ctx, "guild", "3")
	if err != nil || len(none) != 0 {
		t.Errorf("Settings(guild, 3) = %v, %v; want none", none, err)
	}
}

func testOutbox(t *testing.T, s storage.Store) {
	ctx := t.Context()
	g := started(t, s)
	t0 := at(0)
	before := time.Now()
	err := s.Enqueue(ctx,
		storage.OutboxMessage{Kind: "b", GameID: g.ID, Payload: []byte("second"), NextTry: t0.Add(time.Minute)},
		storage.OutboxMessage{Kind: "a", GameID: g.ID, Payload: []byte("first"), NextTry: t0},
		storage.OutboxMessage{Kind: "c", Payload: []byte("later"), NextTry: t0.Add(2 * time.Minute)},
		storage.OutboxMessage{Kind: "a2", Payload: []byte{0, 0xff}, NextTry: t0}, // same time as "a": queue order
	)
	if err != nil {
		t.Fatalf("Enqueue: %v", err)
	}
	after := time.Now()
	if err := s.Enqueue(ctx); err != nil {
		t.Errorf("Enqueue(nothing): %v", err)
	}
	kinds := func(msgs []storage.OutboxMessage) string {
		var k string
		for _, m := range msgs {
			k += m.Kind + " "
		}
		return k
	}
	pending := func(now time.Time, limit int) []storage.OutboxMessage {
		t.Helper()
		msgs, err := s.Pending(ctx, now, limit)
		if err != nil {
			t.Fatalf("Pending: %v", err)
		}
		return msgs
	}

	due := pending(t0.Add(90*time.Second), 0)
	if got := kinds(due); got != "a a2 b " {
		t.Fatalf("Pending(t0+90s) = %q, want \"a a2 b \"", got)
	}
	a := due[0]
	if a.ID == 0 || a.GameID != g.ID || string(a.Payload) != "first" || a.Attempts != 0 {
		t.Errorf("message a = %+v", a)
	}
	if due[1].GameID != 0 || string(due[1].Payload) != "\x00\xff" {
		t.Errorf("message a2 = %+v, want no game and payload 00 ff", due[1])
	}
	sameTime(t, "a NextTry", a.NextTry, t0)
	within(t, "a Created", a.Created, before, after)
	if got := kinds(pending(t0.Add(90*time.Second), 2)); got != "a a2 " {
		t.Errorf("Pending(limit 2) = %q", got)
	}
	if got := kinds(pending(t0, 0)); got != "a a2 " {
		t.Errorf("Pending(t0) = %q: due exactly at now counts", got)
	}
	if got := pending(t0.Add(-time.Second), 0); len(got) != 0 {
		t.Errorf("Pending(before anything is due) = %q", kinds(got))
	}

	if err := s.MarkSent(ctx, a.ID); err != nil {
		t.Fatalf("MarkSent: %v", err)
	}
	if got := kinds(pending(t0.Add(time.Hour), 0)); got != "a2 b c " {
		t.Errorf("Pending after sending a = %q", got)
	}
	wantErr(t, "MarkSent twice", s.MarkSent(ctx, a.ID), storage.ErrNotFound)

	// A message without NextTry is due at once.
	if err := s.Enqueue(ctx, storage.OutboxMessage{Kind: "now"}); err != nil {
		t.Fatalf("Enqueue: %v", err)
	}
	found := false
	for _, m := range pending(time.Now(), 0) {
		found = found || m.Kind == "now"
	}
	if !found {
		t.Error("a message queued without NextTry is not pending now")
	}
}

func testOutboxRetry(t *testing.T, s storage.Store) {
	ctx := t.Context()
	t0 := at(0)
	if err := s.Enqueue(ctx, storage.OutboxMessage{Kind: "turn", NextTry: t0}); err != nil {
		t.Fatalf("Enqueue: %v", err)
	}
	msgs, err := s.Pending(ctx, t0, 0)
	if err != nil || len(msgs) != 1 {
		t.Fatalf("Pending = %v, %v", msgs, err)
	}
	id := msgs[0].ID
	for attempt := 1; attempt <= 3; attempt++ {
		next := t0.Add(time.Duration(attempt) * 10 * time.Minute)
		if err := s.Retry(ctx, id, next); err != nil {
			t.Fatalf("Retry: %v", err)
		}
		if early, err := s.Pending(ctx, next.Add(-time.Microsecond), 0); err != nil || len(early) != 0 {
			t.Errorf("attempt %d: Pending before the retry time = %v, %v", attempt, early, err)
		}
		msgs, err := s.Pending(ctx, next, 0)
		if err != nil || len(msgs) != 1 {
			t.Fatalf("attempt %d: Pending at the retry time = %v, %v", attempt, msgs, err)
		}
		if msgs[0].ID != id || msgs[0].Attempts != attempt {
			t.Errorf("attempt %d: message %+v, want id %d with %d attempts", attempt, msgs[0], id, attempt)
		}
		sameTime(t, "NextTry", msgs[0].NextTry, next)
	}
	wantErr(t, "Retry(unknown)", s.Retry(ctx, id+100, t0), storage.ErrNotFound)
}

func testNotFound(t *testing.T, s storage.Store) {
	ctx := t.Context()
	g := started(t, s)
	missing := g.ID + 1000
	_, err := s.Game(ctx, missing)
	wantErr(t, "Game", err, storage.ErrNotFound)
	ghost := sampleGame("")
	ghost.ID, ghost.Version = missing, 1
	wantErr(t, "UpdateGame", s.UpdateGame(ctx, ghost), storage.ErrNotFound)
	_, err = s.AppendMove(ctx, write(missing, 1, 0, "a1", "x"))
	wantErr(t, "AppendMove", err, storage.ErrNotFound)
	_, err = s.Moves(ctx, missing)
	wantErr(t, "Moves", err, storage.ErrNotFound)
	_, err = s.TruncateMoves(ctx, missing, 1, 0, nil)
	wantErr(t, "TruncateMoves", err, storage.ErrNotFound)
	wantErr(t, "MarkSent", s.MarkSent(ctx, 12345), storage.ErrNotFound)
	wantErr(t, "Retry", s.Retry(ctx, 12345, at(0)), storage.ErrNotFound)
	// The refused AppendMove did not keep its interaction id.
	appendOK(t, s, write(g.ID, 1, 0, "a1", "x"))
}

// testDoneKey: an action's key is recorded by its first committed write, in the same transaction;
// a second delivery of the action (another context with the same key) changes nothing and gets
// ErrDuplicate; a write that fails records nothing; the action's later writes go through.
func testDoneKey(t *testing.T, s storage.Store) {
	ctx := t.Context()
	id, err := s.CreateGame(ctx, &storage.Game{Kind: "k", Seats: 2, Status: storage.StatusLobby, Guild: "g", Channel: "c", Creator: "u"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	// A write that fails (a stale version) takes no key.
	first := storage.WithDoneKey(ctx, "ix:1")
	stale := *g
	stale.Version = 99
	if err := s.UpdateGame(first, &stale); err == nil {
		t.Fatal("a stale update went through")
	}
	g.Thread = "t1"
	if err := s.UpdateGame(first, g); err != nil {
		t.Fatalf("the action's effect: %v", err)
	}
	g, _ = s.Game(ctx, id)
	g.Channel = "c2"
	if err := s.UpdateGame(first, g); err != nil {
		t.Fatalf("the same action's next write: %v", err)
	}
	g, _ = s.Game(ctx, id)
	again := storage.WithDoneKey(ctx, "ix:1")
	g.Thread = "t2"
	wantErr(t, "the same action delivered again", s.UpdateGame(again, g), storage.ErrDuplicate)
	if g, _ := s.Game(ctx, id); g.Thread != "t1" || g.Channel != "c2" {
		t.Fatalf("a duplicate changed the game: %+v", g)
	}
	wantErr(t, "Remember of a key recorded with an effect", s.Remember(ctx, "ix:1"), storage.ErrDuplicate)
	if ok, err := s.Remembered(ctx, "ix:1"); !ok || err != nil {
		t.Fatalf("Remembered(ix:1) = %v, %v", ok, err)
	}
	if ok, err := s.Remembered(ctx, "ix:9"); ok || err != nil {
		t.Fatalf("Remembered(ix:9) = %v, %v", ok, err)
	}
	if err := s.SetSetting(storage.WithDoneKey(ctx, "ix:2"), "user", "u", "k", "v"); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "a setting's key", s.SetSetting(storage.WithDoneKey(ctx, "ix:2"), "user", "u", "k", "w"), storage.ErrDuplicate)
	if v, _, _ := s.Setting(ctx, "user", "u", "k"); v != "v" {
		t.Fatalf("a duplicate changed the setting: %q", v)
	}
}

// testSpend: a budget's slot grants exactly limit units, even to racing callers; slots and
// budgets are apart; a filled slot grants nothing.
func testSpend(t *testing.T, s storage.Store) {
	ctx := t.Context()
	var granted atomic.Int32
	var wg sync.WaitGroup
	for range 12 {
		wg.Go(func() {
			ok, err := s.Spend(ctx, "discord", 1000, 5, false)
			if err != nil {
				t.Error(err)
			}
			if ok {
				granted.Add(1)
			}
		})
	}
	wg.Wait()
	if granted.Load() != 5 {
		t.Fatalf("%d units granted of 5", granted.Load())
	}
	if ok, err := s.Spend(ctx, "discord", 1001, 5, false); !ok || err != nil {
		t.Fatalf("the next slot: %v %v", ok, err)
	}
	if ok, err := s.Spend(ctx, "other", 1000, 5, false); !ok || err != nil {
		t.Fatalf("another budget: %v %v", ok, err)
	}
	if ok, err := s.Spend(ctx, "discord", 1002, 5, true); ok || err != nil {
		t.Fatalf("a fill: %v %v", ok, err)
	}
	if ok, err := s.Spend(ctx, "discord", 1002, 5, false); ok || err != nil {
		t.Fatalf("a filled slot: %v %v", ok, err)
	}
	// Slots far behind are forgotten: a new slot 200 later clears them, and still grants.
	if ok, err := s.Spend(ctx, "discord", 1300, 5, false); !ok || err != nil {
		t.Fatalf("a later slot: %v %v", ok, err)
	}
}
