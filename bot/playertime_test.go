package bot

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlite"
)

func mustLoc(t *testing.T, name string) *time.Location {
	t.Helper()
	l, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestQuietHours(t *testing.T) {
	berlin := mustLoc(t, "Europe/Berlin")
	q, err := parseQuiet("23:00-08:00, 13:00-14:00")
	if err != nil {
		t.Fatal(err)
	}
	p := PlayerTime{Loc: berlin, Quiet: q}
	at := func(s string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", s, berlin)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		at    string
		quiet bool
		ends  string
	}{
		{"2026-12-07 22:59", false, "2026-12-07 22:59"},
		{"2026-12-07 23:00", true, "2026-12-08 08:00"},
		{"2026-12-08 03:30", true, "2026-12-08 08:00"},
		{"2026-12-08 08:00", false, "2026-12-08 08:00"},
		{"2026-12-08 13:59", true, "2026-12-08 14:00"},
		// The night the clocks go forward (2:00 becomes 3:00) is an hour shorter, not longer.
		{"2026-03-29 01:00", true, "2026-03-29 08:00"},
	} {
		if got := p.QuietAt(at(c.at)); got != c.quiet {
			t.Errorf("QuietAt(%s) = %v, want %v", c.at, got, c.quiet)
		}
		if got := p.QuietEnds(at(c.at)); !got.Equal(at(c.ends)) {
			t.Errorf("QuietEnds(%s) = %s, want %s", c.at, got.In(berlin), c.ends)
		}
	}
	// A whole day has 24 - 9 - 1 = 14 awake hours; a day across the spring change too (the
	// lost hour is a quiet one).
	if got := p.Awake(at("2026-12-07 12:00"), at("2026-12-08 12:00")); got != 14*time.Hour {
		t.Errorf("Awake over a day = %s, want 14h", got)
	}
	if got := p.Awake(at("2026-03-28 12:00"), at("2026-03-29 12:00")); got != 14*time.Hour {
		t.Errorf("Awake over the spring change = %s, want 14h", got)
	}
	// A 48-hour clock started at 22:00 runs 1 hour, stops for the night, and runs out after
	// 3 more awake days' worth.
	from := at("2026-12-07 22:00")
	end := p.AwakeAfter(from, 48*time.Hour)
	if got := p.Awake(from, end); got != 48*time.Hour {
		t.Errorf("Awake up to AwakeAfter = %s, want 48h", got)
	}
	if p.QuietAt(end.Add(-time.Second)) {
		t.Errorf("the clock ran out at %s, in quiet hours", end.In(berlin))
	}
	if want := at("2026-12-11 07:00").Add(25 * time.Hour); !end.Before(want) {
		t.Errorf("AwakeAfter = %s, later than %s", end.In(berlin), want)
	}
	// Without quiet hours every hour counts.
	if got := (PlayerTime{}).Awake(from, from.Add(5*time.Hour)); got != 5*time.Hour {
		t.Errorf("Awake without quiet hours = %s", got)
	}
}

func TestSettingValuesOfTime(t *testing.T) {
	for _, c := range []struct {
		check     func(string) (string, error)
		in, want  string
		wantErrID string
	}{
		{zoneValue, "Europe/Berlin", "Europe/Berlin", ""},
		{zoneValue, "europe/berlin", "Europe/Berlin", ""},
		{zoneValue, "Europa/Berlin", "", "value_timezone_try"},
		{zoneValue, "Berlin", "", "value_timezone_try"},
		{zoneValue, "Moon/Base", "", "value_timezone"},
		{zoneValue, "off", "", ""},
		{quietValue, "23:00-08:00", "23:00-08:00", ""},
		{quietValue, " 23-7 , 13:00-14:00", "23:00-07:00,13:00-14:00", ""},
		{quietValue, "off", "off", ""},
		{quietValue, "23:00", "", "value_quiet"},
		{quietValue, "25:00-08:00", "", "value_quiet"},
		{quietValue, "08:00-08:00", "", "value_quiet"},
		{quietValue, "00:00-22:00", "", "value_quiet_awake"},
		{hearValue, "DM", "dm", ""},
		{hearValue, "on", "dm", ""},
		{hearValue, "off", "thread", ""},
		{hearValue, "loud", "", "value_hear"},
		{hourValue, "18:00", "18", ""},
		{hourValue, "7", "7", ""},
		{hourValue, "7:30", "", "value_hour"},
	} {
		got, err := c.check(c.in)
		var ve valueErr
		switch {
		case c.wantErrID == "" && (err != nil || got != c.want):
			t.Errorf("%q: got %q, %v; want %q", c.in, got, err, c.want)
		case c.wantErrID != "" && (!errors.As(err, &ve) || ve.id != c.wantErrID):
			t.Errorf("%q: got %q, %v; want error %s", c.in, got, err, c.wantErrID)
		}
	}
	if got := T(LangEnglish, "value_timezone_try", "Given", "Europa/Berlin", "Zone", nearestZone("Europa/Berlin")); got != `"Europa/Berlin" is not a time zone: try Europe/Berlin.` {
		t.Errorf("suggestion: %s", got)
	}
	if got := ZoneSuggestions("new_y", 5); len(got) != 1 || got[0] != "America/New_York" {
		t.Errorf("ZoneSuggestions(new_y) = %v", got)
	}
	for _, z := range zoneNames {
		if _, err := time.LoadLocation(z); err != nil {
			t.Errorf("zone %s: %v", z, err)
		}
	}
}

// A player in their quiet hours is not pinged: the turn post goes out without them, their ping
// follows once when the hours end (after a restart too), and their clock counts awake time only.
func TestQuietHoursHoldPingsAndStopClock(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	bob := Request{User: user("bob"), Place: lobby}
	for k, v := range map[string]string{"timezone": "America/New_York", "quiet": "22:00-08:00"} {
		if _, err := e.svc.SetSetting(ctx, bob, ScopeUser, k, v); err != nil {
			t.Fatal(err)
		}
	}
	start := e.now // 12:00 UTC is 07:00 in New York: bob sleeps until 13:00 UTC
	th := e.clockGame("ann", "bob")
	var post *Outgoing
	for i := range e.sent {
		if e.sent[i].Kind == "turn" {
			post = &e.sent[i]
		}
	}
	if post == nil || strings.Join(post.Mentions, ",") != "u-ann" || post.Silent {
		t.Fatalf("the first post pings ann, not bob: %+v", post)
	}
	pt := e.svc.playerTime(ctx, "g1", "u-bob")
	g := e.row(th)
	if want := pt.AwakeAfter(start, 48*time.Hour); g.Deadline == nil || !g.Deadline.Equal(want) || !want.After(start.Add(60*time.Hour)) {
		t.Fatalf("the deadline counts bob's awake time: %v, want %v", g.Deadline, want)
	}
	e.mustMove(th, "ann", "bid pass")
	e.deliver()
	// A new process on the same database: the held ping is in the store.
	st2, err := sqlite.Open(e.path)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	e.svc = New(st2, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }})
	e.now = start.Add(59 * time.Minute)
	if e.tick(); len(e.sent) != 0 {
		t.Fatalf("nothing while bob sleeps: %+v", e.sent)
	}
	e.now = start.Add(time.Hour)
	e.tick()
	if len(e.sent) != 1 || strings.Join(e.sent[0].Mentions, ",") != "u-bob" || !strings.Contains(e.sent[0].Text, "quiet hours are over") || e.sent[0].Silent {
		t.Fatalf("bob is pinged once his quiet hours end: %+v", e.sent)
	}
	e.now = start.Add(2 * time.Hour)
	if e.tick(); len(e.sent) != 0 {
		t.Fatalf("the held ping goes out once: %+v", e.sent)
	}
	// The 6-hour reminder: ann's move made bob the one awaited, whose 6 awake hours end at 19:00
	// UTC (14:00 in New York), when he is awake.
	e.now = start.Add(6*time.Hour + time.Hour)
	if e.tick(); len(e.sent) != 1 || e.sent[0].Kind != "reminder" || strings.Join(e.sent[0].Mentions, ",") != "u-bob" {
		t.Fatalf("bob's reminder: %+v", e.sent)
	}
	// It tells when his time runs out, as a Discord timestamp; so does /games.
	d := e.row(th).Deadline
	if want := "time runs out " + Stamp(*d, "R"); !strings.Contains(e.sent[0].Text, want) {
		t.Errorf("the reminder says %q, not %q", e.sent[0].Text, want)
	}
	gs, err := e.svc.MyGames(ctx, user("bob"))
	if err != nil || len(gs) != 1 || gs[0].Deadline == nil || !gs[0].Deadline.Equal(*d) {
		t.Errorf("/games shows the deadline: %+v %v", gs, err)
	}
}

