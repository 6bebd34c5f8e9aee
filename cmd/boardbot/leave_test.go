package main

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot/discord"
	"github.com/boardbot/boardbot/bot/discord/discordtest"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// register --clear sends Discord an empty list (not null) for the same place register writes to,
// and the fake's commands are gone.
func TestRegisterClear(t *testing.T) {
	f := discordtest.New(t)
	old := newSession
	newSession = func(token string) (*discordgo.Session, error) {
		s, err := discordgo.New("Bot " + token)
		s.Client = &http.Client{Transport: discord.Redirect(f.URL(), nil)}
		return s, err
	}
	defer func() { newSession = old }()
	cfg := filepath.Join(t.TempDir(), "c.toml")
	os.WriteFile(cfg, []byte("[discord]\napplication_id = \"123456789012345678\"\ntoken_env = \"BOARDBOT_TEST_TOKEN\"\n"), 0o644)
	t.Setenv("BOARDBOT_TEST_TOKEN", "sekrit")
	for _, c := range []struct {
		args       []string
		path, said string
	}{
		{[]string{"--guild", "1000"}, "/applications/123456789012345678/guilds/1000/commands", "in server 1000"},
		{nil, "/applications/123456789012345678/commands", "globally"},
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), append([]string{"register", "--config", cfg}, c.args...), &out, &errb); code != 0 {
			t.Fatalf("register %v: exit %d: %s", c.args, code, errb.String())
		}
		n, _ := f.Since(0)
		out.Reset()
		if code := run(context.Background(), append([]string{"register", "--config", cfg, "--clear"}, c.args...), &out, &errb); code != 0 {
			t.Fatalf("register --clear %v: exit %d: %s", c.args, code, errb.String())
		}
		rs, _ := f.Since(len(n))
		if len(rs) != 1 || rs[0].Method != "PUT" || rs[0].Path != c.path || strings.TrimSpace(string(rs[0].Raw)) != "[]" || rs[0].Status != 200 {
			t.Fatalf("register --clear %v sent %+v", c.args, rs)
		}
		if !strings.Contains(out.String(), "removed the bot's commands "+c.said) {
			t.Errorf("register --clear %v said %q", c.args, out.String())
		}
	}
}

// register checks --guild before calling Discord, and says what a 401 means rather than
// printing Discord's raw answer.
func TestRegisterRefusals(t *testing.T) {
	f := discordtest.New(t)
	old := newSession
	newSession = func(token string) (*discordgo.Session, error) {
		s, err := discordgo.New("Bot " + token)
		s.Client = &http.Client{Transport: discord.Redirect(f.URL(), nil)}
		return s, err
	}
	defer func() { newSession = old }()
	cfg := filepath.Join(t.TempDir(), "c.toml")
	os.WriteFile(cfg, []byte("[discord]\napplication_id = \"123456789012345678\"\ntoken_env = \"BOARDBOT_TEST_TOKEN\"\n"), 0o644)
	t.Setenv("BOARDBOT_TEST_TOKEN", "revoked")
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"register", "--config", cfg, "--guild", "my-server"}, &out, &errb); code != 1 ||
		!strings.Contains(errb.String(), `--guild "my-server" is not a server id`) {
		t.Errorf("--guild my-server: exit %d, %q", code, errb.String())
	}
	if rs, _ := f.Since(0); len(rs) != 0 {
		t.Errorf("a bad --guild reached Discord: %+v", rs)
	}
	for _, args := range [][]string{nil, {"--clear"}} {
		f.Fail("PUT", "/applications/", http.StatusUnauthorized, 1, false)
		errb.Reset()
		code := run(context.Background(), append([]string{"register", "--config", cfg, "--guild", "1000"}, args...), &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), "Discord refused the bot token (401 Unauthorized)") || strings.Contains(errb.String(), `"code"`) {
			t.Errorf("register %v with a refused token: exit %d, %q", args, code, errb.String())
		}
	}
}

// leaveDB is a SQLite file with games in servers 1000 and 2000 and the console (none), and a
// setting of each server and of user 42.
func leaveDB(t *testing.T) (string, map[string]int64) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bot.db")
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	ids := map[string]int64{}
	for _, g := range []struct {
		name, guild string
		status      storage.Status
		users       []string
	}{
		{"done", "1000", storage.StatusFinished, []string{"42", "43"}},
		{"running", "1000", storage.StatusRunning, []string{"43", "44"}},
		{"other", "2000", storage.StatusFinished, []string{"42", "44"}},
		{"console", "", storage.StatusFinished, []string{"42"}},
	} {
		row := &storage.Game{Kind: "autumn-ash", Seats: len(g.users), Status: g.status, Guild: g.guild, Creator: g.users[0]}
		for i, u := range g.users {
			row.Players = append(row.Players, storage.Player{Seat: i, UserID: u, Name: "name-" + u})
		}
		id, err := st.CreateGame(ctx, row)
		if err != nil {
			t.Fatal(err)
		}
		ids[g.name] = id
	}
	for _, s := range [][3]string{{"guild", "1000", "de"}, {"guild", "2000", "fr"}, {"user", "42", "es"}} {
		if err := st.SetSetting(ctx, s[0], s[1], "language", s[2]); err != nil {
			t.Fatal(err)
		}
	}
	return path, ids
}

