package bot

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/storage"
)

// exported is the game of th as /export gives it, parsed back, with the state after its moves.
func (e *env) exported(th, who string, g rules.Game) (*record.Record, rules.State, string) {
	e.t.Helper()
	text, err := e.svc.ExportAny(context.Background(), e.in(th, user(who)))
	if err != nil {
		e.t.Fatal(err)
	}
	rec, err := record.Parse(strings.NewReader(text))
	if err != nil {
		e.t.Fatalf("%v\n%s", err, text)
	}
	st, err := record.Replay(g, rec, nil)
	if err != nil {
		e.t.Fatalf("%v\n%s", err, text)
	}
	return rec, st, text
}

// threadResult is the result and its sentence as the thread states them.
func (e *env) threadResult(th string) (*rules.Result, string) {
	e.t.Helper()
	tb, err := e.svc.load(context.Background(), e.row(th).ID)
	if err != nil {
		e.t.Fatal(err)
	}
	defer tb.mu.Unlock()
	res := e.svc.gameResult(tb.row, tb.state)
	if res == nil {
		return nil, ""
	}
	return res, resultTextIn(LangEnglish, tb.row, tb.state, res)
}

// A game the platform ended or re-ranked replays from its export to the thread's result, ranks
// and sentence: resignations in two and in four seats, a timeout, an abort.
func TestExportReplaysTheThreadsResult(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name    string
		players []string
		play    func(t *testing.T, e *env, th string)
		lines   []string // in the export
		ranks   []int
	}{
		{"two seats, resign", []string{"ann", "bob"}, func(t *testing.T, e *env, th string) {
			e.mustMove(th, "ann", "bid pass")
			if _, err := e.svc.Resign(ctx, e.in(th, user("ann"))); err != nil {
				t.Fatal(err)
			}
		}, []string{"0: bid pass\nend: resigned 0\n"}, []int{2, 1}},
		{"four seats, resign then the rules end it", []string{"ann", "bob", "cat", "dan"}, func(t *testing.T, e *env, th string) {
			e.mustMove(th, "ann", "bid pass")
			if _, err := e.svc.Resign(ctx, e.in(th, user("ann"))); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 300 && e.row(th).Status == storage.StatusRunning; i++ {
				e.playSomething(th, []string{"bob", "cat", "dan"})
			}
		}, []string{"0: bid pass\ntakeover 0: resigned\n"}, nil},
		{"three seats, resign, then a timeout ends it", []string{"ann", "bob", "cat"}, func(t *testing.T, e *env, th string) {
			if _, err := e.svc.Resign(ctx, e.in(th, user("cat"))); err != nil {
				t.Fatal(err)
			}
			e.mustMove(th, "ann", "bid pass")
			e.now = e.now.Add(49 * time.Hour)
			e.tick()
			if _, err := e.svc.Overdue(ctx, e.in(th, user("ann")), int64(len(e.moves(th))), ActEnd); err != nil {
				t.Fatal(err)
			}
		}, []string{"\ntakeover 2: resigned\n", "end: timeout 1\n"}, []int{1, 2, 2}},
		{"three seats, a late seat replaced, then the rules end it", []string{"ann", "bob", "cat"}, func(t *testing.T, e *env, th string) {
			e.mustMove(th, "ann", "bid pass")
			e.mustMove(th, "cat", "bid pass")
			e.now = e.now.Add(49 * time.Hour)
			e.tick()
			if _, err := e.svc.Overdue(ctx, e.in(th, user("ann")), int64(len(e.moves(th))), ActReplace); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 300 && e.row(th).Status == storage.StatusRunning; i++ {
				e.playSomething(th, []string{"ann", "cat"})
			}
		}, []string{"\n2: bid pass\ntakeover 1: timeout\n1: bid pass\n"}, nil},
		{"two seats, aborted", []string{"ann", "bob"}, func(t *testing.T, e *env, th string) {
			e.mustMove(th, "ann", "bid pass")
			if _, err := e.svc.Abort(ctx, e.in(th, user("ann"))); err != nil {
				t.Fatal(err)
			}
		}, []string{"0: bid pass\nend: aborted\n"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.noAI()
			th := e.clockGame(c.players...)
			c.play(t, e, th)
			if e.row(th).Status == storage.StatusRunning {
				t.Fatal("the game did not end")
			}
			rec, st, text := e.exported(th, c.players[0], e.svc.kits["bids"].Game)
			for _, l := range c.lines {
				if !strings.Contains(text, l) {
					t.Errorf("the export lacks %q:\n%s", l, text)
				}
			}
			want, sentence := e.threadResult(th)
			got, aborted := RecordResult(rec, st)
			if aborted != (e.row(th).Status == storage.StatusAborted) {
				t.Fatalf("aborted %v, status %s", aborted, e.row(th).Status)
			}
			if want == nil {
				if got != nil || RecordOutcome(LangEnglish, rec, st) != "Game aborted: no result." {
					t.Fatalf("an aborted game replays to %+v, %q", got, RecordOutcome(LangEnglish, rec, st))
				}
				return
			}
			if got == nil || !slices.Equal(got.Ranks, want.Ranks) {
				t.Fatalf("replayed ranks %+v, the thread's %v", got, want.Ranks)
			}
			if c.ranks != nil && !slices.Equal(want.Ranks, c.ranks) {
				t.Fatalf("the thread's ranks %v, want %v", want.Ranks, c.ranks)
			}
			if out := RecordOutcome(LangEnglish, rec, st); out != sentence {
				t.Fatalf("replay says %q, the thread %q", out, sentence)
			}
			if left := rec.TakenOver(); len(left) == 1 && rec.End == nil && slices.Max(want.Ranks) != want.Ranks[left[0]] {
				t.Fatalf("the seat taken over ranks last: %v", want.Ranks)
			}
		})
	}
}

