package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/discord/discordtest"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// restOn is a REST on a fresh strict fake whose sleeps are recorded (not slept) and whose logs
// are kept.
func restOn(t *testing.T) (*discordtest.Fake, *REST, *[]time.Duration, *bytes.Buffer) {
	f := discordtest.New(t)
	r := NewREST(f.Session())
	var slept []time.Duration
	var mu sync.Mutex
	r.Sleep = func(d time.Duration) { mu.Lock(); slept = append(slept, d); mu.Unlock() }
	logs := &bytes.Buffer{}
	r.Log = slog.New(slog.NewTextHandler(&lockedBuffer{b: logs}, nil))
	return f, r, &slept, logs
}

func count(rs []discordtest.Request, status int) int {
	n := 0
	for _, r := range rs {
		if r.Status == status {
			n++
		}
	}
	return n
}

// Finding 4: a 429 is waited out as long as Discord says (the larger of the header and the
// body), Cloudflare's HTML 429 by its Retry-After, every 429 is logged with its route, and a
// wait longer than the bound hands the message back at once instead of retrying forever.
func TestRateLimitsAreHonouredBoundedAndLogged(t *testing.T) {
	t.Parallel() // Cloudflare's 429 pauses the real-time budget 5 s; no package variable changed
	cases := []struct {
		name     string
		throttle discordtest.Throttle
		times    int
		slept    []time.Duration
		gaveUp   bool
		requests int
	}{
		{"a route's 429: the header rounds 2.5 s up to 3", discordtest.Throttle{RetryAfter: 2500 * time.Millisecond}, 1, []time.Duration{3 * time.Second}, false, 2},
		{"Cloudflare's HTML page", discordtest.Throttle{Cloudflare: true, RetryAfter: 5 * time.Second}, 1, []time.Duration{5 * time.Second}, false, 2},
		{"a shared limit of a minute", discordtest.Throttle{Scope: "shared", RetryAfter: time.Minute}, 100, nil, true, 1},
		{"a 429 that keeps coming", discordtest.Throttle{RetryAfter: time.Second}, 100, []time.Duration{time.Second, time.Second, time.Second, time.Second}, true, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, r, slept, logs := restOn(t)
			f.Limit("POST", "/channels/123/messages", c.times, c.throttle)
			id, err := r.Send("123", Message{Content: "hello", Nonce: "n1"})
			var rl *RateLimited
			if c.gaveUp != errors.As(err, &rl) || !c.gaveUp && (err != nil || id == "") {
				t.Fatalf("send: %q %v", id, err)
			}
			if c.gaveUp && (rl.RetryAfter() <= 0 || !transient(err)) {
				t.Fatalf("the error hands the message back with the wait: %v", rl)
			}
			if fmt.Sprint(*slept) != fmt.Sprint(c.slept) {
				t.Errorf("slept %v, want %v", *slept, c.slept)
			}
			rs, _ := f.Since(0)
			if len(rs) != c.requests {
				t.Errorf("%d requests, want %d", len(rs), c.requests)
			}
			if n := strings.Count(logs.String(), "429 rate limited"); n != count(rs, http.StatusTooManyRequests) || !strings.Contains(logs.String(), `route="POST /channels/{id}/messages"`) {
				t.Errorf("every 429 logged with its route:\n%s", logs)
			}
		})
	}
}

// Finding 4: a Bad Gateway that persists costs a bounded number of requests (discordgo alone
// retried it 3 times inside each of REST's 5 attempts: 20).
func TestPersistentBadGatewayIsBounded(t *testing.T) {
	f, r, _, _ := restOn(t)
	f.Fail("POST", "/channels/123/messages", http.StatusBadGateway, 100, false)
	if _, err := r.Send("123", Message{Content: "hello"}); err == nil {
		t.Fatal("sent through a dead gateway")
	}
	if rs, _ := f.Since(0); len(rs) != 5 {
		t.Fatalf("%d requests, want 1 and 4 retries", len(rs))
	}
}

