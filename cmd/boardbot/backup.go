package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/storage/sqlite"
)

var errLocked = errors.New("locked")

// lockPath is the lock file beside a SQLite database: every process on the database holds it
// shared; restore needs it alone.
func lockPath(db string) string { return db + ".lock" }

// backupDir is where automatic and default backups go when database.backups is empty: a folder
// beside the database.
func backupDir(db string) string { return filepath.Join(filepath.Dir(db), "backups") }

// backupsOf is the configured backups folder (database.backups), else backupDir.
func backupsOf(c config.Config) string {
	if c.Database.Backups != "" {
		return c.Database.Backups
	}
	return backupDir(c.Database.Path)
}

// backupName is a new backup's file name in dir: the database's name, why, the time (UTC,
// sortable) and ext.
func backupName(dir, db, why, ext string, now time.Time) string {
	base := strings.TrimSuffix(filepath.Base(db), filepath.Ext(db))
	return filepath.Join(dir, fmt.Sprintf("%s-%s-%s%s", base, why, now.UTC().Format("20060102T150405Z"), ext))
}

// autoBackup copies a SQLite database into dir before a start would migrate its schema, so an
// upgrade can be rolled back with `boardbot restore`. A new file, or one already current, needs
// none.
func autoBackup(ctx context.Context, db, dir string, log *slog.Logger) error {
	if _, err := os.Stat(db); err != nil {
		return nil // a new database
	}
	have, err := sqlite.FileSchema(ctx, db)
	if err != nil {
		return fmt.Errorf("read the schema version of %s: %w", db, err)
	}
	want := sqlite.SchemaVersion()
	if have == 0 || have >= want {
		return nil
	}
	if err := ensureBackupDir(dir, db); err != nil {
		return fmt.Errorf("backup before migrating the schema from %d to %d: %w", have, want, err)
	}
	to := backupName(dir, db, fmt.Sprintf("schema%d", have), ".db", time.Now())
	if err := sqlite.Backup(ctx, db, to); err != nil {
		return fmt.Errorf("backup before migrating the schema from %d to %d: %w", have, want, err)
	}
	if err := handOver(to, db, 0o600); err != nil {
		return err
	}
	log.Info("backup taken before the schema migration", "db", db, "from", have, "to", want, "backup", to)
	return nil
}

func cmdBackup(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var to *string
	var keep *int
	c, _, err := commandConfig("backup", args, stderr, func(fs *flag.FlagSet) {
		to = fs.String("to", "", "the backup file (default: a new file in database.backups, or backups/ beside the database; a dump file for PostgreSQL)")
		keep = fs.Int("keep", 0, "after a default-named backup, keep only this many of them (0: keep all)")
	})
	if err != nil {
		return exitErr(stderr, err)
	}
	if *keep < 0 {
		return exitErr(stderr, errors.New("--keep must be 0 (keep all) or more"))
	}
	dir := backupsOf(c)
	if c.Database.URL != "" {
		// The bot never reads the dumps: whoever runs pg_dump may own them.
		return pgDump(ctx, c, dir, *to, *keep, stdout, stderr)
	}
	if *to == "" {
		// The default folder is the bot's own: written by another user, its next automatic
		// backup would fail.
		if err := checkRunAs(c.Database.Path, "backup"); err != nil {
			return exitErr(stderr, err)
		}
	}
	db := c.Database.Path
	if err := sqlite.Exists(db); err != nil {
		return exitErr(stderr, err)
	}
	target := *to
	if target == "" {
		if err := ensureBackupDir(dir, db); err != nil {
			return exitErr(stderr, err)
		}
		target = backupName(dir, db, "backup", ".db", time.Now())
	}
	if err := sqlite.Backup(ctx, db, target); err != nil {
		return exitErr(stderr, err)
	}
	if err := handOver(target, db, dbMode(db)); err != nil {
		return exitErr(stderr, err)
	}
	fi, _ := os.Stat(target)
	fmt.Fprintf(stdout, "backup of %s written to %s (%d KB, integrity ok)\n", db, target, fi.Size()/1024)
	if *to == "" && *keep > 0 {
		removed, err := rotate(dir, db, ".db", *keep)
		if err != nil {
			return exitErr(stderr, err)
		}
		for _, r := range removed {
			fmt.Fprintf(stdout, "removed the old backup %s\n", r)
		}
	}
	return 0
}

// rotate keeps the newest keep default-named backups of db in dir (files ending in ext) and
// removes the rest; automatic backups taken before migrations are never removed.
func rotate(dir, db, ext string, keep int) ([]string, error) {
	base := strings.TrimSuffix(filepath.Base(db), filepath.Ext(db))
	files, err := filepath.Glob(filepath.Join(dir, base+"-backup-*"+ext))
	if err != nil {
		return nil, err
	}
	sort.Strings(files) // the names sort by time
	var removed []string
	for len(files) > keep {
		if err := os.Remove(files[0]); err != nil {
			return removed, err
		}
		removed = append(removed, files[0])
		files = files[1:]
	}
	return removed, nil
}

