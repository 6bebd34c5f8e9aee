// Package discordtest is a strict fake Discord for tests: REST on an httptest server (API v10,
// v9 paths accepted), and the gateway as a websocket on the same server. It answers as Discord's
// documentation says Discord does: rate-limit headers on every answer, per-route buckets and a
// global budget per bot token with Discord's 429 bodies and headers, Cloudflare's HTML 429, real
// JSON error codes, a permission model per channel (the same bits an interaction's
// app_permissions carries), archived and locked threads, the active-thread cap, a nonce window,
// the 3 s deadline on an interaction's first answer and v10 attachment semantics on edits. It
// records every request and checks it against Discord's OpenAPI spec (SpecCheck), against the
// documented limits the spec cannot express (Refusal) and, when Check is set, against anything
// else a test asks.
//
// It is imported by tests only.
package discordtest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// JSON error codes Discord answers with (a subset: those the bot meets).
const (
	UnknownChannel         = 10003
	UnknownMessage         = 10008
	UnknownWebhook         = 10015
	UnknownInteraction     = 10062
	MissingAccess          = 50001
	InvalidWebhookToken    = 50027
	MissingPermissions     = 50013
	CannotMessageUser      = 50007
	InvalidFormBody        = 50035
	RequestTooLarge        = 40005
	DefaultUploadLimit     = 10 << 20 // bytes of files per message, as for a server without boosts
	AlreadyAcknowledged    = 40060
	ArchivedThread         = 50083
	ThreadAlreadyCreated   = 160004
	ThreadLocked           = 160005
	MaxActiveThreads       = 160006
	DefaultGlobalLimit     = 50 // requests per second per bot token
	DefaultThreadCap       = 1000
	DefaultNonceWindow     = 5 * time.Minute
	DefaultAckDeadline     = 3 * time.Second
	discordEpoch           = 1420070400000
	maxAttachments         = 10
	permsBotNeedsByDefault = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
		discordgo.PermissionSendMessagesInThreads | discordgo.PermissionCreatePublicThreads |
		discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks | discordgo.PermissionReadMessageHistory
)

// DefaultPerms is what the fake's bot may do in a channel unless a test says otherwise: what an
// invite with the bot's recommended permissions grants (no Manage Threads).
const DefaultPerms int64 = permsBotNeedsByDefault

// Request is one request as Discord received it.
type Request struct {
	Method, Path string // Path without the /api/vN prefix
	Version      string // "9" or "10"
	Auth         string
	ContentType  string
	JSON         map[string]any // the JSON body, or payload_json of a multipart body
	Raw          []byte         // the JSON body as sent (payload_json for multipart)
	Files        []File
	From         int // which Endpoint it came through (0: the main URL)
	Status       int // what the fake answered
	Code         int // the JSON error code answered, if any
	ID           string
	At           time.Time // real time of arrival
}

// File is one uploaded file of a multipart request.
type File struct {
	Field, Name, ContentType string
	Data                     []byte
}

// Attachment is a file a message holds.
type Attachment struct {
	ID, Name    string
	Description string // the alt text
}

// Message is a message as Discord holds it.
type Message struct {
	ID, Channel, Nonce, Content string
	Attachments                 []Attachment
	Thread                      string // the thread started from it
	Created                     time.Time
	// Flags are the message's flags as created (SUPPRESS_NOTIFICATIONS: a silent post).
	Flags int64
	// Mentions are the users the message pinged: those its allowed_mentions listed and its
	// content mentions (<@id>), unless it was silent.
	Mentions []string
}

// Channel is a text channel or a thread, with the bot's permissions in it.
type Channel struct {
	ID, Guild, Parent string
	Thread            bool
	Archived, Locked  bool
	Deleted           bool
	Perms             int64
	// DM is a user's direct-message channel with the bot (Recipient): no guild, no permissions,
	// and posts refused while the user does not accept direct messages from the bot.
	DM        bool
	Recipient string
	// AutoArchive is how long a thread stays active without a message before Discord archives
	// it; Last is its last message (by the fake's clock).
	AutoArchive time.Duration
	Last        time.Time
}

// Throttle is a scripted 429: Scope "user", "global" or "shared"; Cloudflare makes it the HTML
// page Cloudflare answers with when an IP is banned or hammered.
type Throttle struct {
	Scope      string
	RetryAfter time.Duration
	Cloudflare bool
}

type scripted struct {
	method, prefix string
	times          int
	status, code   int
	after          bool // the request takes effect before the failure is answered
	throttle       *Throttle
}

