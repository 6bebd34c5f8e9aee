package storagetest

import (
	"bytes"
	"log/slog"
	"sync"
	"testing"
)

// LogBuffer holds what the default logger wrote during a test.
type LogBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *LogBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *LogBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// Logged sends the default logger to a buffer until the test ends, for tests of what a store
// logs (once per cause, not at every refused write).
func Logged(t testing.TB) *LogBuffer {
	t.Helper()
	var b LogBuffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&b, nil)))
	t.Cleanup(func() { slog.SetDefault(old) })
	return &b
}
