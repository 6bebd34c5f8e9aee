// Package sqlite is the default storage.Store: one SQLite file, pure Go (modernc.org/sqlite), no
// set-up. Writes go through a single connection in BEGIN IMMEDIATE transactions; reads use a
// separate read-only pool, which WAL lets run beside the writer.
package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlstore"
)

// busyTimeoutMS is how long a connection waits for another process's lock before SQLITE_BUSY.
// Writes are short, so a few seconds only matter when two processes share the file.
const busyTimeoutMS = 5000

// The write-ahead log is kept small so that it cannot fill a small volume unnoticed: SQLite
// checkpoints it into the database every walPages pages (its default, 1000, lets it reach 4 MB)
// and truncates it back to walLimit bytes after a checkpoint; every checkpointEvery, when
// something was written, the store also checkpoints it to zero length (TRUNCATE), so an idle bot
// leaves no WAL behind.
const (
	walPages        = 256     // 1 MB at the default 4 KB page
	walLimit        = 1 << 20 // bytes
	checkpointEvery = 30 * time.Second
)

// Store is a storage.Store on one SQLite file. It is safe for concurrent use, and several
// processes may open the same file.
type Store struct {
	*sqlstore.Store // games, moves, outbox, keys, settings: the logic both databases share

	path string
	w    *sql.DB // exactly one connection: writers queue here instead of fighting over locks
	r    *sql.DB // read-only pool

	health  health
	wrote   atomic.Bool   // something was written since the last checkpoint
	stopped chan struct{} // closed by Close: ends the checkpointer

	closeOnce sync.Once
	closeErr  error
}

var _ storage.Store = (*Store)(nil)

// Open opens (creating if needed) the database at path and brings its schema up to
// SchemaVersion. A database written by a newer build is refused rather than misread.
func Open(path string) (*Store, error) {
	w, err := openWriter(path)
	if err != nil {
		return nil, err
	}
	if _, _, err := migrate(context.Background(), w); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	r, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open readers on %s: %w", path, err)
	}
	n := max(4, runtime.GOMAXPROCS(0))
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	if err := r.Ping(); err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("sqlite: open readers on %s: %w", path, err)
	}
	s := newStore(path, w, r, make(chan struct{}))
	go s.checkpointer(checkpointEvery)
	return s, nil
}

// Migrate opens the database at path, applies the migrations it lacks and closes it. It returns
// the schema version found and the one left (equal when there was nothing to do).
func Migrate(path string) (from, to int, err error) {
	w, err := openWriter(path)
	if err != nil {
		return 0, 0, err
	}
	from, to, err = migrate(context.Background(), w)
	if cerr := w.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("sqlite: close %s: %w", path, cerr)
	}
	if err != nil {
		return from, to, fmt.Errorf("sqlite: migrate %s: %w", path, err)
	}
	return from, to, nil
}

func openWriter(path string) (*sql.DB, error) {
	if path == "" {
		return nil, errors.New("sqlite: open: empty path")
	}
	if err := CheckPlace(path); err != nil {
		return nil, err // says what is wrong with the file or its disk; SQLite would say "unable to open database file (14)"
	}
	w, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	if err := w.Ping(); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	return w, nil
}

// dsn builds the connection string for path.
//
// synchronous=FULL: in WAL mode NORMAL already survives a killed process, but after a power cut or
// an OS crash it may lose the last transactions. A move the bot has acknowledged must never be
// lost, and moves arrive at human pace, so paying one fsync per commit is the right trade.
//
// The writer begins every transaction IMMEDIATE: it takes the write lock at BEGIN, so a
// read-then-write transaction never fails half way with SQLITE_BUSY when another process holds
// the lock; it waits (busy_timeout) instead. Readers set query_only so a bug cannot write through
// the pool that skips that serialisation.
func dsn(path string, writer bool) string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeoutMS))
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(FULL)")
	if writer {
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", fmt.Sprintf("wal_autocheckpoint(%d)", walPages))
		q.Add("_pragma", fmt.Sprintf("journal_size_limit(%d)", walLimit))
		q.Set("_txlock", "immediate")
	} else {
		q.Add("_pragma", "query_only(1)")
	}
	// "file:" + escaped path: SQLite decodes %XX, so a '?' or '#' in a file name stays in the name,
	// and a relative path is not mistaken for a host as "file://" would be.
	u := url.URL{Scheme: "file", Opaque: (&url.URL{Path: path}).EscapedPath(), RawQuery: q.Encode()}
	return u.String()
}

// Close closes both pools. It is safe to call more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		close(s.stopped)
		werr := s.w.Close()
		rerr := s.r.Close()
		if err := errors.Join(werr, rerr); err != nil {
			s.closeErr = fmt.Errorf("sqlite: close %s: %w", s.path, err)
		}
	})
	return s.closeErr
}

// dialect is SQLite's SQL: times as unix nanoseconds, id lists as JSON arrays, and no row
// locks, since the one writer connection already serialises every write.
var dialect = sqlstore.Dialect{
	Name:  "sqlite",
	Time:  func(t time.Time) (any, error) { return toNanos(t) },
	InIDs: func(col string) string { return col + ` IN (SELECT value FROM json_each(?))` },
	IDs: func(ids []int64) (any, error) {
		b, err := json.Marshal(ids)
		return string(b), err
	},
}

// newStore is a Store on open pools; closing stopped ends its checkpointer.
func newStore(path string, w, r *sql.DB, stopped chan struct{}) *Store {
	s := &Store{path: path, w: w, r: r, stopped: stopped}
	s.Store = sqlstore.New(backend{s}, dialect)
	return s
}

// backend gives the shared logic this store's transactions.
type backend struct{ s *Store }

// Write runs fn in one write transaction and commits it; any error rolls everything back. A
// failure for the disk's sake (full, read-only, input/output) comes back as an
// *storage.Unavailable that names it, logged once.
func (b backend) Write(ctx context.Context, fn func(sqlstore.Q) error) error {
	return b.s.noted(b.s.write1(ctx, fn))
}

func (s *Store) write1(ctx context.Context, fn func(sqlstore.Q) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	// The writer has one connection, so one write at a time holds it: Ready calls the disk stuck
	// when that write does not end.
	s.health.writing.Store(time.Now().UnixNano())
	defer s.health.writing.Store(0)
	s.wrote.Store(true)
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if err := fn(sqlstore.SQL(tx)); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Read runs fn in one read-only transaction, so everything it reads comes from one snapshot.
func (b backend) Read(ctx context.Context, fn func(sqlstore.Q) error) error {
	tx, err := b.s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("begin read: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // read-only: nothing to keep
	return fn(sqlstore.SQL(tx))
}

// Reader is the read-only pool.
func (b backend) Reader() sqlstore.Q { return sqlstore.SQL(b.s.r) }
