package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
)

// Whole games against the AI in each of the five games: ann plays random moves, the AI worker
// answers; a human turn (ann awaited anew) gets one thread post, not two, and the thread
// never speaks to the AI. The figures (posts and pings per human turn) are logged.
func TestPostsPerHumanTurnAgainstAI(t *testing.T) {
	for _, c := range []struct {
		kind  string
		seats int
		long  bool // only with BOARDBOT_LONG=1: Ascalion is measured at 3 seats in the default suite
	}{{"autumn-ash", 2, false}, {"ascidiae", 2, false}, {"ascalion", 2, true}, {"reef-encounter", 2, false}, {"ausonia", 2, false}, {"ascalion", 3, false}} {
		t.Run(fmt.Sprintf("%s/%d", c.kind, c.seats), func(t *testing.T) {
			if c.long {
				rulestest.NeedLong(t)
			}
			e := newEnv(t)
			var kits []Kit
			for _, k := range replayKits {
				kits = append(kits, Kit{Game: k.Game}) // no drawing: the posts are what is measured
			}
			e.svc = New(e.store, kits, Options{Now: func() time.Time { return e.now }, AIIterations: 4})
			ctx := context.Background()
			rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: c.kind, Seats: c.seats, Seed: 9, Bots: c.seats - 1, Level: "easy"})
			if err != nil {
				t.Fatal(err)
			}
			th := "t-m"
			if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
				t.Fatal(err)
			}
			e.deliver()
			r := rand.New(rand.NewPCG(1, 2))
			turns, posts, pings := 0, 0, 0
			wasAwaited := false
			count := func() {
				for _, o := range e.sent {
					if o.Kind == "turn" {
						posts++
						pings += len(o.Mentions)
					}
					for _, p := range e.row(th).Players[1:] {
						if strings.Contains(o.Text, "\n"+p.Name+": ") {
							t.Fatalf("a post speaks to the AI: %q", o.Text)
						}
					}
				}
			}
			for i := 0; i < 200; i++ {
				e.svc.PlayAI(ctx)
				e.deliver() // the thread hears at once, as the outbox worker delivers beside the AI
				count()
				tb, err := e.svc.load(ctx, rep.Game)
				if err != nil {
					t.Fatal(err)
				}
				if tb.row.Status != storage.StatusRunning {
					tb.mu.Unlock()
					break
				}
				awaited := slices.ContainsFunc(tb.state.Awaiting(), func(p rules.Prompt) bool { return p.Seat == 0 })
				if !awaited {
					tb.mu.Unlock()
					wasAwaited = false
					continue
				}
				// A new human turn: someone else moved since ann's last move.
				if ms := e.moves(th); !wasAwaited || (len(ms) > 0 && ms[len(ms)-1].Seat != 0) {
					turns++
				}
				wasAwaited = true
				m, err := rules.RandomMove(tb.state, 0, r)
				tb.mu.Unlock()
				if err != nil {
					t.Fatal(err)
				}
				if _, err := e.svc.MoveTokens(ctx, e.in(th, user("ann")), m); err != nil {
					t.Fatal(err)
				}
				e.deliver()
				count()
			}
			t.Logf("%s at %d seats: %d thread posts, %d pings for %d human turns (%.2f posts per turn)", c.kind, c.seats, posts, pings, turns, float64(posts)/float64(max(turns, 1)))
			// Before the thread held its posts for the AI: about 2 posts per turn. A few turns take
			// two (a vote or trade answer that others decide within the human's turn).
			if float64(posts) > 1.1*float64(turns)+2 {
				t.Fatalf("%d posts for %d human turns", posts, turns)
			}
		})
	}
}
