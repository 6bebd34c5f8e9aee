package bot

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// clockGame starts a bids game whose server gives 2 days per move and reminds after 6 hours.
func (e *env) clockGame(players ...string) string {
	e.t.Helper()
	admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
	// No vacation budget: a clock that runs out makes the player late at once rather than
	// spending a vacation day (TestVacationSpentWhenTheClockRunsOut covers that).
	for k, v := range map[string]string{"clock_days": "2", "reminder_hours": "6", "vacation_days": "0"} {
		if _, err := e.svc.SetSetting(context.Background(), admin, ScopeGuild, k, v); err != nil {
			e.t.Fatal(err)
		}
	}
	return e.game(players...)
}

func (e *env) tick() int {
	e.t.Helper()
	n, err := e.svc.Tick(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	e.deliver()
	return n
}

// With a two-day clock the reminders escalate: after 6 hours, when half the clock is left (a
// day before), 2 hours before, and no more; the schedule survives a restart.
func TestRemindersEscalateAndSurviveRestart(t *testing.T) {
	e := newEnv(t)
	th := e.clockGame("ann", "bob")
	e.mustMove(th, "ann", "bid pass")
	e.deliver()
	e.now = e.now.Add(5 * time.Hour)
	if e.tick() != 0 || len(e.sent) != 0 {
		t.Fatalf("no reminder before 6 hours: %+v", e.sent)
	}
	start := e.now.Add(-5 * time.Hour)
	e.now = e.now.Add(time.Hour)
	if e.tick() != 1 || len(e.sent) != 1 {
		t.Fatalf("one reminder after 6 hours: %+v", e.sent)
	}
	r := e.sent[0]
	if r.Kind != "reminder" || strings.Join(r.Mentions, ",") != "u-bob" || !r.Prompt || len(r.Awaited) != 1 || r.Stale {
		t.Fatalf("the reminder pings bob only, with his button: %+v", r)
	}
	// A new process on the same database picks the schedule up where it was.
	st2, err := sqlite.Open(e.path)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	e.svc = New(st2, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }})
	for _, c := range []struct {
		at       time.Duration
		reminded bool
	}{{24*time.Hour - time.Minute, false}, {24 * time.Hour, true}, {46*time.Hour - time.Minute, false}, {46 * time.Hour, true}, {48*time.Hour - time.Minute, false}} {
		e.now = start.Add(c.at)
		e.tick()
		got := len(e.sent) == 1 && e.sent[0].Kind == "reminder" && strings.Contains(e.sent[0].Text, "time runs out")
		if got != c.reminded || (!c.reminded && len(e.sent) != 0) {
			t.Fatalf("at %v: reminded %v, want %v: %+v", c.at, got, c.reminded, e.sent)
		}
	}
}

func TestClockExpiryOffersSkipReplaceEnd(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.clockGame("ann", "bob", "cat")
	e.mustMove(th, "ann", "bid pass")
	e.now = e.now.Add(48 * time.Hour)
	e.tick()
	var late *Outgoing
	for i := range e.sent {
		if e.sent[i].Kind == "late" {
			late = &e.sent[i]
		}
	}
	if late == nil {
		t.Fatalf("no late notice: %+v", e.sent)
	}
	if strings.Join(late.Actions, ",") != "skip,replace,end" || len(late.Awaited) != 2 {
		t.Fatalf("bob and cat are late, bids have a default: %+v", late)
	}
	if got := strings.Join(late.Mentions, ","); got != "u-ann,u-bob,u-cat" {
		t.Fatalf("everyone is told: %q", got)
	}
	g := e.row(th)
	if !g.Players[1].Late || !g.Players[2].Late || g.Players[0].Late || g.Deadline != nil {
		t.Fatalf("late flags and cleared deadline: %+v", g)
	}
	seq := late.Seq
	_, err := e.svc.Overdue(ctx, e.in(th, user("bob")), seq, ActSkip)
	wantRefusal(t, err, "You are the one running late")
	_, err = e.svc.Overdue(ctx, e.in(th, user("zed")), seq, ActSkip)
	wantRefusal(t, err, "Only the players")
	_, err = e.svc.Overdue(ctx, e.in(th, user("ann")), seq-1, ActSkip)
	wantRefusal(t, err, "moved on")
	if _, err := e.svc.Overdue(ctx, e.in(th, user("ann")), seq, ActSkip); err != nil {
		t.Fatal(err)
	}
	moves, _ := e.store.Moves(ctx, g.ID)
	if len(moves) != 3 || moves[1].UserID != ClockUser || moves[2].UserID != ClockUser || moves[2].Notation != "bid pass" {
		t.Fatalf("both late seats bid their default: %+v", moves)
	}
	if g := e.row(th); g.Players[1].Late || g.Deadline == nil {
		t.Fatalf("a move clears late flags and restarts the clock: %+v", g)
	}
}

