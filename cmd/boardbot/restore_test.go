package main

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// dirState is every file under dir with its size and content hash: what a command that must
// write nothing must leave as it was.
func dirState(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		line := fmt.Sprintf("%s %v", strings.TrimPrefix(p, dir), fi.Mode())
		if fi.Mode().IsRegular() {
			b, _ := os.ReadFile(p)
			line += fmt.Sprintf(" %x", sha256.Sum256(b))
		}
		lines = append(lines, line)
		return nil
	})
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func execSQL(t *testing.T, path, q string) {
	t.Helper()
	h, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.Exec(q); err != nil {
		t.Fatal(err)
	}
}

// restore checks the backup before anything moves: an empty file (what a failed cron redirect
// leaves), a damaged one, a database that is not boardbot's, one from a newer boardbot, or one
// with fewer games than the database it would replace (unless --force). A refused restore
// changes nothing and exits non-zero.
func TestRestoreChecksTheBackup(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	notOurs := filepath.Join(dir, "other.db")
	execSQL(t, notOurs, `CREATE TABLE notes (body TEXT)`)
	newer := filepath.Join(dir, "newer.db")
	if err := sqlite.Backup(context.Background(), installation(t, 1), newer); err != nil {
		t.Fatal(err)
	}
	execSQL(t, newer, `INSERT INTO schema_migrations VALUES (99, 'future', 0)`)
	fewer := filepath.Join(dir, "fewer.db")
	st, err := sqlite.Open(fewer)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()

	for _, tc := range []struct {
		name, file string
		want       string
	}{
		{"empty file", write("empty.db", nil), "is empty (0 bytes)"},
		{"garbage", write("junk.db", []byte(strings.Repeat("junk", 500))), "cannot be restored"},
		{"text file", write("notes.txt", []byte("a shopping list\n")), "cannot be restored"},
		{"missing file", filepath.Join(dir, "typo.db"), "no database file"},
		{"not boardbot's", notOurs, "no boardbot tables"},
		{"newer boardbot", newer, "newer than this boardbot's"},
		{"fewer games", fewer, "holds 0 games, fewer than the 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := installation(t, 4)
			before := dirState(t, filepath.Dir(db))
			code, out, errs := runCmd(t, "restore", "--db", db, tc.file)
			if code == 0 || !strings.Contains(errs, tc.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want a refusal saying %q", code, out, errs, tc.want)
			}
			if after := dirState(t, filepath.Dir(db)); after != before {
				t.Fatalf("a refused restore changed the folder:\n%s\nwas\n%s", after, before)
			}
		})
	}

	// --force restores a backup with fewer games, on purpose; the old file stays aside.
	db := installation(t, 4)
	code, out, errs := runCmd(t, "restore", "--force", "--db", db, fewer)
	if code != 0 || countGames(t, db) != 0 || !strings.Contains(out, "moved "+db+".before-restore-") {
		t.Fatalf("restore --force: %d %q %q", code, out, errs)
	}
	aside, _ := filepath.Glob(db + ".before-restore-*")
	if len(aside) != 1 || countGames(t, aside[0]) != 2 {
		t.Fatalf("the old database kept aside: %v", aside)
	}
	if tmp, _ := filepath.Glob(db + ".restoring-*"); len(tmp) != 0 {
		t.Fatalf("temporary copies left behind: %v", tmp)
	}
}

// A damaged database is what a restore is for: it is replaced without --force (its games cannot
// be counted) and kept aside.
func TestRestoreOverADamagedDatabase(t *testing.T) {
	db := installation(t, 2)
	bak := filepath.Join(t.TempDir(), "b.db")
	if code, out, errs := runCmd(t, "backup", "--db", db, "--to", bak); code != 0 {
		t.Fatalf("backup %d %q %q", code, out, errs)
	}
	os.WriteFile(db, []byte(strings.Repeat("garbage!", 1024)), 0o600)
	code, out, errs := runCmd(t, "restore", "--db", db, bak)
	if code != 0 || countGames(t, db) != 2 {
		t.Fatalf("restore over a damaged database: %d %q %q", code, out, errs)
	}
	aside, _ := filepath.Glob(db + ".before-restore-*")
	if len(aside) != 1 {
		t.Fatalf("the damaged file was not kept aside: %v", aside)
	}
}

// The old database's write-ahead log holds data the file does not yet: a restore folds it in
// before it sets the file aside, so nothing of the old database is lost with its log.
func TestRestoreKeepsTheOldLog(t *testing.T) {
	db := installation(t, 2)
	bak := filepath.Join(t.TempDir(), "b.db")
	if code, out, errs := runCmd(t, "backup", "--db", db, "--to", bak); code != 0 {
		t.Fatalf("backup %d %q %q", code, out, errs)
	}
	// A store left open writes a game into the log only; copying the files plays a killed bot.
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.CreateGame(context.Background(), &storage.Game{Kind: "ausonia", Seats: 2, Guild: "g", Channel: "c", Status: storage.StatusLobby}); err != nil {
		t.Fatal(err)
	}
	crashed := filepath.Join(t.TempDir(), "crashed.db")
	for _, s := range []string{"", "-wal"} {
		b, err := os.ReadFile(db + s)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(crashed+s, b, 0o600)
	}
	if fi, err := os.Stat(crashed + "-wal"); err != nil || fi.Size() == 0 {
		t.Fatal("the crashed copy should hold the third game in its log")
	}
	if code, out, errs := runCmd(t, "restore", "--force", "--db", crashed, bak); code != 0 {
		t.Fatalf("restore %d %q %q", code, out, errs)
	}
	aside, _ := filepath.Glob(crashed + ".before-restore-*")
	sort.Strings(aside)
	if len(aside) == 0 {
		t.Fatal("nothing was set aside")
	}
	// The file set aside holds everything by itself, without a log beside it.
	alone := filepath.Join(t.TempDir(), "alone.db")
	if err := copyFile(aside[0], alone); err != nil {
		t.Fatal(err)
	}
	if n := countGames(t, alone); n != 3 {
		t.Fatalf("the old database set aside holds %d games by itself, want 3: its log was not folded in", n)
	}
}

// fsck writes nothing, ever: not on a current database (no lock file, no log, no -shm), and on an
// older schema it neither migrates nor backs up (which once cut an installation off from the
// binary it meant to roll back to): it checks what it can read-only and says to migrate.
func TestFsckWritesNothing(t *testing.T) {
	db := installation(t, 6)
	dir := filepath.Dir(db)
	os.Remove(lockPath(db)) // made by the installation's own store; fsck must not make one
	before := dirState(t, dir)
	code, out, errs := runCmd(t, "fsck", "--db", db)
	if code != 0 || !strings.Contains(out, "1 games replayed, 0 problems") {
		t.Fatalf("fsck %d: %q %q", code, out, errs)
	}
	if after := dirState(t, dir); after != before {
		t.Fatalf("fsck changed the folder:\n%s\nwas\n%s", after, before)
	}

	// Schema 4: the layout before 0005.
	execSQL(t, db, `DROP TABLE budget; DELETE FROM schema_migrations WHERE version = 5`)
	os.Remove(lockPath(db))
	before = dirState(t, dir)
	code, out, errs = runCmd(t, "fsck", "--db", db)
	if code != 1 || !strings.Contains(errs, "schema 4, older than this boardbot's 5") ||
		!strings.Contains(errs, "boardbot migrate") || !strings.Contains(out, "integrity ok") {
		t.Fatalf("fsck of an older schema %d: %q %q", code, out, errs)
	}
	if after := dirState(t, dir); after != before {
		t.Fatalf("fsck of an older schema changed the folder:\n%s\nwas\n%s", after, before)
	}
	if v, _ := sqlite.FileSchema(context.Background(), db); v != 4 {
		t.Fatalf("fsck migrated the database to %d", v)
	}
}

// fsck beside a running bot reads through the bot's log without taking over its files.
func TestFsckBesideARunningBot(t *testing.T) {
	db := installation(t, 2)
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.CreateGame(context.Background(), &storage.Game{Kind: "ausonia", Seats: 2, Guild: "g", Channel: "c", Status: storage.StatusLobby}); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, "fsck", "--db", db)
	if code != 0 || !strings.Contains(out, "0 problems") {
		t.Fatalf("fsck %d: %q %q", code, out, errs)
	}
	// The bot still writes.
	if _, err := st.CreateGame(context.Background(), &storage.Game{Kind: "ausonia", Seats: 2, Guild: "g", Channel: "c", Status: storage.StatusLobby}); err != nil {
		t.Fatal(err)
	}
}

// A new machine: restore puts the backup where no database is yet.
func TestRestoreOntoANewMachine(t *testing.T) {
	bak := filepath.Join(t.TempDir(), "b.db")
	if code, out, errs := runCmd(t, "backup", "--db", installation(t, 2), "--to", bak); code != 0 {
		t.Fatalf("backup %d %q %q", code, out, errs)
	}
	db := filepath.Join(t.TempDir(), "boardbot.db")
	code, out, errs := runCmd(t, "restore", "--db", db, bak)
	if code != 0 || countGames(t, db) != 2 || strings.Contains(out, "aside") {
		t.Fatalf("restore onto nothing: %d %q %q", code, out, errs)
	}
}
