//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func owner(t *testing.T, path string) (int, int, os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	return int(st.Uid), int(st.Gid), fi.Mode().Perm()
}

// Run as root (sudo boardbot restore, a root cron's backup), the files written beside the bot's
// database keep the bot's owner and the database's mode: the bot's user must open them at its
// next start and write its own backups there at the next upgrade.
func TestRootKeepsTheBotsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to hand files to another user (the tests run as root in CI)")
	}
	const uid, gid = 65534, 65533 // nobody, and a group of its own
	db := installation(t, 2)
	dir := filepath.Dir(db)
	os.Remove(lockPath(db))
	for _, p := range []string{dir, db} {
		if err := os.Chown(p, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(db, 0o640)

	// root's cron: a default-named backup.
	if code, out, errs := runCmd(t, "backup", "--db", db); code != 0 {
		t.Fatalf("backup %d %q %q", code, out, errs)
	}
	files, _ := filepath.Glob(filepath.Join(backupDir(db), "*-backup-*.db"))
	if len(files) != 1 {
		t.Fatalf("backups: %v", files)
	}
	for _, tc := range []struct {
		path string
		mode os.FileMode
	}{{backupDir(db), 0o700}, {files[0], 0o640}} {
		if u, g, m := owner(t, tc.path); u != uid || g != gid || m != tc.mode {
			t.Errorf("%s is %d:%d %v, want %d:%d %v", tc.path, u, g, m, uid, gid, tc.mode)
		}
	}

	// sudo boardbot restore.
	if code, out, errs := runCmd(t, "restore", "--force", "--db", db, files[0]); code != 0 {
		t.Fatalf("restore %d %q %q", code, out, errs)
	}
	for _, p := range []string{db, lockPath(db)} {
		if u, g, _ := owner(t, p); u != uid || g != gid {
			t.Errorf("%s is %d:%d after a root restore, want the bot's %d:%d", p, u, g, uid, gid)
		}
	}
	if _, _, m := owner(t, db); m != 0o640 {
		t.Errorf("the restored database has mode %v, want the replaced one's 0640", m)
	}
}

// Neither root nor the database's owner: the files would be this user's, which the bot's user
// may not open. The command refuses and says how to run it.
func TestAnotherUserIsRefused(t *testing.T) {
	db := installation(t, 2)
	bak := filepath.Join(t.TempDir(), "b.db")
	if code, out, errs := runCmd(t, "backup", "--db", db, "--to", bak); code != 0 {
		t.Fatalf("backup %d %q %q", code, out, errs)
	}
	me, _, _ := owner(t, db)
	geteuid = func() int { return me + 4242 }
	defer func() { geteuid = os.Geteuid }()
	for _, args := range [][]string{
		{"restore", "--force", "--db", db, bak},
		{"backup", "--db", db},
	} {
		before := dirState(t, filepath.Dir(db))
		code, _, errs := runCmd(t, args...)
		if code != 1 || !strings.Contains(errs, "run it as the bot's user: sudo -u ") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
		if after := dirState(t, filepath.Dir(db)); after != before {
			t.Errorf("%v changed the folder", args)
		}
	}
	// A backup to a file of one's own is that user's business.
	if code, _, errs := runCmd(t, "backup", "--db", db, "--to", filepath.Join(t.TempDir(), "mine.db")); code != 0 {
		t.Errorf("backup --to: %d %q", code, errs)
	}
}

// A backups folder a root cron left behind makes the bot's own backup before an upgrade fail: the
// bot says whose folder it is and how to give it back, instead of SQLite's "unable to open
// database file (14)".
func TestBackupFolderOfAnotherUser(t *testing.T) {
	db := installation(t, 2)
	os.MkdirAll(backupDir(db), 0o700)
	writable = func(string) bool { return false }
	defer func() { writable = canWrite }()
	// An older schema, so that the start backs up before migrating.
	execSQL(t, db, `DROP TABLE budget; DELETE FROM schema_migrations WHERE version = 5`)
	os.Remove(lockPath(db))
	code, _, errs := runCmd(t, "migrate", "--db", db)
	if code != 1 || !strings.Contains(errs, "cannot write backups into "+backupDir(db)) || !strings.Contains(errs, "chown -R ") {
		t.Fatalf("migrate with a folder it cannot write: %d %q", code, errs)
	}
	code, _, errs = runCmd(t, "backup", "--db", db)
	if code != 1 || !strings.Contains(errs, "cannot write backups into") {
		t.Fatalf("backup with a folder it cannot write: %d %q", code, errs)
	}
}

// The service user meets files root left behind: each command names the file, its owner and the
// chown, instead of "permission denied" or SQLite's "unable to open database file (14)".
func TestFilesOfAnotherUserAreNamed(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give files to another user (the tests run as root in CI)")
	}
	db := installation(t, 2)
	for _, p := range []string{db, lockPath(db)} {
		os.Chown(p, 65534, 65534)
	}
	// Root may open anything: the test plays the user that may not.
	openFile = func(name string, flag int, perm os.FileMode) (*os.File, error) {
		if name == db || name == lockPath(db) {
			return nil, &os.PathError{Op: "open", Path: name, Err: os.ErrPermission}
		}
		return os.OpenFile(name, flag, perm)
	}
	defer func() { openFile = os.OpenFile }()
	// The lock file, which every command on the database opens first.
	code, _, errs := runCmd(t, "migrate", "--db", db)
	if code != 1 || !strings.Contains(errs, lockPath(db)+" belongs to ") || !strings.Contains(errs, "give it back with chown ") {
		t.Errorf("migrate: exit %d, %q", code, errs)
	}
	// The database itself, which fsck and restore read (through SQLite, which root always may:
	// the check they call on their error is asked directly).
	if err := whyDenied(false, db+"-wal", db); err == nil || !strings.Contains(err.Error(), db+" belongs to ") || !strings.Contains(err.Error(), "may not read it") {
		t.Errorf("whyDenied(db) = %v", err)
	}
	os.Chown(db, 0, 0)
	if err := whyDenied(false, db); err != nil {
		t.Errorf("a file of this user's own: %v", err)
	}
}
