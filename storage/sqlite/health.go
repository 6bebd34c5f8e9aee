package sqlite

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	sqlitedrv "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/boardbot/boardbot/storage"
)

// MinFree is the free space below which the store refuses to start ("disk full"): a WAL at its
// limit (walLimit) and the pages a few moves add need about this much.
const MinFree = 1 << 20

// writeStall is how long a write may hold the writer before Ready calls the disk stuck: longer
// than busy_timeout, which a write may legitimately spend waiting for another process's lock.
const writeStall = 3 * busyTimeoutMS * time.Millisecond

// stickyFor is how long a write that failed for the disk's sake keeps Ready failing when no
// later write succeeds and the live checks see nothing wrong (a quota, a database at its size
// limit): long enough for a probe to see it, short enough that a store nobody writes to (a
// load balancer stopped sending traffic) does not stay unready for ever.
const stickyFor = time.Minute

type fsInfo struct {
	free     uint64 // bytes an unprivileged writer may still use
	readOnly bool   // mounted read-only
}

var errNoStatfs = errors.New("statfs is not available here")

// sys is the operating system's view of the files; tests put a full or read-only disk in it.
var sys = struct {
	statfs func(dir string) (fsInfo, error)
	access func(path string) error
	owner  func(path string) (int, bool)
}{statfsOS, accessOS, ownerOS}

func diskErr(format string, a ...any) *storage.Unavailable {
	return &storage.Unavailable{Part: storage.PartDisk, Reason: fmt.Sprintf(format, a...)}
}

// CheckPlace names what would make the database at path unusable, before anything opens it: a
// missing directory, a read-only file system, a read-only database file (or its -wal and -shm),
// a directory this user cannot create files in, or a disk with less than MinFree bytes free. It
// returns nil or an *storage.Unavailable, and writes nothing.
func CheckPlace(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return diskErr("database path %s: %v", path, err)
	}
	dir := filepath.Dir(abs)
	info, err := sys.statfs(dir)
	known := err == nil
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return diskErr("the directory %s does not exist: create it, or point database.path elsewhere", dir)
	case errors.Is(err, fs.ErrPermission):
		return diskErr("the directory %s cannot be reached by this user", dir)
	case err != nil && !errors.Is(err, errNoStatfs):
		return diskErr("the directory %s cannot be examined: %v", dir, err)
	}
	if known && info.readOnly {
		return diskErr("the directory %s is on a read-only file system", dir)
	}
	for _, f := range []string{abs, abs + "-wal", abs + "-shm"} {
		if _, err := os.Stat(f); err != nil {
			continue // created on open, which the directory check covers
		}
		if err := sys.access(f); err != nil {
			if errors.Is(err, syscall.EROFS) {
				return diskErr("the directory %s is on a read-only file system", dir)
			}
			if hint := ownedByOther(f); hint != "" {
				return diskErr("database file %s %s", f, hint)
			}
			return diskErr("database file %s is read-only", f)
		}
	}
	if err := sys.access(dir); err != nil {
		if errors.Is(err, syscall.EROFS) {
			return diskErr("the directory %s is on a read-only file system", dir)
		}
		if hint := ownedByOther(dir); hint != "" {
			return diskErr("the directory %s %s", dir, hint)
		}
		return diskErr("the directory %s is read-only for this user: SQLite creates its -wal and -shm files there", dir)
	}
	if known && info.free < MinFree {
		return diskErr("disk full: %d bytes free on %s", info.free, dir)
	}
	return nil
}

