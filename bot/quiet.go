package bot

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// heldPing is a ping held back for a player's quiet hours: Tick pings them once at At (unix
// seconds, when those hours end) if the game still awaits them.
type heldPing struct {
	User string `json:"user"`
	At   int64  `json:"at"`
	// Reminder: what was held is a reminder (or a time-out notice), not the turn's ping; it
	// follows as a reminder.
	Reminder bool `json:"reminder,omitempty"`
	// DM is a direct message held for the player (hear=dm: their private news), in Lang; it
	// goes out when their quiet hours end, awaited or not.
	DM   string `json:"dm,omitempty"`
	Lang string `json:"lang,omitempty"`
}

// Flow.Remind values besides a time: the reminder is the row's RemindAt (a flow written before
// quiet hours), or there is none.
const (
	remindLegacy = 0
	remindNone   = -1
)

// playerTimes reads the player times of one game once per pass.
type playerTimes struct {
	s     *Service
	ctx   context.Context
	guild string
	m     map[string]PlayerTime
	// vacationCap is the game's most vacation days accepted (lobby option vacation_days):
	// each vacation counts in it for that many days at most; -1 for no cap.
	vacationCap int
}

func (s *Service) playerTimes(ctx context.Context, guild string) *playerTimes {
	return &playerTimes{s: s, ctx: ctx, guild: guild, m: map[string]PlayerTime{}, vacationCap: -1}
}

// gameTimes are the player times of one game: its server's, with the game's vacation cap.
func (s *Service) gameTimes(ctx context.Context, row *storage.Game) *playerTimes {
	pt := s.playerTimes(ctx, row.Guild)
	pt.vacationCap = s.gameVacationCap(ctx, row.ID)
	return pt
}

func (pt *playerTimes) of(user string) PlayerTime {
	p, ok := pt.m[user]
	if !ok {
		p = pt.s.playerTime(pt.ctx, pt.guild, user)
		p.Away = capAway(p.Away, pt.vacationCap)
		pt.m[user] = p
	}
	return p
}

// awaitedUsers are the people the game waits for now.
func awaitedUsers(row *storage.Game, st rules.State) []string {
	var out []string
	if st == nil || st.Result() != nil {
		return nil
	}
	for _, p := range st.Awaiting() {
		if !isRobot(row, p.Seat) {
			out = appendOnce(out, userOf(row, p.Seat))
		}
	}
	return out
}

// quietPosts keeps msgs from pinging anyone in their quiet hours or who asked to hear by no
// ping (hear digest or none): their mentions go, a post left pinging nobody goes out with
// Discord's no-notification flag, and the awaited among the quiet get a held ping (f.Hold) for
// when their quiet hours end. A player pinged now loses a held ping: they had theirs.
func (s *Service) quietPosts(pt *playerTimes, row *storage.Game, st rules.State, f *flow, now time.Time, msgs []storage.OutboxMessage) []storage.OutboxMessage {
	awaited := awaitedUsers(row, st)
	f.Hold = slices.DeleteFunc(f.Hold, func(h heldPing) bool { return h.DM == "" && !slices.Contains(awaited, h.User) })
	for i, m := range msgs {
		if m.Kind == "dm" || m.Kind == "status" {
			continue
		}
		var n Notice
		if json.Unmarshal(m.Payload, &n) != nil || len(n.Mentions) == 0 {
			continue
		}
		var keep []string
		for _, u := range n.Mentions {
			p := pt.of(u)
			switch {
			case p.Hear == HearDigest || p.Hear == HearNone:
			case p.QuietAt(now):
				if !slices.Contains(awaited, u) {
					break
				}
				k := slices.IndexFunc(f.Hold, func(h heldPing) bool { return h.User == u && h.DM == "" })
				if k < 0 {
					f.Hold = append(f.Hold, heldPing{User: u, At: p.QuietEnds(now).Unix(), Reminder: m.Kind != "turn"})
				} else if m.Kind == "turn" {
					f.Hold[k].Reminder = false // the turn's ping says what a reminder would
				}
			default:
				keep = append(keep, u)
				f.Hold = slices.DeleteFunc(f.Hold, func(h heldPing) bool { return h.User == u && h.DM == "" })
			}
		}
		if len(keep) == len(n.Mentions) {
			continue
		}
		n.Mentions, n.Silent = keep, len(keep) == 0
		b, err := json.Marshal(n)
		if err != nil {
			continue
		}
		msgs[i].Payload = b
	}
	return msgs
}

