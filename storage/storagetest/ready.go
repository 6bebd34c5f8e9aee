package storagetest

import (
	"context"
	"testing"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// ReadyTimesOut checks that Ready on a store that hangs (what hangs is the caller's to arrange)
// answers a 300 ms deadline within a second, and says it timed out.
func ReadyTimesOut(t *testing.T, s storage.Store, what string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	err := s.Ready(ctx)
	if took := time.Since(t0); took > time.Second {
		t.Errorf("Ready on a hung %s took %s", what, took)
	}
	if u, ok := storage.AsUnavailable(err); !ok || u.Part != storage.PartTimeout {
		t.Errorf("Ready on a hung %s = %v, want a timeout", what, err)
	}
}
