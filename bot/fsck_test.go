package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// A snapshot written by an older version holds the same game in other bytes (here: another
// layout of the same JSON). fsck must compare the games, not the bytes, and still catch a
// snapshot of another position.
func TestFsckComparesGamesNotBytes(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.game("ann", "bob")
	for range 3 {
		e.playSomething(th, []string{"ann", "bob"})
	}
	g := e.row(th)
	current := append([]byte(nil), g.Snapshot...)
	var older bytes.Buffer
	if err := json.Indent(&older, current, "", "  "); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(current, &m); err != nil {
		t.Fatal(err)
	}
	m["round"] = 99.0
	other, _ := json.Marshal(m)
	for _, tc := range []struct {
		name     string
		snapshot []byte
		problem  string // "" = none
	}{
		{"as written", current, ""},
		{"older layout, same game", older.Bytes(), ""},
		{"another position", other, "snapshot differs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := e.row(th)
			g.Snapshot = tc.snapshot
			if err := e.store.UpdateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			rep, err := e.svc.Fsck(ctx)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tc.problem == "" && len(rep.Problems) != 0:
				t.Fatalf("problems for the same game: %v", rep.Problems)
			case tc.problem != "" && (len(rep.Problems) != 1 || !strings.Contains(rep.Problems[0], tc.problem)):
				t.Fatalf("want one %q problem, got %v", tc.problem, rep.Problems)
			}
		})
	}
}
