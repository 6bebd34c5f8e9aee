package console

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage/sqlite"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

func fakePNG(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	return append([]byte("PNG"), b...), err
}

func newConsole(t *testing.T, out *bytes.Buffer) (*Console, *bot.Service, string) {
	dir := t.TempDir()
	st, err := sqlite.Open(filepath.Join(dir, "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	clock := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	svc := bot.New(st, []bot.Kit{{Game: rulestest.Bids, PNG: fakePNG}}, bot.Options{Now: func() time.Time { return clock }})
	return New(svc, out, filepath.Join(dir, "img")), svc, dir
}

// The scripted session is compared with a golden transcript; -update rewrites it.
func TestSession(t *testing.T) {
	var out bytes.Buffer
	c, _, dir := newConsole(t, &out)
	in, err := os.Open("testdata/session.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := c.Run(context.Background(), in, false); err != nil {
		t.Fatal(err)
	}
	got := strings.ReplaceAll(out.String(), dir, "$TMP")
	if *update {
		os.WriteFile("testdata/session.golden", []byte(got), 0o644)
	}
	want, err := os.ReadFile("testdata/session.golden")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Fatalf("transcript differs from testdata/session.golden (go test -update to accept):\n%s", got)
	}
	for _, must := range []string{"Game over", "Unknown command \"frobnicate\"", "There is no game in this channel", "dm must be one of on, off"} {
		if !strings.Contains(got, must) {
			t.Errorf("transcript lacks %q", must)
		}
	}
	if !regexp.MustCompile(`\[image\] \$TMP/img/bids-1-\d+\.png`).MatchString(got) {
		t.Error("no board image was written")
	}
}

// A game played in the console exports a record that replays to the stored final state.
func TestExportReplays(t *testing.T) {
	var out bytes.Buffer
	c, svc, dir := newConsole(t, &out)
	ctx := context.Background()
	for _, l := range []string{"create bids players=2 seed=9", "as bob", "join", "move bid pass", "as alice", "move bid pass"} {
		if err := c.Exec(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(dir, "game.txt")
	if err := c.Exec(ctx, "export "+file); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := record.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	st, err := record.Replay(rulestest.Bids, rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	snap, _ := st.Encode()
	g, err := svc.Store().GameByThread(ctx, "game-1")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(snap, g.Snapshot) || len(rec.Moves) != 2 {
		t.Fatalf("record does not replay to the stored state (%d moves)", len(rec.Moves))
	}
}
