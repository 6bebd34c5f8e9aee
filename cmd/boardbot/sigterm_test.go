package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/bot/discord/discordtest"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// SIGTERM while a board is being posted: Discord holds the post until the signal has arrived,
// then makes it. The bot finishes that post and records it, releases its other claims, and exits
// 0 within the bound; restarted, it posts the rest, and nothing twice.
func TestSIGTERMDuringPostSendsNothingTwice(t *testing.T) {
	t.Parallel() // mostly waits out a 10 s lease and changes no package variable: it waits beside the others
	if testing.Short() {
		t.Skip("builds the binary and runs it twice")
	}
	dir := t.TempDir()
	bin := testBinary(t)
	db := filepath.Join(dir, "bot.db")

	// Two games started: each has its board and prompt queued for its thread.
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	kits, _ := enabledKits(nil)
	svc := newService(st, kits, config.Default(), io.Discard, nil)
	ctx := context.Background()
	for g, th := range []string{"th-a", "th-b"} {
		rep, err := svc.Create(ctx, bot.Request{User: bot.User{ID: "ann", Name: "ann"}, Place: bot.Place{Guild: "g1", Channel: "c-lobby"}},
			bot.CreateSpec{Kind: "autumn-ash", Seats: 2, Seed: uint64(g + 1)})
		if err != nil {
			t.Fatal(err)
		}
		if err := svc.AttachThread(ctx, rep.Game, th, "m-"+th); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Join(ctx, bot.Request{User: bot.User{ID: "bob", Name: "bob"}, Place: bot.Place{Guild: "g1", Channel: th}}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	queued := outboxRows(t, db, "")
	if queued < 2 {
		t.Fatalf("%d messages queued", queued)
	}

	// The first post into a thread is held until the test has sent SIGTERM.
	f := discordtest.New(t)
	f.AnsweredOverHTTP = true
	held, release := make(chan string, 1), make(chan struct{})
	var once sync.Once
	f.Hold = func(r discordtest.Request) bool {
		if r.Method == "POST" && strings.HasPrefix(r.Path, "/channels/th-") && strings.HasSuffix(r.Path, "/messages") {
			first := false
			once.Do(func() { first = true })
			if first {
				held <- r.Path
				<-release
			}
		}
		return false
	}
	cfg := filepath.Join(dir, "boardbot.toml")
	os.WriteFile(cfg, []byte(fmt.Sprintf("[database]\npath = %q\n[discord]\ntoken_env = \"BOARDBOT_TERM_TEST\"\npublic_key = %q\napi_url = %q\n[outbox]\nlease_seconds = 10\n",
		db, strings.Repeat("ab", 32), f.URL())), 0o644)
	start := func() (*exec.Cmd, *bytes.Buffer) {
		cmd := exec.Command(bin, "serve", "--config", cfg, "--listen", freeAddr(t))
		cmd.Env = append(os.Environ(), "BOARDBOT_TERM_TEST=test-token")
		logs := &bytes.Buffer{}
		cmd.Stderr = logs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill() })
		return cmd, logs
	}

	first, logs := start()
	var path string
	select {
	case path = <-held:
	case <-time.After(30 * time.Second):
		t.Fatalf("no post came:\n%s", logs)
	}
	if err := first.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	signalled := time.Now()
	time.Sleep(300 * time.Millisecond) // the signal is handled: the bot is stopping
	close(release)
	exited := make(chan error, 1)
	go func() { exited <- first.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v\n%s", err, logs)
		}
	case <-time.After(shutdownBound + 5*time.Second):
		t.Fatalf("still running %s after SIGTERM:\n%s", shutdownBound+5*time.Second, logs)
	}
	took := time.Since(signalled)
	t.Logf("stopped %s after SIGTERM (the post held 300 ms of it)", took.Round(time.Millisecond))
	if took > shutdownBound {
		t.Errorf("stopping took %s, over the stated bound %s", took, shutdownBound)
	}
	// The held post is recorded (no longer in the outbox) and no claim is left behind.
	if n := outboxRows(t, db, "claim_until IS NOT NULL"); n != 0 {
		t.Errorf("%d claims left behind by the stopped bot:\n%s", n, logs)
	}
	if n := outboxRows(t, db, ""); n >= queued {
		t.Errorf("%d messages still queued of %d: the held post was not recorded:\n%s", n, queued, logs)
	}
	if strings.Contains(logs.String(), "context canceled") {
		t.Errorf("bookkeeping cut by the stop:\n%s", logs)
	}

	// Restarted, the bot posts what is left; after more than a lease, each post was made once.
	second, logs2 := start()
	deadline := time.Now().Add(25 * time.Second)
	for outboxRows(t, db, "") > 0 && time.Now().Before(deadline) {
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(12 * time.Second) // past the 10 s lease: a claim left behind would be taken over now
	second.Process.Signal(syscall.SIGTERM)
	second.Wait()
	if n := outboxRows(t, db, ""); n != 0 {
		t.Errorf("%d messages never posted:\n%s", n, logs2)
	}
	rs, _ := f.Since(0)
	nonces := map[string]int{}
	for _, r := range rs {
		if r.Method == "POST" && strings.HasPrefix(r.Path, "/channels/th-") {
			n, _ := r.JSON["nonce"].(string)
			nonces[n]++
			if nonces[n] > 1 {
				t.Errorf("%s posted again under nonce %s after the restart", r.Path, n)
			}
		}
	}
	if f.Duplicates() != 0 || len(nonces) < 2 {
		t.Errorf("%d duplicates, %d posts (held one to %s)", f.Duplicates(), len(nonces), path)
	}
}

// outboxRows counts the outbox's rows (where where holds, if given), read beside the bot.
func outboxRows(t *testing.T, path, where string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	q := "SELECT COUNT(*) FROM outbox"
	if where != "" {
		q += " WHERE " + where
	}
	var n int
	if err := db.QueryRow(q).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
