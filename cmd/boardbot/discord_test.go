package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot/discord"
	"github.com/boardbot/boardbot/bot/discord/discordtest"
)

func TestCommandsJSON(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"commands", "--json"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var cmds []discordgo.ApplicationCommand
	if err := json.Unmarshal(out.Bytes(), &cmds); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cmds {
		names = append(names, c.Name)
	}
	want := "create move board view history undo resign abort join leave start export rules leaderboard settings vacation games replay"
	if strings.Join(names, " ") != want {
		t.Fatalf("commands: %v", names)
	}
	if cmds[0].Options[0].Name != "autumn-ash" {
		t.Fatalf("/create offers the games as subcommands: %+v", cmds[0].Options[0])
	}
}

func TestRegisterOverwritesGuildCommands(t *testing.T) {
	f := discordtest.New(t) // checks the commands against Discord's spec and limits
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
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"register", "--config", cfg, "--guild", "1007"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	rs, _ := f.Since(0)
	var cmds []map[string]any
	if len(rs) == 1 {
		json.Unmarshal(rs[0].Raw, &cmds)
	}
	if len(rs) != 1 || rs[0].Method != "PUT" || rs[0].Path != "/applications/123456789012345678/guilds/1007/commands" || rs[0].Version != "10" ||
		rs[0].Auth != "Bot sekrit" || rs[0].Status != 200 || len(cmds) != 18 {
		t.Fatalf("register sent %+v", rs)
	}
	if !strings.Contains(out.String(), "registered 18 commands in server 1007") {
		t.Fatalf("%q", out.String())
	}
	// Without the token in the environment it says where to put it.
	t.Setenv("BOARDBOT_TEST_TOKEN", "")
	errb.Reset()
	if code := run(context.Background(), []string{"register", "--config", cfg}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "BOARDBOT_TEST_TOKEN") {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
}

func TestServeNeedsPublicKey(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"serve"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "public_key") {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
}
