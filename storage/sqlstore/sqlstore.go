// Package sqlstore is the storage logic the two databases share: games, moves, the outbox,
// idempotency keys, settings, budgets, privacy and export, written once over a small query
// interface. A backend (storage/sqlite, storage/postgres) supplies transactions and a Dialect
// for the little that differs: placeholders, how times are stored, how a row is locked.
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// Row is one row of a query; Scan returns sql.ErrNoRows when there is none.
type Row interface{ Scan(dest ...any) error }

// Rows are the rows of a query.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// Q runs statements: a transaction, or a pool outside one. Queries are written with '?'
// placeholders; the backend's Dialect rewrites them for its database.
type Q interface {
	Exec(ctx context.Context, query string, args ...any) (rowsAffected int64, err error)
	Query(ctx context.Context, query string, args ...any) (Rows, error)
	QueryRow(ctx context.Context, query string, args ...any) Row
}

// Backend is what a database gives the shared logic.
type Backend interface {
	// Write runs fn in one write transaction and commits it; an error rolls everything back.
	// Two writes to one game never interleave: SQLite has one writer, PostgreSQL locks the
	// game's row (Dialect.ForUpdate).
	Write(ctx context.Context, fn func(Q) error) error
	// Read runs fn in one read-only transaction, so everything it reads is one snapshot.
	Read(ctx context.Context, fn func(Q) error) error
	// Reader runs single reads outside a transaction.
	Reader() Q
}

// Dialect is what differs between the databases' SQL.
type Dialect struct {
	Name string // "sqlite" or "postgres": the first word of every error
	// Dollar numbers placeholders ($1, $2 …) instead of '?'.
	Dollar bool
	// ForUpdate is appended to the read of a game's version inside a write, to hold the row
	// until the transaction ends ("" where the write transaction already excludes others).
	ForUpdate string
	// Time converts a time to what its column stores (SQLite: unix nanoseconds; PostgreSQL:
	// timestamptz); it fails for a time the column cannot hold.
	Time func(time.Time) (any, error)
	// InIDs is a condition on col being one of a list of ids given as IDs(ids), one argument.
	InIDs func(col string) string
	IDs   func(ids []int64) (any, error)
	// BeforeClaim runs first in a Claim's transaction (PostgreSQL takes an advisory lock so
	// that claimants take turns); "" for none.
	BeforeClaim string
}

// Store implements the storage.Store methods both databases share; a backend's Store embeds it.
type Store struct {
	b Backend
	d *Dialect
	// rebound caches queries rewritten for the dialect.
	rebound syncMap
}

// New returns the shared logic over b.
func New(b Backend, d Dialect) *Store {
	return &Store{b: b, d: &d}
}

// Dialect returns the store's dialect.
func (s *Store) Dialect() *Dialect { return s.d }

// Rebind rewrites a query's '?' placeholders for the dialect. The queries of this package hold
// no '?' inside string literals.
func (d *Dialect) Rebind(q string) string {
	if !d.Dollar || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 16)
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// nullTime converts a nil time to NULL and any other with the dialect.
func (d *Dialect) nullTime(t *time.Time) (any, error) {
	if t == nil {
		return nil, nil
	}
	return d.Time(*t)
}

// errorf prefixes an error with the database's name.
func (s *Store) errorf(format string, a ...any) error {
	return fmt.Errorf(s.d.Name+": "+format, a...)
}

// write runs fn in one write transaction; a pending done key (storage.WithDoneKey) is
// remembered in the same transaction, and marked done once it committed.
func (s *Store) write(ctx context.Context, fn func(q Q) error) error {
	key, committed := storage.PendingDoneKey(ctx)
	err := s.b.Write(ctx, func(q Q) error {
		q = s.bind(q)
		if err := fn(q); err != nil {
			return err
		}
		if key != "" {
			return rememberKey(ctx, q, s.d, scopeAction, key, Now())
		}
		return nil
	})
	if err == nil {
		committed()
	}
	return err
}

// read runs fn in one read-only transaction.
func (s *Store) read(ctx context.Context, fn func(q Q) error) error {
	return s.b.Read(ctx, func(q Q) error { return fn(s.bind(q)) })
}

// reader runs single reads outside a transaction.
func (s *Store) reader() Q { return s.bind(s.b.Reader()) }

// Write and Read give a backend's own code (copy, checks) the same rebinding transactions.
func (s *Store) Write(ctx context.Context, fn func(q Q) error) error { return s.write(ctx, fn) }
func (s *Store) Read(ctx context.Context, fn func(q Q) error) error  { return s.read(ctx, fn) }

// Bind makes q rewrite placeholders for the dialect, for a backend's own statements in the
// shared helpers' style.
func (s *Store) Bind(q Q) Q { return s.bind(q) }

// bind makes q rewrite placeholders for the dialect.
func (s *Store) bind(q Q) Q {
	if !s.d.Dollar {
		return q
	}
	return bound{q: q, s: s}
}

type bound struct {
	q Q
	s *Store
}

func (b bound) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	return b.q.Exec(ctx, b.s.rebind(query), args...)
}

func (b bound) Query(ctx context.Context, query string, args ...any) (Rows, error) {
	return b.q.Query(ctx, b.s.rebind(query), args...)
}

func (b bound) QueryRow(ctx context.Context, query string, args ...any) Row {
	return b.q.QueryRow(ctx, b.s.rebind(query), args...)
}

func (s *Store) rebind(q string) string {
	if r, ok := s.rebound.Load(q); ok {
		return r
	}
	r := s.d.Rebind(q)
	s.rebound.Store(q, r)
	return r
}

// Now is the stores' clock, truncated to microseconds: PostgreSQL keeps no finer times, and
// both databases must return what they were given.
func Now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// mustChange turns a statement that touched no row into ErrNotFound.
func mustChange(n int64, err error) error {
	if err != nil {
		return err
	}
	if n == 0 {
		return storage.ErrNotFound
	}
	return nil
}

// noRows reports whether err says a query found no row (backends return sql.ErrNoRows).
func noRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
