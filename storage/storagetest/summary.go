package storagetest

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// The parts of the Store that let a game load without its log, and several instances share one
// database: the log summary in the games row, the cheap version check, the interaction lookup
// and outbox claims.

// summary fails unless game id's row says its log has n moves, the last by seat last.
func summary(t *testing.T, s storage.Store, what string, id, n int64, last int) {
	t.Helper()
	g := load(t, s, id)
	if g.MoveCount != n || g.LastSeat != last {
		t.Errorf("%s: MoveCount %d, LastSeat %d; want %d, %d", what, g.MoveCount, g.LastSeat, n, last)
	}
	if log := moves(t, s, id); int64(len(log)) != g.MoveCount {
		t.Errorf("%s: the row counts %d moves, the log holds %d", what, g.MoveCount, len(log))
	}
}

func testLogSummary(t *testing.T, s storage.Store) {
	g := started(t, s)
	if g.MoveCount != 0 || g.LastSeat != -1 {
		t.Errorf("CreateGame set MoveCount %d, LastSeat %d; want 0, -1", g.MoveCount, g.LastSeat)
	}
	summary(t, s, "new game", g.ID, 0, -1)
	v := appendOK(t, s, write(g.ID, 1, 1, "a1", ""))
	summary(t, s, "after one move by seat 1", g.ID, 1, 1)
	v = appendOK(t, s, write(g.ID, v, 0, "b2", ""))
	v = appendOK(t, s, write(g.ID, v, 1, "c3", ""))
	summary(t, s, "after three moves", g.ID, 3, 1)

	// UpdateGame writes the row but not what the log decides.
	cur := load(t, s, g.ID)
	cur.MoveCount, cur.LastSeat, cur.PromptMessage = 99, 5, "p"
	if err := s.UpdateGame(t.Context(), cur); err != nil {
		t.Fatalf("UpdateGame: %v", err)
	}
	summary(t, s, "after UpdateGame", g.ID, 3, 1)
	v = cur.Version

	// A refused move changes nothing.
	if _, err := s.AppendMove(t.Context(), write(g.ID, v-1, 0, "x", "")); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("AppendMove with a stale version: %v", err)
	}
	summary(t, s, "after a refused move", g.ID, 3, 1)

	v, err := s.TruncateMoves(t.Context(), g.ID, v, 2, []byte("after b2"))
	if err != nil {
		t.Fatalf("TruncateMoves(2): %v", err)
	}
	summary(t, s, "after undoing to 2", g.ID, 2, 0)
	v = appendOK(t, s, write(g.ID, v, 1, "d4", ""))
	summary(t, s, "after a move past an undo", g.ID, 3, 1)
	if _, err := s.TruncateMoves(t.Context(), g.ID, v, 0, []byte("initial")); err != nil {
		t.Fatalf("TruncateMoves(0): %v", err)
	}
	summary(t, s, "after undoing everything", g.ID, 0, -1)
}

func testGameVersion(t *testing.T, s storage.Store) {
	ctx := t.Context()
	g := started(t, s)
	check := func(what string, want int64) {
		t.Helper()
		if v, err := s.GameVersion(ctx, g.ID); err != nil || v != want {
			t.Errorf("GameVersion %s = %d, %v; want %d", what, v, err, want)
		}
	}
	check("new", 1)
	v := appendOK(t, s, write(g.ID, 1, 0, "a1", ""))
	check("after a move", v)
	cur := load(t, s, g.ID)
	if err := s.UpdateGame(ctx, cur); err != nil {
		t.Fatal(err)
	}
	check("after UpdateGame", cur.Version)
	_, err := s.GameVersion(ctx, g.ID+1000)
	wantErr(t, "GameVersion(unknown)", err, storage.ErrNotFound)
}

func testHasMove(t *testing.T, s storage.Store) {
	ctx := t.Context()
	g := started(t, s)
	other := started(t, s)
	v := appendOK(t, s, write(g.ID, 1, 0, "a1", "click-1"))
	v = appendOK(t, s, write(g.ID, v, 1, "b2", "click-2"))
	appendOK(t, s, write(g.ID, v, 0, "c3", ""))
	for _, tc := range []struct {
		game        int64
		interaction string
		want        bool
	}{
		{g.ID, "click-1", true},
		{g.ID, "click-2", true},
		{g.ID, "click-3", false},
		{g.ID, "", false}, // moves without an interaction (console, robots) match nothing
		{other.ID, "click-1", false},
	} {
		if got, err := s.HasMove(ctx, tc.game, tc.interaction); err != nil || got != tc.want {
			t.Errorf("HasMove(%d, %q) = %v, %v; want %v", tc.game, tc.interaction, got, err, tc.want)
		}
	}
	if _, err := s.TruncateMoves(ctx, g.ID, v+1, 1, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := s.HasMove(ctx, g.ID, "click-2"); err != nil || got {
		t.Errorf("HasMove of an undone move = %v, %v; want false", got, err)
	}
}

func kindsOf(msgs []storage.OutboxMessage) []string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = m.Kind
	}
	return out
}

