package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"runtime"
)

// ErrSchema is wrapped by OpenReadOnly's refusal of a file whose schema is not this build's.
var ErrSchema = errors.New("schema differs from this build's")

// OpenReadOnly opens the database at path for checks that must write nothing (fsck): no
// migration, no lock file, no checkpoint, and every connection read-only (mode=ro) and
// query_only, so a write through it fails instead of changing the file. A file whose schema is
// not this build's is refused (wrapping ErrSchema): reading an older layout with newer queries
// could report damage that is not there, and migrating it would cut off the older binary.
func OpenReadOnly(ctx context.Context, path string) (*Store, error) {
	have, err := FileSchema(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("sqlite: read the schema version of %s: %w", path, err)
	}
	switch want := SchemaVersion(); {
	case have == 0:
		return nil, fmt.Errorf("%s holds no boardbot tables: it is not a boardbot database", path)
	case have < want:
		return nil, fmt.Errorf("%s has schema %d, older than this boardbot's %d, and a check writes nothing, so it does not migrate: run `boardbot migrate` first (it takes a backup), or check with the boardbot that wrote it: %w", path, have, want, ErrSchema)
	case have > want:
		return nil, fmt.Errorf("%s has schema %d, newer than this boardbot's %d: check it with the boardbot that wrote it: %w", path, have, want, ErrSchema)
	}
	// The writer is a read-only pool too: a write reaches SQLite and is refused there. No
	// checkpointer runs, since nothing can be written for it to fold.
	var pools [2]*sql.DB
	for i := range pools {
		db, err := sql.Open("sqlite", readOnlyQuery(path))
		if err == nil {
			pools[i] = db
			db.SetMaxOpenConns(max(4, runtime.GOMAXPROCS(0)))
			err = db.PingContext(ctx)
		}
		if err != nil {
			for _, p := range pools[:i+1] {
				if p != nil {
					p.Close()
				}
			}
			return nil, fmt.Errorf("sqlite: open %s read-only: %w", path, err)
		}
	}
	return newStore(path, pools[0], pools[1], make(chan struct{})), nil
}

// readOnlyQuery is readOnly with query_only as well: belt and braces for the checks.
func readOnlyQuery(path string) string {
	u, _ := url.Parse(readOnly(path))
	q := u.Query()
	q.Add("_pragma", "query_only(1)")
	u.RawQuery = q.Encode()
	return u.String()
}

// CountGames counts the games in the database file at path, read-only: restore compares a
// backup with the database it would replace.
func CountGames(ctx context.Context, path string) (int, error) {
	if err := Exists(path); err != nil {
		return 0, err
	}
	db, err := sql.Open("sqlite", readOnly(path))
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM games`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count the games in %s: %w", path, err)
	}
	return n, nil
}

// FoldWAL copies the write-ahead log of the stopped database at path into the file and empties
// it, so that the file alone holds everything (restore moves it aside as one file). A database
// without a log, or with an empty one, is left alone.
func FoldWAL(ctx context.Context, path string) error {
	fi, err := os.Stat(path + "-wal")
	if err != nil || fi.Size() == 0 {
		return nil
	}
	w, err := openWriter(path)
	if err != nil {
		return err
	}
	defer w.Close()
	var busy, logPages, done int
	if err := w.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logPages, &done); err != nil {
		return fmt.Errorf("sqlite: checkpoint %s: %w", path, err)
	}
	if busy != 0 {
		return fmt.Errorf("sqlite: checkpoint %s: another process is reading it", path)
	}
	return nil
}