// ownedByOther says, when path that this user may not write belongs to another user, whose it
// is and how to give it back: a `sudo boardbot restore` or a root cron's backup once left the
// bot's files to root, and the bot only said "read-only".
func ownedByOther(path string) string {
	uid, ok := sys.owner(path)
	if !ok || uid == os.Geteuid() {
		return ""
	}
	me, them := strconv.Itoa(os.Geteuid()), strconv.Itoa(uid)
	if u, err := user.LookupId(me); err == nil {
		me = u.Username
	}
	if u, err := user.LookupId(them); err == nil {
		them = u.Username
	}
	return fmt.Sprintf("belongs to %s, not to %s, who runs the bot (a restore or backup run as root?): give it back with chown %s %s, and run maintenance commands as the bot's user (sudo -u %s boardbot ...)", them, me, me, path, me)
}

// health is what the store learned from its own writes, for Ready and the log.
type health struct {
	writing atomic.Int64 // unix nanoseconds at which the write in progress began; 0 when none

	mu     sync.Mutex
	sticky storage.Sticky // the last write's failure for the disk's sake, until a write succeeds
	// lockedSince is when Ready first found the write lock held by another process; zero
	// while it is free.
	lockedSince time.Time
	prober      storage.Prober
}

// noted classifies a write's result: a failure for the disk's sake becomes an
// *storage.Unavailable naming it, logged once when it starts (not at every move refused for it),
// and remembered for Ready until a write succeeds again.
func (s *Store) noted(err error) error {
	h := &s.health
	if err == nil {
		if was := h.sticky.Clear(); was != nil {
			slog.Info("database writes work again", "db", s.path, "was", was.Reason)
		}
		return nil
	}
	u := s.classify(err)
	if u == nil {
		return err
	}
	if u.Part != storage.PartDisk {
		// A lock another process holds: Ready sees it by itself (lockProbe), and it must not
		// stay "failed" once that process lets go.
		slog.Warn("database write failed: "+u.Reason, "db", s.path, "err", err)
		return u
	}
	if h.sticky.Set(u) {
		slog.Error("database write failed: "+u.Reason, "db", s.path, "err", err)
	}
	return u
}

// classify names a SQLite error that is the disk's doing; nil for any other.
func (s *Store) classify(err error) *storage.Unavailable {
	var se *sqlitedrv.Error
	if !errors.As(err, &se) {
		return nil
	}
	var u *storage.Unavailable
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_FULL:
		u = diskErr("database file %s cannot grow: the disk or the file's size limit is full", s.path)
	case sqlite3.SQLITE_READONLY:
		u = diskErr("database file %s is read-only", s.path)
	case sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN:
		u = diskErr("input/output error on database file %s", s.path)
	case sqlite3.SQLITE_BUSY:
		// The writer begins IMMEDIATE, so a busy write failed at its BEGIN, after waiting
		// busy_timeout for another process's lock: nothing of it was written, and the player is
		// told so rather than that the outcome is unknown. Not the disk's: no place check.
		return &storage.Unavailable{Part: storage.PartDatabase, Err: err, Reason: fmt.Sprintf(
			"another process holds the write lock of %s (an open sqlite3 shell or a backup tool?)", s.path)}
	default:
		return nil
	}
	// The place check says more when it sees the cause (which directory, how many bytes).
	if perr := CheckPlace(s.path); perr != nil {
		u, _ = storage.AsUnavailable(perr)
	}
	u.Err = err
	return u
}

// Ready implements storage.Store: a read on the reader pool and the place checks, in a goroutine
// bounded by storage.ReadyTimeout; a write stuck for longer than writeStall; a write that failed
// for the disk's sake within stickyFor.
func (s *Store) Ready(ctx context.Context) error {
	if since := s.health.writing.Load(); since != 0 {
		if d := time.Since(time.Unix(0, since)); d > writeStall {
			return diskErr("a write to %s has not finished for %s", s.path, d.Round(time.Second))
		}
	}
	err := s.health.prober.Probe(ctx, func(ctx context.Context) error {
		if err := CheckPlace(s.path); err != nil {
			return err
		}
		var n int
		if err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil {
			if u := s.classify(err); u != nil {
				return u
			}
			if ctx.Err() != nil {
				return &storage.Unavailable{Part: storage.PartTimeout, Reason: "reading the database took too long", Err: err}
			}
			return &storage.Unavailable{Part: storage.PartDatabase, Reason: "the database file cannot be read", Err: err}
		}
		return s.lockProbe(ctx)
	})
	if err != nil {
		return err
	}
	return s.health.sticky.Err(stickyFor)
}

