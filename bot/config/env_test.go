package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// chdir moves the test into dir for ./boardbot.toml discovery.
func chdir(t *testing.T, dir string) {
	t.Helper()
	old, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chdir(old) })
}

func write(t *testing.T, path, text string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFindOrder(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	flagFile := write(t, filepath.Join(dir, "flag.toml"), "[database]\npath = \"flag.db\"\n")
	envFile := write(t, filepath.Join(dir, "env.toml"), "[database]\npath = \"env.db\"\n")

	c, src, err := Find("", nil)
	if err != nil || src.Why != "defaults" || c.Database.Path != "boardbot.db" {
		t.Fatalf("no file: %v %+v %q", err, src, c.Database.Path)
	}
	write(t, filepath.Join(dir, DefaultFile), "[database]\npath = \"local.db\"\n")
	c, src, err = Find("", nil)
	if err != nil || src.Why != "./boardbot.toml" || c.Database.Path != "local.db" {
		t.Fatalf("./boardbot.toml: %v %+v %q", err, src, c.Database.Path)
	}
	c, src, err = Find("", []string{"BOARDBOT_CONFIG=" + envFile})
	if err != nil || src.Why != ConfigEnv || c.Database.Path != "env.db" {
		t.Fatalf("BOARDBOT_CONFIG: %v %+v %q", err, src, c.Database.Path)
	}
	c, src, err = Find(flagFile, []string{"BOARDBOT_CONFIG=" + envFile})
	if err != nil || src.Why != "--config" || c.Database.Path != "flag.db" {
		t.Fatalf("--config: %v %+v %q", err, src, c.Database.Path)
	}
	if _, _, err := Find(filepath.Join(dir, "missing.toml"), nil); err == nil || !strings.Contains(err.Error(), "--config") {
		t.Fatalf("a missing --config file must be an error naming where it came from: %v", err)
	}
}

func TestEnvironmentOverrides(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	secret := write(t, filepath.Join(dir, "token"), "  tok-from-file\n")
	keyFile := write(t, filepath.Join(dir, "app"), "123456789012345678\n")
	env := []string{
		"BOARDBOT_DATABASE_PATH=/data/games.db",
		"BOARDBOT_GAMES_ENABLED=autumn-ash, ausonia",
		"BOARDBOT_DEFAULTS_REMINDER_HOURS=12",
		"BOARDBOT_DEFAULTS_AUTO_FORCED=false",
		"BOARDBOT_DISCORD_APPLICATION_ID_FILE=" + keyFile,
		"BOARDBOT_TOKEN_FILE=" + secret,
		"BOARDBOT_TEST_PG=postgres://elsewhere", // not a section: not ours
	}
	c, src, err := Find("", env)
	if err != nil {
		t.Fatal(err)
	}
	if c.Database.Path != "/data/games.db" || strings.Join(c.Games.Enabled, ",") != "autumn-ash,ausonia" ||
		c.Defaults.ReminderHours != 12 || c.Defaults.AutoForced || c.Discord.ApplicationID != "123456789012345678" {
		t.Fatalf("%+v", c)
	}
	if tok, err := c.Token(); err != nil || tok != "tok-from-file" {
		t.Fatalf("token from BOARDBOT_TOKEN_FILE: %q %v", tok, err)
	}
	if len(src.Env) != 5 {
		t.Fatalf("variables used: %v", src.Env)
	}
	out := c.Effective(src)
	if strings.Contains(out, "tok-from-file") || !strings.Contains(out, "set (13 characters, not shown)") ||
		!strings.Contains(out, `path = "/data/games.db"`) {
		t.Fatalf("effective configuration:\n%s", out)
	}
}

func TestMisleadingConfigRefused(t *testing.T) {
	chdir(t, t.TempDir())
	cases := []struct {
		name string
		text string
		env  []string
		want string
	}{
		{"bad listen", "[http]\nlisten = \"8080\"\n", nil, "http.listen"},
		{"bad port", "[metrics]\nlisten = \"127.0.0.1:99999\"\n", nil, "metrics.listen"},
		{"bad metrics host", "[metrics]\nlisten = \"local host:9090\"\n", nil, "metrics.listen"},
		{"application id", "[discord]\napplication_id = \"my-bot\"\n", nil, "application_id"},
		{"short application id", "[discord]\napplication_id = \"12345\"\n", nil, "application_id"},
		{"public key", "[discord]\npublic_key = \"xyz\"\n", nil, "public_key"},
		{"duplicate game", "[games]\nenabled = [\"ausonia\", \"ausonia\"]\n", nil, "twice"},
		{"unknown variable", "", []string{"BOARDBOT_DISCORD_TOKEN=abc"}, "BOARDBOT_DISCORD_TOKEN: no such setting"},
		{"bad number", "", []string{"BOARDBOT_DEFAULTS_CLOCK_DAYS=two"}, "not a whole number"},
		{"both forms", "", []string{"BOARDBOT_LOG_LEVEL=info", "BOARDBOT_LOG_LEVEL_FILE=/x"}, "keep one"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			flag := ""
			if c.text != "" {
				flag = write(t, filepath.Join(t.TempDir(), "c.toml"), c.text)
			}
			_, _, err := Find(flag, c.env)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error mentioning %q", err, c.want)
			}
		})
	}
	// Good values pass.
	good := write(t, filepath.Join(t.TempDir(), "g.toml"), "[http]\nlisten = \":8080\"\n[metrics]\nlisten = \"localhost:9090\"\n[discord]\napplication_id = \"1234567890123456789\"\npublic_key = \""+strings.Repeat("ab", 32)+"\"\n")
	if _, _, err := Find(good, nil); err != nil {
		t.Fatal(err)
	}
}

