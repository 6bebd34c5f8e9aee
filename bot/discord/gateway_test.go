package discord

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot/discord/discordtest"
)

// gatewayRun serves a bare handler over gw's gateway and records the connection states.
type gatewayRun struct {
	mu     sync.Mutex
	states []bool
	done   chan error
	cancel context.CancelFunc
}

func (r *gatewayRun) seen() []bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]bool(nil), r.states...)
}

func startGateway(t *testing.T, gw *discordtest.Gateway, within time.Duration) *gatewayRun {
	t.Helper()
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		t.Fatal(err)
	}
	s.Client = &http.Client{Transport: Redirect(gw.URL(), nil), Timeout: 5 * time.Second}
	s.LogLevel = -1
	s.StateEnabled = false
	h := NewHandler(nil, NewREST(s), Options{})
	r := &gatewayRun{done: make(chan error, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	t.Cleanup(cancel)
	go func() {
		r.done <- ServeGateway(ctx, s, h, GatewayOptions{ReconnectFor: within, OnState: func(up bool) {
			r.mu.Lock()
			r.states = append(r.states, up)
			r.mu.Unlock()
		}})
	}()
	return r
}

func (r *gatewayRun) wait(t *testing.T, d time.Duration) error {
	t.Helper()
	select {
	case err := <-r.done:
		return err
	case <-time.After(d):
		t.Fatalf("still serving the gateway after %s", d)
		return nil
	}
}

// A token revoked while the bot runs: Discord drops the session and refuses its resume with
// 4004. The gateway gives up at once with an error that says so (discordgo alone would retry
// forever and the process would never exit).
func TestGatewayRevokedTokenEnds(t *testing.T) {
	gw := discordtest.NewGateway(t)
	gw.Close = func(n int, resume bool) int {
		if n > 1 {
			return 4004
		}
		return 0
	}
	r := startGateway(t, gw, time.Minute)
	select {
	case <-gw.Ready():
	case err := <-r.done:
		t.Fatalf("ended before connecting: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("never connected")
	}
	start := time.Now()
	gw.Drop(4000) // resumable: the bot must try to resume, and meet the 4004
	err := r.wait(t, 20*time.Second)
	var gr *GatewayRefused
	if !errors.As(err, &gr) || !gr.TokenRefused() || !strings.Contains(err.Error(), "4004") || !strings.Contains(err.Error(), "token") {
		t.Fatalf("ended with %v; want the 4004 refusal naming the token", err)
	}
	if gw.Resumes() != 1 {
		t.Errorf("%d resumes; want the one that met the 4004", gw.Resumes())
	}
	if s := r.seen(); len(s) != 2 || !s[0] || s[1] {
		t.Errorf("connection states %v; want up then down", s)
	}
	t.Logf("gave up %s after the drop", time.Since(start).Round(time.Millisecond))
}

// A gateway that cannot be reached again: the loop tries with backoff, and ends with an error
// once ReconnectFor has passed without a connection, not before.
func TestGatewayReconnectIsBounded(t *testing.T) {
	t.Parallel() // mostly waits on real time and changes no package variable: it waits beside the others
	gw := discordtest.NewGateway(t)
	const within = 2 * time.Second
	r := startGateway(t, gw, within)
	select {
	case <-gw.Ready():
	case <-time.After(10 * time.Second):
		t.Fatal("never connected")
	}
	gw.Down.Store(true)
	start := time.Now()
	gw.Drop(4000)
	err := r.wait(t, 20*time.Second)
	took := time.Since(start)
	if err == nil || !strings.Contains(err.Error(), "no connection to Discord's gateway for 2s") {
		t.Fatalf("ended with %v", err)
	}
	// Closing the old connection takes discordgo 1 s; then at most a pause more than the bound.
	if took < within || took > within+4*time.Second {
		t.Errorf("gave up after %s; want about %s", took, within)
	}
}

// A lost connection that comes back is resumed, and the loop keeps serving; cancelling ends it
// with nil.
func TestGatewayResumesAndStops(t *testing.T) {
	t.Parallel() // mostly waits on real time and changes no package variable: it waits beside the others
	gw := discordtest.NewGateway(t)
	r := startGateway(t, gw, time.Minute)
	for i := range 2 {
		select {
		case <-gw.Ready():
		case err := <-r.done:
			t.Fatalf("ended: %v", err)
		case <-time.After(15 * time.Second):
			t.Fatalf("connection %d never came", i+1)
		}
		if i == 0 {
			gw.Drop(4000)
		}
	}
	if gw.Resumes() != 1 {
		t.Errorf("%d resumes, want 1", gw.Resumes())
	}
	for deadline := time.Now().Add(5 * time.Second); len(r.seen()) < 3 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	r.cancel()
	if err := r.wait(t, 10*time.Second); err != nil {
		t.Fatalf("stopped with %v", err)
	}
	if s := r.seen(); len(s) != 4 || !s[0] || s[1] || !s[2] || s[3] {
		t.Errorf("connection states %v; want up, down, up, down", s)
	}
}
