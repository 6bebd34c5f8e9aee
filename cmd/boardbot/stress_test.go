package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/bot/console"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/postgres/pgtest"
)

// TestStartNamesTheDisk: a database that cannot be written is named at start, before the lock
// file or the backup trip over it, and the command exits non-zero.
func TestStartNamesTheDisk(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	c := config.Default()
	c.Database.Path = filepath.Join(dir, "b.db")
	_, err := openStore(c)
	if want := "the directory " + dir + " does not exist"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("openStore in a missing directory = %v, want %q", err, want)
	}
	if os.Geteuid() == 0 {
		t.Log("running as root: the read-only directory case cannot be made with chmod; storage/sqlite tests it through a fake access check")
		return
	}
	ro := t.TempDir()
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(ro, 0o755) })
	conf := filepath.Join(t.TempDir(), "c.toml")
	if err := os.WriteFile(conf, []byte("[database]\npath = \""+filepath.Join(ro, "b.db")+"\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if code := run(t.Context(), []string{"run", "--config", conf}, &bytes.Buffer{}, &stderr); code == 0 ||
		!strings.Contains(stderr.String(), "the directory "+ro+" is read-only for this user") {
		t.Errorf("run on a read-only directory: exit %d, %s", code, stderr.String())
	}
}

// unsaving is a store whose writes fail as a full disk's do.
type unsaving struct{ dbStore }

func (unsaving) AppendMove(context.Context, storage.MoveWrite) (int64, error) {
	return 0, &storage.Unavailable{Part: storage.PartDisk, Reason: "disk full: 0 bytes free on /data"}
}

// TestUnsavedMoveAnswer: a move the store cannot save gets the store's short answer, not an
// apology with the driver's error in it.
func TestUnsavedMoveAnswer(t *testing.T) {
	c := config.Default()
	c.Database.Path = filepath.Join(t.TempDir(), "b.db")
	c.Console.Images = filepath.Join(t.TempDir(), "img")
	st, err := openStore(c)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	kits, err := enabledKits(nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	con := console.New(newService(unsaving{st}, kits, c, &bytes.Buffer{}, nil), &out, c.Console.Images)
	for _, line := range []string{"create autumn-ash seed=7", "as bob", "join"} {
		if err := con.Exec(t.Context(), line); err != nil {
			t.Fatal(err)
		}
	}
	out.Reset()
	for _, line := range []string{"as alice", "move a1 pawn a1 b1"} {
		if err := con.Exec(t.Context(), line); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(out.String(), "✗ Nothing was saved: the bot cannot write to its disk right now") || strings.Contains(out.String(), "went wrong") {
		t.Errorf("console after an unsaved move:\n%s", out.String())
	}
}

// TestStartRefusesOversizedPool: pools that cannot fit the PostgreSQL server are refused at
// start with the numbers and what to change.
func TestStartRefusesOversizedPool(t *testing.T) {
	raw := pgtest.URL(t)
	c, _, err := config.Find(pgConfig(t, raw), []string{"BOARDBOT_DATABASE_MAX_CONNECTIONS=600", "BOARDBOT_DATABASE_INSTANCES=2"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = openStore(c)
	if err == nil || !strings.Contains(err.Error(), "database.max_connections 600 × database.instances 2 needs 1200 connections, but the server allows") {
		t.Errorf("openStore with pools of 1200 = %v", err)
	}
}