func TestClockExpiryWithoutDefaultReplacesOrEnds(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.clockGame("ann", "bob")
	e.mustMove(th, "ann", "bid pass")
	e.mustMove(th, "bob", "bid pass")
	// Now one seat won the round and must draw or gift: no default answer.
	e.deliver()
	e.now = e.now.Add(49 * time.Hour)
	e.tick()
	var late Outgoing
	for _, o := range e.sent {
		if o.Kind == "late" {
			late = o
		}
	}
	if strings.Join(late.Actions, ",") != "replace,end" {
		t.Fatalf("no skip without a default: %+v", late)
	}
	lateName := late.Awaited[0].Name
	other := "ann"
	if lateName == "ann" {
		other = "bob"
	}
	_, err := e.svc.Overdue(ctx, e.in(th, user(other)), late.Seq, ActSkip)
	wantRefusal(t, err, "cannot be skipped")
	rep, err := e.svc.Overdue(ctx, e.in(th, user(other)), late.Seq, ActEnd)
	if err != nil || !strings.Contains(rep.Text, "ran out of time") {
		t.Fatalf("%+v %v", rep, err)
	}
	g := e.row(th)
	res := e.svc.Result(g)
	if g.Status != storage.StatusFinished || res.Ranks[late.Awaited[0].Seat] != 2 {
		t.Fatalf("the late player loses: %+v %+v", g.Status, res)
	}
}

func TestClockExpiryReplaceHandsSeatToRobot(t *testing.T) {
	e := newEnv(t)
	e.noAI() // the random player, as without the AI
	ctx := context.Background()
	th := e.clockGame("ann", "bob")
	e.mustMove(th, "ann", "bid pass")
	e.now = e.now.Add(48 * time.Hour)
	e.tick()
	seq := int64(1)
	rep, err := e.svc.Overdue(ctx, e.in(th, user("ann")), seq, ActReplace)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Text != "ann gave the random player the seat of bob, who ran out of time and will rank last." {
		t.Fatalf("%q", rep.Text)
	}
	g := e.row(th)
	if !g.Players[1].Robot {
		t.Fatal("bob's seat goes to the random player")
	}
	moves, _ := e.store.Moves(ctx, g.ID)
	if len(moves) < 2 || moves[1].UserID != RobotUser {
		t.Fatalf("the random player moved at once: %+v", moves)
	}
}

// A reminder carries the prompt buttons and becomes the game's prompt message, but a status edit
// still changes the turn post it names: the reminder keeps its own text.
func TestStatusEditsTheTurnPostNotAReminder(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.clockGame("ann", "bob", "cat") // all three bid at once
	id := e.row(th).ID
	if _, ok, err := e.svc.SetPrompt(ctx, id, 0, "m-turn", true); err != nil || !ok {
		t.Fatalf("the start post: %v %v", ok, err)
	}
	e.now = e.now.Add(6 * time.Hour)
	if e.tick() != 1 || len(e.sent) != 1 || e.sent[0].Kind != "reminder" {
		t.Fatalf("one reminder: %+v", e.sent)
	}
	prev, ok, err := e.svc.SetPrompt(ctx, id, e.sent[0].Seq, "m-reminder", false)
	if err != nil || !ok || prev != "m-turn" {
		t.Fatalf("the reminder becomes the prompt: %q %v %v", prev, ok, err)
	}
	e.mustMove(th, "ann", "bid pass")
	e.deliver()
	if len(e.sent) != 1 || e.sent[0].Kind != "status" || e.sent[0].Stale {
		t.Fatalf("one status edit: %+v", e.sent)
	}
	if e.sent[0].Live != "m-turn" {
		t.Fatalf("the status edit changes the turn post, not %q", e.sent[0].Live)
	}
}

