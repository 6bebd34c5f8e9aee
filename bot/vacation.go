package bot

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// Vacation defaults of a server (guild settings vacation_days and vacation_max_row).
const (
	defaultVacationDays   = 21
	defaultVacationMaxRow = 14
)

// vacationKey is the user setting that holds a player's vacations on one server: each server
// has its own budget, and /settings forget erases them with the player's other settings.
func vacationKey(guild string) string { return "vacation:" + guild }

// dateSpan is a vacation: whole days in the player's own time, both ends included.
type dateSpan struct{ From, To time.Time } // dates at midnight UTC, used as calendar days

const dayLayout = "2006-01-02"

func (d dateSpan) days() int { return int(d.To.Sub(d.From).Hours()/24) + 1 }

// daysIn is how many of its days fall in year y: a year's budget counts its own days only.
func (d dateSpan) daysIn(y int) int {
	lo := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
	hi := time.Date(y, 12, 31, 0, 0, 0, 0, time.UTC)
	from, to := d.From, d.To
	if from.Before(lo) {
		from = lo
	}
	if to.After(hi) {
		to = hi
	}
	if to.Before(from) {
		return 0
	}
	return dateSpan{from, to}.days()
}

// away is the span as moments in loc: from its first midnight to the midnight after its last day.
func (d dateSpan) away(loc *time.Location) AwaySpan {
	return AwaySpan{
		From: time.Date(d.From.Year(), d.From.Month(), d.From.Day(), 0, 0, 0, 0, loc),
		To:   time.Date(d.To.Year(), d.To.Month(), d.To.Day()+1, 0, 0, 0, 0, loc),
	}
}

func (d dateSpan) String() string { return d.From.Format(dayLayout) + ".." + d.To.Format(dayLayout) }

func parseDay(s string) (time.Time, bool) {
	t, err := time.Parse(dayLayout, strings.TrimSpace(s))
	return t, err == nil
}

// parseSpans reads the stored value: "2026-12-10..2026-12-15,..." (a bad part is skipped).
func parseSpans(v string) []dateSpan {
	var out []dateSpan
	for _, part := range strings.Split(v, ",") {
		a, b, ok := strings.Cut(part, "..")
		from, ok1 := parseDay(a)
		to, ok2 := parseDay(b)
		if ok && ok1 && ok2 && !to.Before(from) {
			out = append(out, dateSpan{from, to})
		}
	}
	slices.SortFunc(out, func(a, b dateSpan) int { return a.From.Compare(b.From) })
	return out
}

func spansValue(ds []dateSpan) string {
	var parts []string
	for _, d := range ds {
		parts = append(parts, d.String())
	}
	return strings.Join(parts, ",")
}

// vacationRules are a server's: days a year and the most in a row.
func (s *Service) vacationRules(ctx context.Context, guild string) (budget, maxRow int) {
	budget, maxRow = defaultVacationDays, defaultVacationMaxRow
	vals, err := s.store.Settings(ctx, ScopeGuild, guild)
	if err != nil {
		return
	}
	if v, ok := vals["vacation_days"]; ok {
		budget, _ = strconv.Atoi(v)
	}
	if v, ok := vals["vacation_max_row"]; ok {
		maxRow, _ = strconv.Atoi(v)
	}
	return
}

func usedIn(ds []dateSpan, y int) int {
	n := 0
	for _, d := range ds {
		n += d.daysIn(y)
	}
	return n
}

