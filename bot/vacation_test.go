package bot

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestVacationAnswers(t *testing.T) {
	e := newEnv(t) // today is 2026-11-21
	ctx := context.Background()
	admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
	for k, v := range map[string]string{"vacation_days": "10", "vacation_max_row": "5"} {
		if _, err := e.svc.SetSetting(ctx, admin, ScopeGuild, k, v); err != nil {
			t.Fatal(err)
		}
	}
	bob := Request{User: user("bob"), Place: lobby}
	steps := []struct {
		from, to string
		refusal  string // the refusal's text part; "" for an answer
		answer   string
	}{
		{"", "", "", "10 of 10 vacation days left for 2026"},
		{"21.11.2026", "", "YYYY-MM-DD", ""},
		{"2026-11-20", "2026-11-22", "before today (2026-11-21)", ""},
		{"2026-11-25", "2026-11-23", "last day comes before the first", ""},
		{"2026-11-22", "2026-11-27", "At most 5 days in a row", ""},
		{"2028-01-01", "2028-01-02", "a year ahead", ""},
		{"2026-11-22", "2026-11-26", "", "(5 days); 5 left for 2026"},
		{"2026-11-26", "2026-11-27", "already away from 2026-11-22 to 2026-11-26", ""},
		{"2026-12-01", "2026-12-05", "", "0 left for 2026"},
		{"2026-12-30", "2026-12-30", "Only 0 vacation days are left for 2026", ""},
		{"2026-12-31", "2027-01-02", "Only 0 vacation days", ""}, // a day of 2026 in it
		{"2027-01-01", "2027-01-03", "", "7 left for 2027"},
		{"", "", "", "0 of 10 vacation days left for 2026"},
		{"off", "", "", "No vacation from today on"},
		{"", "", "", "10 of 10 vacation days left for 2026"}, // none had begun: all return
	}
	for i, st := range steps {
		rep, err := e.svc.Vacation(ctx, bob, st.from, st.to)
		var r *Refusal
		switch {
		case st.refusal != "":
			if !errors.As(err, &r) || !strings.Contains(r.Msg, st.refusal) {
				t.Errorf("step %d %q %q: refusal %v, want %q", i, st.from, st.to, err, st.refusal)
			}
		case err != nil:
			t.Errorf("step %d %q %q: %v", i, st.from, st.to, err)
		case !strings.Contains(rep.Text, st.answer) || !rep.Private:
			t.Errorf("step %d %q %q: %q, want %q (private)", i, st.from, st.to, rep.Text, st.answer)
		}
	}
	// A vacation begun today and ended: today is spent, the rest returns.
	if _, err := e.svc.Vacation(ctx, bob, "2026-11-21", "2026-11-23"); err != nil {
		t.Fatal(err)
	}
	if rep, err := e.svc.Vacation(ctx, bob, "off", ""); err != nil || !strings.Contains(rep.Text, "9 of 10 days") {
		t.Errorf("off on a vacation begun: %q %v", rep.Text, err)
	}
	if _, err := e.svc.Vacation(ctx, bob, "off", ""); err == nil {
		t.Error("off twice: nothing to end")
	}
	if _, err := e.svc.Vacation(ctx, Request{User: user("bob")}, "", ""); err == nil {
		t.Error("no vacation outside a server")
	}
}

// A vacation booked while a game awaits the player stops their clock there (the deadline moves
// by the days away), the thread hears once until when, and nobody pings them while away.
func TestVacationStopsClockAndHoldsPings(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.clockGame("ann", "bob")
	// Four days: three booked, one spent when the clock runs out, then bob is late.
	admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
	if _, err := e.svc.SetSetting(ctx, admin, ScopeGuild, "vacation_days", "4"); err != nil {
		t.Fatal(err)
	}
	e.mustMove(th, "ann", "bid pass")
	e.deliver()
	start := e.now // 2026-11-21 12:00 UTC; bob's 48 hours end on the 23rd at noon
	rep, err := e.svc.Vacation(ctx, Request{User: user("bob"), Place: lobby}, "2026-11-22", "2026-11-24")
	if err != nil || !strings.Contains(rep.Text, "told: 1") {
		t.Fatalf("booking: %q %v", rep.Text, err)
	}
	back := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	if d := e.row(th).Deadline; d == nil || !d.Equal(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)) {
		t.Fatalf("the deadline moves by the three days away: %v", d)
	}
	e.deliver()
	var away []string
	for _, o := range e.sent {
		if strings.Contains(o.Text, "is away") {
			away = append(away, o.Text)
		}
	}
	want := "bob is away from " + Stamp(time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC), "f") + " until " + Stamp(back, "f")
	if len(away) != 1 || !strings.Contains(away[0], want) {
		t.Fatalf("the thread hears once: %q, want %q", away, want)
	}
	for h := 1; h <= 4*24; h++ {
		e.now = start.Add(time.Duration(h) * time.Hour)
		e.tick()
		for _, o := range e.sent {
			if e.now.Before(back) && e.now.After(back.Add(-72*time.Hour)) && slices.Contains(o.Mentions, "u-bob") {
				t.Fatalf("bob pinged while away at %v: %+v", e.now, o)
			}
			if o.Kind == "late" {
				t.Fatalf("bob ran out of time at %v though away", e.now)
			}
		}
	}
	// When his time is spent, his last vacation day is, announced; a day later he is late.
	e.now = time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	e.tick()
	until := e.now.Add(24 * time.Hour)
	want = "bob's time ran out: a vacation day of theirs is spent, and their clock runs until " + Stamp(until, "f")
	if len(e.sent) == 0 || e.sent[0].Text != want+"." || slices.ContainsFunc(e.sent, func(o Outgoing) bool { return o.Kind == "late" }) {
		t.Fatalf("a vacation day is spent: %+v", e.sent)
	}
	if d := e.row(th).Deadline; d == nil || !d.Equal(until) {
		t.Fatalf("the deadline a day later: %v", d)
	}
	if rep, _ := e.svc.Vacation(ctx, Request{User: user("bob"), Place: lobby}, "", ""); !strings.Contains(rep.Text, "0 of 4") {
		t.Errorf("the day counts against the budget: %q", rep.Text)
	}
	e.now = until.Add(-time.Minute)
	if e.tick(); slices.ContainsFunc(e.sent, func(o Outgoing) bool { return o.Kind == "late" }) {
		t.Fatal("late before the spent day is over")
	}
	e.now = until
	e.tick()
	if !slices.ContainsFunc(e.sent, func(o Outgoing) bool { return o.Kind == "late" }) {
		t.Errorf("with no day left, bob is late: %+v", e.sent)
	}
}

