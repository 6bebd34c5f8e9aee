package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"gopkg.in/yaml.v3"
)

// Every shipped alert fires in deploy/prometheus/alerts_test.yml, run by promtool when it is
// installed (.ci/run installs it): when it should, and not before.
func TestAlertRuleTests(t *testing.T) {
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("promtool is not installed (apt-get install prometheus)")
	}
	out, err := exec.Command(promtool, "test", "rules", filepath.Join(repoRoot, "deploy/prometheus/alerts_test.yml")).CombinedOutput()
	if err != nil {
		t.Fatalf("promtool test rules: %v\n%s", err, out)
	}
}

// #34: no alert ships without a test case in which it fires (checked without promtool too), so
// an alert that can never fire, as BoardbotStoreDown once on a full disk, shows up in review.
func TestEveryAlertHasAFiringTest(t *testing.T) {
	var rules struct {
		Groups []struct {
			Rules []struct{ Alert string }
		}
	}
	var tests struct {
		Tests []struct {
			AlertRuleTest []struct {
				Alertname string
				ExpAlerts []any `yaml:"exp_alerts"`
			} `yaml:"alert_rule_test"`
		}
	}
	for path, v := range map[string]any{"deploy/prometheus/alerts.yml": &rules, "deploy/prometheus/alerts_test.yml": &tests} {
		b, err := os.ReadFile(filepath.Join(repoRoot, path))
		if err != nil {
			t.Fatal(err)
		}
		if err := yaml.Unmarshal(b, v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	fires := map[string]bool{}
	for _, tc := range tests.Tests {
		for _, a := range tc.AlertRuleTest {
			if len(a.ExpAlerts) > 0 {
				fires[a.Alertname] = true
			}
		}
	}
	n := 0
	for _, g := range rules.Groups {
		for _, r := range g.Rules {
			n++
			if !fires[r.Alert] {
				t.Errorf("alert %s has no test in alerts_test.yml in which it fires", r.Alert)
			}
		}
	}
	if n < 12 {
		t.Fatalf("only %d alerts read", n)
	}
}