// Vacation answers /vacation: with no dates it shows what is booked and what is left; "off"
// ends the current vacation today and cancels those to come (their days return to the budget);
// a from and to date (the player's own calendar, both days included) books one. Every game of
// the player on this server whose thread is running hears once that they are away and until
// when, and their clocks there stop for it.
func (s *Service) Vacation(ctx context.Context, req Request, from, to string) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	guild := req.Place.Guild
	if guild == "" {
		return Reply{}, refuseT(ul, "vacation_no_server")
	}
	user := req.User.ID
	p := s.playerTime(ctx, guild, user)
	now := s.now()
	l := now.In(p.loc())
	today := time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, time.UTC)
	budget, maxRow := s.vacationRules(ctx, guild)
	stored, _, err := s.store.Setting(ctx, ScopeUser, user, vacationKey(guild))
	if err != nil {
		return Reply{}, err
	}
	spans := parseSpans(stored)
	autoV, _, err := s.store.Setting(ctx, ScopeUser, user, vacationAutoKey(guild))
	if err != nil {
		return Reply{}, err
	}
	auto := parseDays(autoV)
	left := func(y int) int {
		n := usedIn(spans, y)
		for _, d := range auto {
			if d.Year() == y {
				n++
			}
		}
		return max(0, budget-n)
	}
	from, to = strings.TrimSpace(from), strings.TrimSpace(to)
	if from == "" {
		return Reply{Text: s.vacationView(ul, spans, p, today, budget, left(today.Year())), Private: true}, nil
	}
	if strings.EqualFold(from, "off") {
		var kept []dateSpan
		ended := false
		for _, d := range spans {
			switch {
			case !d.To.After(today):
				kept = append(kept, d) // over, or ends tonight already
			case !d.From.After(today):
				// Today is already taken: the vacation ends tonight; the days after return.
				kept, ended = append(kept, dateSpan{d.From, today}), true
			default:
				ended = true
			}
		}
		if !ended {
			return Reply{}, refuseT(ul, "vacation_none")
		}
		if err := s.store.SetSetting(ctx, ScopeUser, user, vacationKey(guild), spansValue(kept)); err != nil {
			return Reply{}, err
		}
		spans = kept
		return Reply{Text: T(ul, "vacation_off", "Left", left(today.Year()), "Days", budget), Private: true}, nil
	}
	f, ok1 := parseDay(from)
	if to == "" {
		to = from
	}
	t, ok2 := parseDay(to)
	switch {
	case !ok1 || !ok2:
		return Reply{}, refuseT(ul, "vacation_dates")
	case f.Before(today):
		return Reply{}, refuseT(ul, "vacation_past", "Today", today.Format(dayLayout))
	case t.Before(f):
		return Reply{}, refuseT(ul, "vacation_order")
	case f.After(today.AddDate(1, 0, 0)):
		return Reply{}, refuseT(ul, "vacation_far")
	}
	d := dateSpan{f, t}
	if d.days() > maxRow {
		return Reply{}, refuseT(ul, "vacation_row", "Count", maxRow)
	}
	for _, o := range spans {
		if !o.To.Before(d.From) && !d.To.Before(o.From) {
			return Reply{}, refuseT(ul, "vacation_overlap", "From", o.From.Format(dayLayout), "To", o.To.Format(dayLayout))
		}
	}
	for y := f.Year(); y <= t.Year(); y++ {
		if need := d.daysIn(y); need > left(y) {
			return Reply{}, refuseT(ul, "vacation_budget", "Count", left(y), "Year", y)
		}
	}
	old := p
	spans = append(spans, d)
	slices.SortFunc(spans, func(a, b dateSpan) int { return a.From.Compare(b.From) })
	if err := s.store.SetSetting(ctx, ScopeUser, user, vacationKey(guild), spansValue(spans)); err != nil {
		return Reply{}, err
	}
	p.Away = append(p.Away, d.away(p.loc()))
	told := s.tellAway(ctx, guild, user, old, p)
	a := d.away(p.loc())
	return Reply{Text: T(ul, "vacation_set", "From", Stamp(a.From, "f"), "To", Stamp(a.To, "f"), "Count", d.days(),
		"Left", left(f.Year()), "Year", f.Year(), "Games", told), Private: true}, nil
}

func (s *Service) vacationView(ul string, spans []dateSpan, p PlayerTime, today time.Time, budget, left int) string {
	var b strings.Builder
	b.WriteString(T(ul, "vacation_left", "Count", left, "Days", budget, "Year", today.Year()))
	for _, d := range spans {
		if d.To.Before(today) {
			continue
		}
		a := d.away(p.loc())
		b.WriteString("\n• " + T(ul, "vacation_booked", "From", Stamp(a.From, "f"), "To", Stamp(a.To, "f"), "Count", d.days()))
	}
	return b.String()
}

// tellAway tells each running game of the player on guild that they are away, once, and moves
// the game's deadline by the time the vacation takes from their clock when the game awaits
// them. It returns how many games were told; a game that fails is logged and skipped (the
// vacation stands and its clock stops anyway: the deadline waits while the player is away).
func (s *Service) tellAway(ctx context.Context, guild, user string, old, now PlayerTime) int {
	rows, err := s.store.Games(ctx, storage.GameFilter{UserID: user, Statuses: []storage.Status{storage.StatusRunning}, Limit: 200})
	if err != nil {
		s.log.Warn("vacation: listing games", "user", user, "err", err)
		return 0
	}
	told := 0
	for _, r := range rows {
		if r.Guild != guild {
			continue
		}
		if err := s.tellAwayGame(ctx, r.ID, user, old, now); err != nil {
			s.log.Warn("vacation: telling a game", "game", r.ID, "err", err)
			continue
		}
		told++
	}
	return told
}

