package bot

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/record"
	"github.com/boardbot/boardbot/storage"
)

// What the other players may do when the awaited seats run out of time.
const (
	ActSkip    = "skip"    // play each late seat's default move (only where the rules have one)
	ActReplace = "replace" // hand the late seats to the AI (or the random player without it)
	ActEnd     = "end"     // end the game: the late seats lose
)

// ClockUser is the user id recorded for a default move played because its seat ran out of time.
const ClockUser = "clock"

// reminderEvery is the interval between reminders after the first in a game without a clock.
const reminderEvery = 24 * time.Hour

// Tick runs the persisted scheduler once: it reminds the seats awaited past their game's reminder
// time (then daily) and marks seats whose turn clock ran out as late, asking the other players
// what to do. Everything it decides is in the store (RemindAt, Deadline, Late), so a restart
// resumes where it stopped. It returns how many games it acted on.
func (s *Service) Tick(ctx context.Context) (int, error) {
	now := s.now()
	rows, err := s.store.Games(ctx, storage.GameFilter{Statuses: []storage.Status{storage.StatusRunning}, DueBy: &now})
	if err != nil {
		return 0, err
	}
	acted := 0
	for _, r := range rows {
		ok, err := s.tickGame(ctx, r.ID, now)
		if err != nil {
			s.log.Error("scheduler", "game", r.ID, "err", err)
			continue
		}
		if ok {
			acted++
		}
	}
	return acted, nil
}

func (s *Service) tickGame(ctx context.Context, id int64, now time.Time) (bool, error) {
	t, err := s.load(ctx, id)
	if err != nil {
		return false, err
	}
	defer t.mu.Unlock()
	row := t.row
	if row.Status != storage.StatusRunning || t.state == nil || t.state.Result() != nil {
		return false, nil
	}
	var msgs []storage.OutboxMessage
	acted := false
	pt := s.gameTimes(ctx, row)
	f := readFlow(row)
	if f.Held != 0 && !time.Unix(f.Held, 0).Add(aiHoldBound).After(now) {
		// The AI has not answered in time: the thread hears of the moves so far.
		nf, posts := s.post(t, t.state, t.seq, f, "")
		f = nf
		msgs = append(msgs, s.quietPosts(pt, row, t.state, &f, now, posts)...)
		f.Remind = remindNone
		if row.ReminderHours > 0 {
			f.Remind = now.Add(time.Duration(row.ReminderHours) * time.Hour).Unix()
		}
		acted = true
	}
	if len(f.Hold) > 0 && !time.Unix(slices.MinFunc(f.Hold, func(a, b heldPing) int { return cmp.Compare(a.At, b.At) }).At, 0).After(now) {
		msgs = append(msgs, s.heldPings(pt, t, &f, now)...)
		acted = true
	}
	toldLate := false // a late notice pings: no reminder goes with it in the same tick
	marks := map[string]string{}
	if row.Deadline != nil && !row.Deadline.After(now) {
		row.Deadline = nil
		// Nobody runs out of time in their quiet hours: the players awake now are late; when
		// all are asleep, the deadline waits for the first to wake.
		var awake []Awaited
		var wakes *time.Time
		for _, a := range s.awaitedHumans(t) {
			p := pt.of(a.User)
			if !p.QuietAt(now) {
				awake = append(awake, a)
			} else if e := p.QuietEnds(now); wakes == nil || e.Before(*wakes) {
				wakes = &e
			}
		}
		// A player whose clock runs out spends a vacation day if they have one left: the
		// clock runs a day more, and the thread is told.
		var late []Awaited
		for _, a := range awake {
			if s.spendVacationDay(ctx, row.Guild, a.User, pt.of(a.User), now) {
				until := now.Add(24 * time.Hour)
				msgs = append(msgs, s.plainNotice(row, T(s.threadLang(row), "vacation_auto", "Name", a.Name, "Until", Stamp(until, "f"))))
				if row.Deadline == nil || until.After(*row.Deadline) {
					row.Deadline = &until
				}
			} else {
				late = append(late, a)
			}
		}
		awake = late
		switch {
		case len(awake) == 0 && row.Deadline != nil:
			// Every late player spent a day.
		case len(awake) == 0:
			row.Deadline = wakes
		default:
			if n, ok := s.lateNotice(t, awake); ok {
				for i := range row.Players {
					if isLateSeat(n.Awaited, row.Players[i].Seat) {
						row.Players[i].Late = true
					}
				}
				msgs = append(msgs, s.quietPosts(pt, row, t.state, &f, now, []storage.OutboxMessage{s.notice(n)})...)
				toldLate = true
			}
		}
		acted = true
	}
	if f.remindDue(row, now) {
		f.Remind = nextReminder(row, now)
		if n, ok := s.reminderNotice(t); ok && !toldLate {
			// A reminder never lands in quiet hours: with every awaited player asleep it waits
			// for the first to wake; otherwise the sleeping ones have their ping held.
			first := time.Time{}
			for _, u := range n.Mentions {
				p := pt.of(u)
				if !p.QuietAt(now) {
					first = now
					break
				}
				if e := p.QuietEnds(now); first.IsZero() || e.Before(first) {
					first = e
				}
			}
			switch {
			case (first.Equal(now) || first.IsZero()) && row.Deadline == nil && !s.routineCap(ctx, pt, &n, now, marks):
				// Every awaited player had their routine reminder of the day in another game:
				// this one waits for tomorrow's.
			case first.Equal(now) || first.IsZero():
				msgs = append(msgs, s.quietPosts(pt, row, t.state, &f, now, []storage.OutboxMessage{s.notice(n)})...)
			default:
				f.Remind = first.Unix()
			}
		}
		acted = true
	}
	if !acted {
		return false, nil
	}
	row.Flow = f.encode()
	row.RemindAt = f.wakeAt(row)
	// The game and its notices in one version-checked write: of several instances ticking the
	// same due game, one wins and queues the notice; the others' writes change nothing.
	if err := s.store.UpdateGame(ctx, row, msgs...); err != nil {
		_ = s.reload(ctx, t)
		if errors.Is(err, storage.ErrConflict) {
			return false, nil // another instance ticked or moved the game first
		}
		return false, err
	}
	s.markReminded(ctx, marks)
	return true, nil
}

