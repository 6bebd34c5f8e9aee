package bot

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	// Embedded so that time zones work on a machine without a zoneinfo database.
	_ "time/tzdata"
)

// How a player hears that a game awaits them (the user setting "hear").
const (
	HearThread = "thread" // a mention in the game's thread (the default)
	HearDM     = "dm"     // a direct message as well: private news and their pings
	HearDigest = "digest" // no ping: the daily digest only
	HearNone   = "none"   // no ping at all
)

// defaultDigestHour is the local hour of the daily digest for a player who chose none.
const defaultDigestHour = 8

// minAwake is the least awake time quiet hours leave in a day: a player's clock must run.
const minAwake = 4 * 60

// QuietRange is a span of the day in the player's own time, in minutes after midnight, From
// inclusive and To exclusive; To before From crosses midnight (23:00-08:00).
type QuietRange struct{ From, To int }

func (q QuietRange) String() string { return hhmm(q.From) + "-" + hhmm(q.To) }

func (q QuietRange) has(m int) bool {
	if q.From < q.To {
		return m >= q.From && m < q.To
	}
	return m >= q.From || m < q.To
}

func hhmm(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

// PlayerTime is a player's own time: their zone, quiet hours and how they hear of their games.
type PlayerTime struct {
	Loc        *time.Location
	Quiet      []QuietRange
	Hear       string
	DigestHour int
	// Away are the player's vacations on this server: like quiet hours, no ping and no clock.
	Away []AwaySpan
}

// AwaySpan is a vacation, [From, To).
type AwaySpan struct{ From, To time.Time }

func (p PlayerTime) awayAt(t time.Time) bool {
	for _, a := range p.Away {
		if !t.Before(a.From) && t.Before(a.To) {
			return true
		}
	}
	return false
}

// AwayUntil is when the vacation t falls in ends; the zero time when t is in none.
func (p PlayerTime) AwayUntil(t time.Time) time.Time {
	for _, a := range p.Away {
		if !t.Before(a.From) && t.Before(a.To) {
			return a.To
		}
	}
	return time.Time{}
}

func (p PlayerTime) loc() *time.Location {
	if p.Loc == nil {
		return time.UTC
	}
	return p.Loc
}

func (p PlayerTime) quietMinute(m int) bool {
	for _, q := range p.Quiet {
		if q.has(m) {
			return true
		}
	}
	return false
}

// QuietAt reports whether t falls in the player's quiet hours or a vacation of theirs.
func (p PlayerTime) QuietAt(t time.Time) bool {
	if p.awayAt(t) {
		return true
	}
	if len(p.Quiet) == 0 {
		return false
	}
	l := t.In(p.loc())
	return p.quietMinute(l.Hour()*60 + l.Minute())
}

// flip is the first moment after t when the player goes from quiet (or away) to awake or back;
// the zero time when they never do.
func (p PlayerTime) flip(t time.Time) time.Time {
	if len(p.Away) == 0 {
		return p.quietFlip(t)
	}
	was := p.QuietAt(t)
	c := t
	for range 4096 { // each step passes a quiet-hour or vacation boundary
		next := p.quietFlip(c)
		for _, a := range p.Away {
			for _, b := range []time.Time{a.From, a.To} {
				if b.After(c) && (next.IsZero() || b.Before(next)) {
					next = b
				}
			}
		}
		if next.IsZero() {
			return time.Time{}
		}
		if p.QuietAt(next) != was {
			return next
		}
		c = next
	}
	return time.Time{}
}

// quietFlip is the first moment after t when the player's quiet hours begin or end, by their
// own clock (a daylight-saving jump included); the zero time when they have none.
func (p PlayerTime) quietFlip(t time.Time) time.Time {
	if len(p.Quiet) == 0 {
		return time.Time{}
	}
	l := t.In(p.loc())
	m := l.Hour()*60 + l.Minute()
	now := p.quietMinute(m)
	for k := 1; k <= 24*60; k++ {
		if p.quietMinute((m+k)%(24*60)) == now {
			continue
		}
		at := m + k
		d := time.Date(l.Year(), l.Month(), l.Day()+at/(24*60), (at%(24*60))/60, at%60, 0, 0, p.loc())
		if !d.After(t) {
			// A clock put back for the winter repeats an hour: move on by a minute.
			d = t.Add(time.Minute).Truncate(time.Minute)
		}
		return d
	}
	return time.Time{}
}

// QuietEnds is when the quiet hours t falls in end: t itself when it is not in them.
func (p PlayerTime) QuietEnds(t time.Time) time.Time {
	for range 8 { // a daylight-saving jump may take a step more
		if !p.QuietAt(t) {
			return t
		}
		f := p.flip(t)
		if f.IsZero() {
			return t
		}
		t = f
	}
	return t
}

// Awake is the part of [from, to) outside the player's quiet hours.
func (p PlayerTime) Awake(from, to time.Time) time.Duration {
	var sum time.Duration
	for t := from; t.Before(to); {
		next := p.flip(t)
		if next.IsZero() || next.After(to) {
			next = to
		}
		if !p.QuietAt(t) {
			sum += next.Sub(t)
		}
		t = next
	}
	return sum
}

// AwakeAfter is the moment when the player has been awake for d from from on: a clock of d
// that stops during their quiet hours and runs out then.
func (p PlayerTime) AwakeAfter(from time.Time, d time.Duration) time.Time {
	t := from
	for d > 0 {
		next := p.flip(t)
		if next.IsZero() {
			return t.Add(d)
		}
		if !p.QuietAt(t) {
			if next.Sub(t) >= d {
				return t.Add(d)
			}
			d -= next.Sub(t)
		}
		t = next
	}
	return t
}

// parseQuiet reads quiet hours: "23:00-08:00", several separated by commas; "off" is none.
func parseQuiet(v string) ([]QuietRange, error) {
	v = strings.TrimSpace(strings.ToLower(v))
	if v == "" || v == "off" {
		return nil, nil
	}
	var out []QuietRange
	for _, part := range strings.Split(v, ",") {
		a, b, ok := strings.Cut(strings.ReplaceAll(strings.TrimSpace(part), "–", "-"), "-")
		if !ok {
			return nil, valueErr{"value_quiet", nil}
		}
		from, ok1 := clockMinute(a)
		to, ok2 := clockMinute(b)
		if !ok1 || !ok2 || from == to {
			return nil, valueErr{"value_quiet", nil}
		}
		out = append(out, QuietRange{from, to})
	}
	p := PlayerTime{Quiet: out}
	awake := 0
	for m := range 24 * 60 {
		if !p.quietMinute(m) {
			awake++
		}
	}
	if awake < minAwake {
		return nil, valueErr{"value_quiet_awake", []any{"Hours", minAwake / 60}}
	}
	return out, nil
}

// clockMinute reads "8", "08:00", "8.30" or "24:00" as minutes after midnight (24:00 is 0).
func clockMinute(s string) (int, bool) {
	s = strings.TrimSpace(s)
	h, m, hasM := strings.Cut(strings.ReplaceAll(s, ".", ":"), ":")
	hh, err := strconv.Atoi(h)
	if err != nil || hh < 0 || hh > 24 {
		return 0, false
	}
	mm := 0
	if hasM {
		if mm, err = strconv.Atoi(m); err != nil || len(m) != 2 || mm < 0 || mm > 59 {
			return 0, false
		}
	}
	if hh == 24 && mm != 0 {
		return 0, false
	}
	return (hh*60 + mm) % (24 * 60), true
}

func quietValue(v string) (string, error) {
	qs, err := parseQuiet(v)
	if err != nil {
		return "", err
	}
	if len(qs) == 0 {
		return "off", nil
	}
	var parts []string
	for _, q := range qs {
		parts = append(parts, q.String())
	}
	return strings.Join(parts, ","), nil
}

// zoneValue checks an IANA time zone name, taking any case ("europe/berlin").
func zoneValue(v string) (string, error) {
	v = strings.TrimSpace(v)
	if strings.EqualFold(v, "off") {
		return "", nil // back to the server's zone
	}
	for _, z := range zoneNames {
		if strings.EqualFold(z, v) {
			return z, nil
		}
	}
	if _, err := time.LoadLocation(v); err == nil && v != "" && v != time.Local.String() {
		return v, nil // an older alias (US/Pacific) Go knows
	}
	if near := nearestZone(v); near != "" {
		return "", valueErr{"value_timezone_try", []any{"Given", v, "Zone", near}}
	}
	return "", valueErr{"value_timezone", []any{"Given", v}}
}

// nearestZone is the zone name a mistyped one most likely meant ("Europa/Berlin", "berlin"):
// the one whose city matches, else the closest by edits if it is close; "" when none is.
func nearestZone(v string) string {
	low := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(v), " ", "_"))
	if low == "" {
		return ""
	}
	city := low[strings.LastIndex(low, "/")+1:]
	best, bestD := "", 1<<30
	for _, z := range zoneNames {
		zl := strings.ToLower(z)
		if zl[strings.LastIndex(zl, "/")+1:] == city {
			return z
		}
		if d := editDistance(low, zl); d < bestD {
			best, bestD = z, d
		}
	}
	if bestD <= max(2, len(low)/4) {
		return best
	}
	return ""
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// ZoneSuggestions lists up to limit time zones for what a player typed: those starting with it
// first, then those holding it (the city alone finds its zone).
func ZoneSuggestions(typed string, limit int) []string {
	low := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(typed), " ", "_"))
	var first, then []string
	for _, z := range zoneNames {
		zl := strings.ToLower(z)
		switch {
		case strings.HasPrefix(zl, low):
			first = append(first, z)
		case strings.Contains(zl, low):
			then = append(then, z)
		}
	}
	out := append(first, then...)
	if len(out) == 0 {
		if near := nearestZone(typed); near != "" {
			out = []string{near}
		}
	}
	return out[:min(limit, len(out))]
}

