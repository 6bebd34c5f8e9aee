package postgres

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/boardbot/boardbot/storage"
)

// writeStall is how long a write transaction may run before Ready calls the database stuck:
// the bot's transactions take milliseconds, a row lock held by another instance a little more.
const writeStall = 15 * time.Second

// stickyFor is how long a write that failed for the server's sake (disk full, read-only) keeps
// Ready failing when no later write succeeds; Ready cannot see a full disk without writing.
const stickyFor = time.Minute

const readOnly = "the database server is read-only (a standby, or default_transaction_read_only is on)"

func dbErr(format string, a ...any) *storage.Unavailable {
	return &storage.Unavailable{Part: storage.PartDatabase, Reason: fmt.Sprintf(format, a...)}
}

// health is what the store learned from its own writes, for Ready and the log.
type health struct {
	mu       sync.Mutex
	inflight map[uint64]time.Time // when each write still running began
	next     uint64
	sticky   storage.Sticky // a full or read-only server, until a write succeeds
	logged   string         // the cause last logged, and when
	loggedAt time.Time
	prober   storage.Prober
}

// classify names an error that is the server's or the connection's doing; nil for any other.
func classify(err error) *storage.Unavailable {
	var u *storage.Unavailable
	if errors.As(err, &u) {
		return u
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "53100": // disk_full
			u = &storage.Unavailable{Part: storage.PartDisk, Reason: "the database server's disk is full"}
		case "25006": // read_only_sql_transaction
			u = dbErr(readOnly)
		case "53300", "53200": // too_many_connections, out_of_memory
			u = dbErr("the database server refused a connection: it has no connection slot left (its max_connections)")
		case "57P01", "57P02", "57P03": // admin_shutdown, crash_shutdown, cannot_connect_now
			u = dbErr("the database server is shutting down or starting")
		default:
			return nil
		}
		u.Err = err
		return u
	}
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) {
		return &storage.Unavailable{Part: storage.PartDatabase, Reason: "the database server cannot be reached", Err: err}
	}
	return nil
}

// noted classifies a write's result as the SQLite store does: a failure for the server's sake
// becomes an *storage.Unavailable, logged once when it starts and remembered for Ready.
func (s *Store) noted(err error) error {
	h := &s.health
	if err == nil {
		if was := h.sticky.Clear(); was != nil {
			slog.Info("database writes work again", "was", was.Reason)
		}
		return nil
	}
	u := classify(err)
	if u == nil {
		return err
	}
	h.mu.Lock()
	// Logged once per cause and minute, not at every move it refuses.
	first := h.logged != u.Reason || time.Since(h.loggedAt) > stickyFor
	if first {
		h.logged, h.loggedAt = u.Reason, time.Now()
	}
	// A full or read-only server stays so until a write proves otherwise, and Ready cannot see it
	// without writing; a busy pool or a lost connection Ready sees by itself.
	if u.Part == storage.PartDisk || u.Reason == readOnly {
		h.sticky.Set(u)
	}
	h.mu.Unlock()
	if first {
		slog.Error("database write failed: "+u.Reason, "err", err)
	}
	return u
}

// begun records a write starting, for Ready; the function it returns records its end.
func (h *health) begun() func() {
	h.mu.Lock()
	h.next++
	id := h.next
	if h.inflight == nil {
		h.inflight = map[uint64]time.Time{}
	}
	h.inflight[id] = time.Now()
	h.mu.Unlock()
	return func() {
		h.mu.Lock()
		delete(h.inflight, id)
		h.mu.Unlock()
	}
}

// stalled is how long the oldest write still running has run; 0 when none runs.
func (h *health) stalled() time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	var d time.Duration
	for _, t := range h.inflight {
		d = max(d, time.Since(t))
	}
	return d
}

// Ready implements storage.Store: a connection from the pool and a read of whether the server
// takes writes, in a goroutine bounded by storage.ReadyTimeout; writes that do not end within
// writeStall; a write that failed for the server's sake within stickyFor.
func (s *Store) Ready(ctx context.Context) error {
	if d := s.health.stalled(); d > writeStall {
		return dbErr("a write has not finished for %s", d.Round(time.Second))
	}
	err := s.health.prober.Probe(ctx, func(ctx context.Context) error {
		c, err := s.pool.acquire(ctx)
		if err != nil {
			if u := classify(err); u != nil {
				return u
			}
			if ctx.Err() != nil {
				return &storage.Unavailable{Part: storage.PartTimeout, Reason: "no database connection within the check's time", Err: err}
			}
			return &storage.Unavailable{Part: storage.PartDatabase, Reason: "no connection to the database", Err: err}
		}
		defer c.Release()
		var standby bool
		var ro string
		if err := c.QueryRow(ctx, `SELECT pg_is_in_recovery(), current_setting('default_transaction_read_only')`).Scan(&standby, &ro); err != nil {
			if ctx.Err() != nil {
				return &storage.Unavailable{Part: storage.PartTimeout, Reason: "the database did not answer within the check's time", Err: err}
			}
			return &storage.Unavailable{Part: storage.PartDatabase, Reason: "the database does not answer queries", Err: err}
		}
		if standby || ro == "on" {
			return dbErr(readOnly)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.health.sticky.Err(stickyFor)
}
