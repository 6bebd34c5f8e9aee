package main

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// The alerts on the gateway and the token fire when they should and not before:
// deploy/prometheus/alerts_test.yml, run by promtool when it is installed.
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
