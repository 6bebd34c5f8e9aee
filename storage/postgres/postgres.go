// Package postgres is a storage.Store on PostgreSQL (pgx), for installations that outgrow one
// SQLite file: several `boardbot serve` instances can share one database. Writes to a game lock
// its row (SELECT ... FOR UPDATE), so the version check decides between instances exactly as it
// does between goroutines; outbox claims use FOR UPDATE SKIP LOCKED.
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlstore"
)

// Store is a storage.Store on one PostgreSQL database (or one schema of it: a search_path in the
// URL's query chooses it). It is safe for concurrent use, by any number of processes.
type Store struct {
	*sqlstore.Store // games, moves, outbox, keys, settings: the logic both databases share

	pool   *pool
	health health
	// from and to are the schema versions this Open found and left (equal when nothing was
	// applied), for the startup summary.
	from, to int

	closeOnce sync.Once
}

var _ storage.Store = (*Store)(nil)

// IsURL reports whether a database setting names a PostgreSQL server rather than a SQLite file.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Defaults of Options.
const (
	DefaultMaxConns = 10
	DefaultPoolWait = 10 * time.Second
)

// Options size the connection pool; zero fields take the defaults.
type Options struct {
	MaxConns  int           // connections this instance opens at most
	Instances int           // instances sharing the server (for the start check); 1
	PoolWait  time.Duration // how long a call waits for a free connection before giving up
	// Check compares the pools (MaxConns × Instances) with the connections the server allows
	// and refuses to open when they cannot fit (see CheckCapacity).
	Check bool
	// ReadOnly opens for checks that write nothing (fsck): no migration (a schema other than
	// this build's is refused, wrapping ErrSchema), and every session read-only
	// (default_transaction_read_only), so a write is refused by the server.
	ReadOnly bool
}

// ErrSchema is wrapped by a read-only open's refusal of a schema other than this build's.
var ErrSchema = errors.New("schema differs from this build's")

// Open connects to the database at url with the default pool and brings its schema up to
// SchemaVersion.
func Open(ctx context.Context, url string) (*Store, error) {
	return OpenWith(ctx, url, Options{})
}

// OpenWith is Open with the pool sized by opt.
func OpenWith(ctx context.Context, url string, opt Options) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// pgx's message may quote the URL, password included.
		return nil, errors.New("postgres: the database URL does not parse; write it as postgres://user:password@host:5432/dbname")
	}
	if opt.MaxConns <= 0 {
		opt.MaxConns = DefaultMaxConns
	}
	if opt.Instances <= 0 {
		opt.Instances = 1
	}
	if opt.PoolWait <= 0 {
		opt.PoolWait = DefaultPoolWait
	}
	cfg.MaxConns = int32(opt.MaxConns)
	if opt.ReadOnly {
		cfg.ConnConfig.RuntimeParams["default_transaction_read_only"] = "on"
	}
	if cfg.ConnConfig.RuntimeParams["application_name"] == "" {
		// The bot's sessions are known by name in pg_stat_activity: maintenance commands
		// (RunningBots) see that an instance is running on the database.
		cfg.ConnConfig.RuntimeParams["application_name"] = appName(cfg.ConnConfig.RuntimeParams)
		if opt.ReadOnly {
			cfg.ConnConfig.RuntimeParams["application_name"] = "check " + appName(cfg.ConnConfig.RuntimeParams)
		}
	}
	p, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	// One connection first, so that a server that cannot be reached or refuses the login is
	// named as such rather than as a failed migration.
	if err := p.Ping(ctx); err != nil {
		p.Close()
		return nil, fmt.Errorf("postgres: %w", explainConnect(err, &cfg.ConnConfig.Config))
	}
	var from, to int
	if opt.ReadOnly {
		from, err = schemaOf(ctx, p)
		to = from
	} else {
		from, to, err = migrate(ctx, p)
	}
	if err != nil {
		p.Close()
		return nil, fmt.Errorf("postgres: open: %w", err)
	}
	s := newStore(&pool{Pool: p, wait: opt.PoolWait})
	s.from, s.to = from, to
	if opt.Check {
		if err := s.CheckCapacity(ctx, opt); err != nil {
			p.Close()
			return nil, err
		}
	}
	return s, nil
}

