package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// The README's systemd recipe, followed as written in a scratch root: the shell block between
// "# install: begin" and "# install: end" is run by bash with every absolute path under /etc,
// /var and /usr moved into a temporary folder standing for /. sudo runs the command as is;
// useradd and install's -o/-g (which would need the user to exist on this machine) are recorded
// instead, and the test checks what they were asked. Then every path the installed unit names
// must be there, and systemd-analyze verifies the unit against that root.

// readmeBlock returns the lines of the README between two marker lines.
func readmeBlock(t *testing.T, begin, end string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, begin+"\n")
	j := strings.Index(s, end+"\n")
	if i < 0 || j < i {
		t.Fatalf("README.md has no block between %q and %q", begin, end)
	}
	return s[i+len(begin)+1 : j]
}

// rooted moves the absolute paths of a shell script under $ROOT.
var absPath = regexp.MustCompile(`(^|[\s=])/(etc|var|usr)/`)

// unitKeys reads the [Service] settings of a unit file (the last value of each key).
func unitKeys(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok && !strings.HasPrefix(line, "#") {
			keys[k] = v
		}
	}
	return keys
}

const installPrelude = `set -eu
sudo() { "$@"; }
useradd() {
	printf 'useradd %s\n' "$*" >> "$LOG"
	home=""
	while [ $# -gt 0 ]; do
		case $1 in --home-dir|-d) home=$2; shift ;; esac
		shift
	done
	mkdir -p "$home"
}
install() {
	printf 'install %s\n' "$*" >> "$LOG"
	args=()
	while [ $# -gt 0 ]; do
		case $1 in -o|-g) shift ;; *) args+=("$1") ;; esac
		shift
	done
	command install "${args[@]}"
}
`

