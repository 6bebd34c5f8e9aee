package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/config"
	"github.com/boardbot/boardbot/bot/console"
)

// A whole Autumn Ash game played through the console, exported, and rebuilt by `boardbot replay`
// to the same final result; then a record with an illegal line fails naming that line.
func TestConsoleGameExportReplay(t *testing.T) {
	dir := t.TempDir()
	c := config.Default()
	c.Database.Path = filepath.Join(dir, "e2e.db")
	c.Console.Images = filepath.Join(dir, "img")
	c.Defaults.AutoForced = false // every move below is the test's own
	svc, st, err := openService(c, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var out bytes.Buffer
	con := console.New(svc, &out, c.Console.Images)
	ctx := context.Background()
	exec := func(line string) {
		t.Helper()
		if err := con.Exec(ctx, line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	exec("create autumn-ash seed=21")
	exec("as bob")
	exec("join")
	r := rand.New(rand.NewPCG(21, 1))
	players := []string{"alice", "bob"}
	moves := 0
	for ; moves < 3000; moves++ {
		g, err := st.GameByThread(ctx, "game-1")
		if err != nil {
			t.Fatal(err)
		}
		if g.Status != "running" {
			break
		}
		var who, choice string
		req := func(p string) bot.Request {
			return bot.Request{User: bot.User{ID: p, Name: p}, Place: bot.Place{Guild: console.Guild, Channel: "game-1"}}
		}
		for _, p := range players {
			// Walk the suggestions as a user would: pick one, and type on from it until whole.
			typed := ""
			for depth := 0; depth < 10 && choice == ""; depth++ {
				sg, err := svc.Suggest(ctx, req(p), typed, 25)
				if err != nil || len(sg) == 0 {
					break
				}
				pick := sg[r.IntN(len(sg))]
				if pick.Note {
					continue // not a move: how many more there are
				}
				if pick.Complete {
					who, choice = p, pick.Value
				}
				typed = pick.Value + " "
			}
			if choice != "" {
				break
			}
		}
		if who == "" {
			t.Fatalf("move %d: nobody can move", moves)
		}
		exec("as " + who)
		before := out.Len()
		exec("move " + choice)
		if strings.Contains(out.String()[before:], "✗") {
			t.Fatalf("a suggested move was refused:\n%s", out.String()[before:])
		}
	}
	if !strings.Contains(out.String(), "Game over") {
		t.Fatalf("no result after %d moves", moves)
	}
	t.Logf("game over after %d moves", moves)
	file := filepath.Join(dir, "game.txt")
	exec("export " + file)
	g, _ := st.GameByThread(ctx, "game-1")
	want := svc.Result(g)

	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"replay", file, "--json"}, &stdout, &stderr); code != 0 {
		t.Fatalf("replay exit %d: %s", code, stderr.String())
	}
	var sum replaySummary
	if err := json.Unmarshal(stdout.Bytes(), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Moves != moves || sum.Result == nil || !equalInts(sum.Result.Ranks, want.Ranks) || !equalInts(sum.Result.Scores, want.Scores) {
		t.Fatalf("replay %+v, stored %+v after %d moves", sum, want, moves)
	}

	// Break the fifth move line: replay must fail and name it.
	text, _ := os.ReadFile(file)
	lines := strings.Split(string(text), "\n")
	n := 0
	bad := 0
	for i, l := range lines {
		if len(l) > 2 && l[0] >= '0' && l[0] <= '9' {
			n++
			if n == 5 {
				lines[i] = l[:3] + "e9 e9"
				bad = i + 1
			}
		}
	}
	broken := filepath.Join(dir, "broken.txt")
	os.WriteFile(broken, []byte(strings.Join(lines, "\n")), 0o644)
	stdout.Reset()
	stderr.Reset()
	if code := run(ctx, []string{"replay", broken}, &stdout, &stderr); code != 1 {
		t.Fatalf("illegal record: exit %d", code)
	}
	if !strings.Contains(stderr.String(), broken+":"+strconv.Itoa(bad)+":") {
		t.Fatalf("the error must name line %d: %q", bad, stderr.String())
	}

	// fsck over the database agrees with the log.
	stdout.Reset()
	if code := run(ctx, []string{"fsck", "--db", c.Database.Path}, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "1 games replayed, 0 problems") {
		t.Fatalf("fsck %d: %s %s", code, stdout.String(), stderr.String())
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