func hearValue(v string) (string, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	switch v {
	case "on": // the old dm setting's words
		v = HearDM
	case "off", "":
		v = HearThread
	}
	if slices.Contains(HearValues, v) {
		return v, nil
	}
	return "", valueErr{"value_hear", nil}
}

func hourValue(v string) (string, error) {
	v = strings.TrimSpace(v)
	if m, ok := clockMinute(v); ok && m%60 == 0 {
		return strconv.Itoa(m / 60), nil
	}
	return "", valueErr{"value_hour", nil}
}

// playerTime reads a player's time settings: their zone (else the server's, else UTC), quiet
// hours, how they hear (the old dm on/off counts) and their digest hour. A store error leaves
// the defaults: a ping is then sent as before rather than lost.
func (s *Service) playerTime(ctx context.Context, guild, user string) PlayerTime {
	p := PlayerTime{Loc: time.UTC, Hear: HearThread, DigestHour: defaultDigestHour}
	if guild != "" {
		if z, ok, err := s.store.Setting(ctx, ScopeGuild, guild, "timezone"); err == nil && ok {
			if l, err := time.LoadLocation(z); err == nil {
				p.Loc = l
			}
		}
	}
	if user == "" {
		return p
	}
	vals, err := s.store.Settings(ctx, ScopeUser, user)
	if err != nil {
		s.log.Warn("player time settings", "user", user, "err", err)
		return p
	}
	if z := vals["timezone"]; z != "" { // "": the server's
		if l, err := time.LoadLocation(z); err == nil {
			p.Loc = l
		}
	}
	p.Quiet, _ = parseQuiet(vals["quiet"])
	if h, ok := vals["hear"]; ok {
		p.Hear = h
	} else if vals["dm"] == "on" {
		p.Hear = HearDM
	}
	if h, ok := vals["digest_hour"]; ok {
		p.DigestHour, _ = strconv.Atoi(h)
	}
	if guild != "" {
		for _, d := range parseSpans(vals[vacationKey(guild)]) {
			p.Away = append(p.Away, d.away(p.loc()))
		}
	}
	return p
}

