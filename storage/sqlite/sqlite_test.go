package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/storagetest"
)

func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "boardbot.db"))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storagetest.Run(t, func(t *testing.T) storage.Store { return openTemp(t) })
}

// TestPragmas checks the DSN took effect on both pools, since a typo there fails silently.
func TestPragmas(t *testing.T) {
	s := openTemp(t)
	ctx := t.Context()
	pragma := func(db *sql.DB, name string) string {
		t.Helper()
		var v string
		if err := db.QueryRowContext(ctx, "PRAGMA "+name).Scan(&v); err != nil {
			t.Fatalf("PRAGMA %s: %v", name, err)
		}
		return v
	}
	for _, db := range []struct {
		name string
		db   *sql.DB
		want map[string]string
	}{
		{"writer", s.w, map[string]string{"journal_mode": "wal", "foreign_keys": "1", "synchronous": "2", "busy_timeout": "5000", "query_only": "0",
			"wal_autocheckpoint": "256", "journal_size_limit": "1048576"}},
		{"reader", s.r, map[string]string{"journal_mode": "wal", "foreign_keys": "1", "synchronous": "2", "busy_timeout": "5000", "query_only": "1"}},
	} {
		for name, want := range db.want {
			if got := pragma(db.db, name); got != want {
				t.Errorf("%s: PRAGMA %s = %s, want %s", db.name, name, got, want)
			}
		}
	}
	if n := s.w.Stats().MaxOpenConnections; n != 1 {
		t.Errorf("writer pool allows %d connections, want 1", n)
	}
	if _, err := s.r.ExecContext(ctx, `INSERT INTO settings VALUES ('a', 'b', 'c', 'd')`); err == nil {
		t.Error("the reader pool accepted a write")
	}
}

// TestWriterBeginsImmediate: with the write lock taken at BEGIN, another process's writer waits
// for it rather than both reading and then one failing to upgrade.
func TestWriterBeginsImmediate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tx, err := s.w.BeginTx(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.ExecContext(t.Context(), `INSERT INTO settings VALUES ('a', 'b', 'c', 'd')`); err == nil {
		t.Error("another connection wrote while the writer's empty transaction was open: BEGIN is not IMMEDIATE")
	}
}

func TestMigrations(t *testing.T) {
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	if SchemaVersion() != len(ms) || SchemaVersion() < 1 {
		t.Fatalf("SchemaVersion() = %d with %d migrations", SchemaVersion(), len(ms))
	}
	path := filepath.Join(t.TempDir(), "m.db")
	from, to, err := Migrate(path)
	if err != nil || from != 0 || to != SchemaVersion() {
		t.Fatalf("Migrate(new file) = %d, %d, %v; want 0, %d", from, to, err, SchemaVersion())
	}
	from, to, err = Migrate(path)
	if err != nil || from != to || to != SchemaVersion() {
		t.Fatalf("Migrate(migrated file) = %d, %d, %v; want nothing to do", from, to, err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.SchemaVersion(t.Context())
	if err != nil || v != SchemaVersion() {
		t.Errorf("Store.SchemaVersion = %d, %v", v, err)
	}
	var names int
	if err := s.r.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&names); err != nil || names != len(ms) {
		t.Errorf("schema_migrations has %d rows, %v; want %d", names, err, len(ms))
	}
	// A database from a newer build is refused, not misread.
	if _, err := s.w.Exec(`INSERT INTO schema_migrations VALUES (?, 'future.sql', 0)`, SchemaVersion()+1); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("Open(newer schema) = %v, want a refusal", err)
	}
}

// TestMigrationRollsBack: a migration that fails leaves the database as it was.
func TestMigrationRollsBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	w, err := openWriter(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	// A table the first migration also creates makes it fail half way.
	if _, err := w.Exec(`CREATE TABLE outbox (x INTEGER)`); err != nil {
		t.Fatal(err)
	}
	if _, _, err := migrate(context.Background(), w); err == nil {
		t.Fatal("migrate succeeded over a conflicting table")
	}
	var n int
	if err := w.QueryRow(`SELECT COUNT(*) FROM sqlite_schema WHERE name IN ('games', 'schema_migrations')`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d tables of the failed migration remain (%v), want 0", n, err)
	}
}

