package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
)

// geteuid is who runs the command, writable whether it may create files in a folder, and
// openFile how it opens one (the lock file, whyDenied's probe); tests play another user with
// them, since root may open anything.
var (
	geteuid  = os.Geteuid
	writable = canWrite
	openFile = os.OpenFile
)

// The files restore and backup write must stay usable by the bot's own user: a `sudo boardbot
// restore` once left a root-owned 0600 database that the service refused to open, and a root
// cron's backups/ folder made the next upgrade's automatic backup fail.

// ownerRef is the file whose owner and mode new files copy: the database itself, or, before it
// exists, its folder.
func ownerRef(db string) (string, os.FileInfo, error) {
	if fi, err := os.Stat(db); err == nil {
		return db, fi, nil
	}
	dir := filepath.Dir(db)
	fi, err := os.Stat(dir)
	return dir, fi, err
}

// userName names uid for a message: its login name when known.
func userName(uid int) string {
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil {
		return u.Username
	}
	return strconv.Itoa(uid)
}

// checkRunAs refuses a command that would write files beside the database db as a user that is
// neither root (which can hand them over) nor the database's owner (whose files the bot's user
// could then not open), naming the fix.
func checkRunAs(db, cmd string) error {
	me := geteuid()
	if me == 0 {
		return nil
	}
	ref, fi, err := ownerRef(db)
	if err != nil {
		return nil // the command itself reports a missing place
	}
	uid, _, ok := ownerOf(fi)
	if !ok || uid == me {
		return nil
	}
	name := userName(uid)
	return fmt.Errorf("%s belongs to %s, but this command runs as %s: the files it writes would not be the bot's; run it as the bot's user: sudo -u %s boardbot %s ...",
		ref, name, userName(me), name, cmd)
}

// handOver gives path, just written by this command, the owner of the database db (its folder
// when it has none yet) and mode, when the command runs as root. As another user the files are
// already that user's, which checkRunAs made sure is the database's owner.
func handOver(path, db string, mode os.FileMode) error {
	if geteuid() != 0 {
		return os.Chmod(path, mode)
	}
	_, fi, err := ownerRef(db)
	if err != nil {
		return err
	}
	if uid, gid, ok := ownerOf(fi); ok {
		if err := os.Chown(path, uid, gid); err != nil {
			return fmt.Errorf("give %s to the database's owner: %w", path, err)
		}
	}
	return os.Chmod(path, mode)
}

// dbMode is the mode a file replacing db gets: db's own, or 0600 for a new database.
func dbMode(db string) os.FileMode {
	if fi, err := os.Stat(db); err == nil && fi.Mode().IsRegular() {
		return fi.Mode().Perm()
	}
	return 0o600
}

// ensureBackupDir makes the backups folder dir (0700) for the database db, owned as the database
// is, and refuses one this user cannot write into.
func ensureBackupDir(dir, db string) error {
	if fi, err := os.Stat(dir); err == nil {
		if !writable(dir) {
			uid, _, _ := ownerOf(fi)
			return fmt.Errorf("this user (%s) cannot write backups into %s, which belongs to %s (a backup once run as root?): give it to the bot's user, e.g. chown -R %s %s",
				userName(geteuid()), dir, userName(uid), userName(geteuid()), dir)
		}
		return nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return handOver(dir, db, 0o700)
}

// whyDenied names the first of paths that this user may not open (for writing when write is
// set) because another user owns it, with the chown that gives it back: the lock file or the
// database a command run as root left behind, which SQLite calls "unable to open database file".
// It returns nil when none is.
func whyDenied(write bool, paths ...string) error {
	flag, verb := os.O_RDONLY, "read"
	if write {
		flag, verb = os.O_RDWR, "write"
	}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil || fi.IsDir() {
			continue
		}
		f, err := openFile(p, flag, 0)
		if err == nil {
			f.Close()
			continue
		}
		uid, _, ok := ownerOf(fi)
		if !errors.Is(err, fs.ErrPermission) || !ok || uid == geteuid() {
			continue
		}
		me := userName(geteuid())
		return fmt.Errorf("%s belongs to %s, and this user (%s) may not %s it (a restore or backup run as root?): give it back with chown %s %s, and run maintenance as the bot's user (sudo -u %s boardbot ...)",
			p, userName(uid), me, verb, me, p, me)
	}
	return nil
}