// pgRestoreHint is the recipe for putting a dump back: --if-exists lets --clean run on an empty
// database (the disaster case) without an error for every table it cannot drop.
const pgRestoreHint = "pg_restore --clean --if-exists --no-owner --dbname=<url> "

// pgDump drives pg_dump for a PostgreSQL installation (custom format, for pg_restore), into dir
// (database.backups) unless to names the file, rotating default-named dumps with keep.
func pgDump(ctx context.Context, c config.Config, dir, to string, keep int, stdout, stderr io.Writer) int {
	bin, err := exec.LookPath("pg_dump")
	if err != nil {
		return exitErr(stderr, errors.New("pg_dump is not installed: install PostgreSQL's client tools, or run pg_dump --format=custom yourself (README: backup and restore)"))
	}
	// Dumps are named after the database the URL names, like SQLite's copies after their file.
	name := "boardbot"
	if u, err := url.Parse(c.Database.URL); err == nil && strings.Trim(u.Path, "/") != "" {
		name = strings.Trim(u.Path, "/")
	}
	target := to
	if target == "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return exitErr(stderr, err)
		}
		target = backupName(dir, name, "backup", ".dump", time.Now())
		if _, err := os.Stat(target); err == nil {
			return exitErr(stderr, fmt.Errorf("%s exists already", target))
		}
	}
	cmd := exec.CommandContext(ctx, bin, "--format=custom", "--file="+target, c.Database.URL)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		os.Remove(target)
		return exitErr(stderr, fmt.Errorf("pg_dump: %w", err))
	}
	// A dump holds every game and user id: readable by its owner only.
	if err := os.Chmod(target, 0o600); err != nil {
		return exitErr(stderr, err)
	}
	fmt.Fprintf(stdout, "PostgreSQL dump written to %s (restore with %s%s)\n", target, pgRestoreHint, target)
	if to == "" && keep > 0 {
		removed, err := rotate(dir, name, ".dump", keep)
		if err != nil {
			return exitErr(stderr, err)
		}
		for _, r := range removed {
			fmt.Fprintf(stdout, "removed the old backup %s\n", r)
		}
	}
	return 0
}

// checkBackup says why the file at from cannot replace a database, before anything moves: empty
// (what a failed cron redirect or a full disk leaves), damaged, not a boardbot database, or
// written by a newer boardbot. It returns the games the backup holds.
func checkBackup(ctx context.Context, from string) (int, error) {
	fi, err := os.Stat(from)
	switch {
	case err != nil:
		return 0, sqlite.Exists(from)
	case fi.IsDir():
		return 0, fmt.Errorf("%s is a folder, not a backup file", from)
	case fi.Size() == 0:
		return 0, fmt.Errorf("%s is empty (0 bytes): a backup that failed (a full disk, a cron job's redirect) leaves such a file; take another one", from)
	}
	if err := sqlite.Integrity(ctx, from); err != nil {
		return 0, err
	}
	have, err := sqlite.FileSchema(ctx, from)
	if err != nil {
		return 0, fmt.Errorf("read the schema version of %s: %w", from, err)
	}
	switch want := sqlite.SchemaVersion(); {
	case have == 0:
		return 0, fmt.Errorf("%s holds no boardbot tables: it is not a boardbot database", from)
	case have > want:
		return 0, fmt.Errorf("%s has schema %d, newer than this boardbot's %d: restore it with the boardbot that wrote it", from, have, want)
	}
	return sqlite.CountGames(ctx, from)
}

func cmdRestore(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var force *bool
	c, fs, err := commandConfigArgs("restore", args, stderr, func(fs *flag.FlagSet) {
		force = fs.Bool("force", false, "restore even a backup that holds fewer games than the database it replaces")
	}, 1)
	if err != nil {
		return exitErr(stderr, err)
	}
	from := fs.Arg(0)
	if c.Database.URL != "" {
		return exitErr(stderr, errors.New("restore works on SQLite files; for PostgreSQL stop the bot and use "+pgRestoreHint+"FILE (README: backup and restore)"))
	}
	db := c.Database.Path
	games, err := checkBackup(ctx, from)
	if why := whyDenied(false, from); err != nil && why != nil {
		err = why
	}
	if err != nil {
		return exitErr(stderr, fmt.Errorf("the backup cannot be restored (nothing was changed): %w", err))
	}
	if err := checkRunAs(db, "restore"); err != nil {
		return exitErr(stderr, err)
	}
	unlock, err := stoppedBot(db, "restore")
	if err != nil {
		return exitErr(stderr, err)
	}
	defer unlock()
	if sqlite.Exists(db) == nil {
		// A live database that cannot be read is what a restore is for: only a readable one is
		// compared.
		if live, err := sqlite.CountGames(ctx, db); err == nil && games < live && !*force {
			return exitErr(stderr, fmt.Errorf("the backup %s holds %d games, fewer than the %d of %s: it is older, or from another installation; nothing was changed (restore it anyway with --force)", from, games, live, db))
		}
	}
	aside, err := swapIn(ctx, from, db)
	if err != nil {
		return exitErr(stderr, fmt.Errorf("restore: %w (%s is as it was)", err, db))
	}
	for _, a := range aside {
		fmt.Fprintf(stdout, "moved %s aside\n", a)
	}
	fmt.Fprintf(stdout, "restored %s from %s (%d games)\n", db, from, games)
	// The restored database is checked as fsck would, migrated first when it is older. The
	// store takes the lock shared: give up the exclusive one first.
	unlock()
	svc, st, err := openService(c, stderr)
	if err != nil {
		return exitErr(stderr, err)
	}
	defer st.Close()
	problems, checked, err := fsck(ctx, svc, st)
	if err != nil {
		return exitErr(stderr, fmt.Errorf("fsck after the restore: %w", err))
	}
	for _, p := range problems {
		fmt.Fprintln(stdout, p)
	}
	fmt.Fprintf(stdout, "fsck: %d games replayed, %d problems\n", checked, len(problems))
	if len(problems) > 0 {
		return 1
	}
	return 0
}

