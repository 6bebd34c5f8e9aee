package bot

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// Every admin action leaves an audit line naming who did what; a player's own setting does not.
func TestAdminSettingsAreAudited(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var logs bytes.Buffer
	svc := New(st, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	ctx := context.Background()
	admin := User{ID: "u-root", Name: "root", Admin: true}
	if _, err := svc.SetSetting(ctx, Request{User: admin, Place: lobby}, ScopeGuild, "reminder_hours", "12"); err != nil {
		t.Fatal(err)
	}
	line := logs.String()
	for _, want := range []string{"audit: server setting changed", "guild=g1", "user=u-root", "key=reminder_hours", "value=12"} {
		if !strings.Contains(line, want) {
			t.Fatalf("audit line %q lacks %q", line, want)
		}
	}
	logs.Reset()
	if _, err := svc.SetSetting(ctx, Request{User: user("ann"), Place: lobby}, ScopeUser, "dm", "on"); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(logs.String(), "audit") {
		t.Fatalf("a user's own setting was audited: %q", logs.String())
	}
}

// Aborting a game is audited with who did it.
func TestAbortIsAudited(t *testing.T) {
	e := newEnv(t)
	var logs bytes.Buffer
	e.svc = New(e.store, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	th := e.game("ann", "bob")
	if _, err := e.svc.Abort(context.Background(), e.in(th, user("ann"))); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"audit: game aborted", "user=u-ann", "guild=g1"} {
		if !strings.Contains(logs.String(), want) {
			t.Fatalf("audit line %q lacks %q", logs.String(), want)
		}
	}
}
