package sqlite

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// A backup taken while the store is open and being written holds every committed game, passes
// the integrity check, and opens as a store of the current schema.
func TestBackupOfALiveDatabase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "live.db")
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for i := range 5 {
		g := &storage.Game{Kind: "autumn-ash", Seats: 2, Seed: uint64(i), Guild: "g", Channel: "c", Status: storage.StatusLobby,
			Created: time.Now(), Updated: time.Now()}
		if _, err := st.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	to := filepath.Join(dir, "copy.db")
	if err := Backup(ctx, path, to); err != nil {
		t.Fatal(err)
	}
	if err := Backup(ctx, path, to); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Fatalf("a second backup onto the same file must be refused: %v", err)
	}
	if v, err := FileSchema(ctx, to); err != nil || v != SchemaVersion() {
		t.Fatalf("schema of the copy: %d %v", v, err)
	}
	cp, err := Open(to)
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	games, err := cp.Games(ctx, storage.GameFilter{})
	if err != nil || len(games) != 5 {
		t.Fatalf("the copy holds %d games (%v), want 5", len(games), err)
	}
}

func TestMaintenanceRefusesMissingFile(t *testing.T) {
	ctx := context.Background()
	missing := filepath.Join(t.TempDir(), "typo.db")
	if err := Backup(ctx, missing, missing+".bak"); err == nil || !strings.Contains(err.Error(), "no database file") {
		t.Fatalf("backup: %v", err)
	}
	if _, err := FileSchema(ctx, missing); err == nil {
		t.Fatal("FileSchema of a missing file")
	}
	if _, err := os.Stat(missing); err == nil {
		t.Fatal("a maintenance call created the missing file")
	}
}

func TestIntegrityFindsDamage(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bad.db")
	if err := os.WriteFile(path, []byte(strings.Repeat("not a database ", 100)), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Integrity(ctx, path); err == nil {
		t.Fatal("a file of garbage passed the integrity check")
	}
}
