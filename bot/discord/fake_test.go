package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// fakeDiscord is Discord as far as the bot can tell: REST on an httptest server, reached through
// the session's http.Client (a RoundTripper sends discord.com there), and the gateway as a
// websocket on the same server, reached through the session's Dialer. It records every request.
type fakeDiscord struct {
	t   *testing.T
	srv *httptest.Server

	mu       sync.Mutex
	reqs     []recorded
	nextID   int
	nonces   map[string]string // nonce -> message id (enforce_nonce)
	messages map[string]*recorded
	failures []failure
	// responded holds when Discord got each interaction token's initial response: before it,
	// Discord knows no webhook for the token (an edit or follow-up is 404 Unknown Webhook);
	// after it, a second response is refused (already acknowledged), and 15 minutes later the
	// token is dead (401 Invalid Webhook Token).
	responded map[string]time.Time
	now       func() time.Time // the test's clock
	kinds     map[string]int   // interaction id -> type, for those the fake dispatched
	// rateBudget, when set, is how many requests each route (method and path) takes per
	// rateWindow of real time; past it the fake answers 429 with retry_after and the bucket
	// headers, as Discord does. Successful answers carry no rate-limit headers, so the bot
	// meets the 429s rather than pacing itself from the headers.
	rateBudget int
	rateWindow time.Duration
	routes     map[string]*routeUse

	conn   *websocket.Conn
	connMu sync.Mutex
	seq    int
	ready  chan struct{}
}

// recorded is one request as Discord would receive it.
type recorded struct {
	Method, Path string
	Auth         string
	ContentType  string
	JSON         map[string]any // the JSON body, or payload_json of a multipart body
	Files        []recordedFile
	Status       int // what the fake answered
	ID           string
}

type recordedFile struct {
	Field, Name, ContentType string
	Data                     []byte
}

// failure makes the next requests matching method and path prefix fail with status. After
// true means the request takes effect before the failure is returned (a lost answer).
type failure struct {
	method, prefix string
	status         int
	times          int
	after          bool
}

func newFakeDiscord(t *testing.T) *fakeDiscord {
	f := &fakeDiscord{t: t, nonces: map[string]string{}, messages: map[string]*recorded{}, responded: map[string]time.Time{}, now: time.Now, kinds: map[string]int{},
		ready: make(chan struct{}, 4), nextID: 1000}
	mux := http.NewServeMux()
	mux.HandleFunc("/gw/", f.gateway)
	mux.HandleFunc("/", f.rest)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.close)
	return f
}

func (f *fakeDiscord) close() {
	f.connMu.Lock()
	if f.conn != nil {
		f.conn.Close()
	}
	f.connMu.Unlock()
	f.srv.Close()
}

// rewrite sends discord.com (REST) to the fake; anything else is a test bug.
type rewrite struct{ base string }

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != "discord.com" {
		return nil, fmt.Errorf("fake discord: unexpected host %s", req.URL.Host)
	}
	return Redirect(r.base, nil).RoundTrip(req)
}

// session is a discordgo session wired to the fake.
func (f *fakeDiscord) session() *discordgo.Session {
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		f.t.Fatal(err)
	}
	s.Client = &http.Client{Transport: rewrite{f.srv.URL}, Timeout: 10 * time.Second}
	addr := f.srv.Listener.Addr().String()
	s.Dialer = &websocket.Dialer{NetDialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	}, HandshakeTimeout: 5 * time.Second}
	s.LogLevel = -1
	s.ShouldReconnectOnError = false
	s.StateEnabled = false
	return s
}

func (f *fakeDiscord) fail(method, prefix string, status, times int, after bool) {
	f.mu.Lock()
	f.failures = append(f.failures, failure{method, prefix, status, times, after})
	f.mu.Unlock()
}

func (f *fakeDiscord) newID() string {
	f.nextID++
	return fmt.Sprint(f.nextID)
}

