package postgres

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/postgres/pgtest"
	"github.com/boardbot/boardbot/storage/storagetest"
)

func openWith(t *testing.T, url string, opt Options) *Store {
	t.Helper()
	s, err := OpenWith(t.Context(), url, opt)
	if err != nil {
		t.Fatalf("OpenWith: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// hold takes every connection of s's pool until the test ends (or release is called).
func hold(t *testing.T, s *Store) (release func()) {
	t.Helper()
	var conns []*pgxpool.Conn
	for range s.pool.Config().MaxConns {
		c, err := s.pool.Pool.Acquire(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			for _, c := range conns {
				c.Release()
			}
		})
	}
	t.Cleanup(release)
	return release
}

// TestPoolExhausted: with every connection of the pool busy, a move waits the pool's wait and
// gets an answer a player can read, logged once; a read does the same; when connections come
// back, moves work.
func TestPoolExhausted(t *testing.T) {
	log := storagetest.Logged(t)
	s := openWith(t, pgtest.URL(t), Options{MaxConns: 2, PoolWait: 300 * time.Millisecond})
	ctx := t.Context()
	id, err := s.CreateGame(ctx, &storage.Game{Kind: "k", Seats: 1, Status: storage.StatusRunning})
	if err != nil {
		t.Fatal(err)
	}
	release := hold(t, s)
	for i := range 2 {
		t0 := time.Now()
		_, err := s.AppendMove(ctx, storage.MoveWrite{GameID: id, ExpectVersion: 1, Move: storage.Move{Notation: "a"}})
		took := time.Since(t0)
		u, ok := storage.AsUnavailable(err)
		if !ok || u.Part != storage.PartDatabase || u.Reason != "all 2 database connections stayed busy for 300ms (database.max_connections)" {
			t.Fatalf("move %d on an exhausted pool = %v", i, err)
		}
		if took < 300*time.Millisecond || took > 2*time.Second {
			t.Errorf("move %d waited %s for a connection, want about 300ms", i, took)
		}
		if a := u.Answer(); !strings.HasPrefix(a, "Nothing was saved") {
			t.Errorf("answer %q", a)
		}
	}
	if _, err := s.Game(ctx, id); err == nil {
		t.Error("a read on an exhausted pool succeeded")
	} else if _, ok := storage.AsUnavailable(err); !ok {
		t.Errorf("read on an exhausted pool = %v, want Unavailable", err)
	}
	if _, err := s.GameVersion(ctx, id); err == nil {
		t.Error("a single-statement read on an exhausted pool succeeded")
	} else if _, ok := storage.AsUnavailable(err); !ok {
		t.Errorf("GameVersion on an exhausted pool = %v, want Unavailable", err)
	}
	if n := strings.Count(log.String(), "database write failed"); n != 1 {
		t.Errorf("logged %d times over 2 refused moves, want once:\n%s", n, log)
	}
	release()
	if _, err := s.AppendMove(ctx, storage.MoveWrite{GameID: id, ExpectVersion: 1, Move: storage.Move{Notation: "a"}}); err != nil {
		t.Errorf("move once connections are back: %v", err)
	}
	if err := s.Ready(ctx); err != nil {
		t.Errorf("Ready once connections are back: %v", err)
	}
}

// TestReadyHungDatabase: with no connection to be had for longer than the probe may wait,
// Ready answers within its bound and says it timed out.
func TestReadyHungDatabase(t *testing.T) {
	s := openWith(t, pgtest.URL(t), Options{MaxConns: 1, PoolWait: time.Minute})
	if err := s.Ready(t.Context()); err != nil {
		t.Fatalf("Ready on a healthy database = %v", err)
	}
	hold(t, s)
	storagetest.ReadyTimesOut(t, s, "database")
}

// TestReadOnlyServer: on a server that takes no writes (a standby; here the session's
// default_transaction_read_only), Ready says so and a move fails with the same words, which
// keep Ready failing until a write works.
func TestReadOnlyServer(t *testing.T) {
	url := pgtest.URL(t)
	open(t, url) // migrated while writable
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["default_transaction_read_only"] = "on"
	p, err := pgxpool.NewWithConfig(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := newStore(&pool{Pool: p, wait: time.Second})
	t.Cleanup(func() { s.Close() })
	storagetest.Logged(t)
	err = s.Ready(t.Context())
	if u, ok := storage.AsUnavailable(err); !ok || u.Reason != readOnly {
		t.Errorf("Ready on a read-only server = %v", err)
	}
	_, err = s.CreateGame(t.Context(), &storage.Game{Kind: "k", Seats: 1})
	if u, ok := storage.AsUnavailable(err); !ok || u.Reason != readOnly {
		t.Errorf("write on a read-only server = %v", err)
	}
	if s.health.sticky.Failed() == nil {
		t.Error("the read-only failure was not remembered for Ready")
	}
}

// TestCapacity: pools that cannot fit the server even when idle are refused at start, naming the
// numbers; pools that fit an idle server but not what is free now are only warned about.
func TestCapacity(t *testing.T) {
	url := pgtest.URL(t)
	s := open(t, url)
	c, err := s.Capacity(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	usable, _ := c.Usable()
	if c.Max < 1 || usable > c.Max || usable < 1 {
		t.Fatalf("capacity %+v, usable %d", c, usable)
	}
	t.Logf("server: %+v, usable %d, free %d", c, usable, c.Free())

	_, err = OpenWith(t.Context(), url, Options{MaxConns: usable/2 + 1, Instances: 2, Check: true})
	if err == nil || !strings.Contains(err.Error(), "× database.instances 2 needs") || !strings.Contains(err.Error(), "lower database.max_connections") {
		t.Errorf("pools of %d × 2 on a server allowing %d: %v, want a refusal", usable/2+1, usable, err)
	}

	// Another client holds a connection: the whole of the usable connections fits an idle
	// server but not this one.
	other, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close(context.Background())
	log := storagetest.Logged(t)
	s2, err := OpenWith(t.Context(), url, Options{MaxConns: usable, Check: true})
	if err != nil {
		t.Fatalf("a pool of the server's size was refused: %v", err)
	}
	s2.Close()
	if !strings.Contains(log.String(), "level=WARN") || !strings.Contains(log.String(), "connections free now, fewer than this instance's pool") {
		t.Errorf("no warning for a pool larger than the free connections:\n%s", log)
	}
}

// TestCapacityArithmetic: what limits the connections, by table.
func TestCapacityArithmetic(t *testing.T) {
	for _, c := range []struct {
		c            Capacity
		usable, free int
		why          string
	}{
		{Capacity{Max: 100, Reserved: 3, RoleLimit: -1, InUse: 10}, 97, 87, "max_connections 100, 3 reserved"},
		{Capacity{Max: 100, Reserved: 3, Superuser: true, RoleLimit: -1, InUse: 10}, 100, 90, "(max_connections)"},
		{Capacity{Max: 100, Reserved: 3, RoleLimit: 20, InUse: 50, RoleInUse: 5}, 20, 15, "CONNECTION LIMIT"},
		{Capacity{Max: 10, Reserved: 3, RoleLimit: -1, InUse: 9}, 7, 0, "allows 7"},
	} {
		usable, why := c.c.Usable()
		if usable != c.usable || c.c.Free() != c.free || !strings.Contains(why, c.why) {
			t.Errorf("%+v: usable %d (%s), free %d; want %d, %d, %q", c.c, usable, why, c.c.Free(), c.usable, c.free, c.why)
		}
	}
}

// BenchmarkReady: what a readiness probe costs on a healthy database.
func BenchmarkReady(b *testing.B) {
	s, err := Open(context.Background(), pgtest.URL(b))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	storagetest.BenchReady(b, s)
}

// TestReadyStalledWrite: one write running far longer than any row lock should (a server whose
// disk froze) makes Ready fail; a long busy stretch of overlapping writes, each short, does not.
func TestReadyStalledWrite(t *testing.T) {
	s := openWith(t, pgtest.URL(t), Options{})
	ctx := t.Context()
	backdate := func(d time.Duration) {
		s.health.mu.Lock()
		for id := range s.health.inflight {
			s.health.inflight[id] = time.Now().Add(-d)
		}
		s.health.mu.Unlock()
	}
	endA := s.health.begun()
	backdate(writeStall + time.Second) // A began long ago...
	endB := s.health.begun()           // ...B overlaps it...
	endA()                             // ...and A ends: writes never stopped, none is stuck
	if err := s.Ready(ctx); err != nil {
		t.Errorf("Ready after a long stretch of short writes = %v", err)
	}
	backdate(writeStall + time.Second)
	err := s.Ready(ctx)
	if u, ok := storage.AsUnavailable(err); !ok || u.Part != storage.PartDatabase || !strings.Contains(u.Reason, "a write has not finished for 16s") {
		t.Errorf("Ready with a stalled write = %v", err)
	}
	endB()
	if err := s.Ready(ctx); err != nil {
		t.Errorf("Ready once the write ended = %v", err)
	}
}