func TestSetPromptAndStaleNotices(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.game("ann", "bob")
	id := e.row(th).ID
	prev, ok, err := e.svc.SetPrompt(ctx, id, 0, "m-1", true)
	if err != nil || !ok || prev != "" {
		t.Fatalf("%q %v %v", prev, ok, err)
	}
	// The post stays live while the simultaneous phase goes on; once the next post is made, a
	// prompt for the old one is not recorded.
	e.mustMove(th, "ann", "bid pass")
	if prev, ok, _ := e.svc.SetPrompt(ctx, id, 0, "m-1", true); !ok || prev != "" {
		t.Fatalf("the post of a phase still going on stays the prompt: %q %v", prev, ok)
	}
	e.mustMove(th, "bob", "bid pass")
	if _, ok, _ := e.svc.SetPrompt(ctx, id, 0, "m-x", true); ok {
		t.Fatal("a prompt for an old position is not recorded")
	}
	prev, ok, _ = e.svc.SetPrompt(ctx, id, 2, "m-2", true)
	if !ok || prev != "m-1" {
		t.Fatalf("the previous prompt is returned to lose its buttons: %q", prev)
	}
	e.deliver()
	// A turn post delivered after a later post is stale (no buttons, no pings), and the status
	// edits of the older post are not made.
	e.mustMove(th, "ann", "draw") // ann won the tied round: the post of the next bids
	r := &recorder{e: e, fail: 1}
	e.sent = nil
	e.svc.Deliver(ctx, r, 10) // that post fails
	e.mustMove(th, "ann", "bid pass")
	e.mustMove(th, "bob", "bid pass")
	e.now = e.now.Add(time.Hour)
	// One message at a time: delivered together, the failed post would be folded into the next.
	e.sent = nil
	for {
		n, err := e.svc.Deliver(ctx, &recorder{e: e}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	var stale, fresh, edits int
	for _, o := range e.sent {
		switch {
		case o.Kind == "turn" && o.Stale:
			stale++
		case o.Kind == "turn":
			fresh++
		case o.Kind == "status" && !o.Stale:
			edits++
		}
		if o.ID == 0 {
			t.Fatal("outgoing messages carry their outbox id")
		}
	}
	if stale != 1 || fresh != 1 || edits != 0 {
		t.Fatalf("stale %d fresh %d live edits %d: %+v", stale, fresh, edits, e.sent)
	}
}

func TestLeaderboardElo(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	// ann beats bob twice by resignation; cat never plays on this server.
	for i := 0; i < 2; i++ {
		th := e.game("ann", "bob")
		if _, err := e.svc.Resign(ctx, e.in(th, user("bob"))); err != nil {
			t.Fatal(err)
		}
		e.now = e.now.Add(time.Minute)
	}
	th := e.game("ann", "bob") // still running: does not count
	_ = th
	lb, err := e.svc.Leaderboard(ctx, "g1", "bids")
	if err != nil || len(lb) != 2 {
		t.Fatalf("%+v %v", lb, err)
	}
	if lb[0].User != "u-ann" || lb[0].Wins != 2 || lb[0].Games != 2 || lb[1].Wins != 0 || lb[1].Games != 2 {
		t.Fatalf("%+v", lb)
	}
	// Elo by hand: first game 1500 vs 1500 moves 16 points; the second 1516 vs 1484 moves
	// 32*(1-1/(1+10^(-32/400))) = 14.53.
	if lb[0].Rating != 1531 || lb[1].Rating != 1469 {
		t.Fatalf("ratings %d %d", lb[0].Rating, lb[1].Rating)
	}
	other, _ := e.svc.Leaderboard(ctx, "g2", "bids")
	if len(other) != 0 {
		t.Fatal("leaderboards are per server")
	}
}

func TestStash(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	long := strings.Repeat("token ", 40)
	k, err := e.svc.Stash(ctx, long)
	if err != nil || len(k) > 20 {
		t.Fatalf("%q %v", k, err)
	}
	v, ok, err := e.svc.Unstash(ctx, k)
	if err != nil || !ok || v != long {
		t.Fatalf("%q %v %v", v, ok, err)
	}
	if _, ok, _ := e.svc.Unstash(ctx, "nope"); ok {
		t.Fatal("unknown key")
	}
}

// Without a clock, a player awaited in several games gets one routine reminder a day across all
// of them; the day after, one again.
func TestRoutineRemindersOncePerDayAcrossGames(t *testing.T) {
	e := newEnv(t) // reminders after 24 hours, no clock
	th1 := e.game("ann", "bob")
	th2 := e.game("cat", "bob")
	e.mustMove(th1, "ann", "bid pass")
	e.mustMove(th2, "cat", "bid pass")
	e.deliver()
	for day := 1; day <= 2; day++ {
		e.now = e.now.Add(24 * time.Hour)
		e.tick()
		pings := 0
		for _, o := range e.sent {
			if o.Kind == "reminder" && slices.Contains(o.Mentions, "u-bob") {
				pings++
			}
		}
		if pings != 1 {
			t.Fatalf("day %d: bob reminded %d times: %+v", day, pings, e.sent)
		}
	}
}

// A game's own clock (lobby option clock_days) goes over the server's.
func TestGameClockOverServerClock(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
	if _, err := e.svc.SetSetting(ctx, admin, ScopeGuild, "clock_days", "2"); err != nil {
		t.Fatal(err)
	}
	days := func(n int) *int { return &n }
	for _, c := range []struct {
		days  *int
		hours int
		ok    bool
	}{{nil, 48, true}, {days(5), 120, true}, {days(0), 0, true}, {days(31), 0, false}, {days(-1), 0, false}} {
		rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "bids", Seats: 2, ClockDays: c.days})
		if !c.ok {
			var r *Refusal
			if !errors.As(err, &r) || !strings.Contains(r.Msg, "0 to 30 days") {
				t.Errorf("%v days: %v", c.days, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		g, err := e.store.Game(ctx, rep.Game)
		if err != nil || g.ClockHours != c.hours {
			t.Errorf("%v days: clock %d hours, want %d (%v)", c.days, g.ClockHours, c.hours, err)
		}
	}
}
