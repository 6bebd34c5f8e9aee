package discordtest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/gorilla/websocket"
)

// Gateway is a fake of Discord's gateway and the few REST calls around it (GET /gateway and GET
// /users/@me), for tests of how the bot connects, resumes and gives up: a scripted websocket that
// can refuse a session with a close code (4004 for a revoked token), drop a live one, or be
// unreachable. Point discord.api_url at URL().
type Gateway struct {
	T   testing.TB
	Srv *httptest.Server
	// Close, when set, is asked after each Identify (resume false) or Resume (true) of the n-th
	// connection (from 1): a close code ends the connection with it, 0 lets the session in.
	Close func(n int, resume bool) int
	// MeStatus is the answer to GET /users/@me (0: 200 with the bot user).
	MeStatus atomic.Int32
	// Down refuses every connection (503 to the websocket upgrade), as an outage would.
	Down atomic.Bool

	mu      sync.Mutex
	conns   int
	conn    *websocket.Conn
	ready   chan int
	resumes int
}

// NewGateway starts the fake; it stops with the test.
func NewGateway(t testing.TB) *Gateway {
	g := &Gateway{T: t, ready: make(chan int, 16)}
	mux := http.NewServeMux()
	mux.HandleFunc("/gw/", g.serveWS)
	mux.HandleFunc("/", g.rest)
	g.Srv = httptest.NewServer(mux)
	t.Cleanup(func() {
		g.Drop(1001)
		g.Srv.Close()
	})
	return g
}

// URL is the base URL for discord.api_url.
func (g *Gateway) URL() string { return g.Srv.URL }

// Ready signals each session let in, with its connection's number.
func (g *Gateway) Ready() <-chan int { return g.ready }

// Resumes is how many times a session was resumed.
func (g *Gateway) Resumes() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.resumes
}

func (g *Gateway) rest(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	if i := strings.Index(path, "/api/v"); i == 0 {
		if j := strings.Index(path[len("/api/v"):], "/"); j >= 0 {
			path = path[len("/api/v")+j:]
		}
	}
	w.Header().Set("Content-Type", "application/json")
	switch {
	case r.Method == "GET" && path == "/gateway":
		json.NewEncoder(w).Encode(map[string]string{"url": "ws" + strings.TrimPrefix(g.Srv.URL, "http") + "/gw"})
	case r.Method == "GET" && path == "/users/@me":
		if s := int(g.MeStatus.Load()); s != 0 && s != 200 {
			w.WriteHeader(s)
			json.NewEncoder(w).Encode(map[string]any{"message": http.StatusText(s), "code": 0})
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"id": "111111111111111111", "username": "boardbot", "bot": true})
	default:
		w.WriteHeader(http.StatusNotFound)
		json.NewEncoder(w).Encode(map[string]any{"message": "404: Not Found", "code": 0})
	}
}

// Drop closes the live connection with code (4000, say: Discord's "unknown error", after which
// a client resumes).
func (g *Gateway) Drop(code int) {
	g.mu.Lock()
	c := g.conn
	g.conn = nil
	g.mu.Unlock()
	if c != nil {
		c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(code, ""))
		c.Close()
	}
}

func (g *Gateway) serveWS(w http.ResponseWriter, r *http.Request) {
	if g.Down.Load() {
		http.Error(w, "service unavailable", http.StatusServiceUnavailable)
		return
	}
	c, err := (&websocket.Upgrader{}).Upgrade(w, r, nil)
	if err != nil {
		return
	}
	g.mu.Lock()
	g.conns++
	n := g.conns
	g.mu.Unlock()
	send := func(v any) {
		g.mu.Lock()
		defer g.mu.Unlock()
		c.WriteJSON(v)
	}
	send(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}})
	var first struct {
		Op int `json:"op"`
	}
	if err := c.ReadJSON(&first); err != nil || (first.Op != 2 && first.Op != 6) {
		g.T.Errorf("fake gateway: expected Identify or Resume, got op %d (%v)", first.Op, err)
		c.Close()
		return
	}
	resume := first.Op == 6
	if resume {
		g.mu.Lock()
		g.resumes++
		g.mu.Unlock()
	}
	if g.Close != nil {
		if code := g.Close(n, resume); code != 0 {
			text := "closed"
			if code == 4004 {
				text = "Authentication failed."
			}
			c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(code, text))
			c.Close()
			return
		}
	}
	if resume {
		send(map[string]any{"op": 0, "t": "RESUMED", "s": 2, "d": map[string]any{}})
	} else {
		send(map[string]any{"op": 0, "t": "READY", "s": 1, "d": map[string]any{"v": 10, "session_id": "sess",
			"user": map[string]any{"id": "111111111111111111", "username": "boardbot"}, "guilds": []any{}}})
	}
	g.mu.Lock()
	g.conn = c
	g.mu.Unlock()
	g.ready <- n
	for {
		var m map[string]any
		if err := c.ReadJSON(&m); err != nil {
			return
		}
		if m["op"] == float64(1) {
			send(map[string]any{"op": 11})
		}
	}
}