func (f *fakeDiscord) rest(w http.ResponseWriter, r *http.Request) {
	rec := recorded{Method: r.Method, Path: strings.TrimPrefix(r.URL.Path, "/api/v9"), Auth: r.Header.Get("Authorization"),
		ContentType: r.Header.Get("Content-Type")}
	body, _ := io.ReadAll(r.Body)
	mt, params, _ := mime.ParseMediaType(rec.ContentType)
	if mt == "multipart/form-data" {
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			data, _ := io.ReadAll(p)
			if p.FormName() == "payload_json" {
				json.Unmarshal(data, &rec.JSON)
				continue
			}
			rec.Files = append(rec.Files, recordedFile{Field: p.FormName(), Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
		}
	} else if len(body) > 0 {
		json.Unmarshal(body, &rec.JSON)
	}
	dumpTexts(rec)
	f.mu.Lock()
	defer f.mu.Unlock()
	if why := slip(rec); why != "" {
		f.t.Errorf("fake discord: a wording slip (%s) in %s %s: %v", why, rec.Method, rec.Path, rec.JSON)
	}
	why := refusal(rec)
	if p := strings.Split(rec.Path, "/"); why == "" && len(p) == 5 && p[1] == "interactions" {
		why = responseFits(f.kinds[p[2]], rec.JSON)
	}
	if why != "" {
		f.t.Errorf("fake discord: Discord refuses %s %s: %s\n%v", rec.Method, rec.Path, why, rec.JSON)
		rec.Status = http.StatusBadRequest
		f.reqs = append(f.reqs, rec)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rec.Status)
		json.NewEncoder(w).Encode(apiError{"Invalid Form Body: " + why, 50035})
		return
	}
	if wait := f.limited(rec); wait > 0 {
		rec.Status = http.StatusTooManyRequests
		f.reqs = append(f.reqs, rec)
		secs := fmt.Sprintf("%.3f", wait.Seconds())
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set("X-RateLimit-Bucket", rec.Method+rec.Path)
		h.Set("X-RateLimit-Limit", fmt.Sprint(f.rateBudget))
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Reset-After", secs)
		h.Set("Retry-After", secs)
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprintf(w, `{"message":"You are being rate limited.","retry_after":%s,"global":false}`, secs)
		return
	}
	var fl *failure
	for i := range f.failures {
		x := &f.failures[i]
		if x.times > 0 && x.method == r.Method && strings.HasPrefix(rec.Path, x.prefix) {
			x.times--
			fl = x
			break
		}
	}
	if fl != nil && !fl.after {
		rec.Status = fl.status
		f.reqs = append(f.reqs, rec)
		writeError(w, fl.status)
		return
	}
	status, out := f.answer(&rec)
	if fl != nil {
		status = fl.status
		out = nil
	}
	rec.Status = status
	f.reqs = append(f.reqs, rec)
	if status >= 400 {
		if e, ok := out.(apiError); ok {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			json.NewEncoder(w).Encode(e)
			return
		}
		writeError(w, status)
		return
	}
	if out == nil {
		w.WriteHeader(status)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(out)
}

// routeUse counts a route's requests in its current window.
type routeUse struct {
	start time.Time
	n     int
}

// limited counts rec against its route's budget and returns how long until the route's window
// ends when the budget is spent (0: within budget). f.mu is held.
func (f *fakeDiscord) limited(rec recorded) time.Duration {
	if f.rateBudget == 0 || rec.Path == "/gateway" {
		return 0
	}
	if f.routes == nil {
		f.routes = map[string]*routeUse{}
	}
	now := time.Now()
	key := rec.Method + " " + rec.Path
	u := f.routes[key]
	if u == nil || now.Sub(u.start) >= f.rateWindow {
		u = &routeUse{start: now}
		f.routes[key] = u
	}
	if u.n >= f.rateBudget {
		return f.rateWindow - now.Sub(u.start)
	}
	u.n++
	return 0
}

func writeError(w http.ResponseWriter, status int) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if status == http.StatusTooManyRequests {
		io.WriteString(w, `{"message":"You are being rate limited.","retry_after":0.001,"global":false}`)
		return
	}
	fmt.Fprintf(w, `{"message":"fake failure","code":0}`)
}

