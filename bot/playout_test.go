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
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
)

// Play-testers who resigned from a table of AIs got the rest of the game as one 200-line post.
// When the last person resigns and only the AI is left, the AI plays the game out (the rules
// give no ranking before the end) and the thread hears of it twice: the resignation, then one
// short post with what happened, the result and scores, and the final board. Every move stays in
// /history, and the exported record replays to the thread's result and ranks.
func TestResignToTheAIPlaysOutInOnePost(t *testing.T) {
	kinds := []string{"reef-encounter", "ascidiae"}
	if rulestest.Long() {
		kinds = append(kinds, "ausonia") // a minute of the AI's play
	}
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			e := newEnv(t)
			var kits []Kit
			for _, k := range replayKits {
				kits = append(kits, Kit{Game: k.Game, PNG: fakePNG})
			}
			e.svc = New(e.store, kits, Options{Now: func() time.Time { return e.now }, AIIterations: 4})
			rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: kind, Seats: 3, Seed: 7, Bots: 2, Level: "easy"})
			if err != nil {
				t.Fatal(err)
			}
			th := "t-" + kind
			if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(7, 1))
			for played := 0; played < 3; {
				if _, err := e.svc.PlayAI(ctx); err != nil {
					t.Fatal(err)
				}
				tb, err := e.svc.load(ctx, rep.Game)
				if err != nil {
					t.Fatal(err)
				}
				if !rules.IsAwaited(tb.state, 0) {
					tb.mu.Unlock()
					t.Fatal("ann is not asked after the AI's moves")
				}
				m, err := rules.RandomMove(tb.state, 0, r)
				tb.mu.Unlock()
				if err != nil {
					t.Fatal(err)
				}
				if _, err := e.svc.MoveTokens(ctx, e.in(th, user("ann")), m); err != nil {
					t.Fatal(err)
				}
				played++
			}
			if _, err := e.svc.PlayAI(ctx); err != nil {
				t.Fatal(err)
			}
			e.deliver()
			e.sent = nil
			if _, err := e.svc.AskResign(ctx, e.in(th, user("ann"))); err != nil {
				t.Fatal(err)
			}
			res, err := e.svc.Resign(ctx, e.in(th, user("ann")))
			if err != nil {
				t.Fatal(err)
			}
			if want := T(LangEnglish, "resign_done_playout", "Game", fmt.Sprintf("%s #%d", replayKits[kind].Game.Info().Name, rep.Game), "StandIn", "the AI"); res.Text != want {
				t.Errorf("ann reads %q, want %q", res.Text, want)
			}
			for i := 0; i < 100 && e.row(th).Status == storage.StatusRunning; i++ {
				if _, err := e.svc.PlayAI(ctx); err != nil {
					t.Fatal(err)
				}
			}
			row := e.row(th)
			if row.Status != storage.StatusFinished {
				t.Fatalf("the AI did not play the game out: %s", row.Status)
			}
			e.deliver()
			if len(e.sent) != 2 || !strings.HasPrefix(e.sent[0].Text, "ann resigned and will rank last; only the AI is left") {
				t.Fatalf("the thread after the resignation: %d messages %+v", len(e.sent), e.sent)
			}
			end := e.sent[1]
			stored := e.svc.Result(row)
			tb, err := e.svc.load(ctx, row.ID)
			if err != nil {
				t.Fatal(err)
			}
			result := resultText(tb.row, tb.state, stored)
			tb.mu.Unlock()
			lines := strings.Split(end.Text, "\n")
			if len(lines) > 4 || lines[0] != "Only the AI was left at the table and has played the game out; /history tells every move." ||
				!strings.Contains(end.Text, result) || end.Image == nil {
				t.Errorf("the end post (%d lines, board %v):\n%s\nwant the lead, %q and the board", len(lines), end.Image != nil, end.Text, result)
			}
			text, err := e.svc.Export(ctx, e.in(th, user("ann")))
			if err != nil {
				t.Fatal(err)
			}
			rec, err := record.Parse(strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			st, err := record.Replay(replayKits[kind].Game, rec, nil)
			if err != nil {
				t.Fatal(err)
			}
			replayed, _ := RecordResult(rec, st)
			if replayed == nil || !slices.Equal(replayed.Ranks, stored.Ranks) || !slices.Equal(replayed.Scores, stored.Scores) || replayed.Ranks[0] != 3 {
				t.Errorf("the record replays to %+v, the thread said %+v (ann ranks last)", replayed, stored)
			}
			moves, err := e.store.Moves(ctx, row.ID)
			if err != nil {
				t.Fatal(err)
			}
			h, err := e.svc.History(ctx, e.in(th, user("ann")), 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(moves) != len(rec.Moves) || strings.Count(h.Text, "\n") < 20 {
				t.Errorf("%d moves stored, %d in the record; history:\n%s", len(moves), len(rec.Moves), h.Text)
			}
		})
	}
}
