package sqlite

import (
	"database/sql"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/storage"
)

// #34: a database whose write lock another process holds for long (sqlite3's BEGIN IMMEDIATE)
// is not ready, though reads still work; a short hold is not reported, and readiness comes back
// once the lock is let go.
func TestReadyLockedByAnotherProcess(t *testing.T) {
	s := openTemp(t)
	other, err := sql.Open("sqlite", dsn(s.path, true))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	tx, err := other.Begin() // BEGIN IMMEDIATE (the writer's _txlock)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Ready(t.Context()); err != nil {
		t.Fatalf("a lock just taken is not reported yet: %v", err)
	}
	old := lockedFor
	lockedFor = 0
	t.Cleanup(func() { lockedFor = old })
	err = s.Ready(t.Context())
	if u, ok := storage.AsUnavailable(err); !ok || u.Part != storage.PartDatabase || !strings.Contains(u.Reason, "write lock") {
		t.Fatalf("Ready with the lock held for long = %v", err)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if err := s.Ready(t.Context()); err != nil {
		t.Fatalf("Ready once the lock is free = %v", err)
	}
	// The probe left the writer waiting for locks as before (busy_timeout restored).
	var ms int
	if err := s.w.QueryRow("PRAGMA busy_timeout").Scan(&ms); err != nil || ms != busyTimeoutMS {
		t.Fatalf("busy_timeout after the probe = %d, %v", ms, err)
	}
}

// #34: a write that waited busy_timeout for another process's lock and failed wrote nothing, and
// says so: an Unavailable of the database, which players read as "Nothing was saved", not a raw
// SQLITE_BUSY answered with "I can't tell whether it was done".
func TestBusyWriteIsUnavailable(t *testing.T) {
	t.Parallel() // waits out the 5 s busy_timeout and changes no package variable: it waits beside the crash test
	s := openTemp(t)
	other, err := sql.Open("sqlite", dsn(s.path, true))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	tx, err := other.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	err = s.SetSetting(t.Context(), "guild", "g1", "k", "v")
	if u, ok := storage.AsUnavailable(err); !ok || u.Part != storage.PartDatabase || !strings.Contains(u.Reason, "write lock") {
		t.Fatalf("a busy write = %v", err)
	}
	tx.Rollback()
	if err := s.SetSetting(t.Context(), "guild", "g1", "k", "v"); err != nil {
		t.Fatalf("once the lock is free: %v", err)
	}
	if err := s.Ready(t.Context()); err != nil {
		t.Fatalf("Ready once the lock is free = %v", err)
	}
}