func (s *Service) tellAwayGame(ctx context.Context, id int64, user string, old, now PlayerTime) error {
	// The game's own cap on vacation shortens what it accepts; the new span is the one the
	// capped spans before lack.
	limit := s.gameVacationCap(ctx, id)
	old.Away, now.Away = capAway(old.Away, limit), capAway(now.Away, limit)
	var a AwaySpan
	for _, n := range now.Away {
		if !slices.Contains(old.Away, n) {
			a = n
		}
	}
	if a.To.IsZero() {
		return nil // the game accepts no vacation
	}
	t, err := s.load(ctx, id)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	row := t.row
	if row.Status != storage.StatusRunning || t.state == nil || t.state.Result() != nil {
		return errors.New("not running")
	}
	name := ""
	for _, pl := range row.Players {
		if pl.UserID == user {
			name = pl.Name
		}
	}
	if row.Deadline != nil && slices.Contains(awaitedUsers(row, t.state), user) {
		// The clock keeps the awake time it had left, counted from now without the vacation.
		at := now.AwakeAfter(s.now(), old.Awake(s.now(), *row.Deadline))
		if at.After(*row.Deadline) {
			row.Deadline = &at
		}
	}
	lang := s.threadLang(row)
	msg := s.plainNotice(row, T(lang, "vacation_away", "Name", name, "From", Stamp(a.From, "f"), "To", Stamp(a.To, "f")))
	if err := s.store.UpdateGame(ctx, row, msg); err != nil {
		_ = s.reload(ctx, t)
		return err
	}
	return nil
}

// vacationAutoKey holds the vacation days spent automatically on a server, one date (the
// player's own, when it was spent) for each: they count against the year's budget.
func vacationAutoKey(guild string) string { return "vacation_auto:" + guild }

func parseDays(v string) []time.Time {
	var out []time.Time
	for _, p := range strings.Split(v, ",") {
		if d, ok := parseDay(p); ok {
			out = append(out, d)
		}
	}
	return out
}

// spendVacationDay spends one vacation day of user's on guild when their clock in a game runs
// out, if the budget has one left and they have not spent the server's most days in a row
// that way (a vacation must not stall a decided game). It reports whether it did.
func (s *Service) spendVacationDay(ctx context.Context, guild, user string, p PlayerTime, now time.Time) bool {
	if guild == "" || user == "" {
		return false
	}
	budget, maxRow := s.vacationRules(ctx, guild)
	vals, err := s.store.Settings(ctx, ScopeUser, user)
	if err != nil {
		return false
	}
	l := now.In(p.loc())
	today := time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, time.UTC)
	auto := parseDays(vals[vacationAutoKey(guild)])
	used := usedIn(parseSpans(vals[vacationKey(guild)]), today.Year())
	recent := 0
	for _, d := range auto {
		if d.Year() == today.Year() {
			used++
		}
		if !d.Before(today.AddDate(0, 0, -maxRow+1)) {
			recent++
		}
	}
	if used >= budget || recent >= maxRow {
		return false
	}
	// Only this year's and last year's days are kept: older ones count for nothing.
	var kept []string
	for _, d := range auto {
		if d.Year() >= today.Year()-1 {
			kept = append(kept, d.Format(dayLayout))
		}
	}
	kept = append(kept, today.Format(dayLayout))
	if err := s.store.SetSetting(ctx, ScopeUser, user, vacationAutoKey(guild), strings.Join(kept, ",")); err != nil {
		s.log.Warn("vacation: spending a day", "user", user, "err", err)
		return false
	}
	return true
}

// vacationCapKey is the game setting (scope "game", id the game) of its vacation cap.
const vacationCapKey = "vacation_days"

// gameVacationCap is a game's most vacation days accepted; -1 when it set none.
func (s *Service) gameVacationCap(ctx context.Context, game int64) int {
	if game == 0 {
		return -1
	}
	v, ok, err := s.store.Setting(ctx, "game", strconv.FormatInt(game, 10), vacationCapKey)
	if err != nil || !ok {
		return -1
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return -1
	}
	return n
}

// capAway shortens each vacation to its first n days (a game that accepts n days runs its
// clock, and pings, after them); n < 0 leaves them whole.
func capAway(as []AwaySpan, n int) []AwaySpan {
	if n < 0 || len(as) == 0 {
		return as
	}
	var out []AwaySpan
	for _, a := range as {
		if end := a.From.AddDate(0, 0, n); end.Before(a.To) {
			a.To = end
		}
		if a.To.After(a.From) {
			out = append(out, a)
		}
	}
	return out
}
