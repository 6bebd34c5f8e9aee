package discord

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
)

// simPlayer is a player of the simulated month: their zone, quiet hours (as they type them and
// as the check reads them) and how many awake hours they take to move.
type simPlayer struct {
	name, zone, quiet string
	ranges            []bot.QuietRange
	slow              bool // takes up to two days: runs out of time now and then
}

// TestQuietMonth plays a month of fake time over the fake Discord: players in four time zones
// with quiet hours, 20 games of Bids at once (a new one opens when one ends), a clock of one
// day and a reminder after 8 hours. Nobody is mentioned inside their quiet hours, nobody runs
// out of time inside them, and each turn change pings a player at most once (reminders and
// time-outs aside). The short run plays a week; BOARDBOT_LONG=1 the whole month.
func TestQuietMonth(t *testing.T) {
	days := rulestest.Scale(7, 30)
	e := newKitEnv(t, []bot.Kit{{Game: rulestest.Bids, PNG: fakePNG}}, 0)
	ctx := context.Background()
	e.now = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC) // the spring clock change falls inside
	const guild = "g1"
	admin := bot.Request{User: bot.User{ID: "u-admin", Name: "admin", Admin: true}, Place: bot.Place{Guild: guild, Channel: "c-games"}}
	// No vacation budget: a clock that runs out times out, as this month wants to count.
	for k, v := range map[string]string{"clock_days": "1", "reminder_hours": "8", "vacation_days": "0"} {
		if _, err := e.svc.SetSetting(ctx, admin, bot.ScopeGuild, k, v); err != nil {
			t.Fatal(err)
		}
	}
	players := []simPlayer{
		{name: "lea", zone: "America/Los_Angeles", quiet: "23:00-07:00", ranges: []bot.QuietRange{{From: 23 * 60, To: 7 * 60}}},
		{name: "lou", zone: "America/Los_Angeles", quiet: "22:00-06:30", ranges: []bot.QuietRange{{From: 22 * 60, To: 6*60 + 30}}, slow: true},
		{name: "nia", zone: "America/New_York", quiet: "22:00-08:00", ranges: []bot.QuietRange{{From: 22 * 60, To: 8 * 60}}},
		{name: "ned", zone: "America/New_York", quiet: "00:30-09:00", ranges: []bot.QuietRange{{From: 30, To: 9 * 60}}},
		{name: "ben", zone: "Europe/Berlin", quiet: "23:30-07:30,13:00-14:00", ranges: []bot.QuietRange{{From: 23*60 + 30, To: 7*60 + 30}, {From: 13 * 60, To: 14 * 60}}, slow: true},
		{name: "bea", zone: "Europe/Berlin", quiet: "22:00-07:00", ranges: []bot.QuietRange{{From: 22 * 60, To: 7 * 60}}},
		{name: "tom", zone: "Asia/Tokyo", quiet: "00:00-08:00", ranges: []bot.QuietRange{{From: 0, To: 8 * 60}}},
		{name: "tae", zone: "Asia/Tokyo", quiet: "23:00-06:00", ranges: []bot.QuietRange{{From: 23 * 60, To: 6 * 60}}, slow: true},
	}
	times := map[string]bot.PlayerTime{}
	byID := map[string]simPlayer{}
	for _, p := range players {
		req := bot.Request{User: bot.User{ID: "u-" + p.name, Name: p.name}, Place: admin.Place}
		for k, v := range map[string]string{"timezone": p.zone, "quiet": p.quiet} {
			if _, err := e.svc.SetSetting(ctx, req, bot.ScopeUser, k, v); err != nil {
				t.Fatal(err)
			}
		}
		loc, err := time.LoadLocation(p.zone)
		if err != nil {
			t.Fatal(err)
		}
		times["u-"+p.name] = bot.PlayerTime{Loc: loc, Quiet: p.ranges}
		byID["u-"+p.name] = p
	}
	rng := rand.New(rand.NewPCG(41, 7))
	type game struct {
		id      int64
		thread  string
		users   []string
		late    map[string]bool
		actAt   map[string]time.Time // when each player next looks at the game
		moved   map[string][]int     // message counts of the thread at each of the player's moves
		started time.Time
	}
	var live, all []*game
	byGame := map[int64]*game{}
	opened := 0
	open := func() {
		opened++
		n := 2 + rng.IntN(3)
		perm := rng.Perm(len(players))[:n]
		var users []string
		for _, k := range perm {
			users = append(users, "u-"+players[k].name)
		}
		req := func(u, ch string) bot.Request {
			return bot.Request{User: bot.User{ID: u, Name: byID[u].name}, Place: bot.Place{Guild: guild, Channel: ch}}
		}
		rep, err := e.svc.Create(ctx, req(users[0], "c-games"), bot.CreateSpec{Kind: "bids", Seats: n, Options: map[string]string{"rounds": "5"}})
		if err != nil {
			t.Fatal(err)
		}
		g := &game{id: rep.Game, thread: fmt.Sprintf("th-%d", rep.Game), users: users, late: map[string]bool{},
			actAt: map[string]time.Time{}, moved: map[string][]int{}, started: e.clock()}
		if err := e.svc.AttachThread(ctx, rep.Game, g.thread, "m-"+g.thread); err != nil {
			t.Fatal(err)
		}
		for _, u := range users[1:] {
			if _, err := e.svc.Join(ctx, req(u, g.thread)); err != nil {
				t.Fatal(err)
			}
		}
		live, all = append(live, g), append(all, g)
		byGame[g.id] = g
	}
	for range 20 {
		open()
	}
	e.deliver()
	var moves, timeouts, lateInQuiet, skips int
	step := 30 * time.Minute
	end := e.clock().Add(time.Duration(days) * 24 * time.Hour)
	for e.clock().Before(end) {
		e.advance(step)
		now := e.clock()
		acted, err := e.svc.Tick(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if acted > 0 {
			// Who ran out of time just now: never a player in their quiet hours.
			rows, err := e.store.Games(ctx, storage.GameFilter{Statuses: []storage.Status{storage.StatusRunning}})
			if err != nil {
				t.Fatal(err)
			}
			for _, row := range rows {
				g := byGame[row.ID]
				if g == nil {
					continue
				}
				for _, p := range row.Players {
					if p.Late && !g.late[p.UserID] {
						timeouts++
						if times[p.UserID].QuietAt(now) {
							lateInQuiet++
							t.Errorf("%s ran out of time in game %d at %s, in their quiet hours", p.Name, g.id, now.In(times[p.UserID].Loc))
						}
					}
					g.late[p.UserID] = p.Late
				}
			}
		}
		if acted > 0 {
			e.deliver() // reminders, held pings, time-outs
		}
		moved := false
		for _, g := range slices.Clone(live) {
			for _, u := range g.users {
				pt := times[u]
				if pt.QuietAt(now) {
					continue // asleep: they neither look nor move
				}
				at, ok := g.actAt[u]
				if !ok {
					hours := 1 + rng.IntN(12)
					if byID[u].slow {
						hours = 10 + rng.IntN(40)
					}
					g.actAt[u] = pt.AwakeAfter(now, time.Duration(hours)*time.Hour)
					continue
				}
				if now.Before(at) {
					continue
				}
				delete(g.actAt, u)
				r := bot.Request{User: bot.User{ID: u, Name: byID[u].name}, Place: bot.Place{Guild: guild, Channel: g.thread}}
				if anyLate(g.late) && !g.late[u] {
					ms, err := e.store.Moves(ctx, g.id)
					if err != nil {
						t.Fatal(err)
					}
					count := len(e.fake.MessagesIn(g.thread))
					if _, err := e.svc.Overdue(ctx, r, int64(len(ms)), bot.ActSkip); err == nil {
						// The late players' turns are over: played for them.
						skips++
						for v, l := range g.late {
							if l {
								g.moved[v] = append(g.moved[v], count)
							}
						}
						clear(g.late)
						continue
					}
				}
				count := len(e.fake.MessagesIn(g.thread))
				_, err = e.svc.Move(ctx, r, "bid pass")
				if _, ok := bot.AsRefusal(err); ok {
					_, err = e.svc.Move(ctx, r, "draw") // the round's winner draws
				}
				if err != nil {
					if _, ok := bot.AsRefusal(err); !ok {
						t.Fatalf("%s in game %d: %v", u, g.id, err)
					}
					continue // not awaited: they look again later
				}
				moves++
				g.moved[u] = append(g.moved[u], count)
				moved = true
				// What the move posts goes out before anyone else moves, as it would.
				e.deliver()
			}
		}
		if moved {
			rows, err := e.store.Games(ctx, storage.GameFilter{Statuses: []storage.Status{storage.StatusRunning}})
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range slices.Clone(live) {
				if !slices.ContainsFunc(rows, func(r *storage.Game) bool { return r.ID == g.id }) {
					live = slices.DeleteFunc(live, func(x *game) bool { return x == g })
					open()
				}
			}
			e.deliver()
		}
	}
	// What the threads got: mentions, by kind, and when.
	var mentions, inQuiet, silent, held, reminders, twice, once, unpinged int
	for _, g := range all {
		msgs := e.fake.MessagesIn(g.thread)
		pings := map[string][]int{} // turn pings (held ones included) by user: message indexes
		for k, m := range msgs {
			if m.Flags&4096 != 0 {
				silent++
			}
			for _, u := range m.Mentions {
				mentions++
				if pt, ok := times[u]; ok && pt.QuietAt(m.Created) {
					inQuiet++
					t.Errorf("%s mentioned at %s, in their quiet hours: %q", u, m.Created.In(pt.Loc), m.Content)
				}
				switch {
				case strings.Contains(m.Content, "Reminder: "):
					reminders++
				case strings.Contains(m.Content, "Time is up in"):
				default:
					if strings.Contains(m.Content, "quiet hours are over") {
						held++
					}
					pings[u] = append(pings[u], k)
				}
			}
		}
		// Between two moves of a player (and after the last), at most one turn ping.
		for _, u := range g.users {
			marks := append(slices.Clone(g.moved[u]), len(msgs))
			from := 0
			for _, to := range marks {
				n := 0
				for _, k := range pings[u] {
					if k >= from && k < to {
						n++
					}
				}
				switch {
				case n > 1:
					twice++
					t.Errorf("%s was pinged %d times for one turn in game %d (messages %d to %d)", u, n, g.id, from, to)
				case n == 1:
					once++
				default:
					unpinged++
				}
				from = to
			}
		}
	}
	t.Logf("%d days, %d games (20 at once), %d moves, %d time-outs (%d in quiet hours), %d skipped by the others", days, opened, moves, timeouts, lateInQuiet, skips)
	t.Logf("%d mentions (%d inside quiet hours), %d silent posts, %d pings held to the end of quiet hours, %d reminders", mentions, inQuiet, silent, held, reminders)
	t.Logf("turns pinged once: %d, twice or more: %d, not pinged (the player moved first, or the game ended): %d", once, twice, unpinged)
	if moves == 0 || held == 0 || silent == 0 || timeouts == 0 {
		t.Errorf("the month tested too little: %d moves, %d held pings, %d silent posts, %d time-outs", moves, held, silent, timeouts)
	}
}

