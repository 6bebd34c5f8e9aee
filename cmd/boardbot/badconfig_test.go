package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot/metrics"
	"github.com/boardbot/boardbot/storage/postgres/pgtest"
)

// The admin review's 52 bad configurations (its section 3), each answered clearly: a refusal
// that names the key and says what to do, or, for the one that may start (#46), a note. Every
// row that `config check` can judge runs through it, so the pre-flight says "valid" only for
// what can start; the rows about the servers behind it (#16 Discord's proxy, #27, #51, #52
// PostgreSQL) run the start itself, which stops there (#51 and #52 need the test server,
// pgtest; #16 takes the token check's retries, about 8 s).
func TestBadConfigurations(t *testing.T) {
	const key = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	busy, err := net.Listen("tcp", "127.0.0.1:0") // a port in use by "another program"
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	inUse := `"` + busy.Addr().String() + `"`

	type row struct {
		name string
		set  map[string]string // section.key -> TOML value over the good base; "" removes the key
		file string            // the whole file instead of base+set
		env  map[string]string // over BOARDBOT_TOKEN=a-good-token
		args []string          // default: config check --config <file>
		dir  func(t *testing.T, dir string) map[string]string
		pg   bool // database.url is the test server's (pgtest)
		code int  // default 1
		ok   bool // exit 0: the configuration can start
		want string
	}
	rows := []row{
		{name: "01 key typo aplication_id", set: map[string]string{"discord.aplication_id": `"123456789012345678"`}, want: "unknown key discord.aplication_id (see config.example.toml)"},
		{name: "02 section typo databse", set: map[string]string{"databse.path": `"x.db"`}, want: "unknown key databse"},
		{name: "03 token pasted in the file", set: map[string]string{"discord.token": `"MTIz.abc"`}, want: "the bot token never goes in the file: set it in the environment variable BOARDBOT_TOKEN"},
		{name: "04 reminder_hours as a string", set: map[string]string{"defaults.reminder_hours": `"24"`}, want: `"defaults.reminder_hours"`},
		{name: "05 reminder_hours -1", set: map[string]string{"defaults.reminder_hours": `-1`}, want: "defaults.reminder_hours must be 0 to 720"},
		{name: "06 auto_forced yes", set: map[string]string{"defaults.auto_forced": `"yes"`}, want: "destination has type boolean"},
		{name: "07 clock_days 1.5", set: map[string]string{"defaults.clock_days": `1.5`}, want: `"defaults.clock_days"`},
		{name: "08 unknown game chess", set: map[string]string{"games.enabled": `["autumn-ash", "chess"]`}, want: `unknown game "chess"; the games are`},
		{name: "09 enabled not a list", set: map[string]string{"games.enabled": `"autumn-ash"`}, want: "this key takes a list: write it in brackets"},
		{name: "10 unclosed quote", file: "[database]\npath = \"games.db\n", want: "strings cannot contain newlines"},
		{name: "11 application_id 1234", set: map[string]string{"discord.application_id": `"1234"`}, want: "is not an application id: copy the number"},
		{name: "12 public key too short", set: map[string]string{"discord.public_key": `"abcd"`}, want: "discord.public_key must be the 64 hex digits"},
		{name: "13 public key empty (serve)", set: map[string]string{"discord.public_key": ""}, args: []string{"serve"}, want: "discord.public_key is empty: copy it from"},
		{name: "14 api_url without scheme", set: map[string]string{"discord.api_url": `"127.0.0.1:18190"`}, want: "discord.api_url must look like http://proxy:8080"},
		{name: "15 api_url with a path", set: map[string]string{"discord.api_url": `"http://127.0.0.1:18190/api"`}, want: "discord.api_url must look like http://proxy:8080"},
		{name: "16 api_url to a closed port", set: map[string]string{"discord.api_url": `"http://127.0.0.1:1"`}, args: []string{"run"}, want: "discord.api_url http://127.0.0.1:1 does not answer (dial tcp 127.0.0.1:1: connect: connection refused): start the proxy"},
		{name: "17 http.listen 8080", set: map[string]string{"http.listen": `"8080"`}, want: `http.listen "8080" must be host:port`},
		{name: "18 port 99999", set: map[string]string{"http.listen": `"127.0.0.1:99999"`}, want: "the port must be a number from 0 to 65535"},
		{name: "19 http.listen in use", set: map[string]string{"http.listen": inUse}, want: "http.listen " + busy.Addr().String() + " is in use by another program (serve would fail)"},
		{name: "19 http.listen in use, run only (no public key)", set: map[string]string{"http.listen": inUse, "discord.public_key": ""}, ok: true, want: "# valid"},
		{name: "19 http.listen in use (serve)", set: map[string]string{"http.listen": inUse}, args: []string{"serve"}, want: "address already in use"},
		{name: "20 metrics.listen in use", set: map[string]string{"metrics.listen": inUse}, want: "metrics.listen " + busy.Addr().String() + " is in use by another program"},
		{name: "21 metrics.listen = http.listen", set: map[string]string{"http.listen": `"127.0.0.1:18193"`, "metrics.listen": `"127.0.0.1:18193"`}, want: "are the same port: the operations listener"},
		{name: "21 metrics on all addresses, same port", set: map[string]string{"http.listen": `"127.0.0.1:18193"`, "metrics.listen": `":18193"`}, want: "are the same port"},
		{name: "22 database in a missing directory", set: map[string]string{"database.path": `"nodir/bot.db"`}, want: "does not exist: create it, or point database.path elsewhere"},
		{name: "23 database on a read-only mount", dir: readOnlyMount, want: "is on a read-only file system"},
		{name: "24 database.path is a directory", dir: func(t *testing.T, dir string) map[string]string {
			os.Mkdir(filepath.Join(dir, "adir"), 0o755)
			return map[string]string{"database.path": `"` + filepath.Join(dir, "adir") + `"`}
		}, want: "is a folder, not a database file"},
		{name: "25 url mysql", set: map[string]string{"database.url": `"mysql://u@h/db"`}, want: "database.url must look like postgres://"},
		{name: "26 password in url", set: map[string]string{"database.url": `"postgres://u:pw@h/db"`}, want: "database.url carries a password: remove it and set the PGPASSWORD"},
		{name: "27 PostgreSQL port closed", set: map[string]string{"database.url": `"postgres://bb@127.0.0.1:1/games"`}, args: []string{"run"}, want: "nothing answers at 127.0.0.1:1: is PostgreSQL running there"},
		{name: "28 log.level verbose", set: map[string]string{"log.level": `"verbose"`}, want: `log.level "verbose": use debug, info, warn or error`},
		{name: "29 log.format yaml", set: map[string]string{"log.format": `"yaml"`}, want: `log.format "yaml": use text or json`},
		{name: "30 archive_after 2d", set: map[string]string{"discord.archive_after": `"2d"`}, want: "is not a duration such as 24h"},
		{name: "31 archive_after 200h", set: map[string]string{"discord.archive_after": `"200h"`}, want: "must be 0 (never) or 1h to 168h"},
		{name: "32 lease_seconds 0", set: map[string]string{"outbox.lease_seconds": `0`}, want: "outbox.lease_seconds must be 10 to 3600"},
		{name: "33 no token", env: map[string]string{"BOARDBOT_TOKEN": ""}, want: "set the bot token in the environment variable BOARDBOT_TOKEN"},
		{name: "34 BOARDBOT_TOKEN blank", env: map[string]string{"BOARDBOT_TOKEN": "  "}, want: "set the bot token in the environment variable BOARDBOT_TOKEN"},
		{name: "35 BOARDBOT_TOKEN_FILE missing", env: map[string]string{"BOARDBOT_TOKEN": "", "BOARDBOT_TOKEN_FILE": "/nonexistent/token"}, want: "BOARDBOT_TOKEN_FILE: open /nonexistent/token"},
		{name: "36 token pasted with Bot", env: map[string]string{"BOARDBOT_TOKEN": "Bot MTIz.abc.def"}, want: `starts with "Bot ": set the token alone`},
		{name: "36 token file with Bot", dir: func(t *testing.T, dir string) map[string]string {
			f := filepath.Join(dir, "token")
			os.WriteFile(f, []byte("Bot MTIz.abc.def\n"), 0o600)
			t.Setenv("BOARDBOT_TOKEN", "")
			t.Setenv("BOARDBOT_TOKEN_FILE", f)
			return nil
		}, want: `starts with "Bot "`},
		{name: "37 BOARDBOT_DISCORD_TOKEN", env: map[string]string{"BOARDBOT_DISCORD_TOKEN": "MTIz"}, want: "BOARDBOT_DISCORD_TOKEN: no such setting"},
		{name: "38 reminder hours abc", env: map[string]string{"BOARDBOT_DEFAULTS_REMINDER_HOURS": "abc"}, want: `"abc" is not a whole number`},
		{name: "39 run c.toml", args: []string{"run", "c.toml"}, code: 2, want: "a configuration file goes after --config: boardbot run --config c.toml"},
		{name: "40 --conf", args: []string{"run", "--conf", "c.toml"}, code: 2, want: "flag provided but not defined: -conf"},
		{name: "41 --config missing.toml", args: []string{"config", "check", "--config", "missing.toml"}, want: "config (--config): open missing.toml: no such file or directory"},
		{name: "42 --config a directory", args: []string{"config", "check", "--config", "."}, want: "is a folder, not a configuration file: name the file itself (with Docker"},
		{name: "43 BOARDBOT_CONFIG missing", args: []string{"config", "check"}, env: map[string]string{"BOARDBOT_CONFIG": "/nonexistent/boardbot.toml"}, want: "config (BOARDBOT_CONFIG): open /nonexistent/boardbot.toml"},
		{name: "44 token_env empty", set: map[string]string{"discord.token_env": `""`}, want: "discord.token_env is empty: name the environment variable"},
		{name: "45 serve --listen nonsense", args: []string{"serve", "--listen", "nonsense"}, want: `--listen "nonsense" must be host:port`},
		{name: "46 no configuration file", args: []string{"config", "check"}, ok: true, want: "does not exist yet: the first start creates it"},
		{name: "47 duplicate key", file: "[database]\npath = \"a.db\"\npath = \"b.db\"\n", want: "has already been defined"},
		{name: "48 both BOARDBOT_TOKEN and _FILE", env: map[string]string{"BOARDBOT_TOKEN_FILE": "/etc/hostname"}, want: "both BOARDBOT_TOKEN and BOARDBOT_TOKEN_FILE are set: keep one"},
		{name: "49 max_connections 0", set: map[string]string{"database.max_connections": `0`}, want: "database.max_connections must be 2 to 1000"},
		{name: "50 config check on #1", set: map[string]string{"discord.aplication_id": `"1"`}, want: "the configuration is not valid"},
		{name: "51 PostgreSQL pool too big", pg: true, set: map[string]string{"database.instances": `100`, "database.max_connections": `1000`}, args: []string{"run"}, want: "lower database.max_connections"},
		{name: "52 wrong PGPASSWORD", pg: true, env: map[string]string{"PGPASSWORD": "not-the-password"}, args: []string{"run"}, want: "refused the login of user"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			dir := t.TempDir()
			old, _ := os.Getwd()
			os.Chdir(dir) // relative paths (and #46's absent file) are the test's own
			defer os.Chdir(old)
			for _, k := range []string{"BOARDBOT_CONFIG", "BOARDBOT_TOKEN_FILE"} {
				t.Setenv(k, "")
			}
			t.Setenv("BOARDBOT_TOKEN", "MTIz.good.token")
			for k, v := range r.env {
				t.Setenv(k, v)
			}
			set := map[string]string{}
			for k, v := range r.set {
				set[k] = v
			}
			if r.dir != nil {
				for k, v := range r.dir(t, dir) {
					set[k] = v
				}
			}
			if r.pg {
				u, err := url.Parse(pgtest.URL(t))
				if err != nil {
					t.Fatal(err)
				}
				if pw, ok := u.User.Password(); ok && os.Getenv("PGPASSWORD") == "" {
					t.Setenv("PGPASSWORD", pw)
				}
				u.User = url.User(u.User.Username())
				set["database.url"] = `"` + u.String() + `"`
			}
			text := r.file
			if text == "" {
				text = goodConfig(dir, key, set)
			}
			cfg := filepath.Join(dir, "c.toml")
			os.WriteFile(cfg, []byte(text), 0o600)
			args := r.args
			switch {
			case args == nil:
				args = []string{"config", "check", "--config", cfg}
			case (args[0] == "serve" || args[0] == "run") && len(args) == 1:
				args = append(args, "--config", cfg)
			}
			code, out, errs := runCmd(t, args...)
			want := r.code
			if want == 0 && !r.ok {
				want = 1
			}
			if code != want || !strings.Contains(out+errs, r.want) {
				t.Fatalf("%v: exit %d (want %d), want %q in\nstdout %s\nstderr %s", args, code, want, r.want, out, errs)
			}
		})
	}
}

