package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

func TestMigrateAndVersion(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"migrate", "--db", db}, &out, &errb); code != 0 || !strings.Contains(out.String(), "schema 0 -> ") {
		t.Fatalf("first migrate %d: %q %q", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"migrate", "--db", db}, &out, &errb); code != 0 || !strings.Contains(out.String(), "is current") {
		t.Fatalf("second migrate %d: %q", code, out.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"version"}, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "boardbot ") {
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