func anyLate(late map[string]bool) bool {
	for _, l := range late {
		if l {
			return true
		}
	}
	return false
}

// /settings me timezone suggests IANA zones as a city is typed, and hear its four ways in the
// reader's words.
func TestSettingsAutocomplete(t *testing.T) {
	e := newEnv(t)
	defer e.connect()()
	ask := func(key, typed string) []string {
		i := as(e.load("autocomplete"), "ann")
		i.ChannelID = "c-games"
		i.Data = discordgo.ApplicationCommandInteractionData{ID: "cmd-settings", Name: "settings", CommandType: discordgo.ChatApplicationCommand,
			Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "me", Type: discordgo.ApplicationCommandOptionSubCommand,
				Options: []*discordgo.ApplicationCommandInteractionDataOption{
					{Name: "key", Type: discordgo.ApplicationCommandOptionString, Value: key},
					{Name: "value", Type: discordgo.ApplicationCommandOptionString, Value: typed, Focused: true}}}}}
		cs, _ := e.answer(i)["choices"].([]any)
		var out []string
		for _, c := range cs {
			c, _ := c.(map[string]any)
			out = append(out, fmt.Sprint(c["name"], "=", c["value"]))
		}
		return out
	}
	if got := strings.Join(ask("timezone", "berl"), "|"); got != "Europe/Berlin=Europe/Berlin" {
		t.Errorf("timezone berl: %s", got)
	}
	if got := strings.Join(ask("timezone", "Europa/Berlin"), "|"); got != "Europe/Berlin=Europe/Berlin" {
		t.Errorf("timezone Europa/Berlin: %s", got)
	}
	if got := strings.Join(ask("hear", "d"), "|"); got != "dm: a mention and a direct message=dm|digest: the daily digest only=digest" {
		t.Errorf("hear d: %s", got)
	}
	if got := strings.Join(ask("quiet", "23:00-07:00"), "|"); got != "23:00-07:00=23:00-07:00" {
		t.Errorf("quiet: %s", got)
	}
}