func claim(t *testing.T, s storage.Store, owner string, now time.Time, lease time.Duration, limit int) []storage.OutboxMessage {
	t.Helper()
	msgs, err := s.Claim(t.Context(), owner, now, lease, limit)
	if err != nil {
		t.Fatalf("Claim(%s): %v", owner, err)
	}
	return msgs
}

// testClaimLease: a claim hides its messages from other claimants until its lease runs out, then
// anyone takes them over; Retry and MarkSent end a claim; only due messages are claimed, oldest
// first.
func testClaimLease(t *testing.T, s storage.Store) {
	ctx := t.Context()
	t0 := at(0)
	if err := s.Enqueue(ctx,
		storage.OutboxMessage{Kind: "b", NextTry: t0.Add(time.Second)},
		storage.OutboxMessage{Kind: "a", NextTry: t0},
		storage.OutboxMessage{Kind: "c", NextTry: t0.Add(time.Second)},
		storage.OutboxMessage{Kind: "later", NextTry: t0.Add(time.Hour)},
	); err != nil {
		t.Fatal(err)
	}
	now := t0.Add(time.Minute)
	got := claim(t, s, "one", now, time.Minute, 2)
	if k := kindsOf(got); !slices.Equal(k, []string{"a", "b"}) {
		t.Fatalf("first claim = %v, want [a b] (oldest first, limit 2)", k)
	}
	if c := claim(t, s, "two", now, time.Minute, 10); !slices.Equal(kindsOf(c), []string{"c"}) || c[0].Attempts != 0 {
		t.Fatalf("second claimant got %+v, want [c] with no attempt: a and b are held, later is not due", c)
	}
	if k := kindsOf(claim(t, s, "two", now.Add(59*time.Second), time.Minute, 10)); len(k) != 0 {
		t.Errorf("claim within the leases got %v, want nothing", k)
	}
	// Owner one sends a and fails b; b comes back when its retry is due, to anyone.
	if err := s.MarkSent(ctx, got[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Retry(ctx, got[1].ID, now.Add(10*time.Second)); err != nil {
		t.Fatal(err)
	}
	if k := kindsOf(claim(t, s, "three", now.Add(5*time.Second), time.Minute, 10)); len(k) != 0 {
		t.Errorf("claim before b's retry got %v, want nothing", k)
	}
	retried := claim(t, s, "three", now.Add(10*time.Second), time.Minute, 10)
	if k := kindsOf(retried); !slices.Equal(k, []string{"b"}) || retried[0].Attempts != 1 {
		t.Errorf("claim at b's retry = %+v, want b with 1 attempt", retried)
	}
	// Owner two died holding c: once its lease has run out, c is taken over.
	taken := claim(t, s, "four", now.Add(time.Minute), time.Minute, 10)
	if k := kindsOf(taken); !slices.Equal(k, []string{"c"}) || taken[0].Attempts != 1 {
		t.Errorf("claim after c's lease ran out = %+v, want [c] with 1 attempt (its holder may have sent it)", taken)
	}
	if _, err := s.Claim(ctx, "", now, time.Minute, 1); err == nil {
		t.Error("Claim without an owner was accepted")
	}
	if _, err := s.Claim(ctx, "x", now, time.Minute, 0); err == nil {
		t.Error("Claim with limit 0 was accepted")
	}
	// Pending still lists everything due, held or not.
	if n := len(pendingAll(t, s)); n != 3 {
		t.Errorf("Pending lists %d messages, want 3 (b, c, later)", n)
	}
}

// testClaimInGameOrder: a game's messages are claimed in queue order, never one while an earlier
// one of its game is held or put off; a message of no game waits for nobody.
func testClaimInGameOrder(t *testing.T, s storage.Store) {
	ctx := t.Context()
	g, err := s.CreateGame(ctx, sampleGame("thread-order"))
	if err != nil {
		t.Fatal(err)
	}
	t0 := at(0)
	if err := s.Enqueue(ctx,
		storage.OutboxMessage{GameID: g, Kind: "g1", NextTry: t0},
		storage.OutboxMessage{GameID: g, Kind: "g2", NextTry: t0},
		storage.OutboxMessage{Kind: "free", NextTry: t0},
		storage.OutboxMessage{GameID: g, Kind: "g3", NextTry: t0},
	); err != nil {
		t.Fatal(err)
	}
	now := t0.Add(time.Minute)
	first := claim(t, s, "one", now, time.Minute, 1)
	if k := kindsOf(first); !slices.Equal(k, []string{"g1"}) {
		t.Fatalf("first claim = %v, want [g1]", k)
	}
	if k := kindsOf(claim(t, s, "two", now, time.Minute, 10)); !slices.Equal(k, []string{"free"}) {
		t.Fatalf("while g1 is held, another claimant got %v; want [free] (g2 and g3 wait behind g1)", k)
	}
	// g1 failed: until its retry is due, g2 and g3 stay behind it, even once they are due.
	if err := s.Retry(ctx, first[0].ID, now.Add(10*time.Second)); err != nil {
		t.Fatal(err)
	}
	if k := kindsOf(claim(t, s, "two", now.Add(5*time.Second), time.Minute, 10)); len(k) != 0 {
		t.Errorf("before g1's retry a claim got %v, want nothing", k)
	}
	// They come in Pending's order (g1 is now due last); a sender orders a game's by id.
	k := kindsOf(claim(t, s, "two", now.Add(10*time.Second), time.Minute, 10))
	slices.Sort(k)
	if !slices.Equal(k, []string{"g1", "g2", "g3"}) {
		t.Errorf("at g1's retry a claim got %v, want g1, g2 and g3", k)
	}
}

// testClaimOnce: claimants racing over one queue each get different messages, and together all
// of them.
func testClaimOnce(t *testing.T, s storage.Store) { ClaimRace(t, s) }

// ClaimRace queues messages through the first store and has claimants spread over all the stores
// (handles on one database, as separate instances hold them) race to claim them: each message
// must go to exactly one claimant.
func ClaimRace(t *testing.T, stores ...storage.Store) {
	const messages, claimants, batch = 60, 6, 4
	ctx := t.Context()
	t0 := at(0)
	var msgs []storage.OutboxMessage
	for i := range messages {
		msgs = append(msgs, storage.OutboxMessage{Kind: fmt.Sprintf("m%d", i), NextTry: t0})
	}
	if err := stores[0].Enqueue(ctx, msgs...); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	owner := map[int64]string{}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for c := range claimants {
		name := fmt.Sprintf("claimant-%d", c)
		s := stores[c%len(stores)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for {
				got, err := s.Claim(ctx, name, t0, time.Hour, batch)
				if err != nil {
					t.Errorf("%s: Claim: %v", name, err)
					return
				}
				if len(got) == 0 {
					return
				}
				mu.Lock()
				for _, m := range got {
					if prev, ok := owner[m.ID]; ok {
						t.Errorf("message %s claimed by %s and %s", m.Kind, prev, name)
					}
					owner[m.ID] = name
				}
				mu.Unlock()
			}
		}()
	}
	close(start)
	wg.Wait()
	if len(owner) != messages {
		t.Errorf("%d of %d messages were claimed", len(owner), messages)
	}
}

func testStats(t *testing.T, s storage.Store) {
	ctx := t.Context()
	st, err := s.Stats(ctx)
	if err != nil || st.Running == nil || len(st.Running) != 0 || st.Queued != 0 || !st.Oldest.IsZero() {
		t.Fatalf("Stats of an empty store = %+v, %v", st, err)
	}
	started(t, s)
	started(t, s)
	create(t, s, lobbyGame("ascidiae", "g", "ann"))
	done := sampleGame("")
	done.Kind, done.Status = "reef-encounter", storage.StatusFinished
	create(t, s, done)
	before := time.Now()
	if err := s.Enqueue(ctx, storage.OutboxMessage{Kind: "a"}, storage.OutboxMessage{Kind: "b", NextTry: at(0)}); err != nil {
		t.Fatal(err)
	}
	after := time.Now()
	if err := s.Enqueue(ctx, storage.OutboxMessage{Kind: "c"}); err != nil {
		t.Fatal(err)
	}
	st, err = s.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Running) != 1 || st.Running["autumn-ash"] != 2 || st.Queued != 3 {
		t.Errorf("Stats = %+v; want 2 running autumn-ash games and 3 queued messages", st)
	}
	within(t, "Stats.Oldest", st.Oldest, before, after)
}
