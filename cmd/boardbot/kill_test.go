package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
)

// stubDiscord is the REST side of Discord as several processes reach it, one address per
// instance (discord.api_url) so that it knows who sends what. Thread posts are kept with their
// nonce (a repeated nonce returns the first message, as enforce_nonce does), and the interaction
// tokens whose original response was edited are noted with what it says.
type stubDiscord struct {
	urls    []string
	mu      sync.Mutex
	byNonce map[string]int // nonce -> index in posts
	posts   []stubPost
	repeats []int             // for each repeated nonce, the instance that sent it first
	edited  map[string]string // interaction token -> what its @original was edited to
	hang    atomic.Bool       // while set, the first instance to post and only it gets no answer
	victim  atomic.Int32      // that instance, -1 before it posts
}

type stubPost struct {
	from                    int // the instance that sent it first
	channel, nonce, content string
	files                   []string
}

func newStubDiscord(t *testing.T, instances int) *stubDiscord {
	d := &stubDiscord{byNonce: map[string]int{}, edited: map[string]string{}}
	d.victim.Store(-1)
	posts := regexp.MustCompile(`^/api/v\d+/channels/([^/]+)/messages$`)
	original := regexp.MustCompile(`^/api/v\d+/webhooks/[^/]+/([^/]+)/messages/@original$`)
	for from := range instances {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			var body struct {
				Nonce   string `json:"nonce"`
				Content string `json:"content"`
			}
			var files []string
			if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
				if err := r.ParseMultipartForm(8 << 20); err != nil {
					w.WriteHeader(400)
					return
				}
				json.Unmarshal([]byte(r.FormValue("payload_json")), &body)
				for _, fs := range r.MultipartForm.File {
					for _, f := range fs {
						files = append(files, f.Filename)
					}
				}
			} else {
				json.NewDecoder(r.Body).Decode(&body)
			}
			m := posts.FindStringSubmatch(r.URL.Path)
			if m != nil && r.Method == "POST" && d.hang.Load() {
				if d.victim.CompareAndSwap(-1, int32(from)) || d.victim.Load() == int32(from) {
					// Taken (a real Discord may have posted it) but never answered.
					d.post(from, m[1], body.Nonce, body.Content, files)
					<-r.Context().Done()
					return
				}
			}
			d.mu.Lock()
			defer d.mu.Unlock()
			if m := original.FindStringSubmatch(r.URL.Path); m != nil && r.Method == "PATCH" {
				d.edited[m[1]] = body.Content
			}
			if m == nil || r.Method != "POST" {
				io.WriteString(w, `{"id":"1","channel_id":"1"}`)
				return
			}
			d.mu.Unlock()
			id := d.post(from, m[1], body.Nonce, body.Content, files)
			d.mu.Lock()
			fmt.Fprintf(w, `{"id":"%d","channel_id":%q}`, id, m[1])
		}))
		t.Cleanup(srv.Close)
		d.urls = append(d.urls, srv.URL)
	}
	return d
}

// post records a thread post and returns its message id: the first one's for a repeated nonce.
func (d *stubDiscord) post(from int, channel, nonce, content string, files []string) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	if i, ok := d.byNonce[nonce]; ok && nonce != "" {
		d.repeats = append(d.repeats, d.posts[i].from)
		return i + 100
	}
	d.byNonce[nonce] = len(d.posts)
	d.posts = append(d.posts, stubPost{from: from, channel: channel, nonce: nonce, content: content, files: files})
	return len(d.posts) - 1 + 100
}

// One of three instances is killed (SIGKILL: no shutdown) while six games are played over all
// three, at a moment it holds claims (the first to post, stuck in a post Discord does not
// answer; which one it is depends on the instances' delivery phases): every move a player saw
// acknowledged is in the log, the survivors
// deliver every queued notice once and in order (the dead instance's after their lease), and
// each thread ends with the board of its game's last move.
func TestServeInstanceKilledUnderLoad(t *testing.T) {
	// Paced (per game; six games make about 60 moves/s) so that the games outlast a few
	// delivery rounds: at full speed they end within two seconds.
	const movePause = 80 * time.Millisecond
	stub := newStubDiscord(t, 3)
	c := newCluster(t, 3, func(i int) string {
		return fmt.Sprintf("api_url = %q\n[outbox]\nlease_seconds = 10\n", stub.urls[i])
	})
	ctx := context.Background()
	const games = 6
	ids := make([]int64, games)
	for g := range games {
		ids[g] = c.game(t, fmt.Sprintf("k-%d", g), fmt.Sprintf("ann%d", g), fmt.Sprintf("bob%d", g), uint64(40+g))
	}
	// A move is acknowledged by the HTTP answer ("You played ...") or, when the instance deferred
	// it, by the edit of that answer.
	type sent struct {
		token, user, move string
		inline            bool
	}
	var (
		dead    atomic.Bool
		wg      sync.WaitGroup
		stopped atomic.Bool
		begin   = time.Now()
		replied = make([][]sent, games) // moves whose HTTP acknowledgement came back, by game
	)
	for g := range games {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(g), 7))
			place := bot.Place{Guild: "g1", Channel: fmt.Sprintf("k-%d", g)}
			for n := 0; !stopped.Load(); n++ {
				user, move := "", ""
				for _, u := range []string{fmt.Sprintf("ann%d", g), fmt.Sprintf("bob%d", g)} {
					if m, err := randomMove(ctx, c.svc, bot.Request{User: bot.User{ID: u, Name: u}, Place: place}, r); err == nil {
						user, move = u, m.String()
						break
					}
				}
				if user == "" {
					return // the game is over
				}
				time.Sleep(movePause)
				i := n % len(c.addrs)
				if v := int(stub.victim.Load()); i == v && dead.Load() {
					i = (v + 1 + n%2) % len(c.addrs)
				}
				id := snowflake()
				code, reply, err := postSignedReply(c.priv, c.addrs[i], moveInteraction(id, place.Channel, user, move))
				if err == nil && code == 200 {
					var a struct {
						Type int `json:"type"`
						Data struct {
							Content string `json:"content"`
						} `json:"data"`
					}
					json.Unmarshal(reply, &a)
					replied[g] = append(replied[g], sent{token: "t-" + id, user: user, move: move,
						inline: a.Type == 4 && strings.HasPrefix(a.Data.Content, "You played")})
				}
			}
		})
	}
	// The first instance to post hangs in it; once it is stuck (claims held), it dies.
	stub.hang.Store(true)
	for deadline := time.Now().Add(30 * time.Second); stub.victim.Load() < 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no instance posted in 30 s")
		}
	}
	victim := int(stub.victim.Load())
	if err := c.procs[victim].Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	dead.Store(true)
	killed := time.Since(begin)
	time.Sleep(4 * time.Second)
	stopped.Store(true)
	wg.Wait()

	// The survivors empty the outbox, the dead instance's claims once their lease has run out.
	start := time.Now()
	for {
		s, err := c.st.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if s.Queued == 0 {
			break
		}
		if time.Since(start) > 90*time.Second {
			t.Fatalf("%d messages still queued %v after the moves stopped", s.Queued, time.Since(start))
		}
		time.Sleep(100 * time.Millisecond)
	}
	drained := time.Since(start)
	stub.mu.Lock()
	defer stub.mu.Unlock()
	acked, moves := 0, int64(0)
	board := regexp.MustCompile(`^autumn-ash-(\d+)-(\d+)\.png$`)
	for g, id := range ids {
		row, err := c.st.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		moves += row.MoveCount
		log, err := c.st.Moves(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		// Every acknowledged move is in the log, in the order it was played.
		next := 0
		for _, s := range replied[g] {
			if !s.inline && !strings.HasPrefix(stub.edited[s.token], "You played") {
				continue // the player never saw it confirmed (its instance died first)
			}
			acked++
			for next < len(log) && (log[next].UserID != s.user || log[next].Notation != s.move) {
				next++
			}
			if next == len(log) {
				t.Fatalf("game %d: the acknowledged move %q by %s is not in the log", id, s.move, s.user)
			}
			next++
		}
		// The thread's boards come in move order, none twice, the last at the game's last move.
		var seqs []int64
		for _, p := range stub.posts {
			if p.channel != fmt.Sprintf("k-%d", g) {
				continue
			}
			for _, f := range p.files {
				if m := board.FindStringSubmatch(f); m != nil && m[1] == strconv.FormatInt(id, 10) {
					n, _ := strconv.ParseInt(m[2], 10, 64)
					seqs = append(seqs, n)
				}
			}
		}
		if !slices.IsSorted(seqs) || len(slices.Compact(slices.Clone(seqs))) != len(seqs) {
			t.Errorf("game %d: boards posted at %v: want each move's post once, in order", id, seqs)
		}
		if len(seqs) == 0 || seqs[len(seqs)-1] != row.MoveCount {
			t.Errorf("game %d: the last board posted is at %v, the game is at move %d", id, seqs, row.MoveCount)
		}
	}
	// The post the victim was stuck in when it died is sent again by a survivor after the lease,
	// with the same nonce: one message.
	takenOver := 0
	for _, from := range stub.repeats {
		if from == victim {
			takenOver++
		}
	}
	if takenOver == 0 {
		t.Errorf("no post of the dead instance was sent again by a survivor (repeats %v): nothing was taken over", stub.repeats)
	}
	if acked < 20 {
		t.Fatalf("only %d moves were acknowledged: the test did not put the instances under load", acked)
	}
	t.Logf("SIGKILL under load: %d moves (%d acknowledged) over 3 instances, one killed after %v holding its claims; %d posts, %d sent again with the same nonce (%d of the dead instance's, taken over); outbox empty %v after the moves stopped",
		moves, acked, killed.Round(100*time.Millisecond), len(stub.posts), len(stub.repeats), takenOver, drained.Round(100*time.Millisecond))
}
