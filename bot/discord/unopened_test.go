package discord

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules/autumnash"
)

// #34 Telling the truth: a /create whose lobby Discord refused (here a revoked token, 401) is
// closed as Discord's doing, not as an abort by its creator: no audit line in their name, and
// once the token works again nothing of the game is posted (neither "begins", with its board,
// nor "was aborted by").
func TestUnopenedGameSaysNothingInAPlayersName(t *testing.T) {
	for _, step := range []string{"/channels/c-games/messages", "/channels/c-games/messages/"} {
		t.Run(step, func(t *testing.T) {
			e := newKitEnv(t, []bot.Kit{{Game: autumnash.Game, PNG: fakePNG}}, 3, func(o *bot.Options) { o.AIIterations = 12 })
			e.connect()
			// The first prefix refuses the lobby post, the second (…/messages/{id}/threads) its thread.
			e.fake.Fail("POST", step, http.StatusUnauthorized, 10, false)
			said := ""
			for _, r := range e.do(e.slash("ann", "c-games", "create", sub("autumn-ash", opt("bots", float64(1)), opt("level", "easy")))) {
				said += content(r.JSON) + content(data(r))
			}
			if !strings.Contains(said, "Nothing was created") {
				t.Fatalf("ann is told nothing was created: %q", said)
			}
			e.fake.ClearFailures()
			e.advance(time.Hour)
			rs := append(e.deliver(), e.deliver()...)
			for _, r := range rs {
				if r.Method == "POST" && strings.HasSuffix(r.Path, "/messages") {
					t.Fatalf("nothing of the unopened game is posted: %s %q", r.Path, content(r.JSON))
				}
			}
			if q, _ := e.store.Pending(context.Background(), e.clock().Add(time.Hour), 0); len(q) != 0 {
				t.Fatalf("nothing waits: %+v", q)
			}
			if logs := e.logs.String(); strings.Contains(logs, "audit: game aborted") || !strings.Contains(logs, "nobody aborted it") {
				t.Fatalf("the log says Discord refused it, not that ann aborted it:\n%s", logs)
			}
		})
	}
}
