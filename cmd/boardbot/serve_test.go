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

	"github.com/boardbot/boardbot/bot/discord/discordtest"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// `serve` answers /healthz while running, has /metrics on its operations listener and not on
// the public one, and stops cleanly, with exit code 0, when its context ends (SIGINT or SIGTERM
// in main).
func TestServeStopsGracefully(t *testing.T) {
	dir := t.TempDir()
	pub, _, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	f := discordtest.New(t)
	addr, ops := freeAddr(t), freeAddr(t)
	cfg := filepath.Join(dir, "boardbot.toml")
	os.WriteFile(cfg, []byte("[database]\npath = \""+filepath.Join(dir, "s.db")+"\"\n[discord]\ntoken_env = \"BOARDBOT_SERVE_TEST\"\npublic_key = \""+hex.EncodeToString(pub)+
		"\"\napi_url = \""+f.URL()+"\"\n[metrics]\nlisten = \""+ops+"\"\n"), 0o644)
	t.Setenv("BOARDBOT_SERVE_TEST", "test-token")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	var out, errb bytes.Buffer
	go func() { done <- run(ctx, []string{"serve", "--config", cfg, "--listen", addr}, &out, &errb) }()

	if !healthy(addr, 10*time.Second) {
		t.Fatalf("/healthz never answered 200: %s", errb.String())
	}
	for range 3 {
		get(t, "http://"+addr+"/healthz")
		get(t, "http://"+ops+"/readyz")
	}
	// /metrics on the operations listener, with the store's figures; not on the public one.
	if body := get(t, "http://"+ops+"/metrics"); !strings.Contains(body, "boardbot_store_up 1") || !strings.Contains(body, "boardbot_outbox_backlog") {
		t.Errorf("/metrics in serve mode:\n%s", body)
	}
	if resp, err := http.Get("http://" + addr + "/metrics"); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("/metrics on the public listener: %v %v", resp, err)
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
	// The probes wrote nothing (they once wrote a row each).
	st, err := sqlite.Open(filepath.Join(dir, "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, written, err := st.Setting(context.Background(), "health", "probe", "at"); err != nil || written {
		t.Errorf("a health probe wrote to the database (%v)", err)
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
