package storage

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// TestProbeHung: a check that never returns (a frozen disk) cannot hold the caller past the
// bound, and while it hangs further probes join it instead of starting more checks.
func TestProbeHung(t *testing.T) {
	var p Prober
	release := make(chan struct{})
	defer close(release)
	var started atomic.Int32
	hang := func(context.Context) error {
		started.Add(1)
		<-release
		return nil
	}
	for i := range 3 {
		ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
		t0 := time.Now()
		err := p.Probe(ctx, hang)
		cancel()
		took := time.Since(t0)
		u, ok := AsUnavailable(err)
		if !ok || u.Part != PartTimeout {
			t.Fatalf("probe %d of a hung check = %v, want a timeout", i, err)
		}
		if took > time.Second {
			t.Errorf("probe %d took %s with a 150ms deadline", i, took)
		}
	}
	if n := started.Load(); n != 1 {
		t.Errorf("%d checks started while the first hung, want 1", n)
	}
}

// TestProbeBoundWithoutDeadline: with no deadline of its own the caller still gets an answer
// within ReadyTimeout.
func TestProbeBoundWithoutDeadline(t *testing.T) {
	var p Prober
	release := make(chan struct{})
	defer close(release)
	t0 := time.Now()
	err := p.Probe(context.Background(), func(context.Context) error { <-release; return nil })
	if took := time.Since(t0); took < ReadyTimeout || took > ReadyTimeout+time.Second {
		t.Errorf("probe without deadline returned after %s, want about %s", took, ReadyTimeout)
	}
	if u, ok := AsUnavailable(err); !ok || u.Part != PartTimeout {
		t.Errorf("probe = %v, want a timeout", err)
	}
}

// TestProbeResult: a check that answers gives its own result, and the next probe runs a new
// check (results are not cached).
func TestProbeResult(t *testing.T) {
	var p Prober
	want := &Unavailable{Part: PartDisk, Reason: "disk full: 10 bytes free on /x"}
	if err := p.Probe(context.Background(), func(context.Context) error { return want }); !errors.Is(err, want) {
		t.Errorf("probe = %v, want %v", err, want)
	}
	if err := p.Probe(context.Background(), func(context.Context) error { return nil }); err != nil {
		t.Errorf("second probe = %v, want nil", err)
	}
	if got := want.Error(); got != "disk: disk full: 10 bytes free on /x" {
		t.Errorf("Error() = %q", got)
	}
}
