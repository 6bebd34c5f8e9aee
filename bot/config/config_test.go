package config

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// The example file documents every key with its default: loading it must give Default().
func TestExampleIsDefault(t *testing.T) {
	c, err := Load("../../config.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	want := Default()
	want.Games.Enabled = []string{}
	if !reflect.DeepEqual(c, want) {
		t.Fatalf("example differs from defaults:\n%+v\n%+v", c, want)
	}
}

func TestStrict(t *testing.T) {
	cases := map[string]string{
		"[database]\npaht = \"x\"\n":                                "unknown key database.paht",
		"[discord]\ntoken = \"secret\"\n":                           "unknown key discord.token",
		"[log]\nlevel = \"loud\"\n":                                 "log.level",
		"[defaults]\nclock_days = 99\n":                             "clock_days",
		"[defaults]\nreminder_hours = x\n":                          "config t.toml",
		"[database]\nurl = \"mysql://db/x\"\n":                      "postgres://",
		"[database]\nurl = \"postgres://bob:pw@db/x\"\n":            "PGPASSWORD",
		"[database]\nurl = \"postgres://db/x?pool_max_conns=50\"\n": "database.max_connections instead",
		"[database]\nmax_connections = 1\n":                         "database.max_connections must be 2 to 1000",
		"[database]\ninstances = 0\n":                               "database.instances must be 1 to 100",
		"[database]\npool_wait_seconds = 600\n":                     "database.pool_wait_seconds must be 1 to 120",
	}
	for text, want := range cases {
		_, err := Parse(text, "t.toml")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want it to mention %q", text, err, want)
		}
	}
}

func TestOverride(t *testing.T) {
	c, err := Parse("[database]\npath = \"/var/lib/boardbot/games.db\"\n[games]\nenabled = [\"autumn-ash\"]\n", "t")
	if err != nil {
		t.Fatal(err)
	}
	if c.Database.Path != "/var/lib/boardbot/games.db" || len(c.Games.Enabled) != 1 || c.Log.Level != "info" {
		t.Fatalf("%+v", c)
	}
}

func TestDatabaseURL(t *testing.T) {
	c, err := Parse("[database]\nurl = \"postgresql://bob@db:5432/games?sslmode=require\"\n", "t")
	if err != nil || c.Database.URL != "postgresql://bob@db:5432/games?sslmode=require" {
		t.Fatalf("%+v %v", c.Database, err)
	}
}

func TestTokenFromEnvironment(t *testing.T) {
	c := Default()
	c.Discord.TokenEnv = "BOARDBOT_TEST_TOKEN"
	os.Unsetenv("BOARDBOT_TEST_TOKEN")
	if _, err := c.Token(); err == nil || !strings.Contains(err.Error(), "BOARDBOT_TEST_TOKEN") {
		t.Fatalf("missing token: %v", err)
	}
	t.Setenv("BOARDBOT_TEST_TOKEN", " abc ")
	if tok, err := c.Token(); err != nil || tok != "abc" {
		t.Fatalf("%q %v", tok, err)
	}
}

// Any text either loads into a valid config or is refused with an error; it never panics.
func FuzzParse(f *testing.F) {
	example, _ := os.ReadFile("../../config.example.toml")
	f.Add(string(example))
	f.Add("[log]\nlevel = \"debug\"\n")
	f.Add("[games]\nenabled = [\"a\", 3]\n")
	f.Fuzz(func(t *testing.T, text string) {
		c, err := Parse(text, "fuzz")
		if err == nil {
			if verr := c.Validate(); verr != nil {
				t.Fatalf("accepted an invalid config: %v", verr)
			}
		}
	})
}

func TestAPIURLAndLease(t *testing.T) {
	for _, c := range []struct {
		text, err string
	}{
		{"[discord]\napi_url = \"http://discord-proxy:8080\"\n[outbox]\nlease_seconds = 30\n", ""},
		{"[discord]\napi_url = \"https://proxy.example/\"\n", ""},
		{"[discord]\napi_url = \"discord-proxy:8080\"\n", "discord.api_url must look like"},
		{"[discord]\napi_url = \"http://proxy/api/v10\"\n", "no path"},
		{"[outbox]\nlease_seconds = 1\n", "outbox.lease_seconds must be 10 to 3600"},
	} {
		_, err := Parse(c.text, "t")
		if (c.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%q: %v, want %q", c.text, err, c.err)
		}
	}
}

// TestEveryKeyDocumented: the README's table and the example file name every key.
func TestEveryKeyDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile("../../config.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range Keys() {
		if !strings.Contains(string(readme), "| `"+k[0]+"` |") {
			t.Errorf("README's key table lacks %s", k[0])
		}
		section, name, _ := strings.Cut(k[0], ".")
		_, after, ok := strings.Cut(string(example), "["+section+"]\n")
		if sec, _, _ := strings.Cut(after, "\n["); !ok || !strings.Contains(sec, "\n"+name+" = ") && !strings.HasPrefix(sec, name+" = ") {
			t.Errorf("config.example.toml lacks %s", k[0])
		}
	}
}

// Two listeners on one port cannot both start; port 0 picks a free one each time.
func TestSameListener(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"127.0.0.1:8080", "127.0.0.1:8080", true},
		{"127.0.0.1:8080", ":8080", true},
		{"0.0.0.0:8080", "10.0.0.1:8080", true},
		{"127.0.0.1:8080", "127.0.0.1:8081", false},
		{"127.0.0.1:8080", "10.0.0.1:8080", false},
		{"127.0.0.1:0", "127.0.0.1:0", false},
		{"127.0.0.1:8080", "", false},
	} {
		if got := sameListener(tc.a, tc.b); got != tc.same {
			t.Errorf("sameListener(%q, %q) = %v", tc.a, tc.b, got)
		}
	}
}

// A token pasted with the header's prefix is refused with the reason, never sent as "Bot Bot".
func TestTokenWithPrefix(t *testing.T) {
	for _, tc := range []struct{ token, want string }{
		{"MTIz.abc.def", ""},
		{"  MTIz.abc.def\n", ""},
		{"Bot MTIz.abc.def", `starts with "Bot "`},
		{"bot MTIz.abc.def", `starts with "bot "`},
		{"Bearer MTIz.abc.def", `starts with "Bearer "`},
		{"MTIz abc", "holds white space"},
	} {
		c := Default()
		c.environ = func(k string) string {
			if k == "BOARDBOT_TOKEN" {
				return tc.token
			}
			return ""
		}
		got, err := c.Token()
		switch {
		case tc.want == "" && (err != nil || got != "MTIz.abc.def"):
			t.Errorf("%q: %q, %v", tc.token, got, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: %q, %v; want %q", tc.token, got, err, tc.want)
		}
	}
}
