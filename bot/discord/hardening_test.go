package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A body over the limit gets 413 before its signature is looked at, whether it announces its
// length or streams it in chunks; a body within the limit with a bad signature still gets 401.
func TestOversizedBodyGets413(t *testing.T) {
	e := newEnv(t)
	s := serveSigned(t, e.h)
	big := append([]byte(`{"type":1,"pad":"`), bytes.Repeat([]byte("x"), maxBody)...)
	big = append(big, `"}`...)
	if resp, _ := s.post(t, big, e.clock(), false); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("signed oversized body: %d, want 413", resp.StatusCode)
	}
	for _, tc := range []struct {
		name   string
		body   io.Reader
		length int64
		want   int
	}{
		{"unsigned, with its length", bytes.NewReader(big), int64(len(big)), http.StatusRequestEntityTooLarge},
		{"unsigned, chunked", io.MultiReader(bytes.NewReader(big)), -1, http.StatusRequestEntityTooLarge},
		{"unsigned, small", strings.NewReader(`{"type":1}`), 10, http.StatusUnauthorized},
	} {
		req, _ := http.NewRequest("POST", s.url+"/interactions", tc.body)
		req.ContentLength = tc.length
		req.Header.Set("X-Signature-Timestamp", "1")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, resp.StatusCode, tc.want)
		}
	}
}

// A client that sends its body a byte at a time is cut off at the read deadline, instead of
// holding the connection (and a goroutine) open indefinitely.
func TestSlowBodyIsCutOff(t *testing.T) {
	e := newEnv(t)
	defer func(d time.Duration) { readTimeout = d }(readTimeout)
	readTimeout = 300 * time.Millisecond
	pub, _, _ := ed25519.GenerateKey(nil)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer("", HTTPHandler(e.h, pub, nil))
	go srv.Serve(l)
	defer srv.Close()

	// The server's deadline runs from when it accepted the connection, which may come before
	// Dial returns on a loaded machine: the clock starts before dialling.
	start := time.Now()
	conn, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "POST /interactions HTTP/1.1\r\nHost: bot\r\nContent-Length: 1000\r\nX-Signature-Timestamp: 1\r\n\r\n")
	closed := make(chan struct{})
	go func() {
		io.Copy(io.Discard, conn) // returns when the server closes the connection
		close(closed)
	}()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-closed:
			if d := time.Since(start); d < readTimeout {
				t.Errorf("closed after %v, before the deadline", d)
			}
			return
		case <-tick.C:
			if time.Since(start) > 5*time.Second {
				t.Fatal("a body trickling a byte every 50 ms kept its connection for 5 s")
			}
			conn.Write([]byte("x"))
		}
	}
}

// /healthz answers with the health check it is given and writes nothing: a probe every few
// seconds must not grow the database (the store's Ready reads only).
func TestHealthzAnswersWithoutWriting(t *testing.T) {
	e := newEnv(t)
	pub, _, _ := ed25519.GenerateKey(nil)
	for _, tc := range []struct {
		name   string
		health func(context.Context) error
		want   int
	}{
		{"ready", e.store.Ready, http.StatusOK},
		{"disk full", func(context.Context) error { return errors.New("store (disk)") }, http.StatusServiceUnavailable},
	} {
		srv := httptest.NewServer(HTTPHandler(e.h, pub, tc.health))
		resp, err := http.Get(srv.URL + "/healthz")
		srv.Close()
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%s: /healthz = %d %q, want %d", tc.name, resp.StatusCode, body, tc.want)
		}
	}
	if _, ok, _ := e.store.Setting(context.Background(), "health", "probe", "at"); ok {
		t.Error("the probe wrote a row")
	}
}

// The handler tells Options.Acked how long each interaction took to acknowledge, by type.
func TestAckedHook(t *testing.T) {
	e := newEnv(t)
	type ack struct {
		typ string
		d   time.Duration
	}
	got := make(chan ack, 4)
	h := NewHandler(e.svc, e.rest, Options{Now: e.clock, Acked: func(typ string, d time.Duration) { got <- ack{typ, d} }})
	ping, _ := os.ReadFile(filepath.Join("testdata", "ping.json"))
	if resp, _ := serveSigned(t, h).post(t, ping, e.clock(), false); resp.StatusCode != 200 {
		t.Fatalf("ping: %d", resp.StatusCode)
	}
	h.Wait()
	select {
	case a := <-got:
		if a.typ != "ping" || a.d <= 0 || a.d > 3*time.Second {
			t.Errorf("Acked(%q, %v); want a ping acknowledged within 3 s", a.typ, a.d)
		}
	default:
		t.Fatal("Acked was not called")
	}
	if len(got) != 0 {
		t.Errorf("Acked called %d more times for one interaction", len(got))
	}
}
