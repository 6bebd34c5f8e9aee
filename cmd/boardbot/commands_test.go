package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/storage/postgres"
	"github.com/boardbot/boardbot/storage/sqlite"
)

const shortRecord = `# boardbot game record
game: autumn-ash
seats: 2
seed: 3
option variant: standard
player 0: ann
player 1: bob

0: c2 c3 queen
1: c5 c4 drone
`

func TestReplayWritesBoards(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.txt")
	os.WriteFile(file, []byte(shortRecord), 0o644)
	var out, errb bytes.Buffer
	pngs := filepath.Join(dir, "png")
	if code := run(context.Background(), []string{"replay", "--png", pngs, file}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, name := range []string{"0000.png", "0001.png", "0002.png"} {
		b, err := os.ReadFile(filepath.Join(pngs, name))
		if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if !strings.Contains(out.String(), "2 moves replayed") || !strings.Contains(out.String(), "Awaiting seat 0 ann") {
		t.Fatalf("summary: %s", out.String())
	}
}

// replay reads what editors save and refuses a bad record with its line and the right way.
func TestReplayRecords(t *testing.T) {
	cases := []struct {
		name, text string
		code       int
		want       string // in stdout when code is 0, else in stderr
	}{
		{"byte-order mark", "\ufeff" + shortRecord, 0, "2 moves replayed"},
		{"unknown game", strings.Replace(shortRecord, "autumn-ash", "chess", 1), 1,
			`unknown game "chess"; the games are autumn-ash, ascidiae, ascalion, reef-encounter, ausonia`},
		{"player past the seats", strings.Replace(shortRecord, "player 1: bob", "player 63: bob", 1), 1,
			"line 7: there is no seat 63: this record has 2 seats, numbered 0 to 1"},
		{"move past the seats", shortRecord + "2: c2 c3\n", 1, "line 11: there is no seat 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "g.txt")
			os.WriteFile(file, []byte(c.text), 0o644)
			var out, errb bytes.Buffer
			code := run(context.Background(), []string{"replay", file}, &out, &errb)
			got := out.String()
			if c.code != 0 {
				got = errb.String()
			}
			if code != c.code || !strings.Contains(got, c.want) {
				t.Fatalf("exit %d, want %d; output %q lacks %q", code, c.code, got, c.want)
			}
		})
	}
}

func TestMigrateAndVersion(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	var out, errb bytes.Buffer
	// A mistyped path is refused, not created.
	if code := run(context.Background(), []string{"migrate", "--db", db}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "no database file") {
		t.Fatalf("migrate of a missing file %d: %q", code, errb.String())
	}
	if _, err := os.Stat(db); err == nil {
		t.Fatal("migrate created the missing file")
	}
	// An empty file is an empty SQLite database: migrate lays the schema in it.
	if err := os.WriteFile(db, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if code := run(context.Background(), []string{"migrate", "--db", db}, &out, &errb); code != 0 || !strings.Contains(out.String(), "schema 0 -> ") {
		t.Fatalf("first migrate %d: %q %q", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"migrate", "--db", db}, &out, &errb); code != 0 || !strings.Contains(out.String(), "is current") {
		t.Fatalf("second migrate %d: %q", code, out.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"version"}, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "boardbot ") ||
		!strings.Contains(out.String(), fmt.Sprintf("schema %d (SQLite), %d (PostgreSQL)", sqlite.SchemaVersion(), postgres.SchemaVersion())) {
		t.Fatalf("version %d: %q", code, out.String())
	}
}

func TestConfigErrorsAreReported(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "c.toml")
	os.WriteFile(cfg, []byte("[database]\npaht = \"x\"\n"), 0o644)
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"fsck", "--config", cfg}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "unknown key database.paht") {
		t.Fatalf("exit %d: %q", code, errb.String())
	}
}