// wakeAt is when Tick must next look at the game: its reminder, a held ping or the end of the
// AI's hold, whichever comes first; nil for none.
func (f flow) wakeAt(row *storage.Game) *time.Time {
	var at *time.Time
	take := func(t time.Time) {
		if at == nil || t.Before(*at) {
			at = &t
		}
	}
	switch {
	case f.Remind > 0:
		take(time.Unix(f.Remind, 0).UTC())
	case f.Remind == remindLegacy && row.RemindAt != nil:
		take(*row.RemindAt)
	}
	for _, h := range f.Hold {
		take(time.Unix(h.At, 0).UTC())
	}
	if f.Held != 0 {
		take(time.Unix(f.Held, 0).Add(aiHoldBound).UTC())
	}
	return at
}

// remindDue reports whether the game's reminder is due at now.
func (f flow) remindDue(row *storage.Game, now time.Time) bool {
	switch {
	case f.Remind > 0:
		return f.Remind <= now.Unix()
	case f.Remind == remindLegacy:
		return row.RemindAt != nil && !row.RemindAt.After(now)
	}
	return false
}

// remindIn carries a flow's reminder over to a flow built afresh (a new post, an undo).
func remindIn(old flow, row *storage.Game) int64 {
	switch {
	case old.Remind != remindLegacy:
		return old.Remind
	case row.RemindAt != nil:
		return row.RemindAt.Unix()
	}
	return remindNone
}

// heldPings posts the held pings due at now: one post naming the players still awaited whose
// quiet hours are over. A player whose quiet hours still last (they changed them) waits again.
func (s *Service) heldPings(pt *playerTimes, t *table, f *flow, now time.Time) []storage.OutboxMessage {
	awaited := awaitedUsers(t.row, t.state)
	var due, keep []heldPing
	var out []storage.OutboxMessage
	for _, h := range f.Hold {
		switch {
		case h.At > now.Unix():
			keep = append(keep, h)
		case h.DM != "":
			out = append(out, s.notice(Notice{Kind: "dm", Game: t.row.ID, User: h.User, Lang: h.Lang, Text: h.DM}))
		case !slices.Contains(awaited, h.User):
		case pt.of(h.User).QuietAt(now):
			h.At = pt.of(h.User).QuietEnds(now).Unix()
			keep = append(keep, h)
		default:
			due = append(due, h)
		}
	}
	f.Hold = keep
	if len(due) == 0 {
		return out
	}
	for _, reminder := range []bool{false, true} {
		n, ok := s.reminderNotice(t)
		if !ok {
			return nil
		}
		var who, users []string
		for _, a := range n.Awaited {
			if k := slices.IndexFunc(due, func(h heldPing) bool { return h.User == a.User }); k >= 0 && due[k].Reminder == reminder {
				who, users = append(who, a.Name), appendOnce(users, a.User)
			}
		}
		if len(users) == 0 {
			continue
		}
		n.Mentions = users
		if reminder {
			n.Text = T(n.Lang, "reminder", "Game", gameTitle(t), "Names", joinNames(n.Lang, who))
		} else {
			n.Text = T(n.Lang, "quiet_ping", "Game", gameTitle(t), "Names", joinNames(n.Lang, who))
		}
		out = append(out, s.notice(n))
	}
	return out
}

// quietOnDelivery takes off a post's mentions of players whose quiet hours began while it
// waited in the outbox (delivery fell behind): it was queued while they were awake. Their
// reminder, which never lands in quiet hours, tells them later.
func (s *Service) quietOnDelivery(ctx context.Context, out *Outgoing) {
	if len(out.Mentions) == 0 || out.Stale || out.Kind == "dm" {
		return
	}
	now := s.now()
	guild := ""
	if out.Game != 0 {
		if row, err := s.store.Game(ctx, out.Game); err == nil {
			guild = row.Guild
		}
	}
	pt := s.playerTimes(ctx, guild)
	keep := slices.DeleteFunc(slices.Clone(out.Mentions), func(u string) bool { return pt.of(u).QuietAt(now) })
	if len(keep) < len(out.Mentions) {
		out.Mentions, out.Silent = keep, len(keep) == 0
	}
}

// holdDMs keeps direct messages for players in their quiet hours in the flow (f.Hold) until the
// hours end: a DM notifies as a mention does.
func (s *Service) holdDMs(pt *playerTimes, f *flow, now time.Time, dms []storage.OutboxMessage) []storage.OutboxMessage {
	return slices.DeleteFunc(dms, func(m storage.OutboxMessage) bool {
		var n Notice
		if m.Kind != "dm" || json.Unmarshal(m.Payload, &n) != nil {
			return false
		}
		p := pt.of(n.User)
		if !p.QuietAt(now) {
			return false
		}
		f.Hold = append(f.Hold, heldPing{User: n.User, At: p.QuietEnds(now).Unix(), DM: n.Text, Lang: n.Lang})
		return true
	})
}