// Migrate connects to url, applies the migrations the database lacks and disconnects. It returns
// the schema version found and the one left.
func Migrate(ctx context.Context, url string) (from, to int, err error) {
	s, err := Open(ctx, url)
	if err != nil {
		return 0, 0, err
	}
	defer s.Close()
	from, to = s.Migrated()
	return from, to, nil
}

// Migrated returns the schema version Open found and the one it left: equal when the database
// needed nothing, from 0 when Open created the schema.
func (s *Store) Migrated() (from, to int) { return s.from, s.to }

// Close closes the pool; safe to call more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(s.pool.Close)
	return nil
}

//go:embed migrations/*.sql
var migrationFiles embed.FS

// SchemaVersion is the schema version this build writes.
func SchemaVersion() int {
	ms, err := storage.LoadMigrations(migrationFiles, "migrations")
	if err != nil {
		return 0 // TestMigrations fails on the same error
	}
	return len(ms)
}

// migrationLock is the advisory lock that serialises instances migrating one database at once.
const migrationLock = 0x626f617264626f74 // "boardbot"

// migrate applies the missing migrations in one transaction.
func migrate(ctx context.Context, pool *pgxpool.Pool) (from, to int, err error) {
	ms, err := storage.LoadMigrations(migrationFiles, "migrations")
	if err != nil {
		return 0, 0, err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("migrate: begin: %w", err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck // a no-op after Commit
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock)); err != nil {
		return 0, 0, fmt.Errorf("migrate: lock: %w", err)
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version integer PRIMARY KEY,
		name    text        NOT NULL,
		applied timestamptz NOT NULL
	)`); err != nil {
		return 0, 0, fmt.Errorf("migrate: create schema_migrations: %w", err)
	}
	var cur int
	if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&cur); err != nil {
		return 0, 0, fmt.Errorf("migrate: read schema version: %w", err)
	}
	if cur > len(ms) {
		return cur, cur, fmt.Errorf("migrate: database schema version %d is newer than this build's %d: run a newer boardbot", cur, len(ms))
	}
	for _, m := range ms[cur:] {
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return cur, cur, fmt.Errorf("migrate: apply %s: %w", m.Name, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied) VALUES ($1, $2, now())`,
			m.Version, m.Name); err != nil {
			return cur, cur, fmt.Errorf("migrate: record %s: %w", m.Name, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return cur, cur, fmt.Errorf("migrate: commit: %w", err)
	}
	return cur, len(ms), nil
}

// SchemaVersion returns the schema version recorded in the database.
// AppName is the application_name of the bot's sessions.
const AppName = "boardbot"

// appName is the application_name of the bot's sessions on a database: AppName, with the
// search_path when the URL sets one, since installations (and tests) may share a database in
// schemas of their own.
func appName(params map[string]string) string {
	n := AppName
	if sp := params["search_path"]; sp != "" {
		n += "/" + sp
	}
	return n[:min(len(n), 63)] // PostgreSQL keeps 63 bytes
}

// RunningBots lists the other sessions of a boardbot on the database url names, one line per
// client address ("10.0.0.5: 7 connections"): a running instance, which maintenance that
// changes the schema or the data under it must not surprise. A session that set another
// application_name is not seen.
func RunningBots(ctx context.Context, url string) ([]string, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, errors.New("postgres: the database URL does not parse; write it as postgres://user@host:5432/dbname")
	}
	name := appName(cfg.RuntimeParams)
	cfg.RuntimeParams["application_name"] = "maintenance " + name
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", explainConnect(err, &cfg.Config))
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `SELECT COALESCE(host(client_addr), 'this machine (socket)') || ': ' || COUNT(*) || ' connections'
		FROM pg_stat_activity
		WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()
		GROUP BY client_addr ORDER BY 1`, name)
	if err != nil {
		return nil, fmt.Errorf("postgres: list the sessions: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// schemaOf reads the schema version without creating or changing anything, and refuses one
// other than this build's: a read-only open cannot migrate.
func schemaOf(ctx context.Context, p *pgxpool.Pool) (int, error) {
	var have int
	err := p.QueryRow(ctx, `SELECT COALESCE((SELECT MAX(version) FROM schema_migrations), 0)
		WHERE to_regclass('schema_migrations') IS NOT NULL`).Scan(&have)
	if errors.Is(err, pgx.ErrNoRows) {
		have, err = 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read the schema version: %w", err)
	}
	switch want := SchemaVersion(); {
	case have == 0:
		return 0, errors.New("the database holds no boardbot tables")
	case have < want:
		return have, fmt.Errorf("the database has schema %d, older than this boardbot's %d, and a check writes nothing, so it does not migrate: run `boardbot migrate` first (with the bot stopped), or check with the boardbot that wrote it: %w", have, want, ErrSchema)
	case have > want:
		return have, fmt.Errorf("the database has schema %d, newer than this boardbot's %d: check it with the boardbot that wrote it: %w", have, want, ErrSchema)
	}
	return have, nil
}

func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	if err := s.pool.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, fmt.Errorf("postgres: read schema version: %w", err)
	}
	return v, nil
}