// routineCap keeps a routine reminder (one with no deadline) to one a day per player across
// all their games: it takes the mention off those already reminded today (their own day) and
// marks the rest. It reports whether anyone is still pinged. Deadline reminders do not count.
// The marks are added to marks and written only once the game's write has won (markReminded):
// an instance that loses the race must not use up the day's reminder.
func (s *Service) routineCap(ctx context.Context, pt *playerTimes, n *Notice, now time.Time, marks map[string]string) bool {
	var keep []string
	for _, u := range n.Mentions {
		day := now.In(pt.of(u).loc()).Format(dayLayout)
		last, _, err := s.store.Setting(ctx, ScopeUser, u, "reminded_on")
		if err == nil && last == day {
			continue
		}
		marks[u] = day
		keep = append(keep, u)
	}
	n.Mentions = keep
	return len(keep) > 0
}

// markReminded writes the routine reminder marks of a tick whose game write won.
func (s *Service) markReminded(ctx context.Context, marks map[string]string) {
	for u, day := range marks {
		if err := s.store.SetSetting(ctx, ScopeUser, u, "reminded_on", day); err != nil {
			s.log.Warn("routine reminder cap", "user", u, "err", err)
		}
	}
}

// nextReminder is when the reminder after one sent at now is due. With a clock the reminders
// escalate toward the deadline: when half the clock is left, a day before and 2 hours before,
// and none after the last (the time-out notice follows); without one, daily.
func nextReminder(row *storage.Game, now time.Time) int64 {
	if row.Deadline == nil || row.ClockHours <= 0 {
		return now.Add(reminderEvery).Unix()
	}
	for _, before := range []time.Duration{time.Duration(row.ClockHours) * time.Hour / 2, 24 * time.Hour, 2 * time.Hour} {
		// A point that comes less than an hour after this reminder would only repeat it.
		if at := row.Deadline.Add(-before); at.After(now.Add(time.Hour)) {
			return at.Unix()
		}
	}
	return remindNone
}

