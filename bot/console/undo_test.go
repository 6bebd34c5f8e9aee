package console

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// An undo inside one's own turn answers the mover alone: the thread prints nothing, nobody is
// mentioned. After the turn has passed, undo still asks the other player in the thread.
func TestUndoInsideTheTurnIsPrivate(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := sqlite.Open(filepath.Join(dir, "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	clock := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	svc := bot.New(st, []bot.Kit{{Game: ausonia.Game, PNG: fakePNG}}, bot.Options{Now: func() time.Time { return clock }})
	var out bytes.Buffer
	c := New(svc, &out, filepath.Join(dir, "img"))
	run := func(lines ...string) string {
		t.Helper()
		out.Reset()
		for _, l := range lines {
			if err := c.Exec(ctx, l); err != nil {
				t.Fatal(err)
			}
		}
		return out.String()
	}
	start := run("create ausonia players=2 seed=3", "as bob", "join")
	mover := "alice"
	if strings.Contains(start, "@bob") && !strings.Contains(start, "@alice") {
		mover = "bob"
	}
	if played := run("as "+mover, "move play all"); strings.Contains(played, "[#game-1]") {
		t.Fatalf("a step inside the turn is posted:\n%s", played)
	}
	got := run("undo")
	if !strings.HasPrefix(got, "  (only you) You took back your last move (play all); nobody else had seen it.") ||
		strings.Contains(got, "[#game-1]") || strings.Contains(got, "@") {
		t.Fatalf("the undo inside the turn:\n%s", got)
	}
	got = run("move play all, pass", "undo")
	if !strings.Contains(got, "cannot be taken back: it showed you something new") {
		t.Fatalf("after drawing:\n%s", got)
	}
}
