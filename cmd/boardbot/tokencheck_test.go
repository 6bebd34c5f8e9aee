package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot/discord/discordtest"
)

// #34 Telling the truth: a token revoked while `serve` posts nothing shows in /readyz and in the
// metrics within tokenRecheck (not at the next post), and readiness comes back once Discord
// accepts it again.
func TestQuietServeNoticesARevokedToken(t *testing.T) {
	old := tokenRecheck
	tokenRecheck = 100 * time.Millisecond
	t.Cleanup(func() { tokenRecheck = old })
	dir := t.TempDir()
	pub, _, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	f := discordtest.New(t)
	addr, ops := freeAddr(t), freeAddr(t)
	cfg := filepath.Join(dir, "boardbot.toml")
	os.WriteFile(cfg, []byte("[database]\npath = \""+filepath.Join(dir, "s.db")+"\"\n[discord]\ntoken_env = \"BOARDBOT_TOKEN_TEST\"\npublic_key = \""+hex.EncodeToString(pub)+
		"\"\napi_url = \""+f.URL()+"\"\n[metrics]\nlisten = \""+ops+"\"\n"), 0o644)
	t.Setenv("BOARDBOT_TOKEN_TEST", "test-token")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	var out, errb bytes.Buffer
	go func() { done <- run(ctx, []string{"serve", "--config", cfg, "--listen", addr}, &out, &errb) }()
	defer func() {
		cancel()
		<-done
	}()
	if !healthy(addr, 10*time.Second) {
		t.Fatalf("never ready: %s", errb.String())
	}
	probe := func(path string) (int, string) {
		resp, err := http.Get("http://" + ops + path)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
			if ok() {
				return
			}
		}
		t.Fatalf("%s: never; log:\n%s", what, errb.String())
	}
	f.Fail("GET", "/users/@me", http.StatusUnauthorized, 1<<30, false) // revoked
	waitFor("not ready: token", func() bool {
		code, body := probe("/readyz")
		return code == http.StatusServiceUnavailable && strings.Contains(body, "token")
	})
	_, metrics := probe("/metrics")
	if !strings.Contains(metrics, "boardbot_discord_token_accepted 0") || !strings.Contains(metrics, "boardbot_ready 0") {
		t.Errorf("the metrics agree with /readyz:\n%s", metrics)
	}
	f.ClearFailures()
	waitFor("ready again", func() bool { code, _ := probe("/readyz"); return code == http.StatusOK })
	if _, metrics := probe("/metrics"); !strings.Contains(metrics, "boardbot_ready 1") {
		t.Errorf("boardbot_ready once ready again:\n%s", metrics)
	}
}
