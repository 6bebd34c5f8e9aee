package main

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlite"
)

func runCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func countGames(t *testing.T, path string) int {
	t.Helper()
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	gs, err := st.Games(context.Background(), storage.GameFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return len(gs)
}

// Backup copies a live installation; restore puts it back in place of a database that moved on,
// moving the old file aside, and checks the result as fsck does.
func TestBackupRestoreRoundTrip(t *testing.T) {
	db := installation(t, 10)
	before := countGames(t, db)
	bak := filepath.Join(t.TempDir(), "b.db")
	code, out, errs := runCmd(t, "backup", "--db", db, "--to", bak)
	if code != 0 || !strings.Contains(out, "integrity ok") {
		t.Fatalf("backup %d: %q %q", code, out, errs)
	}
	// The database moves on after the backup.
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.CreateGame(context.Background(), &storage.Game{Kind: "ausonia", Seats: 2, Guild: "g", Channel: "c", Status: storage.StatusLobby}); err != nil {
		t.Fatal(err)
	}
	// A running bot holds the database: restore must refuse and change nothing.
	unlock, err := lockFile(lockPath(db), false)
	if err != nil {
		t.Fatal(err)
	}
	code, _, errs = runCmd(t, "restore", "--db", db, bak)
	if code != 1 || !strings.Contains(errs, "stop the bot first") {
		t.Fatalf("restore under a running bot %d: %q", code, errs)
	}
	unlock()
	st.Close()
	if n := countGames(t, db); n != before+1 {
		t.Fatalf("after the refused restore: %d games, want %d", n, before+1)
	}
	// The database holds a game more than the backup: restoring it takes --force.
	if code, _, errs := runCmd(t, "restore", "--db", db, bak); code != 1 || !strings.Contains(errs, "--force") {
		t.Fatalf("restore of a backup with fewer games %d: %q", code, errs)
	}
	code, out, errs = runCmd(t, "restore", "--force", "--db", db, bak)
	if code != 0 || !strings.Contains(out, "0 problems") || !strings.Contains(out, "moved "+db+".before-restore-") {
		t.Fatalf("restore %d: %q %q", code, out, errs)
	}
	if n := countGames(t, db); n != before {
		t.Fatalf("restored %d games, want the backup's %d", n, before)
	}
	aside, _ := filepath.Glob(db + ".before-restore-*")
	if len(aside) == 0 {
		t.Fatal("the old database was not kept aside")
	}
	// A damaged backup is refused before anything moves.
	junk := filepath.Join(t.TempDir(), "junk.db")
	os.WriteFile(junk, []byte(strings.Repeat("junk", 500)), 0o600)
	if code, _, errs := runCmd(t, "restore", "--db", db, junk); code != 1 || !strings.Contains(errs, "cannot be restored") {
		t.Fatalf("restore of junk %d: %q", code, errs)
	}
	if n := countGames(t, db); n != before {
		t.Fatal("a refused restore changed the database")
	}
}

func TestBackupRotation(t *testing.T) {
	db := installation(t, 2)
	for range 3 {
		if code, out, errs := runCmd(t, "backup", "--db", db, "--keep", "2"); code != 0 {
			t.Fatalf("backup %d: %q %q", code, out, errs)
		}
		// Names carry the time to the second; make each distinct.
		files, _ := filepath.Glob(filepath.Join(backupDir(db), "*-backup-*.db"))
		for _, f := range files {
			os.Rename(f, strings.Replace(f, "-backup-", "-backup-0", 1))
		}
	}
	files, _ := filepath.Glob(filepath.Join(backupDir(db), "*-backup-*.db"))
	if len(files) != 2 {
		t.Fatalf("kept %d backups, want 2: %v", len(files), files)
	}
}

// A start that would migrate an older schema backs the file up first.
func TestBackupBeforeMigration(t *testing.T) {
	db := filepath.Join(t.TempDir(), "old.db")
	h, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied INTEGER NOT NULL); INSERT INTO schema_migrations VALUES (1, 'first', 0)`); err != nil {
		t.Fatal(err)
	}
	h.Close()
	var logs bytes.Buffer
	if err := autoBackup(context.Background(), db, backupDir(db), newLoggerTo(&logs)); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(backupDir(db), "old-schema1-*.db"))
	if len(files) != 1 || !strings.Contains(logs.String(), "backup taken before the schema migration") {
		t.Fatalf("backups %v, log %q", files, logs.String())
	}
	// A current database needs none.
	cur := installation(t, 0)
	if err := autoBackup(context.Background(), cur, backupDir(cur), newLoggerTo(&logs)); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(backupDir(cur), "*.db")); len(files) != 0 {
		t.Fatalf("a current database was backed up: %v", files)
	}
}

// Maintenance commands refuse a database file that does not exist instead of creating an empty
// one and reporting "0 problems".
func TestMaintenanceRefusesMissingDatabase(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "typo.db")
	for _, args := range [][]string{
		{"fsck", "--db", missing},
		{"migrate", "--db", missing},
		{"backup", "--db", missing},
		{"migrate-db", "--from", missing, "--to", "postgres://u@h/d"},
	} {
		code, _, errs := runCmd(t, args...)
		if code != 1 || !strings.Contains(errs, "no database file") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
		if _, err := os.Stat(missing); err == nil {
			t.Fatalf("%v created the file", args)
		}
	}
}

func TestPositionalArgumentIsRefused(t *testing.T) {
	code, _, errs := runCmd(t, "run", "gw.toml")
	if code != 2 || !strings.Contains(errs, "--config gw.toml") {
		t.Fatalf("exit %d: %q", code, errs)
	}
}

func TestHelpAndVersion(t *testing.T) {
	for _, cmd := range []string{"fsck", "run", "serve", "backup", "console"} {
		code, out, errs := runCmd(t, cmd, "--help")
		if code != 0 || errs != "" || !strings.Contains(out, "Usage: boardbot "+cmd) || !strings.Contains(out, "-config") || !strings.Contains(out, "BOARDBOT_CONFIG") {
			t.Errorf("%s --help: exit %d, stdout %q, stderr %q", cmd, code, out, errs)
		}
	}
	for _, args := range [][]string{{"--version"}, {"version"}} {
		if code, out, _ := runCmd(t, args...); code != 0 || !strings.HasPrefix(out, "boardbot ") {
			t.Errorf("%v: %d %q", args, code, out)
		}
	}
}

func TestConfigCheck(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte("[database]\npath = \"games.db\"\n"), 0o600)
	t.Setenv("BOARDBOT_TOKEN", "secret-token-value")
	t.Setenv("BOARDBOT_LOG_LEVEL", "debug")
	t.Setenv("BOARDBOT_HTTP_LISTEN", "127.0.0.1:0") // 8080 may be taken on the machine running the tests
	code, out, errs := runCmd(t, "config", "check", "--config", cfg)
	if code != 0 || strings.Contains(out, "secret-token-value") || !strings.Contains(out, `level = "debug"`) ||
		!strings.Contains(out, `path = "games.db"`) || !strings.Contains(out, "BOARDBOT_LOG_LEVEL") {
		t.Fatalf("config check %d: %q %q", code, out, errs)
	}
	os.WriteFile(cfg, []byte("[metrics]\nlisten = \"nonsense\"\n"), 0o600)
	if code, _, errs := runCmd(t, "config", "check", "--config", cfg); code != 1 || !strings.Contains(errs, "metrics.listen") {
		t.Fatalf("bad config %d: %q", code, errs)
	}
	if code, out, _ := runCmd(t, "config", "keys"); code != 0 || !strings.Contains(out, "BOARDBOT_DISCORD_APPLICATION_ID") {
		t.Fatalf("config keys %d: %q", code, out)
	}
}

// The console plays on its own database file, never on the bot's.
func TestConsoleKeepsItsOwnDatabase(t *testing.T) {
	dir := t.TempDir()
	old, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(old)
	stdin = strings.NewReader("create autumn-ash\n")
	defer func() { stdin = os.Stdin }()
	if code, out, errs := runCmd(t, "console", "--images", filepath.Join(dir, "img")); code != 0 {
		t.Fatalf("console %d: %q %q", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "boardbot-console.db")); err != nil {
		t.Fatal("the console's own database was not used")
	}
	if _, err := os.Stat(filepath.Join(dir, "boardbot.db")); err == nil {
		t.Fatal("the console touched the bot's database")
	}
}

// register sends where run and serve send: discord.api_url, when set.
func TestRegisterHonoursAPIURL(t *testing.T) {
	var path string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path = r.URL.Path
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, "[]")
	}))
	defer srv.Close()
	cfg := filepath.Join(t.TempDir(), "c.toml")
	os.WriteFile(cfg, []byte("[discord]\napplication_id = \"123456789012345678\"\napi_url = \""+srv.URL+"\"\n"), 0o600)
	t.Setenv("BOARDBOT_TOKEN", "sekrit")
	code, out, errs := runCmd(t, "register", "--config", cfg, "--guild", "7")
	if code != 0 || !strings.HasSuffix(path, "/applications/123456789012345678/guilds/7/commands") {
		t.Fatalf("register %d %q %q: the stub saw %q", code, out, errs, path)
	}
}
