package main

import (
	"bufio"
	"debug/buildinfo"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The Dockerfile, .dockerignore and compose.yaml at the top of the repository: no image can be
// built or pulled here, so these tests check what can be checked without one.

const repoRoot = "../.."

// dockerIgnore reads .dockerignore into a function telling whether a path (slash-separated,
// relative to the root) is left out of the build context. It follows Docker's rules for the
// patterns used here: globs per path element, ** for any number of elements, a pattern that
// matches a directory leaves out everything under it.
func dockerIgnore(t *testing.T) func(path string) bool {
	t.Helper()
	f, err := os.Open(filepath.Join(repoRoot, ".dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var res []*regexp.Regexp
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "!") {
			t.Fatalf(".dockerignore: exceptions (%s) are not handled by this test", line)
		}
		var b strings.Builder
		for i := 0; i < len(line); i++ {
			switch {
			case strings.HasPrefix(line[i:], "**/"):
				b.WriteString(`(.*/)?`)
				i += 2
			case line[i] == '*':
				b.WriteString(`[^/]*`)
			case line[i] == '?':
				b.WriteString(`[^/]`)
			default:
				b.WriteString(regexp.QuoteMeta(line[i : i+1]))
			}
		}
		res = append(res, regexp.MustCompile(`^`+b.String()+`(/.*)?$`))
	}
	return func(path string) bool {
		for _, re := range res {
			if re.MatchString(path) {
				return true
			}
		}
		return false
	}
}

// Everything the build reads is in the context: the module files, every Go file and embedded
// data file of the binary's packages, and the files the Dockerfile copies; local databases,
// configurations and tests are not.
func TestDockerBuildContext(t *testing.T) {
	ignored := dockerIgnore(t)
	out, err := exec.Command("go", "list", "-deps", "-f",
		`{{if not .Standard}}{{.Dir}}{{range .GoFiles}}|{{.}}{{end}}{{range .EmbedFiles}}|{{.}}{{end}}{{end}}`,
		".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	root, _ := filepath.Abs(repoRoot)
	needed := []string{"go.mod", "go.sum", "config.example.toml"}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.Split(line, "|")
		rel, err := filepath.Rel(root, parts[0])
		if err != nil || strings.HasPrefix(rel, "..") {
			continue // a module from the proxy, downloaded inside the build
		}
		for _, f := range parts[1:] {
			needed = append(needed, filepath.ToSlash(filepath.Join(rel, f)))
		}
	}
	if len(needed) < 30 {
		t.Fatalf("only %d files found for the build: %v", len(needed), needed)
	}
	for _, f := range needed {
		if ignored(f) {
			t.Errorf("%s is needed by the build but .dockerignore leaves it out", f)
		}
	}
	for _, f := range []string{".git/HEAD", "boardbot.db", "data/boardbot.db-wal", "boardbot.toml", ".env",
		"bot/discord/testdata/ping.json", "storage/sqlite/sqlite_test.go", "README.md", "docs/rules/reef.md"} {
		if !ignored(f) {
			t.Errorf("%s would be sent into the build context", f)
		}
	}
}

// dockerfile reads the Dockerfile's instructions, continuation lines joined, by stage.
func dockerfile(t *testing.T) [][]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	var stages [][]string
	var cur string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") || (line == "" && cur == "") {
			continue
		}
		if strings.HasSuffix(line, `\`) {
			cur += strings.TrimSuffix(line, `\`) + " "
			continue
		}
		cur += line
		if strings.HasPrefix(strings.ToUpper(cur), "FROM ") {
			stages = append(stages, nil)
		}
		if len(stages) == 0 {
			t.Fatalf("Dockerfile: %q before the first FROM", cur)
		}
		stages[len(stages)-1] = append(stages[len(stages)-1], cur)
		cur = ""
	}
	return stages
}

func TestDockerfile(t *testing.T) {
	stages := dockerfile(t)
	if len(stages) < 2 {
		t.Fatalf("%d stages; want a build stage and a small final one", len(stages))
	}
	build, final := strings.Join(stages[0], "\n"), stages[len(stages)-1]
	if !strings.Contains(build, "CGO_ENABLED=0 go build") || !strings.Contains(build, "./cmd/boardbot") {
		t.Error("the build stage does not build ./cmd/boardbot with CGO_ENABLED=0")
	}
	has := func(prefix string) string {
		for _, ins := range final {
			if strings.HasPrefix(ins, prefix) {
				return ins
			}
		}
		return ""
	}
	if from := final[0]; !strings.Contains(from, "distroless/static") {
		t.Errorf("final stage %q: want a base without libc, for the static binary", from)
	}
	if u := has("USER "); u == "" || strings.HasPrefix(u, "USER root") || strings.HasPrefix(u, "USER 0") {
		t.Errorf("final stage user %q: want a non-root user", u)
	}
	if has("VOLUME /data") == "" || has("WORKDIR /data") == "" {
		t.Error("final stage: want the volume /data as the working directory, where boardbot.db lands")
	}
	if e := has("ENTRYPOINT "); !strings.Contains(e, "boardbot") {
		t.Errorf("ENTRYPOINT %q", e)
	}
	// The image probes itself on the operations listener it configures.
	if hc := has("HEALTHCHECK "); !strings.Contains(hc, `CMD ["/usr/local/bin/boardbot", "health"]`) {
		t.Errorf("HEALTHCHECK %q: want the binary's own probe", hc)
	}
	if env := has("ENV "); !strings.Contains(env, "BOARDBOT_METRICS_LISTEN=:8081") || !strings.Contains(env, "BOARDBOT_CONFIG=/etc/boardbot/boardbot.toml") {
		t.Errorf("ENV %q: want the operations listener on :8081 and the configuration file named for every command", env)
	}
	// What the stages copy from the context is in it.
	ignored := dockerIgnore(t)
	for _, st := range stages {
		for _, ins := range st {
			f := strings.Fields(ins)
			if f[0] != "COPY" || strings.Contains(ins, "--from=") {
				continue
			}
			for _, src := range f[1 : len(f)-1] {
				if src == "." || strings.HasPrefix(src, "--") {
					continue
				}
				if _, err := os.Stat(filepath.Join(repoRoot, src)); err != nil || ignored(src) {
					t.Errorf("%s: %s is not in the build context", ins, src)
				}
			}
		}
	}
}

// The binary as the Dockerfile builds it is statically linked: no ELF interpreter and no shared
// library, so it runs on distroless/static.
func TestBinaryIsStatic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := testBinary(t)
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("the binary names an ELF interpreter: it is dynamically linked")
		}
	}
	if libs, err := f.ImportedLibraries(); err != nil || len(libs) > 0 {
		t.Errorf("the binary needs shared libraries %v (%v)", libs, err)
	}
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(info.Settings, func(s debug.BuildSetting) bool { return s.Key == "CGO_ENABLED" && s.Value == "0" }) {
		t.Errorf("go version -m does not show CGO_ENABLED=0: %v", info.Settings)
	}
}

// compose.yaml parses, runs the bot from this Dockerfile in HTTP mode after a healthy PostgreSQL,
// and passes secrets only from the environment.
func TestComposeFile(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "compose.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Services map[string]struct {
			Image       string            `yaml:"image"`
			Restart     string            `yaml:"restart"`
			Build       string            `yaml:"build"`
			Command     []string          `yaml:"command"`
			Environment map[string]string `yaml:"environment"`
			Volumes     []string          `yaml:"volumes"`
			Ports       []string          `yaml:"ports"`
			Profiles    []string          `yaml:"profiles"`
			StopGrace   string            `yaml:"stop_grace_period"`
			DependsOn   map[string]struct {
				Condition string `yaml:"condition"`
			} `yaml:"depends_on"`
			Healthcheck struct {
				Test              []string `yaml:"test"`
				Interval, Timeout string
				StartPeriod       string `yaml:"start_period"`
				Retries           int
			} `yaml:"healthcheck"`
		} `yaml:"services"`
		Volumes map[string]any `yaml:"volumes"`
	}
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true) // a misspelt key fails here, as `docker compose config` would refuse it
	if err := dec.Decode(&c); err != nil {
		t.Fatalf("compose.yaml: %v", err)
	}
	db, bot := c.Services["db"], c.Services["bot"]
	if !strings.HasPrefix(db.Image, "postgres:15") || len(db.Healthcheck.Test) == 0 {
		t.Errorf("db service: image %q, healthcheck %v", db.Image, db.Healthcheck.Test)
	}
	if bot.Build != "." || !slices.Contains(bot.Command, "serve") || bot.DependsOn["db"].Condition != "service_healthy" {
		t.Errorf("bot service: build %q, command %v, depends on %+v", bot.Build, bot.Command, bot.DependsOn)
	}
	for _, key := range []string{"BOARDBOT_TOKEN", "PGPASSWORD"} {
		if v := bot.Environment[key]; !strings.HasPrefix(v, "${") {
			t.Errorf("bot %s = %q: secrets come from the environment (.env), never the file", key, v)
		}
	}
	// The bot is probed by its own `boardbot health` (distroless has no curl), and Prometheus
	// scrapes the operations port the image sets.
	if !slices.Equal(bot.Healthcheck.Test, []string{"CMD", "/usr/local/bin/boardbot", "health"}) {
		t.Errorf("bot healthcheck %v: want boardbot health", bot.Healthcheck.Test)
	}
	if prom, err := os.ReadFile(filepath.Join(repoRoot, "deploy/prometheus/prometheus.yml")); err != nil || !strings.Contains(string(prom), `"bot:8081"`) {
		t.Errorf("prometheus.yml does not scrape the bot's operations listener bot:8081 (%v)", err)
	}
	for _, p := range bot.Ports {
		if strings.HasSuffix(p, ":8081") {
			t.Errorf("the operations port is published (%s): it is for Prometheus and probes only", p)
		}
	}
	// The bot gets time to finish its bookkeeping on SIGTERM; monitoring only starts on request.
	if bot.StopGrace == "" {
		t.Error("bot service: no stop_grace_period")
	}
	for _, name := range []string{"prometheus", "grafana"} {
		if s, ok := c.Services[name]; !ok || !slices.Contains(s.Profiles, "monitoring") {
			t.Errorf("%s: an optional service of the monitoring profile", name)
		}
	}
	if v := db.Environment["POSTGRES_PASSWORD"]; !strings.HasPrefix(v, "${") {
		t.Errorf("db POSTGRES_PASSWORD = %q: from the environment", v)
	}
	for _, v := range db.Volumes {
		name, _, _ := strings.Cut(v, ":")
		if _, ok := c.Volumes[name]; !ok && !strings.HasPrefix(name, ".") {
			t.Errorf("db volume %s is not declared", name)
		}
	}
}
