package discord

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

type downSpender struct{}

func (downSpender) Spend(context.Context, string, int64, int, bool) (bool, error) {
	return false, errors.New("the database server cannot be reached")
}

// #34 Delivery: when the database cannot answer, each of 3 instances keeps to 45/3 = 15 requests
// a second (three once sent 54 in one second, each on its own 45), keeps to a global pause it met
// itself, and logs that it does so.
func TestSharedBudgetFallsBackToItsShare(t *testing.T) {
	t.Parallel() // mostly waits on real time and changes no package variable: it waits beside the others
	var logs bytes.Buffer
	b := NewSharedBudget(downSpender{}, DefaultBudget, 3, slog.New(slog.NewTextHandler(&logs, nil)))
	start := time.Now()
	for range 15 {
		if err := b.Take(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Fatalf("its 15 took %v", d)
	}
	if err := b.Take(context.Background()); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 900*time.Millisecond {
		t.Fatalf("the 16th request went %v after the first: over its share of 15/s", d)
	}
	if !strings.Contains(logs.String(), "keeps to its share alone") || !strings.Contains(logs.String(), "per_second=15") {
		t.Fatalf("the fallback is logged:\n%s", logs.String())
	}
	if n := strings.Count(logs.String(), "keeps to its share alone"); n != 1 {
		t.Fatalf("logged %d times, once per episode", n)
	}

	p := NewSharedBudget(downSpender{}, DefaultBudget, 3, slog.New(slog.NewTextHandler(&logs, nil)))
	until := time.Now().Add(400 * time.Millisecond)
	p.Pause(until)
	if err := p.Take(context.Background()); err != nil {
		t.Fatal(err)
	}
	if time.Now().Before(until) {
		t.Fatal("a request went out inside a known global pause")
	}
}