// Finding 3: a global 429 holds every route of the token, not only the one that met it; and a
// budget under Discord's global limit meets none.
func TestGlobalLimitHoldsEveryRoute(t *testing.T) {
	t.Parallel() // mostly waits on real time and changes no package variable: it waits beside the others
	for _, c := range []struct {
		name   string
		budget int
		max429 int
	}{
		{"a budget above the limit meets few 429s", 100, 6},
		{"a budget under the limit meets none", 8, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := discordtest.New(t)
			f.GlobalLimit = 10
			r := NewREST(f.Session())
			r.Budget = NewBudget(c.budget)
			r.Log = slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))
			var wg sync.WaitGroup
			const posts = 24
			start := time.Now()
			for k := range posts {
				time.Sleep(50 * time.Millisecond) // posts queued 50 ms apart, each by its own worker
				wg.Go(func() {
					if _, err := r.Send(fmt.Sprint(1000+k), Message{Content: "hi"}); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			rs, _ := f.Since(0)
			if n := count(rs, http.StatusTooManyRequests); n > c.max429 {
				t.Errorf("%d answers 429 for %d posts to %d threads, want at most %d", n, posts, posts, c.max429)
			}
			if n := count(rs, http.StatusOK); n != posts {
				t.Errorf("%d posts made, want %d", n, posts)
			}
			t.Logf("%d posts in %v, limited %v", posts, time.Since(start), f.Limited())
		})
	}
}

// The budget is a sliding second: a burst of n goes at once, the next waits for the first to
// be a second old, and a pause holds everything.
func TestBudgetWindow(t *testing.T) {
	now := time.Unix(1000, 0)
	w := &window{n: 2, now: func() time.Time { return now }}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if w.Take(ctx) != nil || w.Take(ctx) != nil {
		t.Fatal("a burst of 2 goes at once")
	}
	if w.Take(ctx) == nil {
		t.Fatal("the third waits for the first to be a second old")
	}
	now = now.Add(time.Second)
	if err := w.Take(context.Background()); err != nil {
		t.Fatal(err)
	}
	w.Pause(now.Add(time.Hour))
	ctx2, cancel2 := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel2()
	now = now.Add(5 * time.Second)
	if w.Take(ctx2) == nil {
		t.Fatal("a pause holds every request")
	}
}

