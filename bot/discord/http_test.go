package discord

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
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
