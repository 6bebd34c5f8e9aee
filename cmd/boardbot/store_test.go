package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/bot/console"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/postgres"
	"github.com/boardbot/boardbot/storage/postgres/pgtest"
	"github.com/boardbot/boardbot/storage/sqlite"
)

var farFuture = time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC)

// installation makes a SQLite installation through the console: an Autumn Ash game with moves
// played from the suggestions, a lobby, a user setting and a queued message. It returns its path.
func installation(t *testing.T, moves int) string {
	t.Helper()
	dir := t.TempDir()
	c := config.Default()
	c.Database.Path = filepath.Join(dir, "old.db")
	c.Console.Images = filepath.Join(dir, "img")
	c.Defaults.AutoForced = false
	svc, st, err := openService(c, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	con := console.New(svc, &bytes.Buffer{}, c.Console.Images)
	for _, line := range []string{"create autumn-ash seed=7", "as bob", "join", "set me dm on", "create ascidiae"} {
		if err := con.Exec(ctx, line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	r := rand.New(rand.NewPCG(7, 7))
	for range moves {
		played := false
		for _, p := range []string{"alice", "bob"} {
			req := bot.Request{User: bot.User{ID: p, Name: p}, Place: bot.Place{Guild: console.Guild, Channel: "game-1"}, Interaction: fmt.Sprintf("i-%d", r.Uint64())}
			m, err := randomMove(ctx, svc, req, r)
			if err != nil {
				continue
			}
			if _, err := svc.MoveTokens(ctx, req, m); err != nil {
				t.Fatalf("%s %v: %v", p, m, err)
			}
			played = true
			break
		}
		if !played {
			t.Fatal("nobody could move")
		}
	}
	if err := st.Enqueue(ctx, storage.OutboxMessage{Kind: "dm", Payload: []byte("queued")}); err != nil {
		t.Fatal(err)
	}
	return c.Database.Path
}

// migrate-db copies every game, log, key, setting and queued message into PostgreSQL as they
// were, checks the copy with fsck, and refuses a target that is not empty.
func TestMigrateDB(t *testing.T) {
	pgtest.Require(t)
	ctx := context.Background()
	path := installation(t, 12)
	url := pgtest.URL(t)
	var out, errb bytes.Buffer
	if code := run(ctx, []string{"migrate-db", "--from", path, "--to", url}, &out, &errb); code != 0 {
		t.Fatalf("migrate-db exit %d: %s %s", code, out.String(), errb.String())
	}
	for _, want := range []string{"copied 2 games, 12 moves, ", "fsck on the copy: 1 games replayed, 0 problems"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("migrate-db said %q; want it to say %q", out.String(), want)
		}
	}

	src, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	for _, id := range []int64{1, 2} {
		a, err1 := src.Game(ctx, id)
		b, err2 := dst.Game(ctx, id)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !reflect.DeepEqual(micro(a), micro(b)) {
			t.Errorf("game %d:\n sqlite   %+v\n postgres %+v", id, a, b)
		}
		la, _ := src.Moves(ctx, id)
		lb, _ := dst.Moves(ctx, id)
		if !reflect.DeepEqual(micro(la), micro(lb)) {
			t.Errorf("log of game %d differs: %d and %d moves", id, len(la), len(lb))
		}
	}
	if v, ok, err := dst.Setting(ctx, "user", "bob", "hear"); err != nil || !ok || v != "dm" {
		t.Errorf("bob's hear setting (set as dm on) after the copy = %q, %v, %v", v, ok, err)
	}
	moves, _ := src.Moves(ctx, 1)
	if _, err := dst.AppendMove(ctx, storage.MoveWrite{GameID: 1, ExpectVersion: 1, Move: storage.Move{Notation: "x", InteractionID: moves[3].InteractionID}}); err == nil {
		t.Error("a copied interaction id was accepted again")
	}
	pa, _ := src.Pending(ctx, farFuture, 0)
	pb, _ := dst.Pending(ctx, farFuture, 0)
	if len(pa) == 0 || !reflect.DeepEqual(micro(pa), micro(pb)) {
		t.Errorf("outbox: sqlite %d messages, postgres %d, or they differ", len(pa), len(pb))
	}
	// New rows take ids after the copied ones.
	id, err := dst.CreateGame(ctx, &storage.Game{Kind: "autumn-ash", Seats: 2})
	if err != nil || id != 3 {
		t.Errorf("the first game created after the copy got id %d, %v; want 3", id, err)
	}

	// database.url in the configuration selects PostgreSQL: fsck replays the copied game there.
	out.Reset()
	if code := run(ctx, []string{"fsck", "--config", pgConfig(t, url)}, &out, &errb); code != 0 || !strings.Contains(out.String(), "1 games replayed, 0 problems") {
		t.Errorf("fsck with database.url: exit %d, %s %s", code, out.String(), errb.String())
	}

	out.Reset()
	errb.Reset()
	dst.Close() // a bot still connected to the target is refused before anything (TestPostgresMigrateRefusesARunningBot)
	if code := run(ctx, []string{"migrate-db", "--from", path, "--to", url}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "empty") {
		t.Errorf("a second copy into the same database: exit %d, %s", code, errb.String())
	}
}

// migrate-db fails when the copy does not replay: a snapshot that disagrees with its log is
// found by the fsck it runs on the target.
func TestMigrateDBVerifies(t *testing.T) {
	pgtest.Require(t)
	ctx := context.Background()
	path := installation(t, 4)
	src, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := src.Game(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Undo the last move in the log only: the snapshot is now one move ahead of it.
	if _, err := src.TruncateMoves(ctx, 1, g.Version, 3, g.Snapshot); err != nil {
		t.Fatal(err)
	}
	src.Close()
	var out, errb bytes.Buffer
	code := run(ctx, []string{"migrate-db", "--from", path, "--to", pgtest.URL(t)}, &out, &errb)
	if code != 1 || !strings.Contains(out.String(), "game 1 (autumn-ash)") || !strings.Contains(errb.String(), "does not check out") {
		t.Errorf("migrate-db of a damaged installation: exit %d\n%s%s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := run(ctx, []string{"migrate-db", "--from", path}, &out, &errb); code != 2 {
		t.Errorf("migrate-db without --to: exit %d", code)
	}
}

// micro is v as JSON with every time cut to microseconds, PostgreSQL's precision (the bot's own
// times reach SQLite with nanoseconds), and nil and empty byte slices alike.
func micro(v any) string {
	b, _ := json.Marshal(v)
	text := strings.ReplaceAll(string(b), `:null`, `:""`)
	return timeText.ReplaceAllStringFunc(text, func(q string) string {
		t, err := time.Parse(time.RFC3339Nano, strings.Trim(q, `"`))
		if err != nil {
			return q
		}
		return t.Truncate(time.Microsecond).UTC().Format(`"2006-01-02T15:04:05.000000Z"`)
	})
}

var timeText = regexp.MustCompile(`"\d{4}-\d\d-\d\dT[^"]+"`)

// pgConfig writes a configuration selecting the PostgreSQL database at url, with its password
// moved to PGPASSWORD as the configuration requires.
func pgConfig(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if pw, ok := u.User.Password(); ok {
		t.Setenv("PGPASSWORD", pw)
		u.User = url.User(u.User.Username())
	}
	path := filepath.Join(t.TempDir(), "pg.toml")
	if err := os.WriteFile(path, []byte(fmt.Sprintf("[database]\nurl = %q\n", u.String())), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