// lockedFor is how long another process (an admin's sqlite3 shell in BEGIN IMMEDIATE, a backup
// tool) may hold the database's write lock before Ready says so: twice busy_timeout, so a
// write that waited the whole busy_timeout and failed was seen, and a short lock is not.
var lockedFor = 2 * busyTimeoutMS * time.Millisecond

// lockProbe takes the write lock and gives it back at once, without waiting for it (a
// transaction that writes nothing: the files stay as they were). When another process has held
// it for lockedFor it returns an *storage.Unavailable: every write would wait busy_timeout and
// fail, although reads still work. Our own write in progress is writeStall's to judge.
func (s *Store) lockProbe(ctx context.Context) error {
	h := &s.health
	if h.writing.Load() != 0 {
		return nil
	}
	c, err := s.w.Conn(ctx)
	if err != nil {
		return nil // our own write took the writer meanwhile: not another process's lock
	}
	defer c.Close()
	if _, err := c.ExecContext(ctx, "PRAGMA busy_timeout = 0"); err != nil {
		return nil
	}
	_, err = c.ExecContext(ctx, "BEGIN IMMEDIATE")
	if err == nil {
		_, err = c.ExecContext(ctx, "ROLLBACK")
	}
	if _, rerr := c.ExecContext(context.Background(), fmt.Sprintf("PRAGMA busy_timeout = %d", busyTimeoutMS)); rerr != nil {
		// A writer that would not wait for a lock must not go back to the pool.
		_ = c.Raw(func(any) error { return driver.ErrBadConn })
	}
	var se *sqlitedrv.Error
	busy := errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY
	h.mu.Lock()
	defer h.mu.Unlock()
	if !busy {
		if !h.lockedSince.IsZero() {
			slog.Info("the database's write lock is free again", "db", s.path)
		}
		h.lockedSince = time.Time{}
		return nil
	}
	if h.lockedSince.IsZero() {
		h.lockedSince = time.Now()
	}
	if d := time.Since(h.lockedSince); d >= lockedFor {
		return &storage.Unavailable{Part: storage.PartDatabase, Err: err, Reason: fmt.Sprintf(
			"another process has held the write lock of %s for %s (an open sqlite3 shell or a backup tool?): nothing can be saved until it lets go", s.path, d.Round(time.Second))}
	}
	return nil
}

// checkpointer copies the WAL into the database and truncates it every period when something was
// written since the last time, until the store closes.
func (s *Store) checkpointer(period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-s.stopped:
			return
		case <-t.C:
		}
		if !s.wrote.Swap(false) {
			continue
		}
		if err := s.Checkpoint(context.Background()); err != nil {
			s.wrote.Store(true) // try again next time
			slog.Warn("database checkpoint failed", "db", s.path, "err", err)
		}
	}
}

// Checkpoint copies the write-ahead log into the database and truncates it to zero length. It
// waits (busy_timeout) for readers still reading the log; when one outlasts that, the log is left
// for the next time and nil returned.
func (s *Store) Checkpoint(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*busyTimeoutMS*time.Millisecond)
	defer cancel()
	c, err := s.w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	defer c.Close()
	// Once it holds the writer's one connection it counts as a write: a checkpoint stuck on a
	// frozen disk is seen by Ready.
	s.health.writing.Store(time.Now().UnixNano())
	defer s.health.writing.Store(0)
	var busy, logPages, done int
	err = c.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logPages, &done)
	if err != nil {
		return s.noted(fmt.Errorf("checkpoint: %w", err))
	}
	return nil
}
