package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
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

// backupDir is where automatic and default backups go: a folder beside the database.
func backupDir(db string) string { return filepath.Join(filepath.Dir(db), "backups") }

// backupName is a new backup's file name: the database's name, why, and the time (UTC, sortable).
func backupName(db, why string, now time.Time) string {
	base := strings.TrimSuffix(filepath.Base(db), filepath.Ext(db))
	return filepath.Join(backupDir(db), fmt.Sprintf("%s-%s-%s.db", base, why, now.UTC().Format("20060102T150405Z")))
}

// autoBackup copies a SQLite database before a start would migrate its schema, so an upgrade can
// be rolled back with `boardbot restore`. A new file, or one already current, needs none.
func autoBackup(ctx context.Context, db string, log *slog.Logger) error {
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
	if err := os.MkdirAll(backupDir(db), 0o700); err != nil {
		return err
	}
	to := backupName(db, fmt.Sprintf("schema%d", have), time.Now())
	if err := sqlite.Backup(ctx, db, to); err != nil {
		return fmt.Errorf("backup before migrating the schema from %d to %d: %w", have, want, err)
	}
	log.Info("backup taken before the schema migration", "db", db, "from", have, "to", want, "backup", to)
	return nil
}

func cmdBackup(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var to *string
	var keep *int
	c, fs, err := commandConfig("backup", args, stderr, func(fs *flag.FlagSet) {
		to = fs.String("to", "", "the backup file (default: backups/<name>-<time>.db beside the database; a dump file for PostgreSQL)")
		keep = fs.Int("keep", 0, "after a default-named backup, keep only this many of them (0: keep all)")
	})
	if err != nil {
		return exitErr(stderr, err)
	}
	_ = fs
	if c.Database.URL != "" {
		return pgDump(ctx, c, *to, stdout, stderr)
	}
	db := c.Database.Path
	if err := sqlite.Exists(db); err != nil {
		return exitErr(stderr, err)
	}
	target := *to
	if target == "" {
		if err := os.MkdirAll(backupDir(db), 0o700); err != nil {
			return exitErr(stderr, err)
		}
		target = backupName(db, "backup", time.Now())
	}
	if err := sqlite.Backup(ctx, db, target); err != nil {
		return exitErr(stderr, err)
	}
	fi, _ := os.Stat(target)
	fmt.Fprintf(stdout, "backup of %s written to %s (%d KB, integrity ok)\n", db, target, fi.Size()/1024)
	if *to == "" && *keep > 0 {
		removed, err := rotate(db, *keep)
		if err != nil {
			return exitErr(stderr, err)
		}
		for _, r := range removed {
			fmt.Fprintf(stdout, "removed the old backup %s\n", r)
		}
	}
	return 0
}

// rotate keeps the newest keep default-named backups of db and removes the rest; automatic
// backups taken before migrations are never removed.
func rotate(db string, keep int) ([]string, error) {
	base := strings.TrimSuffix(filepath.Base(db), filepath.Ext(db))
	files, err := filepath.Glob(filepath.Join(backupDir(db), base+"-backup-*.db"))
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

// pgDump drives pg_dump for a PostgreSQL installation (custom format, for pg_restore).
func pgDump(ctx context.Context, c config.Config, to string, stdout, stderr io.Writer) int {
	if to == "" {
		to = fmt.Sprintf("boardbot-%s.dump", time.Now().UTC().Format("20060102T150405Z"))
	}
	bin, err := exec.LookPath("pg_dump")
	if err != nil {
		return exitErr(stderr, errors.New("pg_dump is not installed: install PostgreSQL's client tools, or run pg_dump --format=custom yourself (README: backup and restore)"))
	}
	cmd := exec.CommandContext(ctx, bin, "--format=custom", "--file="+to, c.Database.URL)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		return exitErr(stderr, fmt.Errorf("pg_dump: %w", err))
	}
	fmt.Fprintf(stdout, "PostgreSQL dump written to %s (restore with pg_restore --clean --dbname=<url> %s)\n", to, to)
	return 0
}

func cmdRestore(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c, fs, err := commandConfigArgs("restore", args, stderr, nil, 1)
	if err != nil {
		return exitErr(stderr, err)
	}
	from := fs.Arg(0)
	if c.Database.URL != "" {
		return exitErr(stderr, errors.New("restore works on SQLite files; for PostgreSQL use pg_restore --clean --dbname=<url> FILE (README: backup and restore)"))
	}
	db := c.Database.Path
	if err := sqlite.Integrity(ctx, from); err != nil {
		return exitErr(stderr, fmt.Errorf("the backup cannot be restored: %w", err))
	}
	unlock, err := lockFile(lockPath(db), true)
	if err != nil {
		if errors.Is(err, errLocked) {
			return exitErr(stderr, fmt.Errorf("a boardbot process is using %s: stop the bot first, then restore", db))
		}
		return exitErr(stderr, err)
	}
	defer unlock()
	// The old file and its write-ahead log move aside together, never deleted: a restore can be
	// undone by moving them back.
	stamp := time.Now().UTC().Format("20060102T150405Z")
	var aside []string
	for _, suffix := range []string{"", "-wal", "-shm"} {
		old := db + suffix
		if _, err := os.Stat(old); err != nil {
			continue
		}
		to := fmt.Sprintf("%s.before-restore-%s%s", db, stamp, suffix)
		if err := os.Rename(old, to); err != nil {
			return exitErr(stderr, err)
		}
		aside = append(aside, to)
	}
	if err := copyFile(from, db); err != nil {
		return exitErr(stderr, err)
	}
	for _, a := range aside {
		fmt.Fprintf(stdout, "moved %s aside\n", a)
	}
	fmt.Fprintf(stdout, "restored %s from %s\n", db, from)
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

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
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
	fmt.Fprint(stdout, c.Effective(src))
	fmt.Fprintln(stdout, "\n# valid")
	return 0
}

// newLoggerTo is a text logger on w, for tests and one-off commands.
func newLoggerTo(w io.Writer) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }
