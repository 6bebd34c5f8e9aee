package main

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/bot/discord"
	"github.com/boardbot/boardbot/bot/discord/discordtest"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/postgres"
	"github.com/boardbot/boardbot/storage/postgres/pgtest"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// The load generator: BOARDBOT_LOAD=1 go test -run TestLoadFigures ./cmd/boardbot (with
// BOARDBOT_TEST_PG for the PostgreSQL rows). Games of Autumn Ash are played by signed /move
// interactions against the real HTTP handler on loopback, each game by one worker, its moves
// spread over the instances, at BOARDBOT_LOAD_RATE moves/s in all (default 200; 0: as fast as the
// acks come). Each instance delivers its outbox as `serve` does (discord.Background, the real
// sender, boards drawn) to a stub Discord that counts the posts and edits. It prints moves/s, the
// p50/p99 acknowledgement latency, posts/s, the outbox backlog when the moves stop and how long
// delivery then takes to drain it. Bounded: BOARDBOT_LOAD_SECONDS (default 10) per set-up,
// BOARDBOT_LOAD_GAMES games at once (default 16; each game's moves are sequential, so more games
// reach a higher rate when the acknowledgements are slow), 60 s at most to drain.
// BOARDBOT_LOAD_ONLY="3 instance" measures only the set-ups whose name contains it;
// BOARDBOT_LOAD_DEBUG=1 logs each 429 with the requests that arrived in the second before it.
func TestLoadFigures(t *testing.T) {
	if os.Getenv("BOARDBOT_LOAD") == "" {
		t.Skip("set BOARDBOT_LOAD=1 to measure")
	}
	secs, rate, games := 10, 200, 16
	fmt.Sscan(os.Getenv("BOARDBOT_LOAD_SECONDS"), &secs)
	fmt.Sscan(os.Getenv("BOARDBOT_LOAD_RATE"), &rate)
	fmt.Sscan(os.Getenv("BOARDBOT_LOAD_GAMES"), &games)
	d := time.Duration(secs) * time.Second
	type setup struct {
		name      string
		instances int
		open      func(t *testing.T) storage.Store
	}
	path := filepath.Join(t.TempDir(), "load.db")
	setups := []setup{{"SQLite, 1 instance", 1, func(t *testing.T) storage.Store {
		s, err := sqlite.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}}}
	if os.Getenv(pgtest.Env) != "" {
		for _, n := range []int{1, 3} {
			url := pgtest.URL(t)
			setups = append(setups, setup{fmt.Sprintf("PostgreSQL, %d instance(s)", n), n, func(t *testing.T) storage.Store {
				s, err := postgres.Open(context.Background(), url)
				if err != nil {
					t.Fatal(err)
				}
				return s
			}})
		}
	}
	for _, su := range setups {
		if only := os.Getenv("BOARDBOT_LOAD_ONLY"); only != "" && !strings.Contains(su.name, only) {
			continue
		}
		r := loadRun(t, su.instances, su.open, d, rate, games)
		lat := r.lat
		slices.Sort(lat)
		q := func(p float64) time.Duration {
			if len(lat) == 0 {
				return 0
			}
			return lat[min(len(lat)-1, int(p*float64(len(lat))))]
		}
		last := r.lastBoard
		slices.Sort(last)
		worst, p99 := time.Duration(0), time.Duration(0)
		if len(last) > 0 {
			worst, p99 = last[len(last)-1], last[min(len(last)-1, int(.99*float64(len(last))))]
		}
		t.Logf("%-26s %4.0f moves/s  ack p50 %v p99 %v  %4.0f posts/s  backlog %d at the end, drained in %v  (%d moves, %d posts in %v)  429s %v  "+
			"last board of each of %d games within %v (p99 %v), missing %d, peak %d requests/s",
			su.name, float64(r.moves)/d.Seconds(), q(.5).Round(time.Millisecond), q(.99).Round(time.Millisecond),
			float64(r.postsDuring)/d.Seconds(), r.backlog, r.drain.Round(10*time.Millisecond), r.moves, r.postsDuring, d, r.limited,
			len(last), worst.Round(10*time.Millisecond), p99.Round(10*time.Millisecond), r.missing, r.peak)
		if n := r.limited["global"] + r.limited["user"] + r.limited["shared"] + r.limited["cloudflare"]; n > 0 || r.missing > 0 {
			t.Errorf("%s: %d 429s, %d games without their last board", su.name, n, r.missing)
		}
	}
}

// loadResult is one set-up's figures.
type loadResult struct {
	moves       int64           // moves committed
	lat         []time.Duration // every acknowledgement's latency
	postsDuring int64           // posts and edits Discord received while the moves went on
	backlog     int             // outbox messages queued when the moves stopped
	drain       time.Duration   // how long delivery then took to empty the outbox
	limited     map[string]int  // Discord's 429s by scope (the fake allows 50 requests/s per token)
	// lastBoard is, for each game that made a move, how long after its last move was
	// acknowledged Discord received the post showing the position after it (0 when the post
	// came first); missing counts the games whose last post never showed it.
	lastBoard []time.Duration
	missing   int
	peak      int // the most bot-token requests Discord received in any second
}

// loadRun plays for d over instances handlers, at rate moves/s (0: unpaced), each instance
// delivering its outbox meanwhile.
func loadRun(t *testing.T, instances int, open func(t *testing.T) storage.Store, d time.Duration, rate, parallel int) loadResult {
	// The strict fake Discord: real message ids (so each post's buttons come off the one before,
	// an edit), its rate limits, and every request checked.
	stub := discordtest.New(t)
	stub.AnsweredOverHTTP = true
	var posts atomic.Int64
	stub.Hold = func(r discordtest.Request) bool {
		if strings.HasPrefix(r.Path, "/channels/") && (r.Method == "POST" || r.Method == "PATCH") && r.Status < 300 {
			posts.Add(1)
		}
		return false
	}
	kits, _ := enabledKits([]string{"autumn-ash"})
	pub, priv, _ := ed25519.GenerateKey(nil)
	var addrs []string
	var handlers []*discord.Handler
	bg, stop := context.WithCancel(context.Background())
	var delivering sync.WaitGroup
	defer delivering.Wait()
	defer stop()
	var stores []storage.Store
	for range instances {
		st := open(t)
		defer st.Close()
		stores = append(stores, st)
		svc := newService(st, kits, config.Default(), io.Discard, nil)
		sess, _ := discordgo.New("Bot x")
		sess.Client = &http.Client{Transport: discord.Redirect(stub.URL(), nil)}
		rest := discord.NewREST(sess)
		rest.Budget = discord.NewSharedBudget(st, discord.DefaultBudget, 1, nil) // as serve does
		h := discord.NewHandler(svc, rest, discord.Options{})
		quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
		delivering.Go(func() {
			discord.Background(bg, svc, discord.NewSender(svc, rest, quiet), 20*time.Millisecond, time.Minute, quiet)
		})
		srv := httptest.NewServer(discord.HTTPHandler(h, pub, nil))
		defer srv.Close()
		addrs = append(addrs, strings.TrimPrefix(srv.URL, "http://"))
		handlers = append(handlers, h)
	}
	gen := open(t) // the players' own view, to choose legal moves
	defer gen.Close()
	players := newService(gen, kits, config.Default(), io.Discard, nil)
	ctx := context.Background()

	var mu sync.Mutex
	var lat []time.Duration
	var games []int64
	threads := map[int64]string{}     // game -> its thread
	lastAck := map[string]time.Time{} // thread -> when its last move was acknowledged
	deadline := time.Now().Add(d)
	// Pacing: a move waits for a token; tokens come at rate per second, never stored up.
	tokens := make(chan struct{})
	if rate > 0 {
		go func() {
			every := time.Second / time.Duration(rate)
			for next := time.Now(); time.Now().Before(deadline); next = next.Add(every) {
				time.Sleep(time.Until(next))
				select {
				case tokens <- struct{}{}:
				default: // no worker ready: that move is not made up later
				}
			}
			close(tokens)
		}()
	} else {
		close(tokens)
	}
	var wg sync.WaitGroup
	for w := range parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 9))
			for n := 0; time.Now().Before(deadline); n++ {
				thread := fmt.Sprintf("t-%d-%d-%d", instances, w, n)
				ann, bob := fmt.Sprintf("ann%d", w), fmt.Sprintf("bob%d", w)
				place := bot.Place{Guild: "g1", Channel: thread}
				rep, err := players.Create(ctx, bot.Request{User: bot.User{ID: ann, Name: ann}, Place: bot.Place{Guild: "g1", Channel: "lobby"}},
					bot.CreateSpec{Kind: "autumn-ash", Seats: 2, Seed: r.Uint64()})
				if err != nil || players.AttachThread(ctx, rep.Game, thread, "m") != nil {
					t.Errorf("create: %v", err)
					return
				}
				if _, err := players.Join(ctx, bot.Request{User: bot.User{ID: bob, Name: bob}, Place: place}); err != nil {
					t.Errorf("join: %v", err)
					return
				}
				mu.Lock()
				games = append(games, rep.Game)
				threads[rep.Game] = thread
				mu.Unlock()
				for i := 0; time.Now().Before(deadline); i++ {
					user, move := "", ""
					for _, u := range []string{ann, bob} {
						m, err := randomMove(ctx, players, bot.Request{User: bot.User{ID: u, Name: u}, Place: place}, r)
						if err == nil {
							user, move = u, m.String()
							break
						}
					}
					if user == "" {
						break // the game is over
					}
					if rate > 0 {
						if _, ok := <-tokens; !ok {
							break
						}
					}
					start := time.Now()
					code, err := postSigned(priv, addrs[i%len(addrs)], moveInteraction(snowflake(), thread, user, move))
					if err != nil || code != 200 {
						t.Errorf("move: %d %v", code, err)
						return
					}
					mu.Lock()
					lat = append(lat, time.Since(start))
					lastAck[thread] = time.Now()
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	for _, h := range handlers {
		h.Wait()
	}
	res := loadResult{lat: lat, postsDuring: posts.Load()}
	if st, err := stores[0].Stats(ctx); err == nil {
		res.backlog = st.Queued
	}
	start := time.Now()
	for time.Since(start) < time.Minute {
		st, err := stores[0].Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.Queued == 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	res.drain = time.Since(start)
	res.limited = stub.Limited()
	// Each thread's last post as Discord received it.
	reqs, _ := stub.Since(0)
	res.peak = peakPerSecond(reqs)
	if os.Getenv("BOARDBOT_LOAD_DEBUG") != "" {
		for i, r := range reqs {
			if r.Status == 429 {
				n := 0
				for _, q := range reqs[:i] {
					if botCounted(q) && r.At.Sub(q.At) < time.Second {
						n++
					}
				}
				t.Logf("429 %s %s at %v: %d bot-token requests arrived in the second before", r.Method, r.Path, r.At.Format("15:04:05.000"), n)
			}
		}
	}
	lastPost := map[string]discordtest.Request{}
	for _, r := range reqs {
		th, ok := strings.CutPrefix(r.Path, "/channels/")
		if th, ok = strings.CutSuffix(th, "/messages"); ok && r.Method == "POST" && r.Status == 200 {
			lastPost[th] = r
		}
	}
	for _, id := range games {
		g, err := gen.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		res.moves += g.MoveCount
		acked, moved := lastAck[threads[id]]
		if !moved {
			continue
		}
		// The post of the last position: a board, and the turn buttons of that move count
		// while the game runs (a finished game's result post has none).
		p, ok := lastPost[threads[id]]
		shows := ok && len(p.Files) > 0 && (g.Status != storage.StatusRunning ||
			strings.Contains(strings.Join(discordtest.CustomIDs(p.JSON), " "), fmt.Sprintf("/turn/%d/", g.MoveCount)))
		if !shows {
			res.missing++
			continue
		}
		res.lastBoard = append(res.lastBoard, max(0, p.At.Sub(acked)))
	}
	return res
}

// botCounted: a request Discord counts against the bot token's global limit.
func botCounted(r discordtest.Request) bool {
	return !strings.HasPrefix(r.Path, "/interactions/") && !strings.HasPrefix(r.Path, "/webhooks/") && r.Path != "/gateway"
}

// peakPerSecond is the most bot-token requests that arrived within any one second.
func peakPerSecond(reqs []discordtest.Request) int {
	var at []time.Time
	for _, r := range reqs {
		if botCounted(r) {
			at = append(at, r.At)
		}
	}
	slices.SortFunc(at, func(a, b time.Time) int { return a.Compare(b) })
	peak := 0
	for i, j := 0, 0; j < len(at); j++ {
		for at[j].Sub(at[i]) >= time.Second {
			i++
		}
		peak = max(peak, j-i+1)
	}
	return peak
}