func TestKeysCoverEverySetting(t *testing.T) {
	keys := Keys()
	if len(keys) < 15 {
		t.Fatalf("only %d keys", len(keys))
	}
	for _, k := range keys {
		if !strings.HasPrefix(k[1], EnvPrefix) || strings.ToUpper(strings.ReplaceAll(k[0], ".", "_")) != strings.TrimPrefix(k[1], EnvPrefix) {
			t.Errorf("%v", k)
		}
	}
}

// discord.archive_after: a duration in the file, overridden by its environment variable as any
// key is, refused at start outside what Discord can do, written back as it was given.
func TestArchiveAfter(t *testing.T) {
	chdir(t, t.TempDir())
	c, _, err := Find("", nil)
	if err != nil || time.Duration(c.Discord.ArchiveAfter) != 24*time.Hour {
		t.Fatalf("default a day: %v %v", c.Discord.ArchiveAfter, err)
	}
	file := write(t, filepath.Join(t.TempDir(), "c.toml"), "[discord]\narchive_after = \"72h\"\n")
	cases := []struct {
		env  string
		want time.Duration
		err  string
	}{
		{"", 72 * time.Hour, ""},
		{"0", 0, ""},
		{"90m", 90 * time.Minute, ""},
		{"168h", 7 * 24 * time.Hour, ""},
		{"30m", 0, "discord.archive_after 30m must be 0 (never) or 1h to 168h"},
		{"8d", 0, "BOARDBOT_DISCORD_ARCHIVE_AFTER: \"8d\" is not a duration"},
		{"200h", 0, "discord.archive_after 200h must be"},
		{"-1h", 0, "must be 0 (never)"},
	}
	for _, k := range cases {
		var env []string
		if k.env != "" {
			env = []string{"BOARDBOT_DISCORD_ARCHIVE_AFTER=" + k.env}
		}
		c, src, err := Find(file, env)
		if k.err != "" {
			if err == nil || !strings.Contains(err.Error(), k.err) {
				t.Errorf("%q: got %v, want %q", k.env, err, k.err)
			}
			continue
		}
		if err != nil || time.Duration(c.Discord.ArchiveAfter) != k.want {
			t.Errorf("%q: %v %v, want %v", k.env, c.Discord.ArchiveAfter, err, k.want)
		}
		if k.env == "90m" && !strings.Contains(c.Effective(src), `archive_after = "1h30m"`) {
			t.Errorf("written back:\n%s", c.Effective(src))
		}
	}
	if _, err := Parse("[discord]\narchive_after = \"soon\"\n", "t.toml"); err == nil || !strings.Contains(err.Error(), "not a duration such as 24h") {
		t.Errorf("a bad value in the file: %v", err)
	}
}
