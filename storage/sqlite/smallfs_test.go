package sqlite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/storagetest"
)

// smallFS is the environment variable naming an empty directory on a small file system (a few
// MB), for TestSmallVolume. Making one needs root, so it is not made here:
//
//	mkdir -p /tmp/small && mount -t tmpfs -o size=3m tmpfs /tmp/small
//	BOARDBOT_TEST_SMALLFS=/tmp/small go test -run TestSmallVolume -v ./storage/sqlite
const smallFS = "BOARDBOT_TEST_SMALLFS"

// TestSmallVolume fills a real small volume: the WAL stays bounded while it fills, the write
// that finds it full is named "disk full" with the bytes left, Ready says so, and a new start
// is refused with the same words.
func TestSmallVolume(t *testing.T) {
	dir := os.Getenv(smallFS)
	if dir == "" {
		t.Skipf("set %s to an empty directory on a small file system to run this test", smallFS)
	}
	dir, err := os.MkdirTemp(dir, "fill")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	storagetest.Logged(t)
	db := filepath.Join(dir, "b.db")
	s, err := Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	f := newFiller(t, s)
	var biggest int64
	var full error
	for i := 0; i < 100000 && full == nil; i++ {
		if i%2 == 0 {
			full = f.move(ctx, 4000)
		} else {
			full = f.grow(ctx, 4000)
		}
		if fi, err := os.Stat(db + "-wal"); err == nil && fi.Size() > biggest {
			biggest = fi.Size()
		}
	}
	fi, _ := os.Stat(db)
	t.Logf("after %d writes: database %d bytes, WAL peaked at %d bytes; the write that failed: %v", f.n, fi.Size(), biggest, full)
	if biggest > walLimit+walLimit/2 {
		t.Errorf("the WAL reached %d bytes", biggest)
	}
	u, ok := storage.AsUnavailable(full)
	if !ok || u.Part != storage.PartDisk || !strings.HasPrefix(u.Reason, "disk full: ") || !strings.HasSuffix(u.Reason, " bytes free on "+dir) {
		t.Fatalf("the write on a full volume = %v, want disk full named", full)
	}
	if err := s.Ready(ctx); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Ready on a full volume = %v", err)
	}
	s.Close()
	if _, err := Open(db); err == nil || !strings.Contains(err.Error(), "disk full: ") {
		t.Errorf("Open on a full volume = %v", err)
	}
}

// roFS names a directory on a file system mounted read-only that holds b.db, for
// TestReadOnlyVolume (made as root: a tmpfs, Open(b.db) there, then mount -o remount,ro).
const roFS = "BOARDBOT_TEST_ROFS"

// TestReadOnlyVolume: a database on a read-only mount is named so at open, not as SQLite's
// "unable to open database file (14)".
func TestReadOnlyVolume(t *testing.T) {
	dir := os.Getenv(roFS)
	if dir == "" {
		t.Skipf("set %s to a directory on a read-only mount holding b.db to run this test", roFS)
	}
	want := "the directory " + dir + " is on a read-only file system"
	if _, err := Open(filepath.Join(dir, "b.db")); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Open on a read-only mount = %v, want %q", err, want)
	}
}
