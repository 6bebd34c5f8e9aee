package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
)

// Backup writes a consistent copy of the database at path to the file to (which must not exist)
// with VACUUM INTO, while the bot may go on writing: the copy is one read transaction's snapshot,
// compacted, and a plain database file (no write-ahead log to carry along). The copy is then
// integrity-checked; a copy that fails is removed.
func Backup(ctx context.Context, path, to string) error {
	if err := Exists(path); err != nil {
		return err
	}
	if _, err := os.Stat(to); err == nil {
		return fmt.Errorf("sqlite: backup: %s exists already", to)
	}
	// Read-only, not query_only: VACUUM INTO reads this file and writes another, which query_only
	// forbids.
	db, err := sql.Open("sqlite", readOnly(path))
	if err != nil {
		return fmt.Errorf("sqlite: backup: open %s: %w", path, err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	// VACUUM INTO takes the target as an SQL string literal: quote it.
	q := "VACUUM INTO '" + strings.ReplaceAll(to, "'", "''") + "'"
	if _, err := db.ExecContext(ctx, q); err != nil {
		return fmt.Errorf("sqlite: backup of %s into %s: %w", path, to, err)
	}
	if err := Integrity(ctx, to); err != nil {
		_ = os.Remove(to)
		return fmt.Errorf("sqlite: backup %s: %w", to, err)
	}
	return nil
}

// Integrity runs SQLite's integrity check on the file at path, read-only.
func Integrity(ctx context.Context, path string) error {
	if err := Exists(path); err != nil {
		return err
	}
	db, err := sql.Open("sqlite", readOnly(path))
	if err != nil {
		return err
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return fmt.Errorf("integrity check of %s: %w", path, err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("integrity check of %s: %w", path, err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("integrity check of %s failed: %s", path, strings.Join(problems, "; "))
	}
	return nil
}

// FileSchema is the schema version recorded in the database file at path (0 for a file without
// boardbot's tables), read without changing it.
func FileSchema(ctx context.Context, path string) (int, error) {
	if err := Exists(path); err != nil {
		return 0, err
	}
	db, err := sql.Open("sqlite", readOnly(path))
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var n int
	err = db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&n)
	if err != nil || n == 0 {
		return 0, err
	}
	var v int
	err = db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}

// Exists refuses a database path that names no file, for the maintenance commands: opening it
// would create an empty database and report "0 games, 0 problems" about a mistyped name.
func Exists(path string) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("there is no database file %s (check the path: nothing was created)", path)
	case err != nil:
		return err
	case fi.IsDir():
		return fmt.Errorf("%s is a folder, not a database file", path)
	}
	return nil
}

// readOnly opens path without writing anything, not even a write-ahead log's index. A reader of
// a WAL database needs the -wal and -shm files and, read-only or not, creates them when they are
// missing, and cannot remove them again: a check run as root left them behind, root's, for the
// bot to trip over. They are missing only when no connection has the file open (the bot is
// stopped), and then the file alone holds everything: it is opened immutable, which reads it
// without them. (A bot starting during the read may make it see a torn page: Integrity and
// fsck then report a problem that a second run does not, and a backup fails its check.)
func readOnly(path string) string {
	q := url.Values{}
	q.Add("mode", "ro")
	if _, err := os.Stat(path + "-wal"); errors.Is(err, os.ErrNotExist) {
		q.Add("immutable", "1")
	}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeoutMS))
	u := url.URL{Scheme: "file", Opaque: (&url.URL{Path: path}).EscapedPath(), RawQuery: q.Encode()}
	return u.String()
}