func TestOpenErrors(t *testing.T) {
	if _, err := Open(""); err == nil {
		t.Error("Open(\"\") succeeded")
	}
	dir := t.TempDir()
	if _, err := Open(filepath.Join(dir, "missing", "x.db")); err == nil {
		t.Error("Open in a missing directory succeeded")
	}
	junk := filepath.Join(dir, "junk.db")
	if err := os.WriteFile(junk, []byte(strings.Repeat("not a database ", 100)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(junk); err == nil {
		t.Error("Open(a text file) succeeded")
	}
}

// TestOddPaths: file names with URI characters stay file names.
func TestOddPaths(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a?b.db", "c#d.db", "e%20f.db", "g h.db"} {
		path := filepath.Join(dir, name)
		s, err := Open(path)
		if err != nil {
			t.Errorf("Open(%q): %v", name, err)
			continue
		}
		s.Close()
		if _, err := os.Stat(path); err != nil {
			t.Errorf("Open(%q) did not create that file: %v", name, err)
		}
	}
}

func TestCloseTwice(t *testing.T) {
	s := openTemp(t)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := s.Game(t.Context(), 1); err == nil {
		t.Error("Game after Close succeeded")
	}
}

// TestCorruptRows: rows damaged behind the store's back give errors naming the game, never a
// panic or a half-filled game; Check lists them.
func TestCorruptRows(t *testing.T) {
	s := openTemp(t)
	ctx := t.Context()
	var ids []int64
	for range 4 {
		id, err := s.CreateGame(ctx, &storage.Game{Kind: "k", Seats: 2, Players: []storage.Player{{Seat: 0, UserID: "u"}}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	good := ids[3]
	damage := []string{
		`UPDATE games SET options = '{"a": 1' WHERE id = ?`,
		`UPDATE games SET options = '[1, 2]' WHERE id = ?`,
		`UPDATE games SET status = 'paused' WHERE id = ?`,
	}
	// The schema's CHECK constraints refuse such rows; switch them off to simulate damage.
	if _, err := s.w.Exec(`PRAGMA ignore_check_constraints = ON`); err != nil {
		t.Fatal(err)
	}
	for i, q := range damage {
		if _, err := s.w.Exec(q, ids[i]); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for i, id := range ids[:3] {
		g, err := s.Game(ctx, id)
		if err == nil || g != nil {
			t.Errorf("Game after %q = %v, %v; want an error", damage[i], g, err)
			continue
		}
		if errors.Is(err, storage.ErrNotFound) || !strings.Contains(err.Error(), "game") {
			t.Errorf("Game after %q: error %q should say which game is damaged", damage[i], err)
		}
	}
	if _, err := s.Games(ctx, storage.GameFilter{}); err == nil {
		t.Error("Games over damaged rows succeeded")
	}
	if _, err := s.Game(ctx, good); err != nil {
		t.Errorf("an undamaged game fails to load: %v", err)
	}

	// A gap in a log and a broken link are found by Check, with the rows above.
	if _, err := s.w.Exec(`INSERT INTO moves (game_id, seq, seat, notation, at) VALUES (?, 1, 0, 'a', 0), (?, 3, 0, 'b', 0)`, good, good); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.Exec(`PRAGMA foreign_keys = OFF`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.Exec(`INSERT INTO seats (game_id, seat, user_id) VALUES (999, 0, 'ghost')`); err != nil {
		t.Fatal(err)
	}
	problems, err := s.Check(ctx)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(problems, "\n")
	for _, want := range []string{
		"integrity: CHECK constraint failed in games",
		"foreign key: seats points to a missing games row",
		"log: game 4 has 2 moves numbered 1..3",
		"log: game 4 counts 0 moves, last by seat -1; its log has 2, last by seat 0",
		"game 1: decode options",
		"game 2: decode options",
		"game 3: unknown status \"paused\"",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Check did not report %q; it said:\n%s", want, text)
		}
	}
	if len(problems) != 7 {
		t.Errorf("Check reported %d problems, want 7:\n%s", len(problems), text)
	}
}

func TestCheckHealthy(t *testing.T) {
	s := openTemp(t)
	ctx := t.Context()
	id := storagetest.OneMoveGame(t, s)
	got, err := s.GameIDs(ctx)
	if err != nil || len(got) != 1 || got[0] != id {
		t.Errorf("GameIDs = %v, %v; want [%d]", got, err, id)
	}
}
