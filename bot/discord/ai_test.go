package discord

import (
	"context"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot"
	autumnashrender "github.com/boardbot/boardbot/render/autumnash"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/storage"
)

// A whole two-player game of Autumn Ash against the AI through the fake Discord: /create with
// bots=1 starts at once, ann plays by /move, the AI answers through the worker (here run by the
// test after each of ann's moves), captions name it by its name, it is never pinged, and the game
// ends with the result posted.
func TestWholeGameAgainstAI(t *testing.T) {
	e := newKitEnv(t, []bot.Kit{{Game: autumnash.Game, PNG: autumnashrender.PNG}}, 3, func(o *bot.Options) { o.AIIterations = 12 })
	e.connect()
	ctx := context.Background()
	i := e.slash("ann", "c-games", "create", sub("autumn-ash", opt("bots", float64(1)), opt("level", "easy")))
	rs := e.do(i)
	threads := find(rs, "POST", "/channels/c-games/messages")
	if len(threads) != 2 {
		t.Fatalf("lobby post and thread: %+v", rs)
	}
	thread := threads[1].ID
	g, err := e.store.GameByThread(ctx, thread)
	if err != nil {
		t.Fatal(err)
	}
	aiName := g.Players[1].Name
	if !strings.Contains(content(threads[0].JSON), aiName+" · AI, easy") {
		t.Fatalf("the lobby shows the AI seat by name and level: %q", content(threads[0].JSON))
	}
	aiMoves, captions := 0, 0
	check := func(rs []recorded) {
		for _, p := range find(rs, "POST", "/channels/"+thread+"/messages") {
			for _, u := range allowedUsers(p.JSON) {
				if u != "u-ann" {
					t.Fatalf("only ann may be pinged, got %q in %q", u, content(p.JSON))
				}
			}
			if strings.Contains(content(p.JSON), aiName) { // posts name the AI's seat by its name
				captions++
			}
			if strings.Contains(content(p.JSON), "AI (") || strings.Contains(content(p.JSON), "(Xeno)") {
				t.Fatalf("a post names the AI by its level or side: %q", content(p.JSON))
			}
		}
	}
	check(e.deliver())
	for turn := 0; turn < 300; turn++ {
		g, err := e.store.GameByThread(ctx, thread)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status == storage.StatusFinished {
			break
		}
		e.playBySlash("ann", thread)
		check(e.deliver())
		n, err := e.svc.PlayAI(ctx)
		if err != nil {
			t.Fatal(err)
		}
		aiMoves += n
		check(e.deliver())
	}
	g, err = e.store.GameByThread(ctx, thread)
	if err != nil || g.Status != storage.StatusFinished {
		t.Fatalf("the game against the AI did not finish: %v %v", g.Status, err)
	}
	if aiMoves == 0 || captions == 0 {
		t.Fatalf("the AI moved %d times, %d thread posts name it", aiMoves, captions)
	}
	t.Logf("finished: %s; the AI moved %d times", e.svc.Result(g).English(), aiMoves)
}