// Fake is the fake Discord. The exported settings may be changed before the first request.
type Fake struct {
	T   testing.TB
	Srv *httptest.Server

	// GlobalLimit is the bot token's budget of requests in any second, by their arrival (0:
	// DefaultGlobalLimit; negative: none). Interaction callbacks and interaction webhooks are not counted, as on
	// Discord.
	GlobalLimit int
	// RouteLimit requests per RouteWindow per route bucket (0: 50 per second).
	RouteLimit  int
	RouteWindow time.Duration
	ThreadCap   int // active threads per guild (0: DefaultThreadCap)
	// UploadLimit is how many bytes of files a message may carry (0: DefaultUploadLimit); more
	// is answered 413 with code 40005, as Discord does (a server's limit depends on its boosts,
	// so the bot cannot know it beforehand: not a test failure).
	UploadLimit int
	NonceWindow time.Duration // how long a nonce is remembered, by Now (0: DefaultNonceWindow)
	AckDeadline time.Duration // first answer of a dispatched interaction, real time (0: 3 s)
	// Check, when set, is asked about every request; a non-empty answer fails the test and
	// is answered 400 Invalid Form Body.
	Check func(Request) string
	// Guild is the guild of channels the fake meets for the first time.
	Guild string
	// AnsweredOverHTTP takes an interaction token the fake never heard of as answered when it
	// is first used: the bot got the interaction from the test over HTTP and answered it in its
	// HTTP response, which the fake cannot see.
	AnsweredOverHTTP bool
	// Hold, when set, is asked after the fake has handled a request and before it answers;
	// true leaves the request unanswered until the client gives up (a lost answer: the post is
	// made, the poster never learns it).
	Hold func(Request) bool

	mu          sync.Mutex
	now         func() time.Time
	reqs        []Request
	seq         int64
	nonces      map[string]nonceUse // channel+nonce -> message
	messages    map[string]*Message
	order       []string // message ids in creation order
	channels    map[string]*Channel
	originals   map[string]string // interaction token -> message id of its response
	responded   map[string]time.Time
	kinds       map[string]int       // interaction id -> type, for those the fake dispatched
	dispatched  map[string]time.Time // interaction id -> real time of dispatch
	interMsg    map[string]string    // interaction id -> the message its component is on
	scripts     []*scripted
	routes      map[string]*window
	global      map[string][]time.Time // per token: the arrivals of its counted requests, oldest first
	globalUntil time.Time
	invalid     int // 401, 403 and 429 (but shared) answers: Cloudflare bans an IP past 10,000 in 10 minutes
	limited     map[string]int
	dms         map[string]string // user -> their DM channel with the bot
	dmsClosed   map[string]bool   // users who do not take direct messages from the bot

	conn   *websocket.Conn
	connMu sync.Mutex
	gwSeq  int
	ready  chan struct{}
}

type nonceUse struct {
	id string
	at time.Time
}

type window struct {
	start time.Time
	n     int
}

// New starts a fake Discord; it stops with the test.
func New(t testing.TB) *Fake {
	f := &Fake{T: t, now: time.Now, nonces: map[string]nonceUse{}, messages: map[string]*Message{}, channels: map[string]*Channel{},
		originals: map[string]string{}, responded: map[string]time.Time{}, kinds: map[string]int{}, dispatched: map[string]time.Time{},
		interMsg: map[string]string{}, routes: map[string]*window{}, global: map[string][]time.Time{}, limited: map[string]int{},
		dms: map[string]string{}, dmsClosed: map[string]bool{},
		ready: make(chan struct{}, 4), Guild: "g1"}
	mux := http.NewServeMux()
	mux.HandleFunc("/gw/", f.gateway)
	mux.HandleFunc("/", f.rest)
	f.Srv = httptest.NewServer(mux)
	t.Cleanup(f.Close)
	return f
}

// Close stops the server.
func (f *Fake) Close() {
	f.connMu.Lock()
	if f.conn != nil {
		f.conn.Close()
	}
	f.connMu.Unlock()
	f.Srv.Close()
}

// URL is the server's base URL (for discord.api_url).
func (f *Fake) URL() string { return f.Srv.URL }

// SetNow sets the clock that tokens and nonces age by (rate limits use real time).
func (f *Fake) SetNow(now func() time.Time) {
	f.mu.Lock()
	f.now = now
	f.mu.Unlock()
}

// Ready signals each gateway session that became ready.
func (f *Fake) Ready() <-chan struct{} { return f.ready }

// rewrite sends discord.com (REST) to the fake; anything else is a test bug.
type rewrite struct{ base string }

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != "discord.com" {
		return nil, fmt.Errorf("fake discord: unexpected host %s", req.URL.Host)
	}
	out := req.Clone(req.Context())
	u := *req.URL
	u.Scheme, u.Host = "http", strings.TrimPrefix(r.base, "http://")
	out.URL = &u
	out.Host = "discord.com"
	return http.DefaultTransport.RoundTrip(out)
}

// Transport sends discord.com requests to the fake.
func (f *Fake) Transport() http.RoundTripper { return rewrite{f.Srv.URL} }

// Session is a discordgo session wired to the fake (REST and gateway), with the bot token
// "Bot test-token".
func (f *Fake) Session() *discordgo.Session {
	s, err := discordgo.New("Bot test-token")
	if err != nil {
		f.T.Fatal(err)
	}
	s.Client = &http.Client{Transport: f.Transport(), Timeout: 10 * time.Second}
	addr := f.Srv.Listener.Addr().String()
	s.Dialer = &websocket.Dialer{NetDialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	}, HandshakeTimeout: 5 * time.Second}
	s.LogLevel = -1
	s.ShouldReconnectOnError = false
	s.StateEnabled = false
	return s
}

// Fail makes the next times requests matching method and path prefix fail with status (a JSON
// body with code 0, as a proxy or an outage would). After: the request takes effect first.
func (f *Fake) Fail(method, prefix string, status, times int, after bool) {
	f.script(&scripted{method: method, prefix: prefix, times: times, status: status, after: after})
}

// Refuse makes the next times matching requests fail with status and Discord's JSON code.
func (f *Fake) Refuse(method, prefix string, status, code, times int) {
	f.script(&scripted{method: method, prefix: prefix, times: times, status: status, code: code})
}

// Limit makes the next times matching requests answer 429 as t says.
func (f *Fake) Limit(method, prefix string, times int, t Throttle) {
	f.script(&scripted{method: method, prefix: prefix, times: times, status: http.StatusTooManyRequests, throttle: &t})
}

// ClearFailures forgets the scripted failures not used yet.
func (f *Fake) ClearFailures() {
	f.mu.Lock()
	f.scripts = nil
	f.mu.Unlock()
}

func (f *Fake) script(s *scripted) {
	f.mu.Lock()
	f.scripts = append(f.scripts, s)
	f.mu.Unlock()
}

// SetChannel creates or changes a channel: perms, archived, locked, deleted.
func (f *Fake) SetChannel(id string, change func(*Channel)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	change(f.channel(id))
}

