package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot/discord/discordtest"
	"github.com/boardbot/boardbot/bot/metrics"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// syncBuffer is a buffer the bot's logger writes to while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// opsConfig writes a configuration for run or serve against the fake at api, with the
// operations listener on ops.
func opsConfig(t *testing.T, api, ops string) string {
	t.Helper()
	dir := t.TempDir()
	pub, _, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "boardbot.toml")
	text := fmt.Sprintf("[database]\npath = %q\n[discord]\ntoken_env = \"BOARDBOT_OPS_TEST\"\npublic_key = %q\napi_url = %q\n[metrics]\nlisten = %q\n",
		filepath.Join(dir, "ops.db"), hex.EncodeToString(pub), api, ops)
	if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("BOARDBOT_OPS_TEST", "test-token")
	return cfg
}

// probe GETs url and returns the status and body (0 when nothing answers).
func probe(url string) (int, string) {
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// waitProbe waits up to d for url to answer status.
func waitProbe(t *testing.T, url string, status int, d time.Duration) string {
	t.Helper()
	var got int
	var body string
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if got, body = probe(url); got == status {
			return body
		}
	}
	t.Fatalf("%s answered %d %q, want %d", url, got, body, status)
	return ""
}

// A token revoked while `run` is up: Discord drops the session and refuses its resume with 4004;
// run exits non-zero with a line saying so, so that systemd or Docker restart it. Before that,
// the operations listener shows it ready, the gateway connected, and the start logged its
// summary.
func TestRunExitsWhenTokenRevoked(t *testing.T) {
	gw := discordtest.NewGateway(t)
	gw.Close = func(n int, resume bool) int {
		if n > 1 {
			return 4004
		}
		return 0
	}
	ops := freeAddr(t)
	cfg := opsConfig(t, gw.URL(), ops)
	var out, errb syncBuffer
	done := make(chan int, 1)
	go func() { done <- run(context.Background(), []string{"run", "--config", cfg}, &out, &errb) }()

	if body := waitProbe(t, "http://"+ops+"/livez", 200, 10*time.Second); body != "ok\n" {
		t.Errorf("/livez: %q", body)
	}
	if body := waitProbe(t, "http://"+ops+"/readyz", 200, 10*time.Second); body != "ready\n" {
		t.Errorf("/readyz: %q", body)
	}
	_, m := probe("http://" + ops + "/metrics")
	for _, want := range []string{"boardbot_gateway_connected 1", "boardbot_discord_token_accepted 1",
		`boardbot_discord_request_seconds_count{route="GET /users/@me",status="200"} 1`} {
		if !strings.Contains(m, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	logs := errb.String()
	for _, want := range []string{`msg="Discord accepted the bot token" bot=boardbot bot_id=111111111111111111`,
		`msg="boardbot started" version=dev mode=run store=sqlite`, "migrations=\"created at", "games_lobby=0 games_running=0 bot=boardbot",
		"ops_listen=" + ops} {
		if !strings.Contains(logs, want) {
			t.Errorf("the start's log lacks %q:\n%s", want, logs)
		}
	}

	gw.Drop(4000)
	select {
	case code := <-done:
		if code != 1 {
			t.Errorf("exit %d, want 1", code)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("run did not exit after Discord refused its token")
	}
	logs = errb.String()
	if !strings.Contains(logs, "boardbot: gateway: Discord closed the gateway with 4004 (authentication failed: the bot token is invalid or was reset)") {
		t.Errorf("no clear line on the refused token:\n%s", logs)
	}
	if code, _ := probe("http://" + ops + "/livez"); code != 0 {
		t.Error("the operations listener outlived the process's run")
	}
}

// A token Discord refuses at start (GET /users/@me answers 401) stops both modes at once with
// exit 1 and a line that says what to do.
func TestStartRefusesRejectedToken(t *testing.T) {
	gw := discordtest.NewGateway(t)
	gw.MeStatus.Store(401)
	for _, mode := range []string{"run", "serve"} {
		cfg := opsConfig(t, gw.URL(), freeAddr(t))
		var out, errb syncBuffer
		done := make(chan int, 1)
		args := []string{mode, "--config", cfg}
		if mode == "serve" {
			args = append(args, "--listen", freeAddr(t))
		}
		go func() { done <- run(context.Background(), args, &out, &errb) }()
		select {
		case code := <-done:
			if code != 1 || !strings.Contains(errb.String(), "boardbot: Discord refused the bot token (401 Unauthorized)") {
				t.Errorf("%s: exit %d:\n%s", mode, code, errb.String())
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s runs on with a refused token", mode)
		}
	}
}

// hangingStore is a store whose reads block while hang is set, as on a frozen disk.
type hangingStore struct {
	storage.Store
	hang   atomic.Bool
	calls  atomic.Int32
	writes atomic.Int32
	free   chan struct{}
}

func (h *hangingStore) Setting(ctx context.Context, scope, id, key string) (string, bool, error) {
	h.calls.Add(1)
	if h.hang.Load() {
		<-h.free // ignores ctx, as a driver stuck in a system call would
	}
	return h.Store.Setting(ctx, scope, id, key)
}

// Ready is what the probe calls; it hangs like Setting.
func (h *hangingStore) Ready(ctx context.Context) error {
	h.calls.Add(1)
	if h.hang.Load() {
		<-h.free
	}
	return h.Store.Ready(ctx)
}

func (h *hangingStore) SetSetting(ctx context.Context, scope, id, key, value string) error {
	h.writes.Add(1)
	return h.Store.SetSetting(ctx, scope, id, key, value)
}

// Readiness answers within its bound when the store hangs, says which part is not ready and
// nothing more, lets only one check wait on the store at a time, writes nothing, and follows
// the token: a 401 to a bot-token request makes the bot not ready.
func TestReadinessBoundedAndTruthful(t *testing.T) {
	old := probeTimeout
	probeTimeout = 300 * time.Millisecond
	defer func() { probeTimeout = old }()
	db, err := sqlite.Open(filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	st := &hangingStore{Store: db, free: make(chan struct{})}
	r := &readiness{store: newStoreProbe(st), mode: "serve", log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	r.key.Store(true)
	r.token.Store(true)
	srv := httptest.NewServer(opsHandler(r, metrics.New(st)))
	defer srv.Close()

	if code, body := probe(srv.URL + "/readyz"); code != 200 || body != "ready\n" {
		t.Fatalf("ready store: %d %q", code, body)
	}
	st.hang.Store(true)
	var wg sync.WaitGroup
	start := time.Now()
	for range 5 {
		wg.Go(func() {
			if code, body := probe(srv.URL + "/readyz"); code != 503 || strings.TrimSpace(body) != "not ready: store (timeout)" {
				t.Errorf("hanging store: %d %q", code, body)
			}
		})
	}
	wg.Wait()
	if took := time.Since(start); took > 3*probeTimeout {
		t.Errorf("the probes took %s with a hanging store; the bound is %s", took, probeTimeout)
	}
	if n := st.calls.Load(); n != 2 {
		t.Errorf("%d checks reached the store; want the first probe's and one for the five hanging ones", n)
	}
	if code, _ := probe(srv.URL + "/livez"); code != 200 {
		t.Error("/livez depends on the store: a hanging disk would get the process killed")
	}
	st.hang.Store(false)
	close(st.free)
	waitProbe(t, srv.URL+"/readyz", 200, 5*time.Second)
	if st.writes.Load() != 0 {
		t.Errorf("the probes wrote %d times", st.writes.Load())
	}

	// Discord refuses the token on a post: not ready, and saying so.
	discord := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer discord.Close()
	client := http.Client{Transport: tokenWatch{next: http.DefaultTransport, on: r.token.Store}}
	for _, tc := range []struct {
		path, auth string
		ready      bool
	}{
		{"/api/v10/webhooks/1/tok/messages/@original", "Bot test-token", true}, // an interaction token expired: not the bot's
		{"/api/v10/channels/1/messages", "Bot test-token", false},
	} {
		req, _ := http.NewRequest("POST", discord.URL+tc.path, nil)
		req.Header.Set("Authorization", tc.auth)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		code, body := probe(srv.URL + "/readyz")
		if (code == 200) != tc.ready || (!tc.ready && strings.TrimSpace(body) != "not ready: token") {
			t.Errorf("after a 401 on %s: %d %q", tc.path, code, body)
		}
	}
}

// `boardbot health` exits 0 when /readyz answers 200 and 1 otherwise, finding the URL from
// metrics.listen (BOARDBOT_METRICS_LISTEN in the image) or --url.
func TestHealthCommand(t *testing.T) {
	var ready atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/readyz" {
			http.NotFound(w, r)
			return
		}
		if !ready.Load() {
			http.Error(w, "not ready: gateway", http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ready\n")
	}))
	defer srv.Close()
	t.Chdir(t.TempDir())
	t.Setenv("BOARDBOT_METRICS_LISTEN", ":"+srv.URL[strings.LastIndex(srv.URL, ":")+1:])
	for _, tc := range []struct {
		ready bool
		args  []string
		code  int
		out   string
	}{
		{true, nil, 0, "ready\n"},
		{false, nil, 1, "not ready: gateway\n"},
		{true, []string{"--url", srv.URL + "/readyz"}, 0, "ready\n"},
		{true, []string{"--url", srv.URL + "/nothing"}, 1, "404 page not found\n"},
	} {
		ready.Store(tc.ready)
		code, out, errs := runCmd(t, append([]string{"health"}, tc.args...)...)
		if code != tc.code || out != tc.out {
			t.Errorf("health %v (ready %v): exit %d, %q %q", tc.args, tc.ready, code, out, errs)
		}
	}
	srv.Close()
	if code, out, _ := runCmd(t, "health"); code != 1 || !strings.HasPrefix(out, "not ready: http://127.0.0.1:") {
		t.Errorf("nothing listening: exit %d %q", code, out)
	}
	t.Setenv("BOARDBOT_METRICS_LISTEN", "")
	if code, _, errs := runCmd(t, "health"); code != 1 || !strings.Contains(errs, "metrics.listen is empty") {
		t.Errorf("no operations listener configured: exit %d %q", code, errs)
	}
}

// The startup summary's migrations field, for both stores.
func TestMigrationsDone(t *testing.T) {
	for _, c := range []struct {
		from, to int
		want     string
	}{{0, 7, "created at 7"}, {5, 7, "5 -> 7"}, {7, 7, "none"}} {
		if got := migrationsDone(c.from, c.to); got != c.want {
			t.Errorf("migrationsDone(%d, %d) = %q, want %q", c.from, c.to, got, c.want)
		}
	}
}
