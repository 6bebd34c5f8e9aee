package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/bot/discord/discordtest"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage/postgres"
	"github.com/boardbot/boardbot/storage/postgres/pgtest"
)

// snowflakes makes interaction ids as Discord does (the time in the top bits), so the handler sees
// interactions made now.
var snowflakes atomic.Int64

func snowflake() string {
	ms := time.Now().UnixMilli() - 1420070400000
	return strconv.FormatInt(ms<<22|snowflakes.Add(1)&(1<<22-1), 10)
}

// moveInteraction is a /move command by user in thread.
func moveInteraction(id, thread, user, move string) []byte {
	b, _ := json.Marshal(map[string]any{
		"id": id, "application_id": "1", "type": 2, "token": "t-" + id, "version": 1,
		"guild_id": "g1", "channel_id": thread,
		"member": map[string]any{"user": map[string]any{"id": user, "username": user}, "permissions": "0"},
		"data":   map[string]any{"id": "9", "name": "move", "type": 1, "options": []any{map[string]any{"name": "move", "type": 3, "value": move}}},
	})
	return b
}

func postSigned(priv ed25519.PrivateKey, addr string, body []byte) (int, error) {
	code, _, err := postSignedReply(priv, addr, body)
	return code, err
}

// postSignedReply is postSigned that also returns the response body.
func postSignedReply(priv ed25519.PrivateKey, addr string, body []byte) (int, []byte, error) {
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	req, _ := http.NewRequest("POST", "http://"+addr+"/interactions", bytes.NewReader(body))
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(priv, append([]byte(stamp), body...))))
	req.Header.Set("X-Signature-Timestamp", stamp)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	reply, err := io.ReadAll(resp.Body)
	return resp.StatusCode, reply, err
}

// cluster is n `boardbot serve` processes on loopback over one new PostgreSQL schema, with a
// service of the test's own on the same database (to set games up and choose legal moves).
type cluster struct {
	priv  ed25519.PrivateKey
	st    *postgres.Store
	svc   *bot.Service
	addrs []string
	procs []*exec.Cmd
}

// newCluster builds the binary and starts n instances, instance i with extra(i) appended to its
// config (after public_key, in the [discord] table); extra may be nil.
func newCluster(t *testing.T, n int, extra func(i int) string) *cluster {
	t.Helper()
	pgtest.Require(t)
	if testing.Short() {
		t.Skip("builds the binary and runs several servers")
	}
	dir := t.TempDir()
	bin := testBinary(t)
	raw := pgtest.URL(t)
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(raw)
	password, _ := u.User.Password()
	u.User = url.User(u.User.Username())
	st, err := postgres.Open(context.Background(), raw)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	kits, _ := enabledKits(nil)
	c := &cluster{priv: priv, st: st, svc: newService(st, kits, config.Default(), io.Discard, nil)}
	for i := range n {
		addr := freeAddr(t)
		more := ""
		if extra != nil {
			more = extra(i)
		}
		cfg := filepath.Join(dir, fmt.Sprintf("boardbot-%d.toml", i))
		os.WriteFile(cfg, []byte(fmt.Sprintf("[database]\nurl = %q\n[discord]\ntoken_env = \"BOARDBOT_MULTI_TEST\"\npublic_key = %q\n%s",
			u.String(), hex.EncodeToString(pub), more)), 0o644)
		cmd := exec.Command(bin, "serve", "--config", cfg, "--listen", addr)
		cmd.Env = append(os.Environ(), "BOARDBOT_MULTI_TEST=token", "PGPASSWORD="+password)
		var logs bytes.Buffer
		cmd.Stderr = &logs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			cmd.Process.Kill()
			cmd.Wait()
			if t.Failed() {
				t.Logf("instance %d:\n%s", i, logs.String())
			}
		})
		c.addrs = append(c.addrs, addr)
		c.procs = append(c.procs, cmd)
	}
	for _, addr := range c.addrs {
		if !healthy(addr, time.Minute) {
			t.Fatalf("instance at %s never became healthy", addr)
		}
	}
	return c
}

