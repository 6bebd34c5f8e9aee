package main

import (
	"bufio"
	"crypto/sha256"
	"debug/buildinfo"
	"debug/elf"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The release recipe, deploy/release.sh, run for this machine's target into a temporary folder:
// the binary carries the version it was given, and SHA256SUMS lists every file with its hash.
func TestReleaseScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary with -trimpath (about 1.5 CPU-minutes on an empty cache)")
	}
	script, _ := filepath.Abs(filepath.Join(repoRoot, "deploy", "release.sh"))
	out := t.TempDir()
	const version = "v0.0.0-test.1"
	target := "linux/" + runtime.GOARCH
	cmd := exec.Command("sh", script, version, out)
	cmd.Env = append(os.Environ(), "TARGETS="+target, "IMAGE=no")
	msgs, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("release.sh: %v\n%s", err, msgs)
	}
	bin := "boardbot-" + version + "-linux-" + runtime.GOARCH

	// The version is stamped, and the build is the documented one.
	got, err := exec.Command(filepath.Join(out, bin), "version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(got), "boardbot "+version) {
		t.Fatalf("%s version: %v %q", bin, err, got)
	}
	bi, err := buildinfo.ReadFile(filepath.Join(out, bin))
	if err != nil {
		t.Fatal(err)
	}
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	// (Go leaves -ldflags out of the build settings under -trimpath: the version above and the
	// missing symbol table below show them.)
	if settings["-trimpath"] != "true" || settings["CGO_ENABLED"] != "0" || settings["GOOS"] != "linux" {
		t.Errorf("build settings: %v", settings)
	}
	if ef, err := elf.Open(filepath.Join(out, bin)); err != nil {
		t.Error(err)
	} else {
		if ef.Section(".symtab") != nil {
			t.Error("the binary has a symbol table: built without -s")
		}
		ef.Close()
	}

	// SHA256SUMS: every file of the release, each hash right, in sha256sum's format.
	f, err := os.Open(filepath.Join(out, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	listed := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Fatalf("SHA256SUMS line %q", sc.Text())
		}
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256(b)
		if hex.EncodeToString(h[:]) != sum {
			t.Errorf("%s: SHA256SUMS says %s", name, sum)
		}
		listed[name] = true
	}
	if len(listed) != 4 || !listed[bin] || !listed["boardbot.service"] || !listed["boardbot-backup.service"] || !listed["boardbot-backup.timer"] {
		t.Errorf("SHA256SUMS lists %v; want %s and the three systemd units", listed, bin)
	}
	if !strings.Contains(string(msgs), "IMAGE=no") {
		t.Errorf("the script did not say the image was skipped:\n%s", msgs)
	}
}

// A version go install cannot resolve, or a target that is not GOOS/GOARCH, is refused before
// anything is built.
func TestReleaseScriptRefuses(t *testing.T) {
	script, _ := filepath.Abs(filepath.Join(repoRoot, "deploy", "release.sh"))
	for _, c := range []struct{ version, targets, want string }{
		{"1.2.0", "linux/amd64", "not a version like v1.2.0"},
		{"v1.2", "linux/amd64", "not a version like v1.2.0"},
		{"latest", "linux/amd64", "not a version like v1.2.0"},
		{"v1.2.0", "amd64", "not GOOS/GOARCH"},
	} {
		out := t.TempDir()
		cmd := exec.Command("sh", script, c.version, out)
		cmd.Env = append(os.Environ(), "TARGETS="+c.targets, "IMAGE=no")
		msgs, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(msgs), c.want) {
			t.Errorf("release.sh %s (TARGETS=%s): %v %q; want a refusal with %q", c.version, c.targets, err, msgs, c.want)
		}
		if entries, _ := os.ReadDir(out); len(entries) != 0 {
			t.Errorf("release.sh %s: wrote %v", c.version, entries)
		}
	}
}
