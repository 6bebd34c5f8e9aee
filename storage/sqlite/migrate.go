package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// Migrations are numbered files, NNNN_what.sql, applied in order and never edited once released:
// a change to the schema is a new file. A migration must not need to run outside a transaction
// (no VACUUM, no PRAGMA journal_mode or foreign_keys; use PRAGMA defer_foreign_keys when a table
// is rebuilt).
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

func loadMigrations() ([]storage.Migration, error) {
	return storage.LoadMigrations(migrationFiles, "migrations")
}

// SchemaVersion is the schema version this build writes: the number of its newest migration.
func SchemaVersion() int {
	ms, err := loadMigrations()
	if err != nil {
		return 0 // TestMigrations fails on the same error
	}
	return len(ms)
}

// migrate applies the missing migrations in one transaction on the writer, recording each in
// schema_migrations. Two processes opening a new file at once are serialised by BEGIN IMMEDIATE:
// the second sees the first one's work and has nothing to do.
func migrate(ctx context.Context, w *sql.DB) (from, to int, err error) {
	ms, err := loadMigrations()
	if err != nil {
		return 0, 0, err
	}
	tx, err := w.BeginTx(ctx, nil)
	if err != nil {
		return 0, 0, fmt.Errorf("migrate: begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit

	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY,
		name    TEXT    NOT NULL,
		applied INTEGER NOT NULL
	) STRICT`); err != nil {
		return 0, 0, fmt.Errorf("migrate: create schema_migrations: %w", err)
	}
	var cur int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&cur); err != nil {
		return 0, 0, fmt.Errorf("migrate: read schema version: %w", err)
	}
	if cur > len(ms) {
		return cur, cur, fmt.Errorf("migrate: database schema version %d is newer than this build's %d: run a newer boardbot", cur, len(ms))
	}
	for _, m := range ms[cur:] {
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			return cur, cur, fmt.Errorf("migrate: apply %s: %w", m.Name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)`,
			m.Version, m.Name, time.Now().UnixNano()); err != nil {
			return cur, cur, fmt.Errorf("migrate: record %s: %w", m.Name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return cur, cur, fmt.Errorf("migrate: commit: %w", err)
	}
	return cur, len(ms), nil
}

// SchemaVersion returns the schema version recorded in the open database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	if err := s.r.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, fmt.Errorf("sqlite: read schema version: %w", err)
	}
	return v, nil
}