// CloseDMs makes user refuse direct messages from the bot, as a user does who turned off "Allow
// direct messages from server members" or blocked the bot: Discord still opens the DM channel,
// and refuses each message with 403 Cannot send messages to this user (50007).
func (f *Fake) CloseDMs(user string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.dmsClosed[user] = true
}

// DMs lists the messages the bot sent user by direct message, oldest first.
func (f *Fake) DMs(user string) []Message {
	f.mu.Lock()
	ch := f.dms[user]
	f.mu.Unlock()
	if ch == "" {
		return nil
	}
	return f.MessagesIn(ch)
}

// ChannelState returns a copy of a channel as the fake holds it.
func (f *Fake) ChannelState(id string) Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	return *f.channel(id)
}

// AppPermissions is what Discord puts in an interaction's app_permissions in channel.
func (f *Fake) AppPermissions(channel string) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.perms(f.channel(channel))
}

// channel finds or makes a channel (a text channel of f.Guild the first time). f.mu is held.
func (f *Fake) channel(id string) *Channel {
	c := f.channels[id]
	if c == nil {
		c = &Channel{ID: id, Guild: f.Guild, Perms: DefaultPerms}
		f.channels[id] = c
	}
	f.settle(c)
	return c
}

// settle archives a thread whose auto-archive delay has passed since its last message.
func (f *Fake) settle(c *Channel) {
	if c.Thread && !c.Archived && c.AutoArchive > 0 && !c.Last.IsZero() && f.now().Sub(c.Last) >= c.AutoArchive {
		c.Archived = true
	}
}

// perms: a thread takes its parent's permissions. f.mu is held.
func (f *Fake) perms(c *Channel) int64 {
	if c.Thread && c.Parent != "" {
		return f.channel(c.Parent).Perms
	}
	return c.Perms
}

// ActiveThreads counts the guild's threads that are neither archived nor deleted.
func (f *Fake) ActiveThreads(guild string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.activeThreads(guild)
}

func (f *Fake) activeThreads(guild string) int {
	n := 0
	for _, c := range f.channels {
		f.settle(c)
		if c.Thread && c.Guild == guild && !c.Archived && !c.Deleted {
			n++
		}
	}
	return n
}

// Message returns a message as Discord holds it.
func (f *Fake) Message(id string) (Message, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.messages[id]
	if !ok {
		return Message{}, false
	}
	c := *m
	c.Attachments = slices.Clone(m.Attachments)
	return c, true
}

// Original is the message id of an interaction's response ("" before it).
func (f *Fake) Original(token string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.originals[token]
}

// MessagesIn lists the messages of a channel in the order they were created.
func (f *Fake) MessagesIn(channel string) []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Message
	for _, id := range f.order {
		if m := f.messages[id]; m.Channel == channel {
			out = append(out, *m)
		}
	}
	return out
}

// Duplicates counts messages posted again with a nonce a message of the same channel already
// had: a double post (the nonce window had passed).
func (f *Fake) Duplicates() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	seen, n := map[string]bool{}, 0
	for _, id := range f.order {
		m := f.messages[id]
		if m.Nonce == "" {
			continue
		}
		k := m.Channel + "\x00" + m.Nonce
		if seen[k] {
			n++
		}
		seen[k] = true
	}
	return n
}

// Invalid counts the answers Cloudflare counts toward an IP ban (401, 403, 429 but shared).
func (f *Fake) Invalid() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.invalid
}

// Limited counts the 429s answered, by scope ("user", "global", "shared", "cloudflare").
func (f *Fake) Limited() map[string]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]int{}
	for k, v := range f.limited {
		out[k] = v
	}
	return out
}

// Since returns the requests recorded since mark, and the new mark.
func (f *Fake) Since(mark int) ([]Request, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Request{}, f.reqs[mark:]...), len(f.reqs)
}

// Mark is the number of requests so far.
func (f *Fake) Mark() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.reqs)
}

// WaitFor polls until a request after mark satisfies ok.
func (f *Fake) WaitFor(mark int, ok func(Request) bool) Request {
	f.T.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		rs, _ := f.Since(mark)
		for _, r := range rs {
			if ok(r) {
				return r
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	f.T.Fatalf("fake discord: the expected request never came")
	return Request{}
}

// Respond records that Discord has an interaction's initial response: a callback over REST, or
// (HTTP mode) the response to Discord's POST once Discord has read it.
func (f *Fake) Respond(token string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.respondLocked(token)
}

func (f *Fake) respondLocked(token string) bool {
	if _, ok := f.responded[token]; ok {
		return false
	}
	f.responded[token] = f.now()
	return true
}

// Snowflake makes an id created at the fake clock's now, as Discord's ids are.
func (f *Fake) Snowflake() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.snowflake()
}

func (f *Fake) snowflake() string {
	f.seq++
	ms := f.now().UnixMilli() - discordEpoch
	return strconv.FormatUint(uint64(ms)<<22|uint64(f.seq&(1<<22-1)), 10)
}

var versionRe = regexp.MustCompile(`^/api/v(\d+)`)

func (f *Fake) parse(r *http.Request) Request {
	rec := Request{Method: r.Method, Auth: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type"), At: time.Now()}
	rec.Path = r.URL.Path
	if m := versionRe.FindStringSubmatch(rec.Path); m != nil {
		rec.Version = m[1]
		rec.Path = strings.TrimPrefix(rec.Path, m[0])
	}
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
				rec.Raw = data
				json.Unmarshal(data, &rec.JSON)
				continue
			}
			rec.Files = append(rec.Files, File{Field: p.FormName(), Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
		}
	} else if len(body) > 0 {
		rec.Raw = body
		json.Unmarshal(body, &rec.JSON)
	}
	return rec
}

// answer is what the fake says back.
type answer struct {
	status int
	body   any
	header http.Header
	html   string
}

func errorBody(msg string, code int) map[string]any {
	return map[string]any{"message": msg, "code": code}
}

// Endpoint is another address of the same fake whose requests are marked From: one per bot
// instance, to know which instance sent what.
func (f *Fake) Endpoint(from int) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { f.serve(w, r, from) }))
	f.T.Cleanup(srv.Close)
	return srv.URL
}

