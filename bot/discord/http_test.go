package discord

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/boardbot/boardbot/bot/discord/discordtest"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

type signer struct {
	priv ed25519.PrivateKey
	pub  ed25519.PublicKey
	url  string
	// Discord's side of the response: once read, the fake learns of it after seen (Discord's own
	// processing time), so edits that come too early meet Unknown Webhook.
	fake *fakeDiscord
	seen time.Duration
}

func (s signer) post(t *testing.T, body []byte, ts time.Time, tamper bool) (*http.Response, map[string]any) {
	t.Helper()
	stamp := fmt.Sprint(ts.Unix())
	sig := ed25519.Sign(s.priv, append([]byte(stamp), body...))
	if tamper {
		body = bytes.Replace(body, []byte(`"type":1`), []byte(`"type":2`), 1)
		body = append(body, ' ')
	}
	req, _ := http.NewRequest("POST", s.url+"/interactions", bytes.NewReader(body))
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	req.Header.Set("X-Signature-Timestamp", stamp)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	b, _ := io.ReadAll(resp.Body)
	json.Unmarshal(b, &out)
	var in struct {
		Token string
		Type  int
	}
	json.Unmarshal(body, &in)
	why := discordtest.CallbackRefusal(out, nil)
	if why == "" {
		why = discordtest.ResponseFits(in.Type, out)
	}
	if resp.StatusCode == 200 && why != "" {
		t.Errorf("Discord refuses the HTTP response: %s\n%s", why, b)
	}
	if s.fake != nil && resp.StatusCode == 200 && in.Token != "" {
		time.AfterFunc(s.seen, func() { s.fake.respond(in.Token) })
	}
	return resp, out
}

// serveSigned serves h over HTTP with a new key pair, closed when t ends, and returns the signer
// that posts to it.
func serveSigned(t *testing.T, h *Handler) signer {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(HTTPHandler(h, pub, nil))
	t.Cleanup(srv.Close)
	return signer{priv: priv, pub: pub, url: srv.URL}
}

func TestHTTPModeVerifiesSignatures(t *testing.T) {
	e := newEnv(t)
	s := serveSigned(t, e.h)
	s.fake = e.fake
	ping, _ := os.ReadFile(filepath.Join("testdata", "ping.json"))
	resp, out := s.post(t, ping, e.clock(), false)
	if resp.StatusCode != 200 || out["type"] != float64(1) {
		t.Fatalf("PING answered with PONG: %d %v", resp.StatusCode, out)
	}
	if resp, _ := s.post(t, ping, e.clock(), true); resp.StatusCode != 401 {
		t.Fatalf("tampered body: %d", resp.StatusCode)
	}
	if resp, _ := s.post(t, ping, e.clock().Add(-10*time.Minute), false); resp.StatusCode != 401 {
		t.Fatalf("stale timestamp: %d", resp.StatusCode)
	}
	other := signer{url: s.url}
	_, other.priv, _ = ed25519.GenerateKey(nil)
	if resp, _ := other.post(t, ping, e.clock(), false); resp.StatusCode != 401 {
		t.Fatalf("signed by another key: %d", resp.StatusCode)
	}
	// A command: the reply is the HTTP response itself.
	i := e.slash("ann", "c-games", "rules", opt("game", "autumn-ash"))
	body, _ := json.Marshal(i)
	resp, out = s.post(t, body, e.clock(), false)
	d, _ := out["data"].(map[string]any)
	if resp.StatusCode != 200 || out["type"] != float64(4) || !ephemeral(d) || !strings.Contains(content(d), "**Autumn Ash**") {
		t.Fatalf("rules over HTTP: %d %v", resp.StatusCode, out)
	}
	// Slow work over HTTP: a deferral now, the answer by REST when ready.
	mark := e.fake.mark()
	i = e.slash("ann", "c-games", "create", sub("autumn-ash"))
	body, _ = json.Marshal(i)
	_, out = s.post(t, body, e.clock(), false)
	if out["type"] != float64(5) {
		t.Fatalf("create over HTTP is deferred: %v", out)
	}
	e.fake.waitFor(mark, func(r recorded) bool { return strings.HasSuffix(r.Path, "/messages/@original") })
	e.h.Wait()
	// Health.
	hr, err := http.Get(s.url + "/healthz")
	if err != nil || hr.StatusCode != 200 {
		t.Fatalf("healthz: %v %v", hr, err)
	}
}

