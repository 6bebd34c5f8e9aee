package bot

import (
	"errors"
	"testing"
	"time"
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