func (f *Fake) rest(w http.ResponseWriter, r *http.Request) { f.serve(w, r, 0) }

func (f *Fake) serve(w http.ResponseWriter, r *http.Request, from int) {
	rec := f.parse(r)
	rec.From = from
	dumpTexts(rec)
	// The checks of the body need no state: outside the lock, so that requests are checked at once.
	why := f.check(rec)
	f.mu.Lock()
	a := f.handle(&rec, why)
	rec.Status = a.status
	if m, ok := a.body.(map[string]any); ok && a.status >= 400 {
		rec.Code, _ = m["code"].(int)
	}
	f.reqs = append(f.reqs, rec)
	if a.status == http.StatusUnauthorized || a.status == http.StatusForbidden ||
		a.status == http.StatusTooManyRequests && a.header.Get("X-RateLimit-Scope") != "shared" {
		f.invalid++
	}
	hold := f.Hold
	f.mu.Unlock()
	if hold != nil && hold(rec) {
		<-r.Context().Done()
		return
	}
	h := w.Header()
	for k, v := range a.header {
		h[k] = v
	}
	if a.html != "" {
		h.Set("Content-Type", "text/html")
		w.WriteHeader(a.status)
		io.WriteString(w, a.html)
		return
	}
	if a.body == nil {
		w.WriteHeader(a.status)
		return
	}
	h.Set("Content-Type", "application/json")
	w.WriteHeader(a.status)
	json.NewEncoder(w).Encode(a.body)
}

// check says why Discord refuses a request's body, or "" (no state needed).
func (f *Fake) check(rec Request) string {
	if rec.Version != "10" && rec.Path != "/gateway" {
		f.T.Errorf("fake discord: %s %s on API v%s, not v10", rec.Method, rec.Path, rec.Version)
	}
	if why := Slip(rec); why != "" {
		f.T.Errorf("fake discord: a wording slip (%s) in %s %s: %v", why, rec.Method, rec.Path, rec.JSON)
	}
	why := Refusal(rec)
	if why == "" && rec.Path != "/gateway" {
		why = SpecCheck(rec)
	}
	if why == "" && f.Check != nil {
		why = f.Check(rec)
	}
	return why
}

// handle decides the answer; why is check's verdict. f.mu is held.
func (f *Fake) handle(rec *Request, why string) answer {
	if p := strings.Split(rec.Path, "/"); why == "" && len(p) == 5 && p[1] == "interactions" {
		why = ResponseFits(f.kinds[p[2]], rec.JSON)
	}
	if why != "" {
		f.T.Errorf("fake discord: Discord refuses %s %s: %s\n%v", rec.Method, rec.Path, why, rec.JSON)
		return answer{status: 400, body: errorBody("Invalid Form Body: "+why, InvalidFormBody)}
	}
	if size, limit := filesSize(rec.Files), cmp.Or(f.UploadLimit, DefaultUploadLimit); size > limit {
		return answer{status: http.StatusRequestEntityTooLarge, body: errorBody(codeText(RequestTooLarge), RequestTooLarge)}
	}
	bucket, route := f.bucket(rec)
	hdr := http.Header{}
	// A scripted answer comes first: it stands for what the test wants Discord to do now.
	var sc *scripted
	for _, x := range f.scripts {
		if x.times > 0 && x.method == rec.Method && strings.HasPrefix(rec.Path, x.prefix) {
			x.times--
			sc = x
			break
		}
	}
	if sc != nil && sc.throttle != nil {
		return f.throttled(*sc.throttle, bucket)
	}
	if a, ok := f.rateLimited(rec, bucket, route, hdr); !ok {
		return a
	}
	if sc != nil && !sc.after {
		return f.scriptedAnswer(sc, hdr)
	}
	a := f.answer(rec)
	if sc != nil {
		a = f.scriptedAnswer(sc, hdr)
	}
	for k, v := range hdr {
		if a.header == nil {
			a.header = http.Header{}
		}
		a.header[k] = v
	}
	return a
}

func (f *Fake) scriptedAnswer(sc *scripted, hdr http.Header) answer {
	if sc.code != 0 {
		return answer{status: sc.status, body: errorBody(codeText(sc.code), sc.code), header: hdr}
	}
	if sc.status == http.StatusTooManyRequests {
		return f.throttled(Throttle{Scope: "user", RetryAfter: time.Millisecond}, "scripted")
	}
	return answer{status: sc.status, body: errorBody("fake failure", 0), header: hdr}
}

func filesSize(files []File) int {
	n := 0
	for _, f := range files {
		n += len(f.Data)
	}
	return n
}

func codeText(code int) string {
	switch code {
	case UnknownChannel:
		return "Unknown Channel"
	case UnknownMessage:
		return "Unknown Message"
	case MissingAccess:
		return "Missing Access"
	case MissingPermissions:
		return "Missing Permissions"
	case CannotMessageUser:
		return "Cannot send messages to this user"
	case ArchivedThread:
		return "Thread is archived"
	case ThreadAlreadyCreated:
		return "A thread has already been created for this message"
	case ThreadLocked:
		return "Thread is locked"
	case MaxActiveThreads:
		return "Maximum number of active threads reached"
	case UnknownInteraction:
		return "Unknown interaction"
	case RequestTooLarge:
		return "Request entity too large"
	case InvalidFormBody:
		return "Invalid Form Body"
	case UnknownWebhook:
		return "Unknown Webhook"
	}
	return "Error"
}