// game creates a running Autumn Ash game of ann and bob (users named after the thread) in thread.
func (c *cluster) game(t *testing.T, thread, ann, bob string, seed uint64) int64 {
	t.Helper()
	ctx := context.Background()
	rep, err := c.svc.Create(ctx, bot.Request{User: bot.User{ID: ann, Name: ann}, Place: bot.Place{Guild: "g1", Channel: "c-lobby"}},
		bot.CreateSpec{Kind: "autumn-ash", Seats: 2, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.svc.AttachThread(ctx, rep.Game, thread, "m-"+thread); err != nil {
		t.Fatal(err)
	}
	if _, err := c.svc.Join(ctx, bot.Request{User: bot.User{ID: bob, Name: bob}, Place: bot.Place{Guild: "g1", Channel: thread}}); err != nil {
		t.Fatal(err)
	}
	return rep.Game
}

// Three `boardbot serve` processes on loopback share one PostgreSQL database: 100 signed clicks
// racing for one turn, spread over the three, apply exactly one move; one interaction delivered
// to two instances applies once.
func TestServeInstancesShareOneDatabase(t *testing.T) {
	// The instances post to the strict fake Discord, which checks every request they send.
	fake := discordtest.New(t)
	fake.AnsweredOverHTTP = true
	c := newCluster(t, 3, func(int) string { return fmt.Sprintf("api_url = %q\n", fake.URL()) })
	ctx := context.Background()
	st, svc, priv, addrs := c.st, c.svc, c.priv, c.addrs
	game := c.game(t, "c-games", "ann", "bob", 3)
	bob := bot.Request{User: bot.User{ID: "bob", Name: "bob"}, Place: bot.Place{Guild: "g1", Channel: "c-games"}}
	legal := func(user string) string {
		t.Helper()
		req := bot.Request{User: bot.User{ID: user, Name: user}, Place: bob.Place}
		m, err := randomMove(ctx, svc, req, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatalf("no move for %s: %v", user, err)
		}
		return m.String()
	}
	// moveCount waits until the game's log reaches want moves (work may go on after a deferred
	// acknowledgement), then a little longer in case more arrive, and returns the count.
	moveCount := func(want int64) int64 {
		t.Helper()
		var n int64
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			g, err := st.Game(ctx, game)
			if err != nil {
				t.Fatal(err)
			}
			if n = g.MoveCount; n >= want {
				break
			}
		}
		time.Sleep(time.Second)
		g, err := st.Game(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		return g.MoveCount
	}

	// 100 different clicks for ann's turn, over the three instances at once.
	move := legal("ann")
	var wg sync.WaitGroup
	var acked atomic.Int64
	for i := range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			code, err := postSigned(priv, addrs[i%3], moveInteraction(snowflake(), "c-games", "ann", move))
			if err == nil && code == 200 {
				acked.Add(1)
			}
		}()
	}
	wg.Wait()
	if n := moveCount(1); n != 1 {
		t.Fatalf("%d moves applied from 100 racing clicks over 3 instances, want 1", n)
	}
	if acked.Load() != 100 {
		t.Errorf("%d of 100 clicks were acknowledged", acked.Load())
	}

	// One click of bob's, delivered to two instances at once.
	body := moveInteraction(snowflake(), "c-games", "bob", legal("bob"))
	for _, addr := range addrs[:2] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if code, err := postSigned(priv, addr, body); err != nil || code != 200 {
				t.Errorf("%s: %d %v", addr, code, err)
			}
		}()
	}
	wg.Wait()
	if n := moveCount(2); n != 2 {
		t.Fatalf("%d moves after one interaction delivered twice, want 2", n)
	}
	t.Logf("3 instances: 100 racing clicks -> 1 move; a duplicated delivery -> applied once")
}

// randomMove walks the user's choice tree at random to a complete move, as the button picker
// would; an error means the user may not move now.
func randomMove(ctx context.Context, svc *bot.Service, req bot.Request, r *rand.Rand) (rules.Move, error) {
	step, err := svc.Tree(ctx, req, nil)
	for err == nil && !step.Complete {
		step, err = svc.Tree(ctx, req, append(step.Partial, step.Next[r.IntN(len(step.Next))].Token))
	}
	return step.Partial, err
}

// healthy waits up to d for addr's /healthz to answer 200.
func healthy(addr string, d time.Duration) bool {
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return true
			}
		}
	}
	return false
}