// swapIn puts a copy of the backup from in place of db so that db is at every moment either the
// old database or the whole new one: the copy is written and checked beside db under a temporary
// name, the old file is kept under a before-restore name (never deleted: a restore can be
// undone), and a rename puts the copy in place. It returns the files moved aside.
func swapIn(ctx context.Context, from, db string) ([]string, error) {
	tmp, err := os.CreateTemp(filepath.Dir(db), filepath.Base(db)+".restoring-*")
	if err != nil {
		return nil, err
	}
	tmpName := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			os.Remove(tmpName)
		}
	}()
	if err := copyInto(tmp, from); err != nil {
		return nil, err
	}
	if err := handOver(tmpName, db, dbMode(db)); err != nil {
		return nil, err
	}
	// The copy is checked where it will live: a disk that filled up during the copy shows here.
	if err := sqlite.Integrity(ctx, tmpName); err != nil {
		return nil, fmt.Errorf("the copy of the backup: %w", err)
	}
	var aside []string
	if _, err := os.Stat(db); err == nil {
		// The old file should hold its data alone before its log moves away from it. When the
		// log cannot be folded in (a damaged database is what restores are for), the log still
		// moves aside with the file, under the same name.
		_ = sqlite.FoldWAL(ctx, db)
		stamp := time.Now().UTC().Format("20060102T150405Z")
		old := fmt.Sprintf("%s.before-restore-%s", db, stamp)
		// A hard link keeps the old file at db until the rename replaces it.
		if err := os.Link(db, old); err != nil {
			if err := copyFile(db, old); err != nil {
				return nil, err
			}
		}
		aside = append(aside, old)
		for _, suffix := range []string{"-wal", "-shm"} {
			if _, err := os.Stat(db + suffix); err != nil {
				continue
			}
			if err := os.Rename(db+suffix, old+suffix); err != nil {
				return aside, err
			}
			aside = append(aside, old+suffix)
		}
	}
	if err := os.Rename(tmpName, db); err != nil {
		return aside, err
	}
	ok = true
	if d, err := os.Open(filepath.Dir(db)); err == nil {
		d.Sync() // the rename itself survives a power cut
		d.Close()
	}
	return aside, nil
}

// copyInto copies the file from into out, synced, and closes out.
func copyInto(out *os.File, from string) error {
	in, err := os.Open(from)
	if err != nil {
		out.Close()
		return err
	}
	defer in.Close()
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func copyFile(from, to string) error {
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	return copyInto(out, from)
}

// cmdConfig: `config check` validates and prints the configuration in force; `config keys`
// lists every key with its environment variable.
func cmdConfig(_ context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "check" && args[0] != "keys") {
		fmt.Fprintln(stderr, "boardbot: use `boardbot config check [--config FILE]` or `boardbot config keys`")
		return 2
	}
	if args[0] == "keys" {
		for _, k := range config.Keys() {
			fmt.Fprintf(stdout, "%-26s %s\n", k[0], k[1])
		}
		return 0
	}
	fs := flag.NewFlagSet("config check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("config", "", "configuration file (TOML)")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	c, src, err := config.Find(*path, os.Environ())
	if err != nil {
		fmt.Fprintln(stderr, "boardbot: the configuration is not valid:")
		fmt.Fprintln(stderr, err)
		return 1
	}
	if _, err := enabledKits(c.Games.Enabled); err != nil {
		return exitErr(stderr, err)
	}
	problems, notes := preflight(context.Background(), c)
	fmt.Fprint(stdout, c.Effective(src))
	for _, n := range notes {
		fmt.Fprintln(stdout, "# note:", n)
	}
	if len(problems) > 0 {
		fmt.Fprintln(stderr, "boardbot: the configuration is valid, but the bot cannot start with it here:")
		for _, p := range problems {
			fmt.Fprintln(stderr, "- "+p)
		}
		return 1
	}
	fmt.Fprintln(stdout, "\n# valid")
	return 0
}

// newLoggerTo is a text logger on w, for tests and one-off commands.
func newLoggerTo(w io.Writer) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }
