package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
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
	"github.com/boardbot/boardbot/bot/discord/discordtest"
)

// stubDiscord is the strict fake Discord (discordtest) as several processes reach it, one
// address per instance (discord.api_url) so that it knows who sends what. While hang is set, the
// first instance to post and only it gets no answer to its posts (they are made all the same).
type stubDiscord struct {
	*discordtest.Fake
	urls   []string
	hang   atomic.Bool
	victim atomic.Int32 // that instance, -1 before it posts
}

type stubPost struct {
	from                    int // the instance that sent it first
	channel, nonce, content string
	files                   []string
}

func newStubDiscord(t *testing.T, instances int) *stubDiscord {
	f := discordtest.New(t)
	f.AnsweredOverHTTP = true // the instances answer interactions in their HTTP responses
	d := &stubDiscord{Fake: f}
	d.victim.Store(-1)
	for i := range instances {
		d.urls = append(d.urls, f.Endpoint(i))
	}
	f.Hold = func(r discordtest.Request) bool {
		if r.Method != "POST" || !strings.HasPrefix(r.Path, "/channels/") || !strings.HasSuffix(r.Path, "/messages") || !d.hang.Load() {
			return false
		}
		return d.victim.CompareAndSwap(-1, int32(r.From)) || d.victim.Load() == int32(r.From)
	}
	return d
}

// record reads what the instances sent: each thread post once (with the instance that sent it
// first), for each post sent again under its nonce the instance that sent it first, and what
// each interaction's answer was edited to.
func (d *stubDiscord) record() (posts []stubPost, repeats []int, edited map[string]string) {
	rs, _ := d.Since(0)
	first := map[string]int{} // message id -> index in posts
	edited = map[string]string{}
	for _, r := range rs {
		p := strings.Split(strings.Trim(r.Path, "/"), "/")
		switch {
		case r.Method == "PATCH" && len(p) == 5 && p[0] == "webhooks" && p[4] == "@original":
			edited[p[2]], _ = r.JSON["content"].(string)
		case r.Method == "POST" && len(p) == 3 && p[0] == "channels" && p[2] == "messages" && r.ID != "":
			if k, ok := first[r.ID]; ok {
				repeats = append(repeats, posts[k].from)
				continue
			}
			var files []string
			for _, f := range r.Files {
				files = append(files, f.Name)
			}
			nonce, _ := r.JSON["nonce"].(string)
			content, _ := r.JSON["content"].(string)
			first[r.ID] = len(posts)
			posts = append(posts, stubPost{from: r.From, channel: p[1], nonce: nonce, content: content, files: files})
		}
	}
	return posts, repeats, edited
}

// One of three instances is killed (SIGKILL: no shutdown) while six games are played over all
// three, at a moment it holds claims (the first to post, stuck in a post Discord does not
// answer; which one it is depends on the instances' delivery phases): every move a player saw
// acknowledged is in the log, the survivors
// deliver every queued notice once and in order (the dead instance's after their lease), and
// each thread ends with the board of its game's last move.
func TestServeInstanceKilledUnderLoad(t *testing.T) {
	t.Parallel() // mostly waits out a 10 s lease and changes no package variable: it waits beside the others
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
	posts, repeats, edited := stub.record()
	if n := stub.Duplicates(); n != 0 {
		t.Errorf("%d posts made twice", n)
	}
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
			if !s.inline && !strings.HasPrefix(edited[s.token], "You played") {
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
		for _, p := range posts {
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
	for _, from := range repeats {
		if from == victim {
			takenOver++
		}
	}
	if takenOver == 0 {
		t.Errorf("no post of the dead instance was sent again by a survivor (repeats %v): nothing was taken over", repeats)
	}
	if acked < 20 {
		t.Fatalf("only %d moves were acknowledged: the test did not put the instances under load", acked)
	}
	t.Logf("SIGKILL under load: %d moves (%d acknowledged) over 3 instances, one killed after %v holding its claims; %d posts, %d sent again with the same nonce (%d of the dead instance's, taken over); outbox empty %v after the moves stopped",
		moves, acked, killed.Round(100*time.Millisecond), len(posts), len(repeats), takenOver, drained.Round(100*time.Millisecond))
}