func isLateSeat(as []Awaited, seat int) bool {
	for _, a := range as {
		if a.Seat == seat {
			return true
		}
	}
	return false
}

// awaitedHumans lists the awaited seats played by people.
func (s *Service) awaitedHumans(t *table) []Awaited {
	var out []Awaited
	for _, p := range t.state.Awaiting() {
		if isRobot(t.row, p.Seat) {
			continue
		}
		// A reminder replaces the turn post's buttons, answers included.
		out = append(out, Awaited{Seat: int(p.Seat), Name: playerName(t.row, p.Seat), User: userOf(t.row, p.Seat), Answers: answersOf(s.threadLang(t.row), p, seatNamer(s.threadLang(t.row), t.row, t.state))})
	}
	return out
}

func (s *Service) reminderNotice(t *table) (Notice, bool) {
	aw := s.awaitedHumans(t)
	if len(aw) == 0 {
		return Notice{}, false
	}
	var who []string
	n := Notice{Kind: "reminder", Game: t.row.ID, Seq: t.seq, Channel: postChannel(t.row), Prompt: true, Awaited: aw}
	for _, a := range aw {
		who = append(who, a.Name)
		n.Mentions = appendOnce(n.Mentions, a.User)
	}
	lang := s.threadLang(t.row)
	n.Lang = lang // its buttons speak the thread's language too
	n.Text = T(lang, "reminder", "Game", gameTitle(t), "Names", joinNames(lang, who))
	if d := t.row.Deadline; d != nil {
		n.Text = T(lang, "reminder_deadline", "Game", gameTitle(t), "Names", joinNames(lang, who), "When", Stamp(*d, "R"))
	}
	return n, true
}

// lateNotice tells everyone that the awaited seats ran out of time and offers the others what
// the game allows.
func (s *Service) lateNotice(t *table, aw []Awaited) (Notice, bool) {
	if len(aw) == 0 {
		return Notice{}, false
	}
	n := Notice{Kind: "late", Game: t.row.ID, Seq: t.seq, Channel: postChannel(t.row), Prompt: true, Awaited: aw}
	var who []string
	for _, a := range aw {
		who = append(who, a.Name)
	}
	for _, p := range t.row.Players {
		if !p.Robot {
			n.Mentions = appendOnce(n.Mentions, p.UserID)
		}
	}
	if s.canSkip(t, aw) {
		n.Actions = append(n.Actions, ActSkip)
	}
	n.Actions = append(n.Actions, ActReplace, ActEnd)
	lang := s.threadLang(t.row)
	n.Lang = lang
	var can []string
	for _, a := range n.Actions {
		can = append(can, actionText(lang, a, who))
	}
	n.Text = T(lang, "late", "Game", gameTitle(t), "Names", joinNames(lang, who), "Clock", clockText(lang, t.row.ClockHours),
		"Actions", orList(lang, can))
	return n, true
}

func clockText(lang string, hours int) string {
	if hours%24 == 0 {
		return T(lang, "clock_days", "Count", hours/24)
	}
	return T(lang, "clock_hours", "Count", hours)
}

func actionText(lang, a string, who []string) string {
	switch a {
	case ActSkip:
		return T(lang, "late_skip", "Names", joinNames(lang, who))
	case ActReplace:
		return T(lang, "late_replace")
	}
	return T(lang, "late_end")
}

func orList(lang string, xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return T(lang, "names_or", "Names", strings.Join(xs[:len(xs)-1], ", "), "Last", xs[len(xs)-1])
}

// standInText names who plays a seat its player left (standIn, in lang).
func (s *Service) standInText(lang string) string {
	if s.opt.NoAI {
		return T(lang, "stand_in_random")
	}
	return T(lang, "stand_in_ai")
}

// canSkip: every late seat must have a default answer the rules accept now.
func (s *Service) canSkip(t *table, aw []Awaited) bool {
	for _, a := range aw {
		p, ok := rules.PromptFor(t.state, rules.Seat(a.Seat))
		if !ok || len(p.Default) == 0 || rules.Check(t.state, p.Seat, p.Default) != nil {
			return false
		}
	}
	return true
}