// Finding 4: a message whose send met a long 429 goes back to the outbox, due when Discord said,
// not retried sooner and not waited out inside the send (which would outlast the claim).
func TestLongRateLimitHandsTheMessageBack(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	id, err := e.store.CreateGame(ctx, &storage.Game{Kind: "autumn-ash", Seats: 2, Status: storage.StatusRunning,
		Guild: "g1", Channel: "lobby", Thread: "thread-0", Creator: "u1",
		Players: []storage.Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(bot.Notice{Kind: "text", Game: id, Channel: "thread-0", Text: "Hello."})
	if err := e.store.Enqueue(ctx, storage.OutboxMessage{GameID: id, Kind: "text", Payload: b, NextTry: e.now, Created: e.now}); err != nil {
		t.Fatal(err)
	}
	e.fake.Limit("POST", "/channels/thread-0/messages", 1, discordtest.Throttle{Scope: "shared", RetryAfter: 10 * time.Minute})
	start := time.Now()
	rs := e.deliver()
	if len(rs) != 1 || rs[0].Status != http.StatusTooManyRequests || time.Since(start) > 5*time.Second {
		t.Fatalf("one try, handed back at once: %d requests in %v", len(rs), time.Since(start))
	}
	if q, _ := e.store.Pending(ctx, e.now.Add(9*time.Minute), 0); len(q) != 0 {
		t.Fatalf("due again before Discord's 10 minutes: %+v", q)
	}
	if q, _ := e.store.Pending(ctx, e.now.Add(11*time.Minute), 0); len(q) != 1 {
		t.Fatalf("due again after them: %+v", q)
	}
	e.advance(11 * time.Minute)
	if rs := e.deliver(); len(find(rs, "POST", "/channels/thread-0/messages")) != 1 || len(e.fake.MessagesIn("thread-0")) != 1 {
		t.Fatalf("posted once, later: %+v", rs)
	}
	if !strings.Contains(e.logs.String(), `route="POST /channels/{id}/messages"`) {
		t.Fatalf("the 429 is logged with its route:\n%s", e.logs)
	}
}

// slowSender is a Sender whose every send takes d of the service's clock.
type slowSender struct {
	*Sender
	e *env
	d time.Duration
}

func (s slowSender) Send(ctx context.Context, o bot.Outgoing) error {
	s.e.advance(s.d)
	return s.Sender.Send(ctx, o)
}

// Never twice: no send starts once half the claim's lease is gone, so none can still be going on
// when another instance takes the claim over; the messages left are sent by the next claim.
func TestNoSendStartsLateInTheLease(t *testing.T) {
	e := newKitEnv(t, []bot.Kit{{Game: autumnash.Game, PNG: fakePNG}}, 0, func(o *bot.Options) { o.DeliverLease = 10 * time.Second })
	ctx := context.Background()
	id, err := e.store.CreateGame(ctx, &storage.Game{Kind: "autumn-ash", Seats: 2, Status: storage.StatusRunning,
		Guild: "g1", Channel: "lobby", Thread: "thread-0", Creator: "u1",
		Players: []storage.Player{{Seat: 0, UserID: "u1", Name: "Ann"}, {Seat: 1, UserID: "u2", Name: "Bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	for k := range 3 {
		b, _ := json.Marshal(bot.Notice{Kind: "text", Game: id, Channel: "thread-0", Text: fmt.Sprintf("Post %d.", k)})
		if err := e.store.Enqueue(ctx, storage.OutboxMessage{GameID: id, Kind: "text", Payload: b, NextTry: e.now, Created: e.now}); err != nil {
			t.Fatal(err)
		}
	}
	slow := slowSender{e.send, e, 3 * time.Second}
	if n, err := e.svc.Deliver(ctx, slow, 10); err != nil || n != 2 {
		t.Fatalf("sends started at 0 s and 3 s of a 10 s lease, not at 6 s: %d %v", n, err)
	}
	e.advance(10 * time.Second)
	if n, err := e.svc.Deliver(ctx, slow, 10); err != nil || n != 1 {
		t.Fatalf("the third goes with the next claim: %d %v", n, err)
	}
	var got []string
	for _, m := range e.fake.MessagesIn("thread-0") {
		got = append(got, m.Content)
	}
	if fmt.Sprint(got) != "[Post 0. Post 1. Post 2.]" {
		t.Fatalf("each once, in order: %q", got)
	}
}

// Deliver 4: three instances on one database spend one budget of the bot token: posting as fast
// as they can, they meet no global 429 from a Discord that allows 50 requests/s; each with a
// budget of its own, they do.
func TestSharedBudgetKeepsInstancesUnderTheGlobalLimit(t *testing.T) {
	t.Parallel() // mostly waits on real time and changes no package variable: it waits beside the others
	for _, c := range []struct {
		name   string
		shared bool
	}{{"shared through the store", true}, {"each its own", false}} {
		t.Run(c.name, func(t *testing.T) {
			f := discordtest.New(t)
			st, err := sqlite.Open(filepath.Join(t.TempDir(), "b.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			var wg sync.WaitGroup
			start := time.Now()
			const instances, posts = 3, 30
			for k := range instances {
				r := NewREST(f.Session())
				r.Log = slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))
				if c.shared {
					r.Budget = NewSharedBudget(st, DefaultBudget, 1, nil)
				}
				for n := range posts {
					wg.Go(func() {
						if _, err := r.Send(fmt.Sprintf("%d", 1000*k+n), Message{Content: "hi"}); err != nil {
							t.Error(err)
						}
					})
				}
			}
			wg.Wait()
			rs, _ := f.Since(0)
			limited := f.Limited()["global"]
			t.Logf("%d posts by %d instances in %v: %d global 429s", instances*posts, instances, time.Since(start), limited)
			if n := count(rs, http.StatusOK); n != instances*posts {
				t.Errorf("%d posts made", n)
			}
			if c.shared && limited != 0 {
				t.Errorf("%d global 429s with one budget", limited)
			}
			if !c.shared && limited == 0 {
				t.Error("no 429 with a budget each: the test does not load the global limit")
			}
		})
	}
}

// slowSpender is a store's budget that takes its time to answer, as a loaded database does; it
// remembers the slot of each request it let through.
type slowSpender struct {
	mu     sync.Mutex
	used   map[int64]int
	delays []time.Duration
	n      int
	last   int64
}

func (s *slowSpender) Spend(_ context.Context, _ string, slot int64, limit int, _ bool) (bool, error) {
	s.mu.Lock()
	d := s.delays[s.n%len(s.delays)]
	s.n++
	s.mu.Unlock()
	time.Sleep(d)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.used[slot] >= limit {
		return false, nil
	}
	s.used[slot]++
	s.last = slot
	return true, nil
}

// Deliver 4 (zero 429s under load): a request goes out in the slot of the shared budget it was
// counted in, however slowly the store answers, so requests counted over more than a second
// never reach Discord within one.
func TestSharedBudgetSendsInTheSlotItCounted(t *testing.T) {
	t.Parallel() // mostly waits on real time and changes no package variable: it waits beside the others
	sp := &slowSpender{used: map[int64]int{}, delays: []time.Duration{0, 150 * time.Millisecond, 30 * time.Millisecond, 260 * time.Millisecond}}
	b := NewSharedBudget(sp, DefaultBudget, 1, nil)
	for k := range 8 {
		if err := b.Take(context.Background()); err != nil {
			t.Fatal(err)
		}
		at := time.Now().UnixNano() / int64(budgetSlot)
		sp.mu.Lock()
		counted := sp.last
		sp.mu.Unlock()
		if at != counted {
			t.Fatalf("request %d counted in slot %d, sent in slot %d", k, counted, at)
		}
	}
}