// goodConfig is the review's good base (a fake Discord's ids, a database in dir, free ports)
// with set's keys replaced, added or ("") removed.
func goodConfig(dir, key string, set map[string]string) string {
	base := map[string]string{
		"discord.application_id": `"123456789012345678"`,
		"discord.public_key":     `"` + key + `"`,
		"database.path":          `"` + filepath.Join(dir, "bot.db") + `"`,
		"http.listen":            `"127.0.0.1:0"`,
		"metrics.listen":         `"127.0.0.1:0"`,
	}
	for k, v := range set {
		if v == "" {
			delete(base, k)
		} else {
			base[k] = v
		}
	}
	sections := map[string][]string{}
	for k, v := range base {
		sec, name, _ := strings.Cut(k, ".")
		sections[sec] = append(sections[sec], name+" = "+v)
	}
	var names []string
	for s := range sections {
		names = append(names, s)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, s := range names {
		sort.Strings(sections[s])
		b.WriteString("[" + s + "]\n" + strings.Join(sections[s], "\n") + "\n")
	}
	return b.String()
}

// readOnlyMount puts the database on a read-only tmpfs, as the review did; it needs root.
func readOnlyMount(t *testing.T, dir string) map[string]string {
	if os.Geteuid() != 0 {
		t.Skip("mounting a read-only file system needs root (the tests run as root in CI)")
	}
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o755)
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", ro).CombinedOutput(); err != nil {
		t.Skipf("mount: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", ro).Run() })
	return map[string]string{"database.path": `"` + filepath.Join(ro, "bot.db") + `"`}
}

// The pre-flight before a restart meets the running bot on its own ports: that is not a problem,
// and it says so.
func TestConfigCheckBesideTheRunningBot(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: opsHandler(&readiness{store: &storeProbe{check: func(context.Context) error { return nil }}, log: newLoggerTo(io.Discard)}, metrics.New(nil))}
	go srv.Serve(l)
	defer srv.Close()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte(goodConfig(dir, strings.Repeat("ab", 32), map[string]string{"metrics.listen": `"` + l.Addr().String() + `"`})), 0o600)
	t.Setenv("BOARDBOT_TOKEN", "MTIz.good.token")
	code, out, errs := runCmd(t, "config", "check", "--config", cfg)
	if code != 0 || !strings.Contains(out, "is in use by a running boardbot") || !strings.Contains(out, "# valid") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
}
