package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultBudget is the bot-token requests per second a REST allows itself: under Discord's global
// limit of 50 per second, leaving room for an operator's other tools.
const DefaultBudget = 45

// Budget paces the requests made with the bot token (interaction answers are not counted, as on
// Discord). Take waits until one more request fits; Pause holds every request until a time (a
// global or Cloudflare 429 applies to the whole token, or the whole IP).
type Budget interface {
	Take(ctx context.Context) error
	Pause(until time.Time)
}

// window is a Budget of this process: at most n requests in any second (a sliding window, so a
// burst of n goes at once and Discord's fixed windows never see more than n).
type window struct {
	mu     sync.Mutex
	n      int
	recent []time.Time // the last n requests' times, oldest first
	paused time.Time
	now    func() time.Time
}

// NewBudget is a Budget of perSecond requests in any second for this process alone.
func NewBudget(perSecond int) Budget {
	return &window{n: max(1, perSecond), now: time.Now}
}

func (w *window) Take(ctx context.Context) error {
	for {
		w.mu.Lock()
		now := w.now()
		at := now
		if w.paused.After(at) {
			at = w.paused
		}
		if len(w.recent) >= w.n {
			if free := w.recent[len(w.recent)-w.n].Add(time.Second); free.After(at) {
				at = free
			}
		}
		if !at.After(now) {
			w.recent = append(w.recent, now)
			if len(w.recent) > w.n {
				w.recent = w.recent[len(w.recent)-w.n:]
			}
			w.mu.Unlock()
			return nil
		}
		w.mu.Unlock()
		t := time.NewTimer(at.Sub(now))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

func (w *window) Pause(until time.Time) {
	w.mu.Lock()
	if until.After(w.paused) {
		w.paused = until
	}
	w.mu.Unlock()
}

// RateLimited is a 429 from Discord or from Cloudflare in front of it: how long to wait, and
// what for. Scope is Discord's X-RateLimit-Scope ("user", "global", "shared"), or "cloudflare"
// for Cloudflare's HTML page.
type RateLimited struct {
	Route  string
	Scope  string
	Global bool
	Wait   time.Duration
}

func (e *RateLimited) Error() string {
	return fmt.Sprintf("discord: rate limited on %s (%s), retry after %v", e.Route, e.Scope, e.Wait)
}

// RetryAfter is how long the caller should wait before trying again.
func (e *RateLimited) RetryAfter() time.Duration { return e.Wait }

// parse429 reads a 429: the larger of Retry-After (header, seconds) and retry_after (body).
func parse429(h http.Header, body []byte) *RateLimited {
	rl := &RateLimited{Scope: h.Get("X-RateLimit-Scope"), Global: h.Get("X-RateLimit-Global") == "true"}
	if s, err := strconv.ParseFloat(h.Get("Retry-After"), 64); err == nil && s > 0 {
		rl.Wait = time.Duration(s * float64(time.Second))
	}
	mt, _, _ := mime.ParseMediaType(h.Get("Content-Type"))
	if mt != "application/json" {
		rl.Scope = "cloudflare"
		rl.Global = true
	} else {
		var b struct {
			RetryAfter float64 `json:"retry_after"`
			Global     bool    `json:"global"`
		}
		if json.Unmarshal(body, &b) == nil {
			if d := time.Duration(b.RetryAfter * float64(time.Second)); d > rl.Wait {
				rl.Wait = d
			}
			rl.Global = rl.Global || b.Global
		}
	}
	if rl.Scope == "" {
		rl.Scope = "user"
		if rl.Global {
			rl.Scope = "global"
		}
	}
	if rl.Wait <= 0 {
		rl.Wait = time.Second // a 429 that says nothing: a second, as a careful client would
	}
	return rl
}

// wire is the session's transport under a REST: API v10 paths, the global budget, and 429s
// turned into *RateLimited errors (discordgo passes transport errors through unchanged).
type wire struct {
	next http.RoundTripper
	r    *REST
}

var idPart = regexp.MustCompile(`^\d+$`)

// route names a request for logs and metrics: the method and the path with ids and tokens
// replaced, so that a metric has few labels (the log line has the whole path too).
func route(method, path string) string {
	p := strings.Split(strings.Trim(path, "/"), "/")
	if len(p) >= 2 && p[0] == "api" {
		p = p[2:]
	}
	for i := range p {
		switch {
		case i == 2 && (p[0] == "webhooks" || p[0] == "interactions"):
			p[i] = "{token}"
		case i == 1 && !strings.HasPrefix(p[i], "@"), idPart.MatchString(p[i]):
			p[i] = "{id}"
		}
	}
	return method + " /" + strings.Join(p, "/")
}

// botRequest: a request counted against the bot token's global limit (interaction callbacks
// and interaction webhooks are not).
func botRequest(path string) bool {
	return !strings.Contains(path, "/interactions/") && !strings.Contains(path, "/webhooks/")
}

func (w *wire) RoundTrip(req *http.Request) (*http.Response, error) {
	out := req
	if req.URL.Host == "discord.com" && strings.HasPrefix(req.URL.Path, "/api/v9/") {
		out = req.Clone(req.Context())
		u := *req.URL
		u.Path = "/api/v10/" + strings.TrimPrefix(req.URL.Path, "/api/v9/")
		u.RawPath = ""
		out.URL = &u
	}
	if botRequest(out.URL.Path) {
		if err := w.r.pace().Take(out.Context()); err != nil {
			return nil, err
		}
	}
	next := w.next
	if next == nil {
		next = http.DefaultTransport
	}
	resp, err := next.RoundTrip(out)
	if err != nil || resp.StatusCode != http.StatusTooManyRequests {
		return resp, err
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	rl := parse429(resp.Header, body)
	rl.Route = route(out.Method, out.URL.Path)
	if rl.Global {
		w.r.pace().Pause(time.Now().Add(rl.Wait))
	}
	w.r.log().Warn("discord: 429 rate limited", "route", rl.Route, "path", out.URL.Path, "scope", rl.Scope, "retry_after", rl.Wait)
	if w.r.OnLimited != nil {
		w.r.OnLimited(rl.Route, rl.Scope)
	}
	return nil, rl
}

// Spender is the store's side of a shared budget (storage.Store has it).
type Spender interface {
	Spend(ctx context.Context, name string, slot int64, limit int, fill bool) (bool, error)
}

// budgetSlot is the length of a shared budget's slot: perSecond/10 requests in each, so that any
// second, however it falls, holds at most 11 slots' worth (44 of 45), under Discord's 50.
const budgetSlot = 100 * time.Millisecond

// shared is a Budget kept in the store, so that every instance on the same database spends the
// one budget of the bot token; a pause (a global 429) fills the slots it covers for everyone.
// When the store cannot be reached the process falls back on a budget of its own.
//
// A request goes out in the slot it was counted in: the store's answer takes time (more on a
// loaded machine), so Take counts it in the slot that will be current when the answer is
// expected, waits for that slot if the answer came early, and counts it again further ahead if
// the slot is over. Otherwise requests counted over more than a second could reach Discord
// within one, and earn a global 429.
type shared struct {
	st    Spender
	per   int
	local *window
	lag   atomic.Int64 // how long the store took to answer the last time, in nanoseconds
	log   *slog.Logger
	// alone is set while the store cannot answer and this instance spends its own share.
	alone atomic.Bool
}

// staleTries bounds how often Take counts a request again because the store answered after its
// slot: past it the request goes (a store that slow holds every instance back anyway).
const staleTries = 5

// NewSharedBudget is a Budget of perSecond requests per second for every instance on st, of
// which there are instances (database.instances). While the store cannot answer, each instance
// spends its share alone, perSecond/instances, so that together they still stay under Discord's
// limit, and keeps to any global pause it knows of (a 429 it met itself); log says when that
// starts and ends (nil: slog's default).
func NewSharedBudget(st Spender, perSecond, instances int, log *slog.Logger) Budget {
	if log == nil {
		log = slog.Default()
	}
	per := max(10, perSecond)
	return &shared{st: st, per: per, local: &window{n: max(1, per/max(1, instances)), now: time.Now}, log: log}
}

func (b *shared) Take(ctx context.Context) error {
	limit := b.per / 10
	stale := 0
	for {
		b.local.mu.Lock()
		paused := b.local.paused
		b.local.mu.Unlock()
		now := time.Now()
		if paused.After(now) {
			if err := sleepCtx(ctx, paused.Sub(now)); err != nil {
				return err
			}
			continue
		}
		slot := now.Add(time.Duration(b.lag.Load())).UnixNano() / int64(budgetSlot)
		start, end := time.Unix(0, slot*int64(budgetSlot)), time.Unix(0, (slot+1)*int64(budgetSlot))
		// Its own context: a request's context may carry an action's done key
		// (storage.WithDoneKey), which this write must not take.
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		ok, err := b.st.Spend(sctx, "discord", slot, limit, false)
		cancel()
		answered := time.Now()
		b.lag.Store(int64(answered.Sub(now)))
		if err != nil {
			if !b.alone.Swap(true) {
				b.local.mu.Lock()
				paused := b.local.paused
				b.local.mu.Unlock()
				attrs := []any{"per_second", b.local.n, "err", err}
				if paused.After(time.Now()) {
					attrs = append(attrs, "global_pause_until", paused)
				}
				b.log.Warn("discord: the shared request budget cannot be read from the database; this instance keeps to its share alone until it answers", attrs...)
			}
			return b.local.Take(ctx)
		}
		if b.alone.Swap(false) {
			b.log.Info("discord: the shared request budget answers again")
		}
		if !ok {
			if err := sleepCtx(ctx, time.Until(end)); err != nil {
				return err
			}
			continue
		}
		if err := sleepCtx(ctx, start.Sub(answered)); err != nil {
			return err
		}
		if time.Now().Before(end) {
			return nil
		}
		if stale++; stale >= staleTries {
			return nil
		}
	}
}

func (b *shared) Pause(until time.Time) {
	b.local.Pause(until)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for slot := time.Now().UnixNano() / int64(budgetSlot); slot <= until.UnixNano()/int64(budgetSlot); slot++ {
		if _, err := b.st.Spend(ctx, "discord", slot, b.per/10, true); err != nil {
			return
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
