package discord

import (
	"context"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot"
	autumnashrender "github.com/boardbot/boardbot/render/autumnash"
	"github.com/boardbot/boardbot/rules/autumnash"
)

// /undo against the AI, after its reply: ann's move and the reply go back at once, ann reads it
// privately in words, and the thread gets one post with the board, pinging nobody but ann.
func TestUndoAgainstTheAI(t *testing.T) {
	e := newKitEnv(t, []bot.Kit{{Game: autumnash.Game, PNG: autumnashrender.PNG}}, 3, func(o *bot.Options) { o.AIIterations = 4 })
	e.connect()
	ctx := context.Background()
	rs := e.do(e.slash("ann", "c-games", "create", sub("autumn-ash", opt("bots", float64(1)), opt("level", "easy"))))
	thread := find(rs, "POST", "/channels/c-games/messages")[1].ID
	g, err := e.store.GameByThread(ctx, thread)
	if err != nil {
		t.Fatal(err)
	}
	aiName := g.Players[1].Name
	e.deliver()
	e.playBySlash("ann", thread)
	if _, err := e.svc.PlayAI(ctx); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	if e.moves(thread) < 2 {
		t.Fatal("the AI did not reply")
	}
	i := e.slash("ann", thread, "undo")
	rs = e.do(i)
	a := data(callback(t, rs, i))
	if c := content(a); !ephemeral(a) || !strings.HasPrefix(c, "Took back your last move (") || !strings.HasSuffix(c, ") and "+aiName+"'s reply.") {
		t.Fatalf("/undo against the AI: %q", c)
	}
	if e.moves(thread) != 0 {
		t.Fatalf("%d moves left", e.moves(thread))
	}
	rs = append(rs, e.deliver()...)
	posts := find(rs, "POST", "/channels/"+thread+"/messages")
	if len(posts) != 1 || !strings.Contains(content(posts[0].JSON), "\nann took back their last move (") ||
		!strings.Contains(content(posts[0].JSON), ") and "+aiName+"'s reply.\n") || len(posts[0].Files) != 1 {
		for _, p := range posts {
			t.Logf("post: %q", content(p.JSON))
		}
		t.Fatalf("one post in the thread, with the board: %d posts", len(posts))
	}
	for _, u := range allowedUsers(posts[0].JSON) {
		if u != "u-ann" {
			t.Fatalf("pinged %q", u)
		}
	}
}