func TestAwakeAcrossVacation(t *testing.T) {
	day := func(d, h int) time.Time { return time.Date(2026, 11, d, h, 0, 0, 0, time.UTC) }
	p := PlayerTime{Loc: time.UTC, Quiet: []QuietRange{{0, 8 * 60}}, Away: []AwaySpan{{day(22, 0), day(24, 0)}}}
	if got := p.AwakeAfter(day(21, 20), 6*time.Hour); !got.Equal(day(24, 10)) {
		t.Errorf("4 h on the 21st, then quiet and away until the 24th at 08:00: %v", got)
	}
	if got := p.Awake(day(21, 0), day(25, 0)); got != 32*time.Hour {
		t.Errorf("awake: %v", got)
	}
	if !p.QuietAt(day(23, 12)) || p.QuietAt(day(24, 9)) || !p.AwayUntil(day(23, 12)).Equal(day(24, 0)) {
		t.Error("away is quiet, until it ends")
	}
	if got := p.QuietEnds(day(22, 5)); !got.Equal(day(24, 8)) {
		t.Errorf("the held ping waits for the vacation and the night after it: %v", got)
	}
}

// Every setting has its name and help in every language (the vacation settings once lacked
// their names: the answer to setting one showed a missing message).
func TestEverySettingNamedInEveryLanguage(t *testing.T) {
	for _, sp := range settingSpecs {
		for _, lang := range []string{LangEnglish, LangGerman, LangSpanish, LangFrench} {
			for _, id := range []string{"setting_name_" + sp.Key, "setting_help_" + sp.Scope + "_" + sp.Key} {
				if got := T(lang, id); strings.HasPrefix(got, "[") {
					t.Errorf("%s %s: %s", lang, id, got)
				}
			}
		}
	}
}

// A game that accepts one vacation day (lobby option vacation_days) stops its clock for one
// day of a three-day vacation, and says until when it waits.
func TestGameCapsVacation(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user("cat"), Place: lobby}, CreateSpec{Kind: "bids", Seats: 2, VacationDays: ptr(1)})
	if err != nil {
		t.Fatal(err)
	}
	if got := e.svc.gameVacationCap(ctx, rep.Game); got != 1 {
		t.Fatalf("the lobby option is kept: %d", got)
	}
	if _, err := e.svc.Create(ctx, Request{User: user("cat"), Place: lobby}, CreateSpec{Kind: "bids", Seats: 2, VacationDays: ptr(61)}); err == nil {
		t.Error("61 days accepted")
	}
	th := e.clockGame("ann", "bob")
	admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
	if _, err := e.svc.SetSetting(ctx, admin, ScopeGuild, "vacation_days", "21"); err != nil {
		t.Fatal(err)
	}
	id := e.row(th).ID
	if err := e.store.SetSetting(ctx, "game", strconv.FormatInt(id, 10), vacationCapKey, "1"); err != nil {
		t.Fatal(err)
	}
	e.mustMove(th, "ann", "bid pass")
	e.deliver()
	if _, err := e.svc.Vacation(ctx, Request{User: user("bob"), Place: lobby}, "2026-11-22", "2026-11-24"); err != nil {
		t.Fatal(err)
	}
	if d := e.row(th).Deadline; d == nil || !d.Equal(time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)) {
		t.Fatalf("the deadline moves by the one day the game accepts: %v", d)
	}
	e.deliver()
	want := "until " + Stamp(time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), "f")
	if !slices.ContainsFunc(e.sent, func(o Outgoing) bool { return strings.Contains(o.Text, "is away") && strings.Contains(o.Text, want) }) {
		t.Errorf("the thread hears the day it accepts: %+v", e.sent)
	}
}

func ptr(n int) *int { return &n }