// throttled is a 429 as Discord (or Cloudflare) sends it.
func (f *Fake) throttled(t Throttle, bucket string) answer {
	secs := t.RetryAfter.Seconds()
	h := http.Header{}
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
	if t.Cloudflare {
		f.limited["cloudflare"]++
		return answer{status: 429, header: h, html: "<!DOCTYPE html><html><head><title>Access denied | discord.com used Cloudflare to restrict access</title></head><body><h1>Error 1015</h1><p>You are being rate limited.</p></body></html>"}
	}
	scope := cmpOr(t.Scope, "user")
	f.limited[scope]++
	h.Set("X-RateLimit-Scope", scope)
	global := scope == "global"
	if global {
		// Discord's global 429 names no bucket and no reset: only Retry-After and the flag.
		h.Set("X-RateLimit-Global", "true")
	} else {
		h.Set("X-RateLimit-Bucket", bucket)
		h.Set("X-RateLimit-Limit", "5")
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Reset-After", fmt.Sprintf("%.3f", secs))
		h.Set("X-RateLimit-Reset", fmt.Sprintf("%.3f", float64(time.Now().Add(t.RetryAfter).UnixMilli())/1000))
	}
	return answer{status: 429, header: h, body: map[string]any{"message": "You are being rate limited.", "retry_after": round3(secs), "global": global}}
}

func round3(x float64) float64 { return math.Ceil(x*1000) / 1000 }

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

var idRe = regexp.MustCompile(`^\d+$|^@original$`)

// bucket names a request's route bucket: method and path with the major parameters (channel,
// guild, webhook and its token) kept and other ids replaced. route is the rate-limit key.
func (f *Fake) bucket(rec *Request) (bucket, route string) {
	p := strings.Split(strings.Trim(rec.Path, "/"), "/")
	for i := range p {
		// An interaction's callback is limited per interaction, as a webhook is per token.
		major := i == 1 && (p[0] == "channels" || p[0] == "guilds" || p[0] == "webhooks" || p[0] == "interactions") ||
			i == 2 && (p[0] == "webhooks" || p[0] == "interactions")
		if !major && i > 0 && idRe.MatchString(p[i]) {
			p[i] = "{id}"
		}
	}
	route = rec.Method + " /" + strings.Join(p, "/")
	return fmt.Sprintf("%x", hash(route)), route
}

func hash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// rateLimited counts the request against its route and the token's global budget, sets the
// rate-limit headers, and answers 429 when a budget is spent. f.mu is held. A request counts
// when it arrived, as at Discord's edge, not when the fake got to it: requests that waited for
// the fake (its lock, a starved machine) would otherwise crowd into a later second.
func (f *Fake) rateLimited(rec *Request, bucket, route string, hdr http.Header) (answer, bool) {
	if rec.Path == "/gateway" {
		return answer{}, true
	}
	now := rec.At
	if now.IsZero() {
		now = time.Now()
	}
	interaction := strings.HasPrefix(rec.Path, "/interactions/") || strings.HasPrefix(rec.Path, "/webhooks/")
	if !interaction && strings.HasPrefix(rec.Auth, "Bot ") && f.GlobalLimit >= 0 {
		limit := f.GlobalLimit
		if limit == 0 {
			limit = DefaultGlobalLimit
		}
		// Any second, however it falls, takes limit requests: those that arrived in the
		// second before this one's arrival count, in whatever order the fake got to them.
		var in []time.Time
		kept := f.global[rec.Auth][:0]
		for _, t := range f.global[rec.Auth] {
			if now.Sub(t) < 2*time.Second || t.After(now) {
				kept = append(kept, t) // a second of slack for requests got to out of order
			}
			if t.After(now.Add(-time.Second)) && !t.After(now) {
				in = append(in, t)
			}
		}
		f.global[rec.Auth] = kept
		if len(in) >= limit {
			return f.throttled(Throttle{Scope: "global", RetryAfter: untilEnd(in[0], time.Second)}, bucket), false
		}
		i, _ := slices.BinarySearchFunc(kept, now, func(a, b time.Time) int { return a.Compare(b) })
		f.global[rec.Auth] = slices.Insert(kept, i, now)
	}
	limit, per := f.RouteLimit, f.RouteWindow
	if limit == 0 {
		limit = 50
	}
	if per == 0 {
		per = time.Second
	}
	u := f.routes[route]
	if u == nil || now.Sub(u.start) >= per {
		u = &window{start: now}
		f.routes[route] = u
	}
	// The wait is told from the moment of the answer: a request that waited for the fake
	// has that much less to wait.
	reset := untilEnd(u.start, per)
	if u.n >= limit {
		return f.throttled(Throttle{Scope: "user", RetryAfter: reset}, bucket), false
	}
	u.n++
	hdr.Set("X-RateLimit-Bucket", bucket)
	hdr.Set("X-RateLimit-Limit", strconv.Itoa(limit))
	hdr.Set("X-RateLimit-Remaining", strconv.Itoa(limit-u.n))
	hdr.Set("X-RateLimit-Reset-After", fmt.Sprintf("%.3f", reset.Seconds()))
	hdr.Set("X-RateLimit-Reset", fmt.Sprintf("%.3f", float64(u.start.Add(per).UnixMilli())/1000))
	return answer{}, true
}

// untilEnd is what is left, now, of a window of length per that began at start (at least 1 ms).
func untilEnd(start time.Time, per time.Duration) time.Duration {
	return max(time.Millisecond, per-time.Since(start))
}