// apiError is Discord's JSON error body.
type apiError struct {
	Message string `json:"message"`
	Code    int    `json:"code"`
}

// respond records that Discord has an interaction's initial response: a callback over REST, or
// (HTTP mode) the response to Discord's POST once Discord has read it.
func (f *fakeDiscord) respond(token string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.respondLocked(token)
}

func (f *fakeDiscord) respondLocked(token string) bool {
	if _, ok := f.responded[token]; ok {
		return false
	}
	f.responded[token] = f.now()
	return true
}

// sentIn reports whether message id was created in channel.
func (f *fakeDiscord) sentIn(channel, id string) bool {
	m := f.messages[id]
	return m != nil && m.Path == "/channels/"+channel+"/messages"
}

// answer is Discord's reply to a request (the fake's failures aside).
func (f *fakeDiscord) answer(rec *recorded) (int, any) {
	p := strings.Split(strings.Trim(rec.Path, "/"), "/")
	switch {
	case rec.Method == "GET" && rec.Path == "/gateway":
		return 200, map[string]string{"url": "ws://gateway.discord.test/gw"}
	case rec.Method == "POST" && len(p) == 4 && p[0] == "interactions" && p[3] == "callback":
		if !f.respondLocked(p[2]) {
			return 400, apiError{"Interaction has already been acknowledged.", 40060}
		}
		return 204, nil
	case len(p) >= 3 && p[0] == "webhooks" && f.responded[p[2]].IsZero():
		return 404, apiError{"Unknown Webhook", 10015}
	case len(p) >= 3 && p[0] == "webhooks" && f.now().Sub(f.responded[p[2]]) >= 15*time.Minute:
		return 401, apiError{"Invalid Webhook Token", 50027}
	case len(p) >= 3 && p[0] == "webhooks":
		if rec.Method == "DELETE" {
			return 204, nil
		}
		rec.ID = f.newID()
		return 200, map[string]any{"id": rec.ID, "channel_id": "c"}
	case rec.Method == "POST" && len(p) == 3 && p[0] == "channels" && p[2] == "messages":
		if n, _ := rec.JSON["nonce"].(string); n != "" && rec.JSON["enforce_nonce"] == true {
			if id, ok := f.nonces[n]; ok {
				rec.ID = id
				return 200, map[string]any{"id": id, "channel_id": p[1], "nonce": n}
			}
			defer func() { f.nonces[n] = rec.ID }()
		}
		rec.ID = f.newID()
		f.messages[rec.ID] = rec
		return 200, map[string]any{"id": rec.ID, "channel_id": p[1]}
	case (rec.Method == "PATCH" && len(p) == 4 || rec.Method == "POST" && len(p) == 5 && p[4] == "threads") &&
		p[0] == "channels" && p[2] == "messages" && !f.sentIn(p[1], p[3]):
		return 404, apiError{"Unknown Message", 10008}
	case rec.Method == "PATCH" && len(p) == 4 && p[0] == "channels" && p[2] == "messages":
		// Discord edits only a message that exists in that channel: 404 Unknown Message otherwise.
		if m, ok := f.messages[p[3]]; !ok || m.Path != "/channels/"+p[1]+"/messages" {
			return 404, nil
		}
		return 200, map[string]any{"id": p[3], "channel_id": p[1]}
	case rec.Method == "POST" && len(p) == 5 && p[0] == "channels" && p[4] == "threads":
		rec.ID = "th" + f.newID()
		return 201, map[string]any{"id": rec.ID, "type": 11, "parent_id": p[1]}
	case rec.Method == "POST" && rec.Path == "/users/@me/channels":
		return 200, map[string]any{"id": "dm-" + fmt.Sprint(rec.JSON["recipient_id"]), "type": 1}
	case rec.Method == "PUT" && p[0] == "applications":
		return 200, []any{}
	}
	return 404, nil
}

