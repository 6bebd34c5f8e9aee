package sqlite

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/storagetest"
)

// fakeSys puts a file system of the test's making in place of the operating system's, for the
// cases a test cannot make for real (a full or read-only mount needs root, and root ignores a
// file's mode bits).
func fakeSys(t *testing.T, statfs func(string) (fsInfo, error), access func(string) error) {
	t.Helper()
	old := sys
	if statfs != nil {
		sys.statfs = statfs
	}
	if access != nil {
		sys.access = access
	}
	t.Cleanup(func() { sys = old })
}

// logged captures what the store logs through slog's default logger.
// TestStartChecks: what would make the database unusable is named at open, before SQLite's own
// "unable to open database file (14)".
func TestStartChecks(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "b.db")
	s, err := Open(db) // the file exists, with its -wal and -shm beside it
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	real := statfsOS
	roots := func(string) (fsInfo, error) { return fsInfo{free: 1 << 30}, nil }
	for _, c := range []struct {
		name   string
		path   string
		statfs func(string) (fsInfo, error)
		access func(string) error
		want   string
	}{
		{"healthy", db, nil, nil, ""},
		{"missing directory", filepath.Join(dir, "nope", "b.db"), nil, nil,
			"the directory " + filepath.Join(dir, "nope") + " does not exist"},
		{"read-only mount", db, func(string) (fsInfo, error) { return fsInfo{free: 1 << 30, readOnly: true}, nil }, nil,
			"the directory " + dir + " is on a read-only file system"},
		{"read-only mount seen by access", db, roots, func(string) error { return syscall.EROFS }, "the directory " + dir + " is on a read-only file system"},
		{"read-only file", db, roots, func(p string) error {
			if p == db {
				return syscall.EACCES
			}
			return nil
		}, "database file " + db + " is read-only"},
		{"read-only wal", db, roots, func(p string) error {
			if p == db+"-wal" {
				return syscall.EACCES
			}
			return nil
		}, "database file " + db + "-wal is read-only"},
		{"read-only directory", db, roots, func(p string) error {
			if p == dir {
				return syscall.EACCES
			}
			return nil
		}, "the directory " + dir + " is read-only for this user"},
		{"disk full", db, func(string) (fsInfo, error) { return fsInfo{free: 4096}, nil }, nil, "disk full: 4096 bytes free on " + dir},
		{"real disk", db, real, nil, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			fakeSys(t, c.statfs, c.access)
			err := CheckPlace(c.path)
			if c.want == "" {
				if err != nil {
					t.Fatalf("CheckPlace = %v, want nil", err)
				}
				return
			}
			u, ok := storage.AsUnavailable(err)
			if !ok || u.Part != storage.PartDisk || !strings.HasPrefix(u.Reason, c.want) {
				t.Fatalf("CheckPlace = %v, want a disk error starting %q", err, c.want)
			}
			// Open refuses with the same words, so `boardbot run` exits naming it.
			if _, err := Open(c.path); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Open = %v, want %q", err, c.want)
			}
		})
	}
}

