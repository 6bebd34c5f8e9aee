package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot/config"
)

// `serve` answers /healthz while running and stops cleanly, with exit code 0, when its context
// ends (SIGINT or SIGTERM in main).
func TestServeStopsGracefully(t *testing.T) {
	dir := t.TempDir()
	pub, _, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "boardbot.toml")
	os.WriteFile(cfg, []byte("[database]\npath = \""+filepath.Join(dir, "s.db")+"\"\n[discord]\ntoken_env = \"BOARDBOT_SERVE_TEST\"\npublic_key = \""+hex.EncodeToString(pub)+"\"\n"), 0o644)
	t.Setenv("BOARDBOT_SERVE_TEST", "test-token")
	addr := freeAddr(t)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	var out, errb bytes.Buffer
	go func() { done <- run(ctx, []string{"serve", "--config", cfg, "--listen", addr}, &out, &errb) }()

	if !healthy(addr, 10*time.Second) {
		t.Fatalf("/healthz never answered 200: %s", errb.String())
	}
	// /metrics on the same listener, with the store's figures.
	if body := get(t, "http://"+addr+"/metrics"); !strings.Contains(body, "boardbot_store_up 1") || !strings.Contains(body, "boardbot_outbox_backlog") {
		t.Errorf("/metrics in serve mode:\n%s", body)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop after its context ended")
	}
	if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
		resp.Body.Close()
		t.Fatal("still listening after shutdown")
	}
}

func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Errorf("GET %s: %d %s", url, resp.StatusCode, b)
	}
	return string(b)
}

// Gateway mode serves /metrics on metrics.listen until it stops.
func TestRunServesMetrics(t *testing.T) {
	dir := t.TempDir()
	c := config.Default()
	c.Database.Path = filepath.Join(dir, "r.db")
	c.Discord.TokenEnv = "BOARDBOT_RUN_TEST"
	t.Setenv("BOARDBOT_RUN_TEST", "test-token")
	s, err := startServing(context.Background(), c, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer s.stop()
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { serveMetrics(ctx, addr, s); close(done) }()
	var body string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/metrics"); err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			body = string(b)
			break
		}
	}
	if !strings.Contains(body, "boardbot_store_up 1") {
		t.Errorf("/metrics in gateway mode:\n%s", body)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the metrics endpoint did not stop with its context")
	}
}

// freeAddr is a loopback address with a port nobody listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}