// requests returns the requests recorded since mark, and the new mark.
func (f *fakeDiscord) since(mark int) ([]recorded, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := append([]recorded{}, f.reqs[mark:]...)
	return out, len(f.reqs)
}

func (f *fakeDiscord) mark() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.reqs)
}

// waitFor polls until a request after mark satisfies ok.
func (f *fakeDiscord) waitFor(mark int, ok func(recorded) bool) recorded {
	f.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		rs, _ := f.since(mark)
		for _, r := range rs {
			if ok(r) {
				return r
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	f.t.Fatalf("fake discord: the expected request never came")
	return recorded{}
}

// gateway speaks just enough of the gateway protocol: Hello, Identify, Ready, then dispatches.
func (f *fakeDiscord) gateway(w http.ResponseWriter, r *http.Request) {
	up := websocket.Upgrader{}
	c, err := up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	f.connMu.Lock()
	f.conn = c
	f.connMu.Unlock()
	f.send(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}})
	var ident struct {
		Op int `json:"op"`
		D  struct {
			Token   string `json:"token"`
			Intents int    `json:"intents"`
		} `json:"d"`
	}
	if err := c.ReadJSON(&ident); err != nil || ident.Op != 2 || ident.D.Token != "Bot test-token" {
		f.t.Errorf("gateway: expected identify with the bot token, got %+v %v", ident, err)
		return
	}
	f.dispatch("READY", map[string]any{"v": 9, "session_id": "sess", "user": map[string]any{"id": "bot", "username": "boardbot"}, "guilds": []any{}})
	f.ready <- struct{}{}
	for {
		var m map[string]any
		if err := c.ReadJSON(&m); err != nil {
			return
		}
		if m["op"] == float64(1) {
			f.send(map[string]any{"op": 11})
		}
	}
}

func (f *fakeDiscord) send(v any) {
	f.connMu.Lock()
	defer f.connMu.Unlock()
	if f.conn != nil {
		f.conn.WriteJSON(v)
	}
}

func (f *fakeDiscord) dispatch(typ string, d any) {
	if i, ok := d.(*discordgo.Interaction); ok {
		f.mu.Lock()
		f.kinds[i.ID] = int(i.Type)
		f.mu.Unlock()
	}
	f.connMu.Lock()
	f.seq++
	s := f.seq
	f.connMu.Unlock()
	f.send(map[string]any{"op": 0, "t": typ, "s": s, "d": d})
}

// dumpTexts appends every text a request shows players (content, labels, placeholders,
// choices) to the file named by BOARDBOT_TEXTS, to read them once as a player would:
//
//	BOARDBOT_TEXTS=/tmp/texts.txt go test ./bot/discord
func dumpTexts(rec recorded) {
	name := os.Getenv("BOARDBOT_TEXTS")
	if name == "" || rec.JSON == nil {
		return
	}
	var lines []string
	var walk func(k string, v any)
	walk = func(k string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, y := range x {
				walk(k, y)
			}
		case []any:
			for _, y := range x {
				walk(k, y)
			}
		case string:
			switch k {
			case "content", "label", "placeholder", "name", "description":
				lines = append(lines, k+": "+strings.ReplaceAll(x, "\n", "\n    "))
			}
		}
	}
	walk("", rec.JSON)
	if len(lines) == 0 {
		return
	}
	dumpMu.Lock()
	defer dumpMu.Unlock()
	out, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	defer out.Close()
	fmt.Fprintf(out, "== %s %s\n%s\n", rec.Method, rec.Path, strings.Join(lines, "\n"))
}

var dumpMu sync.Mutex