// Stamp is a Discord timestamp of t: each reader sees it in their own zone and language.
// style is Discord's: "R" relative ("in 3 hours"), "f" date and time, "t" the time alone.
func Stamp(t time.Time, style string) string {
	return fmt.Sprintf("<t:%d:%s>", t.Unix(), style)
}

var stampRE = regexp.MustCompile(`<t:(-?\d+)(?::([tTdDfFR]))?>`)

// RenderStamps writes the Discord timestamps of a text as a reader in loc reads them, for a
// transport that shows plain text (the console): the date and time there, "in 3 h" for a
// relative one.
func RenderStamps(text string, loc *time.Location, now time.Time) string {
	if loc == nil {
		loc = time.UTC
	}
	return stampRE.ReplaceAllStringFunc(text, func(m string) string {
		sub := stampRE.FindStringSubmatch(m)
		sec, err := strconv.ParseInt(sub[1], 10, 64)
		if err != nil {
			return m
		}
		t := time.Unix(sec, 0).In(loc)
		switch sub[2] {
		case "t":
			return t.Format("15:04")
		case "T":
			return t.Format("15:04:05")
		case "d", "D":
			return t.Format("2006-01-02")
		case "R":
			d := t.Sub(now).Round(time.Minute)
			return t.Format("2006-01-02 15:04") + " (" + relative(d) + ")"
		}
		return t.Format("2006-01-02 15:04 MST")
	})
}

// relative is a duration as the console shows it: "in 5h10m", "3h ago".
func relative(d time.Duration) string {
	s := strings.TrimSuffix(d.Abs().String(), "0s")
	if s == "" {
		s = "0m"
	}
	if d < 0 {
		return "-" + s
	}
	return "+" + s
}

// timeCheck tells a player what their time settings mean now: the time in their zone, and
// their next quiet hours.
func (s *Service) timeCheck(ctx context.Context, req Request, lang string) string {
	p := s.playerTime(ctx, req.Place.Guild, req.User.ID)
	now := s.now()
	text := T(lang, "setting_time_now", "Time", now.In(p.loc()).Format("15:04"), "Zone", p.loc().String())
	if len(p.Quiet) > 0 {
		if p.QuietAt(now) {
			// They have begun: "your next quiet hours" from now would read as still to come.
			text += " " + T(lang, "setting_quiet_now", "To", Stamp(p.QuietEnds(now), "t"))
		} else {
			from := p.flip(now)
			text += " " + T(lang, "setting_quiet_next", "From", Stamp(from, "f"), "To", Stamp(p.QuietEnds(from), "t"))
		}
	}
	return text
}

// Readable writes a text's Discord timestamps as the user reads them in their own zone, for a
// transport that shows plain text (the console).
func (s *Service) Readable(ctx context.Context, guild, user, text string) string {
	if !strings.Contains(text, "<t:") {
		return text
	}
	return RenderStamps(text, s.playerTime(ctx, guild, user).loc(), s.now())
}