// The console reads Discord timestamps in its user's zone.
func TestRenderStamps(t *testing.T) {
	at := time.Date(2026, 12, 7, 21, 30, 0, 0, time.UTC)
	berlin := mustLoc(t, "Europe/Berlin")
	got := RenderStamps("until "+Stamp(at, "f")+", at "+Stamp(at, "t")+", "+Stamp(at, "R"), berlin, at.Add(-90*time.Minute))
	if want := "until 2026-12-07 22:30 CET, at 22:30, 2026-12-07 22:30 (+1h30m)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A direct message to a player in their quiet hours waits in the flow until they end, then
// goes out once; one to a player awake goes at once.
func TestQuietHoursHoldDMs(t *testing.T) {
	e := newEnv(t)
	now := e.now // 12:00 UTC
	pt := &playerTimes{m: map[string]PlayerTime{
		"u-bob": {Loc: time.UTC, Quiet: []QuietRange{{From: 11 * 60, To: 13 * 60}}},
		"u-ann": {Loc: time.UTC},
	}}
	dm := func(u string) storage.OutboxMessage {
		return e.svc.notice(Notice{Kind: "dm", Game: 7, User: u, Lang: LangEnglish, Text: "your card: 5"})
	}
	var f flow
	out := e.svc.holdDMs(pt, &f, now, []storage.OutboxMessage{dm("u-bob"), dm("u-ann")})
	if len(out) != 1 || len(f.Hold) != 1 || f.Hold[0].User != "u-bob" || f.Hold[0].At != now.Add(time.Hour).Unix() {
		t.Fatalf("bob's DM is held to 13:00, ann's goes: %d out, %+v", len(out), f.Hold)
	}
	if w := f.wakeAt(&storage.Game{}); w == nil || !w.Equal(now.Add(time.Hour)) {
		t.Fatalf("Tick wakes at 13:00: %v", w)
	}
	tb := &table{row: &storage.Game{ID: 7}}
	if got := e.svc.heldPings(pt, tb, &f, now.Add(59*time.Minute)); len(got) != 0 || len(f.Hold) != 1 {
		t.Fatalf("not before: %d, %+v", len(got), f.Hold)
	}
	got := e.svc.heldPings(pt, tb, &f, now.Add(time.Hour))
	if len(got) != 1 || got[0].Kind != "dm" || len(f.Hold) != 0 || !strings.Contains(string(got[0].Payload), "your card: 5") {
		t.Fatalf("the DM goes once at 13:00: %+v, %+v", got, f.Hold)
	}
}

// A player's zone is their own, else the server's, else UTC; "off" goes back to the server's.
func TestPlayerZoneFallsBackToTheServer(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
	ann := Request{User: user("ann"), Place: lobby}
	zone := func() string { return e.svc.playerTime(ctx, "g1", "u-ann").Loc.String() }
	if got := zone(); got != "UTC" {
		t.Errorf("no zone anywhere: %s", got)
	}
	for _, step := range []struct {
		who      Request
		scope, v string
		want     string
	}{
		{admin, ScopeGuild, "Asia/Tokyo", "Asia/Tokyo"},
		{ann, ScopeUser, "Europe/Berlin", "Europe/Berlin"},
		{ann, ScopeUser, "off", "Asia/Tokyo"},
	} {
		if _, err := e.svc.SetSetting(ctx, step.who, step.scope, "timezone", step.v); err != nil {
			t.Fatal(err)
		}
		if got := zone(); got != step.want {
			t.Errorf("after %s timezone %s: %s, want %s", step.scope, step.v, got, step.want)
		}
	}
}

// A post queued while a player was awake and delivered late, in their quiet hours, does not
// ping them.
func TestQuietHoursAtDelivery(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if _, err := e.svc.SetSetting(ctx, Request{User: user("bob"), Place: lobby}, ScopeUser, "quiet", "12:30-20:00"); err != nil {
		t.Fatal(err)
	}
	rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "bids", Seats: 2, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.svc.AttachThread(ctx, rep.Game, "t-1", "m1"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Join(ctx, e.in("t-1", user("bob"))); err != nil {
		t.Fatal(err)
	}
	e.now = e.now.Add(45 * time.Minute) // delivery fell behind into bob's quiet hours
	e.deliver()
	var post *Outgoing
	for i := range e.sent {
		if e.sent[i].Kind == "turn" {
			post = &e.sent[i]
		}
	}
	if post == nil || strings.Join(post.Mentions, ",") != "u-ann" || post.Silent {
		t.Fatalf("the late post pings ann only: %+v", post)
	}
}
