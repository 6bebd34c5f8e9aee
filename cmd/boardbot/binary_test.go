package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// The tests that run the real binary share one build: linking it costs seconds of CPU, and five
// builds of the same source were a large part of this package's test time. It is built as the
// Dockerfile builds it (static, trimmed), which is what TestBinaryIsStatic checks.
var built struct {
	once sync.Once
	dir  string
	path string
	out  []byte
	err  error
}

// testBinary returns the path of the package's binary, building it on first use.
func testBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "boardbot-bin-")
		if built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "boardbot")
		cmd := exec.Command("go", "build", "-trimpath", "-o", built.path, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		built.out, built.err = cmd.CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.path
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}