// dialect is PostgreSQL's SQL: numbered placeholders, timestamptz times, id lists as arrays,
// and the game's row locked for the rest of a write, so the version check holds between
// instances.
var dialect = sqlstore.Dialect{
	Name:        "postgres",
	Dollar:      true,
	ForUpdate:   " FOR UPDATE",
	Time:        func(t time.Time) (any, error) { return t, nil },
	InIDs:       func(col string) string { return col + ` = ANY(?)` },
	IDs:         func(ids []int64) (any, error) { return ids, nil },
	BeforeClaim: fmt.Sprintf(`SELECT pg_advisory_xact_lock(%d)`, claimLock),
}

// claimLock is the advisory lock key claimants take turns on (any constant of our own).
const claimLock = 0x626f6172640001

// newStore is a Store on a connected pool.
func newStore(p *pool) *Store {
	s := &Store{pool: p}
	s.Store = sqlstore.New(backend{s}, dialect)
	return s
}

// backend gives the shared logic this store's transactions.
type backend struct{ s *Store }

func (b backend) Write(ctx context.Context, fn func(sqlstore.Q) error) error {
	return b.s.write(ctx, func(tx pgx.Tx) error { return fn(pgQ{tx}) })
}

func (b backend) Read(ctx context.Context, fn func(sqlstore.Q) error) error {
	return b.s.read(ctx, func(tx pgx.Tx) error { return fn(pgQ{tx}) })
}

func (b backend) Reader() sqlstore.Q { return pgQ{b.s.pool} }

// pgQ adapts a pgx transaction or the pool to sqlstore.Q.
type pgQ struct {
	q interface {
		Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
		Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
		QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	}
}

func (a pgQ) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := a.q.Exec(ctx, query, args...)
	return tag.RowsAffected(), err
}

func (a pgQ) Query(ctx context.Context, query string, args ...any) (sqlstore.Rows, error) {
	return a.q.Query(ctx, query, args...)
}

func (a pgQ) QueryRow(ctx context.Context, query string, args ...any) sqlstore.Row {
	return pgRow{a.q.QueryRow(ctx, query, args...)}
}

// pgRow reports no row as database/sql does, which the shared logic checks for.
type pgRow struct{ pgx.Row }

func (r pgRow) Scan(dest ...any) error {
	err := r.Row.Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return sql.ErrNoRows
	}
	return err
}

// write runs fn in one transaction and commits it; any error rolls everything back. It waits
// for a connection at most the pool's wait; a failure for the server's sake (disk full,
// read-only, out of connections) comes back as an *storage.Unavailable naming it, logged once.
func (s *Store) write(ctx context.Context, fn func(tx pgx.Tx) error) error {
	c, err := s.pool.acquire(ctx)
	if err != nil {
		return s.noted(err)
	}
	defer c.Release()
	defer s.health.begun()()
	return s.noted(pgx.BeginFunc(ctx, c, fn))
}

// read runs fn in one read-only repeatable-read transaction, so what it reads is one snapshot
// (a game and its seats agree).
func (s *Store) read(ctx context.Context, fn func(tx pgx.Tx) error) error {
	c, err := s.pool.acquire(ctx)
	if err != nil {
		return err
	}
	defer c.Release()
	return pgx.BeginTxFunc(ctx, c, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, fn)
}