// slowWriter is a connection to Discord that takes delay to carry the response; Discord has
// it (got is called) once it is written.
type slowWriter struct {
	http.ResponseWriter
	delay time.Duration
	got   func()
}

func (w slowWriter) Write(b []byte) (int, error) {
	time.Sleep(w.delay)
	n, err := w.ResponseWriter.Write(b)
	w.got()
	return n, err
}

func (w slowWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// httpCreate serves /create over HTTP and returns the edits of the deferral. With write, the
// response takes that long to leave and Discord has it as soon as it is written; with seen,
// Discord takes that long to process the response it has read.
func httpCreate(t *testing.T, write, seen time.Duration) []recorded {
	e := newEnv(t)
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	i := e.slash("ann", "c-games", "create", sub("autumn-ash"))
	s := signer{priv: priv, pub: pub, seen: seen}
	got := func() { e.fake.respond(i.Token) }
	if write == 0 {
		s.fake, got = e.fake, func() {}
	}
	inner := HTTPHandler(e.h, pub, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		inner.ServeHTTP(slowWriter{w, write, got}, r)
	}))
	defer srv.Close()
	s.url = srv.URL
	body, _ := json.Marshal(i)
	mark := e.fake.mark()
	if _, out := s.post(t, body, e.clock(), false); out["type"] != float64(5) {
		t.Fatalf("create over HTTP is deferred: %v", out)
	}
	e.h.Wait()
	rs, _ := e.fake.since(mark)
	edits := find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edits) == 0 || edits[len(edits)-1].Status != 200 || !strings.Contains(content(edits[len(edits)-1].JSON), "is open") {
		t.Fatalf("the deferral is replaced by the answer: %+v\n%s", edits, e.logs.String())
	}
	return edits
}

// The deferral is the HTTP response: the answer's edit waits until it has left, even over a
// slow connection, so Discord never sees the edit first.
func TestHTTPModeEditsAfterTheDeferralLeft(t *testing.T) {
	if edits := httpCreate(t, 300*time.Millisecond, 0); len(edits) != 1 {
		t.Fatalf("the edit came once, after the deferral: %+v", edits)
	}
}

// Discord may still be processing the deferral when the edit arrives (404 Unknown Webhook):
// the first edit of a fresh interaction is tried again for a few seconds.
func TestHTTPModeRetriesAnEarlyEdit(t *testing.T) {
	edits := httpCreate(t, 0, 300*time.Millisecond)
	if len(edits) < 2 || edits[0].Status != 404 {
		t.Fatalf("the first edit came before Discord knew the deferral and was tried again: %+v", edits)
	}
}

// A token Discord never knows is given up after a bounded number of tries, with the error logged.
func TestEarlyRetryIsBounded(t *testing.T) {
	e := newEnv(t)
	var slept time.Duration
	h := NewHandler(e.svc, e.rest, Options{Now: e.clock, Logger: e.h.log, Sleep: func(d time.Duration) { slept += d }})
	i := e.slash("ann", "c-games", "rules", opt("game", "autumn-ash"))
	h.finish(i, (&plan{ephemeral: true}).deferral(), say("late", true))
	rs, _ := e.fake.since(0)
	if len(rs) < 5 || len(rs) > 10 || slept < 3*time.Second || slept > 6*time.Second {
		t.Fatalf("a few seconds of tries, then given up: %d tries over %v", len(rs), slept)
	}
	if !strings.Contains(e.logs.String(), "Unknown Webhook") {
		t.Fatalf("the failure is logged: %s", e.logs.String())
	}
}
