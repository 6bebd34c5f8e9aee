package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
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
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	var out, errb bytes.Buffer
	go func() { done <- run(ctx, []string{"serve", "--config", cfg, "--listen", addr}, &out, &errb) }()

	healthy := false
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && !healthy; time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			healthy = resp.StatusCode == 200
			resp.Body.Close()
		}
	}
	if !healthy {
		t.Fatalf("/healthz never answered 200: %s", errb.String())
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