// Dispatched records an interaction the test hands the bot another way than the gateway (HTTP
// mode): its type for ResponseFits, the message its component is on, and the start of its 3 s.
func (f *Fake) Dispatched(i *discordgo.Interaction) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.kinds[i.ID] = int(i.Type)
	f.dispatched[i.ID] = time.Now()
	if i.Message != nil {
		f.interMsg[i.ID] = i.Message.ID
		if _, ok := f.messages[i.Message.ID]; !ok && i.Message.ID != "" {
			// A message the test made up: known from now on, with the attachments it shows.
			m := &Message{ID: i.Message.ID, Channel: i.ChannelID}
			for _, a := range i.Message.Attachments {
				m.Attachments = append(m.Attachments, Attachment{ID: a.ID, Name: a.Filename})
			}
			f.messages[m.ID] = m
		}
	}
}

// answer is Discord's reply to a request that passed the checks and the rate limits.
func (f *Fake) answer(rec *Request) answer {
	p := strings.Split(strings.Trim(rec.Path, "/"), "/")
	notFound := func(code int) answer { return answer{status: 404, body: errorBody(codeText(code), code)} }
	refuse := func(status, code int) answer { return answer{status: status, body: errorBody(codeText(code), code)} }
	switch {
	case rec.Method == "GET" && rec.Path == "/gateway":
		return answer{status: 200, body: map[string]string{"url": "ws://gateway.discord.test/gw"}}
	case rec.Method == "POST" && len(p) == 4 && p[0] == "interactions" && p[3] == "callback":
		deadline := f.AckDeadline
		if deadline == 0 {
			deadline = DefaultAckDeadline
		}
		if at, ok := f.dispatched[p[1]]; ok && time.Since(at) > deadline {
			return notFound(UnknownInteraction)
		}
		if !f.respondLocked(p[2]) {
			return answer{status: 400, body: errorBody("Interaction has already been acknowledged.", AlreadyAcknowledged)}
		}
		d, _ := rec.JSON["data"].(map[string]any)
		switch rec.JSON["type"] {
		case float64(4), float64(5):
			m := f.newMessage("", d, rec.Files)
			f.originals[p[2]] = m.ID
		case float64(7):
			if id := f.interMsg[p[1]]; id != "" {
				if m := f.messages[id]; m != nil {
					if why := f.edit(m, d, rec.Files); why != "" {
						return answer{status: 400, body: errorBody("Invalid Form Body: "+why, InvalidFormBody)}
					}
				}
			}
		}
		return answer{status: 204}
	case len(p) >= 3 && p[0] == "webhooks" && f.responded[p[2]].IsZero() && !f.AnsweredOverHTTP:
		return notFound(UnknownWebhook)
	case len(p) >= 3 && p[0] == "webhooks" && f.responded[p[2]].IsZero():
		f.responded[p[2]] = f.now()
		return f.answer(rec)
	case len(p) >= 3 && p[0] == "webhooks" && f.now().Sub(f.responded[p[2]]) >= 15*time.Minute:
		return answer{status: 401, body: errorBody("Invalid Webhook Token", InvalidWebhookToken)}
	case len(p) >= 3 && p[0] == "webhooks":
		if rec.Method == "DELETE" {
			return answer{status: 204}
		}
		if rec.Method == "PATCH" && len(p) == 5 {
			id := p[4]
			if id == "@original" {
				if f.originals[p[2]] == "" {
					// A response given over HTTP (Respond): Discord made its message then.
					f.originals[p[2]] = f.newMessage("", nil, nil).ID
				}
				id = f.originals[p[2]]
			}
			m := f.messages[id]
			if m == nil {
				return notFound(UnknownMessage)
			}
			if why := f.edit(m, rec.JSON, rec.Files); why != "" {
				return answer{status: 400, body: errorBody("Invalid Form Body: "+why, InvalidFormBody)}
			}
			rec.ID = m.ID
			return answer{status: 200, body: f.wire(m)}
		}
		m := f.newMessage("", rec.JSON, rec.Files)
		rec.ID = m.ID
		return answer{status: 200, body: f.wire(m)}
	case len(p) >= 2 && p[0] == "channels":
		return f.channelCall(rec, p, notFound, refuse)
	case rec.Method == "GET" && rec.Path == "/users/@me":
		// The bot's own user: what both modes ask at start to check the token.
		return answer{status: 200, body: map[string]any{"id": "100000000000000001", "username": "boardbot", "discriminator": "0", "bot": true}}
	case rec.Method == "POST" && rec.Path == "/users/@me/channels":
		return f.openDM(rec)
	case rec.Method == "PUT" && p[0] == "applications":
		return answer{status: 200, body: []any{}}
	}
	return answer{status: 404, body: errorBody("404: Not Found", 0)}
}