func TestSystemdRecipe(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the recipe is for Linux")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash to follow the README's steps with")
	}
	root, work := t.TempDir(), t.TempDir()
	// The admin's folder: the binary, their configuration, the unit.
	if err := copyFile(testBinary(t), filepath.Join(work, "boardbot")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(work, "boardbot"), 0o755); err != nil {
		t.Fatal(err)
	}
	conf := "[database]\npath = \"/var/lib/boardbot/boardbot.db\"\n[discord]\napplication_id = \"123456789012345678\"\n"
	if err := os.WriteFile(filepath.Join(work, "boardbot.toml"), []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	units := []string{"boardbot.service", "boardbot-backup.service", "boardbot-backup.timer"}
	for _, u := range units {
		b, err := os.ReadFile(filepath.Join(repoRoot, "deploy", "systemd", u))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, u), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	unit, _ := os.ReadFile(filepath.Join(work, "boardbot.service"))

	// What a fresh Debian has: the folders the steps install into but do not make.
	for _, d := range []string{"usr/local/bin", "etc/systemd/system", "var/lib"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	steps := readmeBlock(t, "# install: begin", "# install: end")
	script := installPrelude + absPath.ReplaceAllString(steps, `${1}$$ROOT/${2}/`)
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = work
	log := filepath.Join(t.TempDir(), "log")
	cmd.Env = append(os.Environ(), "ROOT="+root, "LOG="+log)
	cmd.Stdin = strings.NewReader("tok-123\n") // typed at the prompt
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the README's steps failed: %v\n%s\n--- script:\n%s", err, out, script)
	}
	recorded, _ := os.ReadFile(log)

	for _, u := range units {
		want, _ := os.ReadFile(filepath.Join(work, u))
		if b, err := os.ReadFile(filepath.Join(root, "etc/systemd/system", u)); err != nil || !bytes.Equal(b, want) {
			t.Fatalf("%s is not installed as shipped: %v", u, err)
		}
	}
	installed := filepath.Join(root, "etc/systemd/system/boardbot.service")
	if b, _ := os.ReadFile(installed); !bytes.Equal(b, unit) {
		t.Fatal("boardbot.service changed")
	}
	// The backup runs as the bot, on the bot's configuration and data.
	backup := unitKeys(t, filepath.Join(root, "etc/systemd/system/boardbot-backup.service"))
	if f := strings.Fields(backup["ExecStart"]); len(f) < 4 || f[1] != "backup" || backup["User"] != "boardbot" ||
		backup["ReadWritePaths"] != "/var/lib/boardbot" || !strings.Contains(backup["ExecStart"], "--config /etc/boardbot/boardbot.toml") {
		t.Errorf("boardbot-backup.service: %v", backup)
	}
	keys := unitKeys(t, installed)
	under := func(p string) string { return filepath.Join(root, p) }

	// The user the unit runs as is the one made, with the unit's working directory as home.
	user := keys["User"]
	if !strings.Contains(string(recorded), "useradd --system") || !strings.HasSuffix(strings.TrimSpace(strings.SplitN(string(recorded), "\n", 2)[0]), " "+user) {
		t.Errorf("useradd does not make the unit's user %q:\n%s", user, recorded)
	}
	if fi, err := os.Stat(under(keys["WorkingDirectory"])); err != nil || !fi.IsDir() {
		t.Errorf("WorkingDirectory %s: %v", keys["WorkingDirectory"], err)
	}
	if fi, err := os.Stat(under(keys["ReadWritePaths"])); err != nil || !fi.IsDir() {
		t.Errorf("ReadWritePaths %s: %v", keys["ReadWritePaths"], err)
	}

	// ExecStart's binary is the one built, and its --config is the admin's file.
	exec0 := strings.Fields(keys["ExecStart"])
	if len(exec0) < 4 || exec0[1] != "run" || exec0[2] != "--config" {
		t.Fatalf("ExecStart=%s", keys["ExecStart"])
	}
	if out, err := exec.Command(under(exec0[0]), "version").CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "boardbot ") {
		t.Errorf("%s version: %v %s", exec0[0], err, out)
	}
	if b, err := os.ReadFile(under(exec0[3])); err != nil || string(b) != conf {
		t.Errorf("the configuration is not where ExecStart reads it (%s): %v", exec0[3], err)
	} else if fi, _ := os.Stat(under(exec0[3])); fi.Mode().Perm() != 0o640 || !strings.Contains(string(recorded), "-g "+user+" -m 0640 boardbot.toml "+root+exec0[3]) {
		t.Errorf("the configuration is %v, installed with:\n%s; want 0640 readable by group %s", fi.Mode(), recorded, user)
	}
	// The database sits where the unit lets the bot write.
	var c struct{ Database struct{ Path string } }
	if _, err := toml.DecodeFile(under(exec0[3]), &c); err != nil || filepath.Dir(c.Database.Path) != keys["ReadWritePaths"] {
		t.Errorf("database.path %q is not under ReadWritePaths %s: %v", c.Database.Path, keys["ReadWritePaths"], err)
	}

	// The token file: made by a step, 0600, owned by the bot's user, holding what was typed.
	env := keys["EnvironmentFile"]
	b, err := os.ReadFile(under(env))
	if err != nil || string(b) != "BOARDBOT_TOKEN=tok-123\n" {
		t.Errorf("EnvironmentFile %s: %v %q", env, err, b)
	}
	if fi, err := os.Stat(under(env)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("EnvironmentFile %s: mode %v, %v; want 0600", env, fi.Mode(), err)
	}
	if !strings.Contains(string(recorded), "-o "+user+" -g "+user+" -m 0600 /dev/null "+root+env) {
		t.Errorf("the token file is not created owned by %s:\n%s", user, recorded)
	}

	t.Run("systemd-analyze", func(t *testing.T) {
		if _, err := exec.LookPath("systemd-analyze"); err != nil {
			t.Skip("systemd-analyze is not installed (apt-get install systemd): the unit is not verified here")
		}
		// verify --root needs the system's own units (multi-user.target, ...) under the root.
		if err := os.MkdirAll(under("lib/systemd"), 0o755); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("cp", "-a", "/lib/systemd/system", under("lib/systemd/")).CombinedOutput(); err != nil {
			t.Skipf("no system units to verify against: %v %s", err, out)
		}
		out, err := exec.Command("systemd-analyze", append([]string{"verify", "--root=" + root}, units...)...).CombinedOutput()
		if err != nil || len(bytes.TrimSpace(out)) > 0 {
			t.Errorf("systemd-analyze verify: %v\n%s", err, out)
		}
	})
}