// The recap and the GIF of a resigned game's export state the thread's result: ranks, "final
// result", and a closing frame with the thread's sentence.
func TestResignedRecordRecapAndGIF(t *testing.T) {
	ctx := context.Background()
	e := realEnv(t)
	th := e.realGame("autumn-ash", "ann", "bob")
	e.untilOneAwaited(th)
	loser := awaitedPlayer(t, e, th)
	if _, err := e.svc.Resign(ctx, e.in(th, user(loser))); err != nil {
		t.Fatal(err)
	}
	kit := replayKits["autumn-ash"]
	rec, _, _ := e.exported(th, "ann", kit.Game)
	want, sentence := e.threadResult(th)
	rc, err := recapWith(LangEnglish, kit, rec, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !rc.Finished || rc.Players[0].Rank != want.Ranks[0] || rc.Players[1].Rank != want.Ranks[1] {
		t.Fatalf("recap %+v, the thread's ranks %v", rc, want.Ranks)
	}
	if !strings.Contains(rc.Reason, loser+" ") || !strings.Contains(rc.Reason, "resigned") {
		t.Fatalf("recap reason %q", rc.Reason)
	}
	frames, err := turnFrames(kit, rec)
	if err != nil {
		t.Fatal(err)
	}
	if last := frames[len(frames)-1]; last.caption != sentence || last.moves != len(rec.Moves) {
		t.Fatalf("the closing frame %+v, want %q", last, sentence)
	}
	if _, err := ReplayGIF(kit, rec); err != nil {
		t.Fatal(err)
	}
	// An aborted record's recap says so, not "so far".
	rec.End = &record.End{How: record.Aborted}
	rc, err = recapWith(LangEnglish, kit, rec, nil, nil)
	if err != nil || rc.Finished || !rc.Aborted {
		t.Fatalf("aborted recap %+v %v", rc, err)
	}
}

// A takeover the flow did not keep (a game from before it did) is put before the bot's first
// move for the seat, its cause unknown.
func TestPlatformLinesWithoutTheFlow(t *testing.T) {
	row := &storage.Game{Status: storage.StatusRunning, Players: []storage.Player{
		{Seat: 0, UserID: "u-ann"}, {Seat: 1, UserID: "u-bob", Robot: true}, {Seat: 2, UserID: "ai:normal:1", Robot: true}}}
	moves := []storage.Move{{Seat: 0, UserID: "u-ann"}, {Seat: 1, UserID: "u-bob"}, {Seat: 2, UserID: AIUser}, {Seat: 0, UserID: "u-ann"}, {Seat: 1, UserID: AIUser}}
	rec := &record.Record{Moves: make([]record.Entry, len(moves))}
	platformLines(rec, row, moves)
	if want := []record.Takeover{{Seat: 1, After: 4, Why: record.Left}}; !slices.Equal(rec.Takeovers, want) || rec.End != nil {
		t.Fatalf("%+v %+v", rec.Takeovers, rec.End)
	}
	noteTakeover(row, []int{1}, 2, record.Resigned)
	rec.Takeovers = nil
	platformLines(rec, row, moves)
	if want := []record.Takeover{{Seat: 1, After: 2, Why: record.Resigned}}; !slices.Equal(rec.Takeovers, want) {
		t.Fatalf("%+v", rec.Takeovers)
	}
}