func (f *Fake) channelCall(rec *Request, p []string, notFound func(int) answer, refuse func(int, int) answer) answer {
	c := f.channel(p[1])
	if c.Deleted {
		return notFound(UnknownChannel)
	}
	perms := f.perms(c)
	has := func(bits int64) bool { return perms&bits == bits }
	if c.DM {
		return f.dmCall(rec, p, c, notFound, refuse)
	}
	if !has(discordgo.PermissionViewChannel) {
		return refuse(403, MissingAccess)
	}
	manage := has(discordgo.PermissionManageThreads)
	switch {
	case rec.Method == "POST" && len(p) == 3 && p[2] == "messages":
		send := int64(discordgo.PermissionSendMessages)
		if c.Thread {
			send = discordgo.PermissionSendMessagesInThreads
		}
		if !has(send) || len(rec.Files) > 0 && !has(discordgo.PermissionAttachFiles) {
			return refuse(403, MissingPermissions)
		}
		if c.Thread && c.Locked && !manage {
			return refuse(400, ThreadLocked)
		}
		// A post in an archived thread that is not locked unarchives it.
		return f.post(rec, c)
	case rec.Method == "PATCH" && len(p) == 4 && p[2] == "messages":
		m := f.messages[p[3]]
		if m == nil || m.Channel != c.ID {
			return notFound(UnknownMessage)
		}
		if c.Thread && (c.Archived || c.Locked && !manage) {
			return refuse(400, ArchivedThread)
		}
		if why := f.edit(m, rec.JSON, rec.Files); why != "" {
			return answer{status: 400, body: errorBody("Invalid Form Body: "+why, InvalidFormBody)}
		}
		rec.ID = m.ID
		return answer{status: 200, body: f.wire(m)}
	case rec.Method == "POST" && len(p) == 5 && p[2] == "messages" && p[4] == "threads":
		m := f.messages[p[3]]
		if m == nil || m.Channel != c.ID {
			return notFound(UnknownMessage)
		}
		if !has(discordgo.PermissionCreatePublicThreads) {
			return refuse(403, MissingPermissions)
		}
		if m.Thread != "" {
			return refuse(400, ThreadAlreadyCreated)
		}
		limit := f.ThreadCap
		if limit == 0 {
			limit = DefaultThreadCap
		}
		if f.activeThreads(c.Guild) >= limit {
			return refuse(400, MaxActiveThreads)
		}
		// A thread started from a message has the message's id.
		minutes, _ := rec.JSON["auto_archive_duration"].(float64)
		if minutes == 0 {
			minutes = 4320
		}
		t := &Channel{ID: m.ID, Guild: c.Guild, Parent: c.ID, Thread: true, AutoArchive: time.Duration(minutes) * time.Minute, Last: f.now()}
		f.channels[t.ID] = t
		m.Thread = t.ID
		rec.ID = t.ID
		return answer{status: 201, body: map[string]any{"id": t.ID, "type": 11, "parent_id": c.ID, "guild_id": c.Guild}}
	case rec.Method == "PATCH" && len(p) == 2:
		// Modify a thread: archive, unarchive, lock.
		if !c.Thread {
			return refuse(403, MissingPermissions)
		}
		locked, _ := rec.JSON["locked"].(bool)
		if (c.Locked || locked) && !manage {
			return refuse(403, MissingPermissions)
		}
		if a, ok := rec.JSON["archived"].(bool); ok {
			// Reopening a thread that is not locked takes Send Messages (Discord's Modify
			// Channel); anything else about an archived or locked thread takes Manage Threads.
			if !a && !has(discordgo.PermissionSendMessages) && !manage {
				return refuse(403, MissingPermissions)
			}
			limit := f.ThreadCap
			if limit == 0 {
				limit = DefaultThreadCap
			}
			if !a && c.Archived && f.activeThreads(c.Guild) >= limit {
				return refuse(400, MaxActiveThreads)
			}
			c.Archived = a
		}
		if _, ok := rec.JSON["locked"]; ok {
			c.Locked = locked
		}
		if m, ok := rec.JSON["auto_archive_duration"].(float64); ok {
			c.AutoArchive = time.Duration(m) * time.Minute
		}
		return answer{status: 200, body: map[string]any{"id": c.ID, "type": 11, "parent_id": c.Parent,
			"thread_metadata": map[string]any{"archived": c.Archived, "locked": c.Locked}}}
	case rec.Method == "GET" && len(p) == 3 && p[2] == "messages":
		var out []any
		for i := len(f.order) - 1; i >= 0 && len(out) < 50; i-- {
			if m := f.messages[f.order[i]]; m.Channel == c.ID {
				out = append(out, f.wire(m))
			}
		}
		return answer{status: 200, body: out}
	}
	return answer{status: 404, body: errorBody("404: Not Found", 0)}
}

// post creates a message in c, or returns the one made under the same nonce within the nonce
// window. f.mu is held.
func (f *Fake) post(rec *Request, c *Channel) answer {
	if n, _ := rec.JSON["nonce"].(string); n != "" && rec.JSON["enforce_nonce"] == true {
		window := f.NonceWindow
		if window == 0 {
			window = DefaultNonceWindow
		}
		if u, ok := f.nonces[c.ID+"\x00"+n]; ok && f.now().Sub(u.at) < window {
			rec.ID = u.id
			return answer{status: 200, body: f.wire(f.messages[u.id])}
		}
	}
	m := f.newMessage(c.ID, rec.JSON, rec.Files)
	if n, _ := rec.JSON["nonce"].(string); n != "" {
		m.Nonce = n
		f.nonces[c.ID+"\x00"+n] = nonceUse{m.ID, f.now()}
	}
	c.Archived, c.Last = false, f.now()
	rec.ID = m.ID
	return answer{status: 200, body: f.wire(m)}
}

// openDM is Create DM: the bot's DM channel with recipient_id, the same one each time. Discord
// opens it even for a user who takes no direct messages; the refusal comes with each message.
// f.mu is held.
func (f *Fake) openDM(rec *Request) answer {
	user, _ := rec.JSON["recipient_id"].(string)
	if user == "" {
		return answer{status: 400, body: errorBody("Invalid Form Body: recipient_id is required", InvalidFormBody)}
	}
	id := f.dms[user]
	if id == "" {
		id = f.snowflake()
		f.dms[user] = id
		f.channels[id] = &Channel{ID: id, DM: true, Recipient: user}
	}
	rec.ID = id
	return answer{status: 200, body: map[string]any{"id": id, "type": 1, "last_message_id": nil, "flags": 0,
		"recipients": []any{map[string]any{"id": user, "username": user, "discriminator": "0", "global_name": nil, "avatar": nil}}}}
}

