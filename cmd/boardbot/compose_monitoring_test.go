package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// #34: `docker compose --profile monitoring up` gives Prometheus, Alertmanager and Grafana that
// find each other: every file a service mounts exists, Prometheus loads the mounted rules and
// sends to the Alertmanager service, Alertmanager routes to a receiver it defines, and Grafana is
// provisioned with the Prometheus service as data source and the dashboard at the path its
// provider reads. (Docker is not on the test machines: this reads the files as compose would.)
func TestMonitoringStackIsConsistent(t *testing.T) {
	read := func(path string, v any) {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(repoRoot, path))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(path, ".json") {
			err = json.Unmarshal(b, v)
		} else {
			err = yaml.Unmarshal(b, v)
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	var compose struct {
		Services map[string]struct {
			Profiles []string
			Volumes  []string
			Ports    []string
		}
	}
	read("compose.yaml", &compose)
	// mounts: container path -> file or directory of the repository, per service.
	mounts := map[string]map[string]string{}
	ports := map[string][]string{}
	for _, name := range []string{"prometheus", "alertmanager", "grafana"} {
		s, ok := compose.Services[name]
		if !ok || !slices.Contains(s.Profiles, "monitoring") {
			t.Fatalf("%s: a service of the monitoring profile", name)
		}
		mounts[name] = map[string]string{}
		for _, v := range s.Volumes {
			parts := strings.Split(v, ":")
			if !strings.HasPrefix(parts[0], "./") {
				continue // a named volume
			}
			if _, err := os.Stat(filepath.Join(repoRoot, parts[0])); err != nil {
				t.Errorf("%s mounts %s, which does not exist", name, parts[0])
			}
			mounts[name][parts[1]] = strings.TrimPrefix(parts[0], "./")
		}
		for _, p := range s.Ports {
			parts := strings.Split(p, ":")
			ports[name] = append(ports[name], parts[len(parts)-1])
		}
	}
	// mounted says which repository file the service sees at path (a file or inside a
	// mounted directory), or "".
	mounted := func(service, path string) string {
		for in, host := range mounts[service] {
			if path == in {
				return host
			}
			if rest, ok := strings.CutPrefix(path, in+"/"); ok {
				return filepath.Join(host, rest)
			}
		}
		return ""
	}
	service := func(target string) (string, string) {
		name, port, _ := strings.Cut(target, ":")
		return name, port
	}

	var prom struct {
		RuleFiles []string `yaml:"rule_files"`
		Alerting  struct {
			Alertmanagers []struct {
				StaticConfigs []struct{ Targets []string } `yaml:"static_configs"`
			}
		}
	}
	read(mounted("prometheus", "/etc/prometheus/prometheus.yml"), &prom)
	for _, r := range prom.RuleFiles {
		if mounted("prometheus", r) != "deploy/prometheus/alerts.yml" {
			t.Errorf("prometheus.yml loads %s, which is not the mounted alerts.yml", r)
		}
	}
	sent := 0
	for _, am := range prom.Alerting.Alertmanagers {
		for _, sc := range am.StaticConfigs {
			for _, target := range sc.Targets {
				name, port := service(target)
				if _, ok := compose.Services[name]; !ok || !slices.Contains(ports[name], port) {
					t.Errorf("prometheus sends alerts to %s, which is no service listening there", target)
				}
				sent++
			}
		}
	}
	if sent == 0 {
		t.Error("prometheus.yml sends its alerts nowhere (no alerting block)")
	}

	var am struct {
		Route struct {
			Receiver string
			Routes   []struct{ Receiver string }
		}
		Receivers []struct{ Name string }
	}
	read(mounted("alertmanager", "/etc/alertmanager/alertmanager.yml"), &am)
	var receivers []string
	for _, r := range am.Receivers {
		receivers = append(receivers, r.Name)
	}
	for _, r := range append([]struct{ Receiver string }{{am.Route.Receiver}}, am.Route.Routes...) {
		if !slices.Contains(receivers, r.Receiver) {
			t.Errorf("alertmanager routes to %q, which it does not define (%v)", r.Receiver, receivers)
		}
	}

	var ds struct {
		Datasources []struct {
			Type, URL string
			IsDefault bool `yaml:"isDefault"`
		}
	}
	read(mounted("grafana", "/etc/grafana/provisioning/datasources/prometheus.yml"), &ds)
	if len(ds.Datasources) != 1 || ds.Datasources[0].Type != "prometheus" || !ds.Datasources[0].IsDefault {
		t.Fatalf("grafana's data source: %+v", ds.Datasources)
	}
	name, port := service(strings.TrimPrefix(ds.Datasources[0].URL, "http://"))
	if !slices.Contains(ports[name], port) || name != "prometheus" {
		t.Errorf("grafana reads %s, not the prometheus service", ds.Datasources[0].URL)
	}
	var dash struct {
		Providers []struct {
			Type    string
			Options struct{ Path string }
		}
	}
	read(mounted("grafana", "/etc/grafana/provisioning/dashboards/boardbot.yml"), &dash)
	if len(dash.Providers) != 1 || mounted("grafana", dash.Providers[0].Options.Path+"/boardbot.json") != "deploy/grafana/boardbot.json" {
		t.Errorf("grafana's dashboard provider does not read the mounted dashboard: %+v", dash.Providers)
	}
	var board struct {
		Templating struct {
			List []struct{ Name, Type, Query string }
		}
	}
	read("deploy/grafana/boardbot.json", &board)
	if l := board.Templating.List; len(l) == 0 || l[0].Type != "datasource" || l[0].Query != ds.Datasources[0].Type {
		t.Errorf("the dashboard's data source variable does not pick the provisioned one: %+v", l)
	}

	// Alertmanager accepts its configuration, where amtool is installed (Debian's
	// prometheus-alertmanager).
	if amtool, err := exec.LookPath("amtool"); err == nil {
		if out, err := exec.Command(amtool, "check-config", filepath.Join(repoRoot, "deploy/alertmanager/alertmanager.yml")).CombinedOutput(); err != nil {
			t.Errorf("amtool check-config: %v\n%s", err, out)
		}
	}
	// Prometheus itself accepts the configuration with its rules, where promtool is installed.
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("promtool is not installed: the files were checked against each other only")
	}
	dir := t.TempDir()
	b, _ := os.ReadFile(filepath.Join(repoRoot, "deploy/prometheus/prometheus.yml"))
	rules, _ := os.ReadFile(filepath.Join(repoRoot, "deploy/prometheus/alerts.yml"))
	os.WriteFile(filepath.Join(dir, "alerts.yml"), rules, 0o644)
	os.WriteFile(filepath.Join(dir, "prometheus.yml"), []byte(strings.ReplaceAll(string(b), "/etc/prometheus/alerts.yml", filepath.Join(dir, "alerts.yml"))), 0o644)
	if out, err := exec.Command(promtool, "check", "config", filepath.Join(dir, "prometheus.yml")).CombinedOutput(); err != nil {
		t.Fatalf("promtool check config: %v\n%s", err, out)
	}
}
