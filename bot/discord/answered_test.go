package discord

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"time"
)

// Both transports time each interaction to its final answer (Options.Answered): over the gateway
// and over HTTP, for an answer given at once and for one that followed a deferral. The deferred
// one is timed to its edit: that is checked by order (the edit had reached Discord when the time
// was taken), not by comparing durations, which a loaded machine stretches at will.
func TestAnswerTimeMeasuredInBothModes(t *testing.T) {
	e := newEnv(t)
	var mu sync.Mutex
	var got []string
	var seen []int // how many requests Discord had received when each answer was timed
	h := NewHandler(e.svc, e.rest, Options{Now: e.clock, Logger: e.h.log, Answered: func(typ string, d time.Duration) {
		n := e.fake.mark()
		mu.Lock()
		defer mu.Unlock()
		got = append(got, typ)
		seen = append(seen, n)
		if d <= 0 {
			t.Errorf("%s timed %s", typ, d)
		}
	}})
	e.h = h
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ServeGateway(ctx, e.sess, h, GatewayOptions{}) }()
	select {
	case <-e.fake.Ready():
	case <-time.After(10 * time.Second):
		t.Fatal("gateway never became ready")
	}
	e.do(e.slash("ann", "c-games", "rules", opt("game", "autumn-ash")))

	s := serveSigned(t, h)
	s.fake = e.fake
	body, _ := json.Marshal(e.slash("ann", "c-games", "rules", opt("game", "autumn-ash")))
	s.post(t, body, e.clock(), false)
	// Deferred: the answer is the edit that follows.
	mark := e.fake.mark()
	body, _ = json.Marshal(e.slash("ann", "c-games", "create", sub("autumn-ash")))
	if _, out := s.post(t, body, e.clock(), false); out["type"] != float64(5) {
		t.Fatalf("create over HTTP is deferred: %v", out)
	}
	e.fake.waitFor(mark, func(r recorded) bool { return r.Method == "PATCH" })
	after, _ := e.fake.since(mark)
	edit := -1 // the index of the edit among all requests
	for i, r := range after {
		if r.Method == "PATCH" {
			edit = mark + i
			break
		}
	}
	h.Wait()
	count := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(got)
	}
	for deadline := time.Now().Add(5 * time.Second); count() < 3 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	mu.Lock()
	if len(got) != 3 || got[0] != "command" || got[1] != "command" || got[2] != "command" {
		t.Errorf("answers timed: %v", got)
	}
	if len(seen) == 0 || slices.Max(seen) <= edit {
		t.Errorf("no answer was timed after the deferred command's edit (request %d); requests seen at each timing: %v", edit, seen)
	}
	mu.Unlock()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
