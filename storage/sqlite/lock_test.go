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
