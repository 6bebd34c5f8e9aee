package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// boardbotMetrics lists the metric names the code defines, read from bot/metrics' source so a
// rule or panel that names a metric nobody exports fails here.
func boardbotMetrics(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "bot/metrics/metrics.go"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range regexp.MustCompile(`"(boardbot_[a-z_]+)"`).FindAllStringSubmatch(string(b), -1) {
		names = append(names, m[1])
	}
	return names
}

// usedMetrics are the boardbot_ metric names an expression reads (histograms by their base name).
func usedMetrics(expr string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`boardbot_[a-z_]+`).FindAllString(expr, -1) {
		out = append(out, strings.TrimSuffix(m, "_bucket"))
	}
	return out
}

// The alert rules load in promtool (when installed) and read only metrics the bot exports.
func TestAlertRules(t *testing.T) {
	path := filepath.Join(repoRoot, "deploy/prometheus/alerts.yml")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Groups []struct {
			Rules []struct {
				Alert, Expr string
			}
		}
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	known := boardbotMetrics(t)
	n := 0
	for _, g := range doc.Groups {
		for _, r := range g.Rules {
			n++
			for _, m := range usedMetrics(r.Expr) {
				if !slices.Contains(known, m) {
					t.Errorf("alert %s reads %s, which the bot does not export", r.Alert, m)
				}
			}
		}
	}
	if n < 5 {
		t.Fatalf("only %d rules", n)
	}
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("promtool is not installed (apt-get install prometheus): the rules were checked for metric names only")
	}
	out, err := exec.Command(promtool, "check", "rules", path).CombinedOutput()
	if err != nil {
		t.Fatalf("promtool check rules: %v\n%s", err, out)
	}
}

// The Grafana dashboard is valid JSON whose panels read only metrics the bot exports. (Grafana
// itself is not packaged for this machine, so it is not loaded here.)
func TestDashboard(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "deploy/grafana/boardbot.json"))
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Title  string
		Panels []struct {
			Title   string
			Targets []struct{ Expr string }
		}
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	known := boardbotMetrics(t)
	for _, p := range d.Panels {
		if len(p.Targets) == 0 {
			t.Errorf("panel %q reads nothing", p.Title)
		}
		for _, tg := range p.Targets {
			for _, m := range usedMetrics(tg.Expr) {
				if !slices.Contains(known, m) {
					t.Errorf("panel %q reads %s, which the bot does not export", p.Title, m)
				}
			}
		}
	}
	if len(d.Panels) < 8 {
		t.Fatalf("%d panels", len(d.Panels))
	}
}