// TestReadOnlyForReal: a file and a directory made read-only with chmod are refused at open.
// Root writes through mode bits, so as root this cannot be made and is skipped (TestStartChecks
// covers the words through a fake access check).
func TestReadOnlyForReal(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root: chmod cannot make a file or directory read-only for root")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "b.db")
	s, err := Open(db)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	os.Remove(db + "-wal")
	os.Remove(db + "-shm")
	if err := os.Chmod(db, 0o444); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(db); err == nil || !strings.Contains(err.Error(), "database file "+db+" is read-only") {
		t.Errorf("Open(read-only file) = %v", err)
	}
	if err := os.Chmod(db, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	if _, err := Open(db); err == nil || !strings.Contains(err.Error(), "the directory "+dir+" is read-only for this user") {
		t.Errorf("Open(file in a read-only directory) = %v", err)
	}
}

// filler writes moves with large snapshots to one game.
type filler struct {
	s       *Store
	id, ver int64
	n       int
}

func newFiller(t *testing.T, s *Store) *filler {
	t.Helper()
	id, err := s.CreateGame(t.Context(), &storage.Game{Kind: "k", Seats: 1, Status: storage.StatusRunning})
	if err != nil {
		t.Fatal(err)
	}
	return &filler{s: s, id: id, ver: 1}
}

// grow adds a setting of size bytes: the file grows (a move overwrites its game's snapshot).
func (f *filler) grow(ctx context.Context, size int) error {
	f.n++
	return f.s.SetSetting(ctx, "test", "fill", fmt.Sprint("k", f.n), strings.Repeat("x", size))
}

func (f *filler) move(ctx context.Context, size int) error {
	f.n++
	snap := bytes.Repeat([]byte(fmt.Sprintf("%08d", f.n)), size/8)
	v, err := f.s.AppendMove(ctx, storage.MoveWrite{GameID: f.id, ExpectVersion: f.ver, Snapshot: snap,
		Move: storage.Move{Notation: fmt.Sprint("m", f.n), InteractionID: fmt.Sprint("i", f.n)}})
	if err == nil {
		f.ver = v
	}
	return err
}

// TestFullWhileRunning: a write that finds the database full (SQLite's SQLITE_FULL, made here
// with a small max_page_count) comes back as a disk Unavailable with a short answer for the
// player, is logged once however many moves it refuses, keeps Ready failing, and clears with
// the next write that succeeds.
func TestFullWhileRunning(t *testing.T) {
	log := storagetest.Logged(t)
	s := openTemp(t)
	ctx := t.Context()
	f := newFiller(t, s)
	var pages int
	if err := s.w.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.ExecContext(ctx, fmt.Sprintf(`PRAGMA max_page_count = %d`, pages+8)); err != nil {
		t.Fatal(err)
	}
	var full error
	for range 100 {
		if full = f.grow(ctx, 8000); full != nil {
			break
		}
	}
	u, ok := storage.AsUnavailable(full)
	if !ok || u.Part != storage.PartDisk || !strings.Contains(u.Reason, "cannot grow") {
		t.Fatalf("write into a full database = %v, want a disk Unavailable", full)
	}
	if a := u.Answer(); !strings.HasPrefix(a, "Nothing was saved") || strings.Contains(a, "SQL") {
		t.Errorf("player's answer %q", a)
	}
	for range 3 {
		if err := f.grow(ctx, 8000); err == nil {
			t.Fatal("a write succeeded in a full database")
		}
	}
	if n := strings.Count(log.String(), "database write failed"); n != 1 {
		t.Errorf("the full database was logged %d times over 4 refused writes, want once:\n%s", n, log)
	}
	if err := s.Ready(ctx); err == nil || !strings.Contains(err.Error(), "cannot grow") {
		t.Errorf("Ready after a failed write = %v, want the disk named", err)
	}
	if _, err := s.w.ExecContext(ctx, `PRAGMA max_page_count = 1073741823`); err != nil {
		t.Fatal(err)
	}
	if err := f.grow(ctx, 8000); err != nil {
		t.Fatalf("write after room was made: %v", err)
	}
	if err := s.Ready(ctx); err != nil {
		t.Errorf("Ready after a write succeeded again = %v", err)
	}
	if !strings.Contains(log.String(), "database writes work again") {
		t.Errorf("the recovery was not logged:\n%s", log)
	}
}

// TestFullDiskNamedWhileRunning: when the disk itself is full, the failed write names it with
// the bytes left (the place check runs on the failure).
func TestFullDiskNamedWhileRunning(t *testing.T) {
	storagetest.Logged(t)
	s := openTemp(t)
	ctx := t.Context()
	f := newFiller(t, s)
	var pages int
	if err := s.w.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.ExecContext(ctx, fmt.Sprintf(`PRAGMA max_page_count = %d`, pages+2)); err != nil {
		t.Fatal(err)
	}
	fakeSys(t, func(string) (fsInfo, error) { return fsInfo{free: 512}, nil }, nil)
	var err error
	for range 100 {
		if err = f.grow(ctx, 8000); err != nil {
			break
		}
	}
	want := "disk full: 512 bytes free on " + filepath.Dir(s.path)
	if u, ok := storage.AsUnavailable(err); !ok || u.Reason != want {
		t.Errorf("write on a full disk = %v, want %q", err, want)
	}
}

// TestReadyHungDisk: when the disk hangs (here its statfs never returns), Ready answers within
// its bound, says it timed out, and writes nothing.
func TestReadyHungDisk(t *testing.T) {
	s := openTemp(t)
	if err := s.Ready(t.Context()); err != nil {
		t.Fatalf("Ready on a healthy store = %v", err)
	}
	release := make(chan struct{})
	fakeSys(t, func(dir string) (fsInfo, error) { <-release; return statfsOS(dir) }, nil)
	// Cleanups run last first: the hung check ends (a probe joins it) before sys is restored.
	t.Cleanup(func() {
		close(release)
		if err := s.Ready(context.Background()); err != nil {
			t.Errorf("Ready once the disk answers again = %v", err)
		}
	})
	storagetest.ReadyTimesOut(t, s, "disk")
}

// TestReadyWritesNothing: probes leave the database file and its WAL as they were.
func TestReadyWritesNothing(t *testing.T) {
	s := openTemp(t)
	if err := s.Checkpoint(t.Context()); err != nil {
		t.Fatal(err)
	}
	stat := func() string {
		var b strings.Builder
		for _, f := range []string{s.path, s.path + "-wal"} {
			fi, err := os.Stat(f)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %d %s; ", f, fi.Size(), fi.ModTime())
		}
		return b.String()
	}
	before := stat()
	for range 20 {
		if err := s.Ready(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	if after := stat(); after != before {
		t.Errorf("Ready changed the files:\n%s\n%s", before, after)
	}
}

// TestReadyStalledWrite: a write that holds the writer far longer than any lock wait (a frozen
// disk under fsync) makes Ready name the disk, although reads still work.
func TestReadyStalledWrite(t *testing.T) {
	s := openTemp(t)
	s.health.writing.Store(time.Now().Add(-writeStall - time.Second).UnixNano())
	err := s.Ready(t.Context())
	if u, ok := storage.AsUnavailable(err); !ok || u.Part != storage.PartDisk || !strings.Contains(u.Reason, "has not finished") {
		t.Errorf("Ready with a stalled write = %v", err)
	}
	s.health.writing.Store(0)
	if err := s.Ready(t.Context()); err != nil {
		t.Errorf("Ready once the write ended = %v", err)
	}
}

// TestWALStaysSmall: thousands of writes never let the write-ahead log grow much past
// walLimit, and a checkpoint (the periodic one's work) leaves it empty.
func TestWALStaysSmall(t *testing.T) {
	s := openTemp(t)
	ctx := t.Context()
	f := newFiller(t, s)
	var biggest int64
	const moves, size = 1500, 4000 // about 6 MB written
	for i := range moves {
		if err := f.move(ctx, size); err != nil {
			t.Fatal(err)
		}
		if i%10 == 0 {
			if fi, err := os.Stat(s.path + "-wal"); err == nil && fi.Size() > biggest {
				biggest = fi.Size()
			}
		}
	}
	t.Logf("%d moves of %d bytes: the WAL peaked at %d bytes", moves, size, biggest)
	// A checkpoint runs at walPages pages; the transaction that crosses it adds its own pages.
	if limit := int64(walLimit + walLimit/2); biggest > limit {
		t.Errorf("the WAL reached %d bytes, want at most %d", biggest, limit)
	}
	stop := make(chan struct{})
	s2 := newStore(s.path, s.w, s.r, stop)
	s2.wrote.Store(true)
	done := make(chan struct{})
	go func() { s2.checkpointer(20 * time.Millisecond); close(done) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		fi, err := os.Stat(s.path + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size() == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the periodic checkpoint left a WAL of %d bytes", fi.Size())
		}
		time.Sleep(20 * time.Millisecond)
	}
	close(stop)
	<-done
}

// BenchmarkReady: what a readiness probe costs on a healthy store.
func BenchmarkReady(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	storagetest.BenchReady(b, s)
}
