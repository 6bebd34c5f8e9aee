package postgres

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/boardbot/boardbot/storage"
)

// pool is pgx's pool with a bounded wait for a connection: when every connection stays busy for
// wait, a call fails with an *storage.Unavailable saying so (a player is told to try again)
// instead of waiting as long as the caller's context allows, or failing with a raw error.
type pool struct {
	*pgxpool.Pool
	wait time.Duration
}

// acquire waits at most p.wait for a connection.
func (p *pool) acquire(ctx context.Context) (*pgxpool.Conn, error) {
	actx, cancel := context.WithTimeout(ctx, p.wait)
	defer cancel()
	c, err := p.Pool.Acquire(actx)
	if err == nil {
		return c, nil
	}
	if ctx.Err() == nil && actx.Err() != nil {
		st := p.Stat()
		return nil, &storage.Unavailable{Part: storage.PartDatabase, Err: err, Reason: fmt.Sprintf(
			"all %d database connections stayed busy for %s (database.max_connections)", st.MaxConns(), p.wait)}
	}
	// No connection: nothing was sent, so nothing of the caller's was saved, and the player is
	// told so ("Nothing was saved…") rather than that the outcome is unknown.
	if u := classify(err); u != nil {
		return nil, u
	}
	return nil, err
}

// Exec runs one statement on a connection acquired with a bounded wait.
func (p *pool) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	c, err := p.acquire(ctx)
	if err != nil {
		return pgconn.CommandTag{}, err
	}
	defer c.Release()
	tag, err := c.Exec(ctx, sql, args...)
	return tag, unsent(err)
}

// unsent makes a query's error that pgx reports as never sent (a connection found dead) an
// *storage.Unavailable: nothing was read or written, as when no connection could be had.
func unsent(err error) error {
	if err != nil && pgconn.SafeToRetry(err) {
		if u := classify(err); u != nil {
			return u
		}
		return &storage.Unavailable{Part: storage.PartDatabase, Reason: "the database server cannot be reached", Err: err}
	}
	return err
}

// QueryRow runs one query on a connection acquired with a bounded wait; Scan releases it.
func (p *pool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	c, err := p.acquire(ctx)
	if err != nil {
		return errRow{err}
	}
	return &connRow{Row: c.QueryRow(ctx, sql, args...), c: c}
}

// Query runs one query on a connection acquired with a bounded wait; the rows release it when
// they are closed or read to the end.
func (p *pool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	c, err := p.acquire(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := c.Query(ctx, sql, args...)
	if err != nil {
		c.Release()
		return nil, unsent(err)
	}
	return &connRows{Rows: rows, c: c}, nil
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

type connRow struct {
	pgx.Row
	c *pgxpool.Conn
}

func (r *connRow) Scan(dest ...any) error {
	defer r.c.Release()
	return unsent(r.Row.Scan(dest...))
}

type connRows struct {
	pgx.Rows
	c    *pgxpool.Conn
	once sync.Once
}

func (r *connRows) Next() bool {
	if r.Rows.Next() {
		return true
	}
	r.once.Do(r.c.Release) // pgx closed the rows: the connection is free
	return false
}

func (r *connRows) Close() {
	r.Rows.Close()
	r.once.Do(r.c.Release)
}