// dmCall is a request in a DM channel: posts (refused while the user takes no direct messages)
// and edits of the bot's own messages there. f.mu is held.
func (f *Fake) dmCall(rec *Request, p []string, c *Channel, notFound func(int) answer, refuse func(int, int) answer) answer {
	switch {
	case rec.Method == "POST" && len(p) == 3 && p[2] == "messages":
		if f.dmsClosed[c.Recipient] {
			return refuse(403, CannotMessageUser)
		}
		return f.post(rec, c)
	case rec.Method == "PATCH" && len(p) == 4 && p[2] == "messages":
		m := f.messages[p[3]]
		if m == nil || m.Channel != c.ID {
			return notFound(UnknownMessage)
		}
		if why := f.edit(m, rec.JSON, rec.Files); why != "" {
			return answer{status: 400, body: errorBody("Invalid Form Body: "+why, InvalidFormBody)}
		}
		rec.ID = m.ID
		return answer{status: 200, body: f.wire(m)}
	}
	return refuse(403, MissingPermissions)
}

// newMessage creates a message from a body and its files. f.mu is held.
func (f *Fake) newMessage(channel string, body map[string]any, files []File) *Message {
	m := &Message{ID: f.snowflake(), Channel: channel, Created: f.now()}
	m.Content, _ = body["content"].(string)
	if fl, ok := body["flags"].(float64); ok {
		m.Flags = int64(fl)
	}
	if m.Flags&FlagSuppressNotifications == 0 {
		am, _ := body["allowed_mentions"].(map[string]any)
		users, _ := am["users"].([]any)
		for _, u := range users {
			if id, _ := u.(string); id != "" && strings.Contains(m.Content, "<@"+id+">") {
				m.Mentions = append(m.Mentions, id)
			}
		}
	}
	for _, fl := range files {
		m.Attachments = append(m.Attachments, Attachment{ID: f.snowflake(), Name: fl.Name})
	}
	// The attachments list names uploads by index (Refusal checked it) and gives their metadata.
	list, _ := body["attachments"].([]any)
	for _, a := range list {
		a, _ := a.(map[string]any)
		n, err := strconv.Atoi(fmt.Sprint(a["id"]))
		if err != nil || n < 0 || n >= len(m.Attachments) {
			continue
		}
		if fn, ok := a["filename"].(string); ok && fn != "" {
			m.Attachments[n].Name = fn
		}
		m.Attachments[n].Description, _ = a["description"].(string)
	}
	f.messages[m.ID] = m
	f.order = append(f.order, m.ID)
	return m
}

// edit applies an edit with API v10's attachment semantics: without an attachments array the
// message keeps its attachments and the new files are added to them; with one, the message
// holds exactly the attachments listed, old ones by id and new files by their index. It says
// why Discord refuses the edit, or "". f.mu is held.
func (f *Fake) edit(m *Message, body map[string]any, files []File) string {
	why := f.applyEdit(m, body, files)
	if why != "" {
		f.T.Errorf("fake discord: Discord refuses the edit of message %s: %s", m.ID, why)
	}
	return why
}

func (f *Fake) applyEdit(m *Message, body map[string]any, files []File) string {
	if c, ok := body["content"].(string); ok {
		m.Content = c
	}
	var next []Attachment
	list, listed := body["attachments"].([]any)
	if !listed {
		next = slices.Clone(m.Attachments)
		for _, fl := range files {
			next = append(next, Attachment{ID: f.snowflake(), Name: fl.Name})
		}
	} else {
		for _, a := range list {
			a, _ := a.(map[string]any)
			id := fmt.Sprint(a["id"])
			if k := slices.IndexFunc(m.Attachments, func(x Attachment) bool { return x.ID == id }); k >= 0 {
				next = append(next, m.Attachments[k])
				continue
			}
			n, err := strconv.Atoi(id)
			if err != nil || n < 0 || n >= len(files) {
				return fmt.Sprintf("attachments: %s is neither an attachment of the message nor a new file", id)
			}
			name := files[n].Name
			if fn, ok := a["filename"].(string); ok && fn != "" {
				name = fn
			}
			desc, _ := a["description"].(string)
			next = append(next, Attachment{ID: f.snowflake(), Name: name, Description: desc})
		}
	}
	if len(next) > maxAttachments {
		return fmt.Sprintf("a message holds at most %d attachments (%d)", maxAttachments, len(next))
	}
	m.Attachments = next
	return ""
}

func (f *Fake) wire(m *Message) map[string]any {
	var as []any
	for _, a := range m.Attachments {
		w := map[string]any{"id": a.ID, "filename": a.Name}
		if a.Description != "" {
			w["description"] = a.Description
		}
		as = append(as, w)
	}
	out := map[string]any{"id": m.ID, "channel_id": m.Channel, "content": m.Content, "attachments": as, "flags": m.Flags}
	if m.Nonce != "" {
		out["nonce"] = m.Nonce
	}
	return out
}

// gateway speaks just enough of the gateway protocol: Hello, Identify, Ready, then dispatches.
func (f *Fake) gateway(w http.ResponseWriter, r *http.Request) {
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
		f.T.Errorf("gateway: expected identify with the bot token, got %+v %v", ident, err)
		return
	}
	f.Dispatch("READY", map[string]any{"v": 10, "session_id": "sess", "user": map[string]any{"id": "bot", "username": "boardbot"}, "guilds": []any{}})
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

func (f *Fake) send(v any) {
	f.connMu.Lock()
	defer f.connMu.Unlock()
	if f.conn != nil {
		f.conn.WriteJSON(v)
	}
}

// Dispatch sends a gateway event; an interaction is recorded first (Dispatched).
func (f *Fake) Dispatch(typ string, d any) {
	if i, ok := d.(*discordgo.Interaction); ok {
		f.Dispatched(i)
	}
	f.connMu.Lock()
	f.gwSeq++
	s := f.gwSeq
	f.connMu.Unlock()
	f.send(map[string]any{"op": 0, "t": typ, "s": s, "d": d})
}