// Overdue carries out what another player chose after the clock ran out (ActSkip, ActReplace or
// ActEnd). seq is the move count the late notice was about: a stale button is refused.
func (s *Service) Overdue(ctx context.Context, req Request, seq int64, action string) (Reply, error) {
	ul := s.UserLanguage(ctx, req)
	t, err := s.resolve(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	defer t.mu.Unlock()
	row := t.row
	if row.Status != storage.StatusRunning || t.state == nil {
		return Reply{}, refuseT(ul, "not_running", "Game", gameTitle(t))
	}
	if t.seq != seq {
		return Reply{}, refuseT(ul, "overdue_moved_on")
	}
	var late []Awaited
	for _, a := range s.awaitedHumans(t) {
		for _, p := range row.Players {
			if p.Seat == a.Seat && p.Late {
				late = append(late, a)
			}
		}
	}
	if len(late) == 0 {
		return Reply{}, refuseT(ul, "overdue_nobody", "Game", gameTitle(t))
	}
	mine := seatsOf(row, req.User.ID)
	if len(mine) == 0 {
		return Reply{}, refuseT(ul, "overdue_not_player", "Game", gameTitle(t))
	}
	for _, seat := range mine {
		if isLateSeat(late, int(seat)) {
			return Reply{}, refuseT(ul, "overdue_self")
		}
	}
	sl := s.threadLang(row)
	var who []string
	for _, a := range late {
		who = append(who, a.Name)
	}
	name := cleanName(req.User.Name)
	switch action {
	case ActSkip:
		if !s.canSkip(t, late) {
			return Reply{}, refuseT(ul, "overdue_no_default", "Game", t.kit.Game.Info().Name, "StandIn", s.standInText(ul))
		}
		for i, a := range late {
			p, _ := rules.PromptFor(t.state, rules.Seat(a.Seat))
			interaction := ""
			if i == 0 {
				interaction = req.Interaction
			}
			if _, err := s.commit(ctx, t, rules.Seat(a.Seat), p.Default, ClockUser, interaction); err != nil {
				return Reply{}, conflictText(ul, err)
			}
		}
		if err := s.autoplay(ctx, t); err != nil {
			s.log.Error("autoplay after skip", "game", row.ID, "err", err)
		}
		return Reply{Text: T(sl, "overdue_skipped", "Name", name, "Names", joinNames(sl, who)), Game: row.ID}, nil
	case ActReplace:
		var replaced []int
		for i := range row.Players {
			if isLateSeat(late, row.Players[i].Seat) {
				row.Players[i].Robot, row.Players[i].Late = true, false
				replaced = append(replaced, row.Players[i].Seat)
			}
		}
		noteTakeover(row, replaced, t.seq, record.Timeout)
		if err := s.store.UpdateGame(ctx, row); err != nil {
			_ = s.reload(ctx, t)
			return Reply{}, conflictText(ul, err)
		}
		text := T(sl, "overdue_replaced", "Name", name, "StandIn", s.standInText(sl), "Names", joinNames(sl, who), "Count", len(who))
		if err := s.store.Enqueue(ctx, s.plainNotice(row, text)); err != nil {
			return Reply{}, err
		}
		if err := s.autoplay(ctx, t); err != nil {
			s.log.Error("autoplay after replace", "game", row.ID, "err", err)
		}
		return Reply{Text: text, Game: row.ID}, nil
	case ActEnd:
		var out []rules.Seat
		for _, a := range late {
			out = append(out, rules.Seat(a.Seat))
		}
		res := leaversLose(len(row.Players), out, leavers(row), outOfTimeMsg(out))
		text := T(sl, "overdue_ended", "Name", name, "Result", resultTextIn(sl, row, t.state, res))
		if err := s.endGame(ctx, t, res, text); err != nil {
			return Reply{}, err
		}
		return Reply{Text: text, Game: row.ID}, nil
	}
	return Reply{}, refuseT(ul, "overdue_choose")
}
