package main

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/postgres"
	"github.com/boardbot/boardbot/storage/postgres/pgtest"
)

// migrate and migrate-db refuse while a bot runs on the SQLite file: the bot would go on with a
// schema it did not expect, or make moves the copy does not carry.
func TestMigrateRefusesARunningBot(t *testing.T) {
	db := installation(t, 2)
	unlock, err := lockFile(lockPath(db), false) // what a running bot holds
	if err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCmd(t, "migrate-db", "--from", db, "--to", "postgres://u:secret@127.0.0.1:1/d")
	if code != 1 || !strings.Contains(errs, "--to carries a password") {
		t.Errorf("migrate-db with a password in --to: exit %d, %q", code, errs)
	}
	for _, args := range [][]string{
		{"migrate", "--db", db},
		{"migrate-db", "--from", db, "--to", "postgres://u@127.0.0.1:1/d"},
	} {
		code, _, errs := runCmd(t, args...)
		if code != 1 || !strings.Contains(errs, "a boardbot process is using "+db+": stop the bot first") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
	unlock()
	if code, out, errs := runCmd(t, "migrate", "--db", db); code != 0 || !strings.Contains(out, "is current") {
		t.Fatalf("migrate of a stopped bot's database: %d %q %q", code, out, errs)
	}
}

// On PostgreSQL a running instance is known by its sessions (application_name): migrate refuses
// while one is connected unless --force, and migrate-db refuses a target a bot already runs on.
func TestPostgresMigrateRefusesARunningBot(t *testing.T) {
	pgtest.Require(t)
	ctx := context.Background()
	u := pgtest.URL(t)
	cfg := pgConfig(t, u)
	bot, err := postgres.Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	running, err := postgres.RunningBots(ctx, u)
	if err != nil || len(running) == 0 {
		t.Fatalf("the running bot is not seen: %v %v", running, err)
	}
	code, _, errs := runCmd(t, "migrate", "--config", cfg)
	if code != 1 || !strings.Contains(errs, "boardbot is running on this database") || !strings.Contains(errs, "--force") {
		t.Fatalf("migrate under a running bot: %d %q", code, errs)
	}
	if code, out, errs := runCmd(t, "migrate", "--force", "--config", cfg); code != 0 {
		t.Fatalf("migrate --force: %d %q %q", code, out, errs)
	}
	db := installation(t, 2)
	if code, _, errs := runCmd(t, "migrate-db", "--from", db, "--to", u); code != 1 || !strings.Contains(errs, "already running on the PostgreSQL database") {
		t.Fatalf("migrate-db onto a running bot: %d %q", code, errs)
	}
	bot.Close()
	if code, out, errs := runCmd(t, "migrate", "--config", cfg); code != 0 || !strings.Contains(out, "is current") {
		t.Fatalf("migrate with the bot stopped: %d %q %q", code, out, errs)
	}
}

// backup on PostgreSQL writes its dump into database.backups (else backups/ beside
// database.path), never the working directory, readable by its owner only, and --keep rotates
// the default-named dumps. pg_dump itself is played by a script.
func TestPostgresBackupPlaceAndKeep(t *testing.T) {
	bin := t.TempDir()
	script := "#!/bin/sh\nfor a; do case \"$a\" in --file=*) echo dump > \"${a#--file=}\";; esac; done\n"
	if err := os.WriteFile(filepath.Join(bin, "pg_dump"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	work := t.TempDir()
	old, _ := os.Getwd()
	os.Chdir(work)
	defer os.Chdir(old)

	home := t.TempDir()
	for _, tc := range []struct {
		name, extra, dir string
	}{
		{"beside database.path", "", filepath.Join(home, "backups")},
		{"database.backups", "backups = \"" + filepath.Join(home, "dumps") + "\"\n", filepath.Join(home, "dumps")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := filepath.Join(t.TempDir(), "c.toml")
			os.WriteFile(cfg, []byte("[database]\nurl = \"postgres://bb@127.0.0.1:1/games\"\npath = \""+filepath.Join(home, "boardbot.db")+"\"\n"+tc.extra), 0o600)
			for i := range 3 {
				code, out, errs := runCmd(t, "backup", "--config", cfg, "--keep", "2")
				if code != 0 || !strings.Contains(out, "pg_restore --clean --if-exists") {
					t.Fatalf("backup %d %q %q", code, out, errs)
				}
				// Names carry the time to the second; make each distinct.
				files, _ := filepath.Glob(filepath.Join(tc.dir, "games-backup-2*.dump"))
				for _, f := range files {
					os.Rename(f, strings.Replace(f, "-backup-", fmt.Sprintf("-backup-0%d", i), 1))
				}
			}
			files, _ := filepath.Glob(filepath.Join(tc.dir, "games-backup-*.dump"))
			if len(files) != 2 {
				t.Fatalf("kept %v, want 2 dumps in %s", files, tc.dir)
			}
			for _, f := range files {
				if fi, _ := os.Stat(f); fi.Mode().Perm() != 0o600 {
					t.Errorf("%s has mode %v, want 0600", f, fi.Mode().Perm())
				}
			}
			if stray, _ := filepath.Glob(filepath.Join(work, "*")); len(stray) != 0 {
				t.Fatalf("dumps in the working directory: %v", stray)
			}
		})
	}
}

// The documented recipe puts a dump back into an empty database (the disaster case) without an
// error: --clean alone printed an error for every table it could not drop and exited 1.
func TestPostgresRestoreRecipeOnEmptyDatabase(t *testing.T) {
	pgtest.Require(t)
	for _, tool := range []string{"pg_dump", "pg_restore"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	ctx := context.Background()
	u := pgtest.URL(t)
	if code, out, errs := runCmd(t, "migrate-db", "--from", installation(t, 4), "--to", u); code != 0 {
		t.Fatalf("migrate-db %d %q %q", code, out, errs)
	}
	// The test's schema stands for the database: dumped alone, dropped, restored.
	parsed, _ := url.Parse(u)
	schema := parsed.Query().Get("search_path")
	base := os.Getenv(pgtest.Env)
	dump := filepath.Join(t.TempDir(), "b.dump")
	if out, err := exec.Command("pg_dump", "--format=custom", "--schema="+schema, "--file="+dump, base).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v %s", err, out)
	}
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
		t.Fatal(err)
	}
	args := append(strings.Fields(strings.Replace(pgRestoreHint, "--dbname=<url>", "--dbname="+base, 1)), dump)
	out, err := exec.Command(args[0], args[1:]...).CombinedOutput()
	if err != nil || strings.Contains(string(out), "error") {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	code, stdout, errs := runCmd(t, "fsck", "--config", pgConfig(t, u))
	if code != 0 || !strings.Contains(stdout, "1 games replayed, 0 problems") {
		t.Fatalf("fsck of the restored database: %d %q %q", code, stdout, errs)
	}
}

// fsck on PostgreSQL writes nothing either: read-only sessions, and an older schema is reported,
// not migrated.
func TestPostgresFsckDoesNotMigrate(t *testing.T) {
	pgtest.Require(t)
	ctx := context.Background()
	u := pgtest.URL(t)
	st, err := postgres.Open(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.CreateGame(ctx, &storage.Game{Kind: "ausonia", Seats: 2, Guild: "g", Channel: "c", Status: storage.StatusLobby}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	conn, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	want := postgres.SchemaVersion()
	if _, err := conn.Exec(ctx, `DELETE FROM schema_migrations WHERE version = $1`, want); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, "fsck", "--config", pgConfig(t, u))
	if code != 1 || !strings.Contains(errs, fmt.Sprintf("schema %d, older than this boardbot's %d", want-1, want)) {
		t.Fatalf("fsck of an older schema: %d %q %q", code, out, errs)
	}
	var have int
	if err := conn.QueryRow(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&have); err != nil || have != want-1 {
		t.Fatalf("fsck migrated the database to %d (%v)", have, err)
	}
}
