package console

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/reef"
	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// Under a German server, a console user who set no language of their own reads German: a
// terminal has no Discord locale, so the thread's language stands for it. Before, "You are now
// in #game-1, the game's thread." and every answer to the user were English.
func TestConsoleReadsTheServersLanguage(t *testing.T) {
	var out bytes.Buffer
	c, _, _ := newConsole(t, &out)
	ctx := context.Background()
	for _, line := range []string{"set server language de", "create bids players=2", "where", "frobnicate"} {
		if err := c.Exec(ctx, line); err != nil {
			t.Fatal(err)
		}
	}
	text := out.String()
	for _, want := range []string{
		bot.T(bot.LangGerman, "con_in_thread", "Thread", "game-1"),
		bot.T(bot.LangGerman, "con_where", "Name", "alice", "Channel", "game-1"),
		bot.T(bot.LangGerman, "con_unknown", "Command", "frobnicate"),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, text)
		}
	}
	if strings.Contains(text, "the game's thread") || strings.Contains(text, "You are") {
		t.Errorf("English left under a German server:\n%s", text)
	}
	// A language of the user's own still wins over the server's.
	out.Reset()
	for _, line := range []string{"set me language fr", "where"} {
		if err := c.Exec(ctx, line); err != nil {
			t.Fatal(err)
		}
	}
	if want := bot.T(bot.LangFrench, "con_where", "Name", "alice", "Channel", "game-1"); !strings.Contains(out.String(), want) {
		t.Errorf("missing %q in:\n%s", want, out.String())
	}
}

// rules takes a game's id, its name in any spacing and case, or a prefix only one game has.
func TestRulesByPrefixOrName(t *testing.T) {
	var out bytes.Buffer
	dir := t.TempDir()
	st, err := sqlite.Open(filepath.Join(dir, "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	clock := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	svc := bot.New(st, []bot.Kit{{Game: rulestest.Bids, PNG: fakePNG}, {Game: reef.Game, PNG: fakePNG}},
		bot.Options{Now: func() time.Time { return clock }})
	c := New(svc, &out, filepath.Join(dir, "img"))
	ctx := context.Background()
	name := reef.Game.Info().Name
	for _, typed := range []string{"reef-encounter", "reef", "ree", "Reef Encounter", "reef encounter", "REEF", "reefencounter"} {
		out.Reset()
		if err := c.Exec(ctx, "rules "+typed); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), name) || strings.Contains(out.String(), "✗") {
			t.Errorf("rules %s: %s", typed, out.String())
		}
	}
	for _, typed := range []string{"x", "reefx", "encounter", ""} {
		out.Reset()
		if err := c.Exec(ctx, "rules "+typed); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "✗") {
			t.Errorf("rules %q was not refused: %s", typed, out.String())
		}
	}
}

// renamed is a game under another id and name, to make two games share a prefix.
type renamed struct {
	rules.Game
	id, name string
}

func (g renamed) Info() rules.Info {
	info := g.Game.Info()
	info.ID, info.Name = g.id, g.name
	return info
}

// A prefix two games share names neither; a whole id wins over a prefix of another's
// ("reef" is a game here, and the start of "reefy").
func TestRulesPrefixShared(t *testing.T) {
	dir := t.TempDir()
	st, err := sqlite.Open(filepath.Join(dir, "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	svc := bot.New(st, []bot.Kit{{Game: renamed{rulestest.Bids, "reef", "Reef"}, PNG: fakePNG},
		{Game: renamed{rulestest.Bids, "reefy", "Reefy Bids"}, PNG: fakePNG}}, bot.Options{})
	for typed, want := range map[string]string{"ree": "", "reef": "reef", "REEF": "reef", "reefy": "reefy", "reefy b": "reefy", "reefyx": ""} {
		k, ok := svc.FindKit(typed)
		got := ""
		if ok {
			got = k.Game.Info().ID
		}
		if got != want {
			t.Errorf("FindKit(%q) = %q, want %q", typed, got, want)
		}
	}
}