func TestDeleteServer(t *testing.T) {
	path, ids := leaveDB(t)
	ctx := context.Background()
	cases := []struct {
		args     []string
		code     int
		out, err string
	}{
		{[]string{"1000"}, 1, "2 games (1 in a lobby or running) and 1 server settings would be deleted", ""},
		{[]string{"my-server", "--yes"}, 1, "", `"my-server" is not a Discord server id`},
		{[]string{"--yes"}, 2, "", "needs 1 argument"},
		{[]string{"--yes", "1000"}, 0, "server 1000: deleted 2 games", ""},
		{[]string{"--yes", "1000"}, 0, "server 1000: deleted 0 games", ""},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := run(ctx, append([]string{"delete-server", "--db", path}, c.args...), &out, &errb)
		if code != c.code || !strings.Contains(out.String(), c.out) || !strings.Contains(errb.String(), c.err) {
			t.Errorf("delete-server %v: exit %d, %q, %q; want %d, %q, %q", c.args, code, out.String(), errb.String(), c.code, c.out, c.err)
		}
		if c.code != 0 && len(c.args) > 0 && c.args[0] == "1000" {
			if st := openT(t, path); mustGame(t, st, ids["done"]) == nil {
				t.Error("the preview deleted a game")
			}
		}
	}
	st := openT(t, path)
	for _, name := range []string{"done", "running"} {
		if _, err := st.Game(ctx, ids[name]); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("game %s of the deleted server: %v", name, err)
		}
	}
	for _, name := range []string{"other", "console"} {
		mustGame(t, st, ids[name])
	}
	if v, _ := st.Settings(ctx, "guild", "1000"); len(v) != 0 {
		t.Errorf("server 1000's settings: %v", v)
	}
	if v, _ := st.Settings(ctx, "guild", "2000"); len(v) != 1 {
		t.Errorf("server 2000's settings: %v", v)
	}
}

func TestForgetUserCommand(t *testing.T) {
	path, ids := leaveDB(t)
	ctx := context.Background()
	var out, errb bytes.Buffer
	// User 44 still plays in the running game: refused, with the game named.
	if code := run(ctx, []string{"forget-user", "--db", path, "--yes", "44"}, &out, &errb); code != 1 ||
		!strings.Contains(errb.String(), "#"+strconv.FormatInt(ids["running"], 10)) || !strings.Contains(errb.String(), "/resign") {
		t.Errorf("forget-user 44: exit %d, %q", code, errb.String())
	}
	out.Reset()
	if code := run(ctx, []string{"forget-user", "--db", path, "42"}, &out, &errb); code != 1 || !strings.Contains(out.String(), "in 3 games") {
		t.Errorf("forget-user 42 without --yes: exit %d, %q", code, out.String())
	}
	out.Reset()
	if code := run(ctx, []string{"forget-user", "--db", path, "--yes", "42"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "3 games now show a former player") {
		t.Fatalf("forget-user 42: exit %d, %q, %q", code, out.String(), errb.String())
	}
	st := openT(t, path)
	want := map[string]string{"done": "ehemaliger Spieler 1", "other": "ancien joueur 1", "console": "former player 1"}
	for name, id := range ids {
		g := mustGame(t, st, id)
		for _, p := range g.Players {
			if p.UserID == "42" || p.Name == "name-42" {
				t.Errorf("game %s still names user 42: %+v", name, p)
			}
		}
		if w, ok := want[name]; ok && (g.Players[0].Name != w || g.Players[0].UserID != storage.FormerUser(id, 0) || g.Creator != "") {
			t.Errorf("game %s: seat 0 %+v, creator %q; want %q", name, g.Players[0], g.Creator, w)
		}
	}
	if v, _ := st.Settings(ctx, "user", "42"); len(v) != 0 {
		t.Errorf("user 42's settings: %v", v)
	}
}

func openT(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func mustGame(t *testing.T, st storage.Store, id int64) *storage.Game {
	t.Helper()
	g, err := st.Game(context.Background(), id)
	if err != nil {
		t.Fatalf("game %d: %v", id, err)
	}
	return g
}

// The README's privacy table names every table the SQLite migrations create (PostgreSQL's are
// the same), so a new table cannot hold data nobody told the admins about.
func TestPrivacyTableListsEveryTable(t *testing.T) {
	section := readmeBlock(t, "## Privacy: what is stored and for how long", "## Uninstalling")
	files, err := filepath.Glob(filepath.Join(repoRoot, "storage", "sqlite", "migrations", "*.sql"))
	if err != nil || len(files) == 0 {
		t.Fatalf("migrations: %v %v", files, err)
	}
	create := regexp.MustCompile(`(?i)CREATE TABLE (?:IF NOT EXISTS )?(\w+)`)
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range create.FindAllStringSubmatch(string(b), -1) {
			n++
			if !strings.Contains(section, "| `"+m[1]+"` |") {
				t.Errorf("table %s (%s) is not in the README's privacy table", m[1], filepath.Base(f))
			}
		}
	}
	if n < 7 {
		t.Errorf("only %d tables found", n)
	}
}
