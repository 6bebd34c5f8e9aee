package discord

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/discord/discordtest"
	"github.com/boardbot/boardbot/rules/autumnash"
)

// Finding 1 and Deliver 6: /create reads app_permissions and refuses, naming each missing
// permission, before anything is posted or stored.
func TestCreateNamesTheMissingPermissions(t *testing.T) {
	cases := []struct {
		name   string
		remove int64
		want   string
	}{
		{"no Attach Files", discordgo.PermissionAttachFiles, "I lack the Attach Files permission here"},
		{"no threads", discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads,
			"I lack the Create Public Threads and Send Messages in Threads permissions here"},
		{"all there", 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.connect()
			e.fake.SetChannel("c-games", func(ch *discordtest.Channel) { ch.Perms &^= c.remove })
			i := e.slash("ann", "c-games", "create", sub("autumn-ash"))
			rs := e.do(i)
			posts := find(rs, "POST", "/channels/c-games/messages")
			var said string
			for _, r := range rs {
				if s := content(r.JSON); s != "" {
					said = s
				}
				if s := content(data(r)); s != "" {
					said = s
				}
			}
			if c.want == "" {
				if len(posts) != 2 {
					t.Fatalf("lobby and thread: %+v", rs)
				}
				return
			}
			if len(posts) != 0 || !strings.Contains(said, c.want) || !strings.Contains(said, "/create") {
				t.Fatalf("refused before posting, naming what is missing: %q %+v", said, posts)
			}
		})
	}
}

// Deliver 7 (at /create): when the thread cannot be opened (the server's 1,000 active threads),
// the lobby message loses its buttons and the answer says why.
func TestCreateAtTheThreadCapClosesTheLobby(t *testing.T) {
	e := newEnv(t)
	e.connect()
	e.fake.ThreadCap = 1
	e.openGame() // the one thread the server may have
	i := e.slash("ann", "c-games", "create", sub("autumn-ash"))
	rs := e.do(i)
	posts := find(rs, "POST", "/channels/c-games/messages")
	if len(posts) != 2 || posts[1].Code != discordtest.MaxActiveThreads {
		t.Fatalf("the lobby, then a thread refused at the cap: %+v", posts)
	}
	lobby, _ := e.fake.Message(posts[0].ID)
	edits := find(rs, "PATCH", "/channels/c-games/messages/"+posts[0].ID)
	if len(edits) != 1 || len(customIDs(edits[0].JSON)) != 0 || edits[0].JSON["components"] == nil || !strings.Contains(lobby.Content, "closed") {
		t.Fatalf("the lobby is closed, without buttons: %+v %+v", edits, lobby)
	}
	edit := find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edit) != 1 || !strings.Contains(content(edit[0].JSON), "limit of 1,000 active threads") {
		t.Fatalf("the answer says why: %+v", edit)
	}
}

// Finding 1 and Deliver 6: a game's thread that refuses its posts (deleted, locked, a permission
// taken away) stops the game's posts and clocks, tells the players in the lobby channel and on
// their next interaction, and the game goes on by itself once it is fixed. The refused post is
// tried again rarely (each try is an invalid request to Discord), never dropped.
func TestRefusedThreadPausesTheGameUntilFixed(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(*discordtest.Fake, string)
		fix    func(*discordtest.Fake, string)
		code   int
		reason string
	}{
		{"deleted", func(f *discordtest.Fake, th string) {
			f.SetChannel(th, func(c *discordtest.Channel) { c.Deleted = true })
		},
			func(f *discordtest.Fake, th string) {
				f.SetChannel(th, func(c *discordtest.Channel) { c.Deleted = false })
			},
			discordtest.UnknownChannel, "the thread was deleted"},
		{"locked", func(f *discordtest.Fake, th string) {
			f.SetChannel(th, func(c *discordtest.Channel) { c.Locked, c.Archived = true, true })
		},
			func(f *discordtest.Fake, th string) {
				f.SetChannel(th, func(c *discordtest.Channel) { c.Locked = false })
			},
			discordtest.ThreadLocked, "the thread is locked"},
		{"no Attach Files", func(f *discordtest.Fake, _ string) {
			f.SetChannel("c-games", func(c *discordtest.Channel) { c.Perms &^= discordgo.PermissionAttachFiles })
		}, func(f *discordtest.Fake, _ string) {
			f.SetChannel("c-games", func(c *discordtest.Channel) { c.Perms |= discordgo.PermissionAttachFiles })
		}, discordtest.MissingPermissions, "Attach Files"},
		{"no Send Messages in Threads", func(f *discordtest.Fake, _ string) {
			f.SetChannel("c-games", func(c *discordtest.Channel) { c.Perms &^= discordgo.PermissionSendMessagesInThreads })
		}, func(f *discordtest.Fake, _ string) {
			f.SetChannel("c-games", func(c *discordtest.Channel) { c.Perms |= discordgo.PermissionSendMessagesInThreads })
		}, discordtest.MissingPermissions, "Send Messages in Threads"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			thread, p := e.started()
			ctx := context.Background()
			c.break_(e.fake.Fake, thread)
			mover := e.playOne(thread, p)
			rs := append(e.deliver(), e.deliver()...) // the note is queued by the first round
			refused := find(rs, "POST", "/channels/"+thread+"/messages")
			if len(refused) != 1 || refused[0].Code != c.code {
				t.Fatalf("one try, refused with %d: %+v", c.code, refused)
			}
			told := find(rs, "POST", "/channels/c-games/messages")
			if len(told) != 1 || !strings.Contains(content(told[0].JSON), c.reason) || !strings.Contains(content(told[0].JSON), "paused") {
				t.Fatalf("the lobby channel is told why: %+v", told)
			}
			g, _ := e.store.GameByThread(ctx, thread)
			if g.Deadline != nil || g.RemindAt != nil {
				t.Fatalf("the clocks stop: %v %v", g.Deadline, g.RemindAt)
			}
			if q, _ := e.store.Pending(ctx, e.now.Add(time.Hour), 0); len(q) != 1 {
				t.Fatalf("the post waits in the outbox: %d", len(q))
			}
			// Told once; the post is not tried again before the probe's 10 minutes.
			e.advance(5 * time.Minute)
			if rs := e.deliver(); len(rs) != 0 {
				t.Fatalf("tried again too soon, or told twice: %+v", rs)
			}
			said := ""
			for _, r := range e.do(e.slash(mover, thread, "board")) {
				said += content(r.JSON) + content(data(r))
			}
			if !strings.Contains(said, "I can't post in this thread") {
				t.Fatalf("the next interaction's answer says so: %q", said)
			}
			c.fix(e.fake.Fake, thread)
			e.advance(6 * time.Minute)
			rs = e.deliver()
			if posts := find(rs, "POST", "/channels/"+thread+"/messages"); len(posts) != 1 || posts[0].Status != 200 {
				t.Fatalf("once fixed, the post goes out: %+v", rs)
			}
			if g, _ := e.store.GameByThread(ctx, thread); g.RemindAt == nil {
				t.Fatal("the clocks start again")
			}
			if e.svc.ThreadRefusal(ctx, bot.LangEnglish, thread) != "" {
				t.Fatal("the refusal is lifted")
			}
		})
	}
}

// Finding 5, as #34 changed it: a phase's opening post that Discord refused with a 400 goes out
// again at once without its image, so its status edits have a post to edit and nothing waits.
func TestRefusedPhasePostHoldsNothingLater(t *testing.T) {
	e, thread := openPoll(t)
	e.fake.Refuse("POST", "/channels/"+thread+"/messages", 400, discordtest.InvalidFormBody, 1)
	posts := find(e.deliver(), "POST", "/channels/"+thread)
	if len(posts) != 2 || posts[0].Status != 400 || posts[1].Status != 200 || len(posts[1].Files) != 0 {
		t.Fatalf("the start post, refused, then sent without its image: %+v", posts)
	}
	e.answer(e.slash("ann", thread, "move", opt("move", "yes")))
	if rs := e.deliver(); len(find(rs, "PATCH", "/channels/"+thread+"/messages/"+posts[1].ID)) != 1 {
		t.Fatalf("the status edit edits the post that went out: %+v", rs)
	}
	e.answer(e.slash("bob", thread, "move", opt("move", "no")))
	rs := e.deliver()
	next := find(rs, "POST", "/channels/"+thread+"/messages")
	if len(next) != 1 || next[0].Status != 200 {
		t.Fatalf("the next post goes out at once: %+v", rs)
	}
	if q, _ := e.store.Pending(context.Background(), e.now.Add(24*time.Hour), 0); len(q) != 0 {
		t.Fatalf("nothing left waiting: %+v", q)
	}
}

// Deliver 7: a finished game's thread archives itself after a day without a message, freeing its
// slot among the server's 1,000 active threads (a running game's thread keeps Discord's week).
func TestFinishedGameThreadIsArchived(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	user := strings.TrimPrefix(p.user, "u-")
	e.resign(user, thread)
	rs := e.deliver()
	set := find(rs, "PATCH", "/channels/"+thread)
	var patches []recorded
	for _, r := range set {
		if r.Path == "/channels/"+thread {
			patches = append(patches, r)
		}
	}
	if len(patches) != 1 || patches[0].JSON["auto_archive_duration"] != float64(1440) {
		t.Fatalf("the thread is set to archive after a day: %+v", rs)
	}
	e.advance(23 * time.Hour)
	if e.fake.ChannelState(thread).Archived || e.fake.ActiveThreads("g1") != 1 {
		t.Fatal("archived before the day")
	}
	e.advance(2 * time.Hour)
	if !e.fake.ChannelState(thread).Archived || e.fake.ActiveThreads("g1") != 0 {
		t.Fatal("still active after a day")
	}
	if rs := e.deliver(); len(rs) != 0 {
		t.Fatalf("set once: %+v", rs)
	}
}

// Deliver 6 (by DM): a game's thread that refuses its posts also tells each human player once,
// by direct message, which game, why in words and where it can still be followed. Once per
// refusal episode, however many posts wait; a player whose DMs are closed (50007) is tried once
// and the refusal logged.
func TestRefusedThreadTellsEachPlayerByDM(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(*discordtest.Fake, string)
		reason string
		where  string // "" : the DM sends nobody to the thread
	}{
		{"deleted", func(f *discordtest.Fake, th string) {
			f.SetChannel(th, func(c *discordtest.Channel) { c.Deleted = true })
		}, "the thread was deleted", ""},
		{"no Send Messages in Threads", func(f *discordtest.Fake, _ string) {
			f.SetChannel("c-games", func(c *discordtest.Channel) { c.Perms &^= discordgo.PermissionSendMessagesInThreads })
		}, "Send Messages in Threads", "/board shows the position"},
		{"locked", func(f *discordtest.Fake, th string) {
			f.SetChannel(th, func(c *discordtest.Channel) { c.Locked, c.Archived = true, true })
		}, "the thread is locked", "earlier posts can still be read in the thread"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			thread, p := e.started()
			e.fake.CloseDMs("u-bob")
			c.break_(e.fake.Fake, thread)
			other := map[string]string{"ann": "bob", "bob": "ann"}[e.playOne(thread, p)]
			e.playBySlash(other, thread) // a second move's post waits too: still one DM each
			rs := append(e.deliver(), e.deliver()...)
			if opened := find(rs, "POST", "/users/@me/channels"); len(opened) != 2 {
				t.Fatalf("ann's and bob's DM channels: %+v", opened)
			}
			dms := e.fake.DMs("u-ann")
			if len(dms) != 1 {
				t.Fatalf("one DM to ann: %+v", dms)
			}
			text := dms[0].Content
			for _, want := range []string{"Autumn Ash #1", c.reason, "paused", "/games", "anywhere"} {
				if !strings.Contains(text, want) {
					t.Fatalf("the DM says %q: %q", want, text)
				}
			}
			if c.where != "" && !strings.Contains(text, c.where) || c.where == "" && strings.Contains(text, "/board") {
				t.Fatalf("where to read it (%q): %q", c.where, text)
			}
			var toBob []recorded
			for _, r := range find(rs, "POST", "/channels/") {
				if r.Code == discordtest.CannotMessageUser {
					toBob = append(toBob, r)
				}
			}
			if len(toBob) != 1 || len(e.fake.DMs("u-bob")) != 0 || !strings.Contains(e.logs.String(), "direct message refused") {
				t.Fatalf("bob's closed DMs: one try, logged: %+v", toBob)
			}
			// The refused post is probed again later; nobody is told again, bob is not retried.
			e.advance(11 * time.Minute)
			rs = e.deliver()
			if probes := find(rs, "POST", "/channels/"+thread+"/messages"); len(probes) != 1 || probes[0].Status < 400 {
				t.Fatalf("the probe, refused again: %+v", rs)
			}
			if len(find(rs, "POST", "/users/@me/channels")) != 0 || len(rs) != 1 {
				t.Fatalf("told once per refusal: %+v", rs)
			}
		})
	}
}

// The DM of a refused thread goes to the human players only, never to an AI seat.
func TestRefusedThreadDMsNoAISeat(t *testing.T) {
	e := newKitEnv(t, []bot.Kit{{Game: autumnash.Game, PNG: fakePNG}}, 3, func(o *bot.Options) { o.AIIterations = 12 })
	e.connect()
	rs := e.do(e.slash("ann", "c-games", "create", sub("autumn-ash", opt("bots", float64(1)), opt("level", "easy"))))
	thread := find(rs, "POST", "/channels/c-games/messages")[1].ID
	e.fake.SetChannel(thread, func(c *discordtest.Channel) { c.Deleted = true })
	rs = append(e.deliver(), e.deliver()...)
	opened := find(rs, "POST", "/users/@me/channels")
	if len(opened) != 1 || opened[0].JSON["recipient_id"] != "u-ann" || len(e.fake.DMs("u-ann")) != 1 {
		t.Fatalf("only ann is told: %+v", opened)
	}
}

// Deliver 7 (archived threads): a status edit that meets an archived thread reopens it and
// edits once more when the bot may (Send Messages there); when it may not, the status goes out
// as a new post (which reopens a thread that is not locked) and becomes the turn's live post,
// the old one losing its buttons; a locked thread refuses that post, which pauses the game.
func TestStatusEditInArchivedThread(t *testing.T) {
	cases := []struct {
		name  string
		setup func(f *discordtest.Fake, thread string)
	}{
		{"reopened", func(f *discordtest.Fake, th string) {
			f.SetChannel(th, func(c *discordtest.Channel) { c.Archived = true })
		}},
		{"posted anew", func(f *discordtest.Fake, th string) {
			f.SetChannel(th, func(c *discordtest.Channel) { c.Archived = true })
			f.SetChannel("c-games", func(c *discordtest.Channel) { c.Perms &^= discordgo.PermissionSendMessages })
		}},
		{"locked", func(f *discordtest.Fake, th string) {
			f.SetChannel(th, func(c *discordtest.Channel) { c.Archived, c.Locked = true, true })
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newKitEnv(t, []bot.Kit{{Game: pollGame, PNG: fakePNG}}, 7)
			e.connect()
			rs := e.do(e.slash("ann", "c-games", "create", sub("poll", opt("players", float64(3)))))
			lobby := find(rs, "POST", "/channels/c-games/messages")[0]
			thread := find(rs, "POST", "/channels/c-games/messages")[1].ID
			for _, u := range []string{"bob", "cat"} {
				e.do(e.click(u, "c-games", "g/1/join", &discordgo.Message{ID: lobby.ID, ChannelID: "c-games"}))
			}
			posts := find(e.deliver(), "POST", "/channels/"+thread+"/messages")
			live := posts[len(posts)-1].ID
			c.setup(e.fake.Fake, thread)
			e.answer(e.slash("ann", thread, "move", opt("move", "yes")))
			rs = e.deliver()
			var reopen []recorded
			for _, r := range find(rs, "PATCH", "/channels/"+thread) {
				if r.Path == "/channels/"+thread {
					reopen = append(reopen, r)
				}
			}
			if len(reopen) != 1 || reopen[0].JSON["archived"] != false {
				t.Fatalf("one try to reopen the thread: %+v", rs)
			}
			edits := find(rs, "PATCH", "/channels/"+thread+"/messages/"+live)
			if len(edits) == 0 || edits[0].Code != discordtest.ArchivedThread {
				t.Fatalf("the edit meets the archived thread: %+v", rs)
			}
			posted := find(rs, "POST", "/channels/"+thread+"/messages")
			switch c.name {
			case "reopened":
				if reopen[0].Status != 200 || len(edits) != 2 || edits[1].Status != 200 || len(posted) != 0 {
					t.Fatalf("reopened, then edited once more: %+v", rs)
				}
			case "posted anew":
				if reopen[0].Status != 403 || len(posted) != 1 || posted[0].Status != 200 {
					t.Fatalf("not reopened, so posted anew: %+v", rs)
				}
				ids := strings.Join(customIDs(posted[0].JSON), " ")
				if !strings.Contains(ids, "g/1/turn/1/u-bob") || strings.Contains(ids, "u-ann") {
					t.Fatalf("the new post has the status's buttons: %s", ids)
				}
				if len(edits) != 2 || edits[1].Status != 200 || edits[1].JSON["components"] == nil || len(customIDs(edits[1].JSON)) != 0 {
					t.Fatalf("the old post loses its buttons: %+v", edits)
				}
				if e.fake.ChannelState(thread).Archived {
					t.Fatal("the post reopened the thread")
				}
				// The old post still shows the game's start: the new one does not repeat it.
				if c := content(posted[0].JSON); strings.Contains(c, "Poll #1 begins") || !strings.Contains(c, "Seat 1 has voted.") {
					t.Fatalf("the new post tells what came since the old one, only: %q", c)
				}
				live = posted[0].ID
			case "locked":
				if len(posted) != 1 || posted[0].Code != discordtest.ThreadLocked {
					t.Fatalf("the post is refused: %+v", rs)
				}
				told := find(e.deliver(), "POST", "/channels/c-games/messages")
				if len(told) != 1 || !strings.Contains(content(told[0].JSON), "the thread is locked") {
					t.Fatalf("a refusal: the lobby channel is told why: %+v", told)
				}
				return
			}
			// The next status edit changes the live post, now open.
			e.answer(e.slash("bob", thread, "move", opt("move", "no")))
			rs = e.deliver()
			if edits := find(rs, "PATCH", "/channels/"+thread+"/messages/"+live); len(edits) != 1 || edits[0].Status != 200 ||
				len(find(rs, "POST", "/channels/"+thread)) != 0 {
				t.Fatalf("the next status edits the live post: %+v", rs)
			}
			// The start is told where it was first told: on the original post, not the new one.
			c := content(find(rs, "PATCH", "/channels/"+thread+"/messages/"+live)[0].JSON)
			if strings.Contains(c, "Poll #1 begins") != (live == posts[len(posts)-1].ID) || !strings.Contains(c, "Seat 2 has voted.") {
				t.Fatalf("the edit of the live post: %q", c)
			}
		})
	}
}

// discord.archive_after reaches the thread: rounded up to the next delay Discord knows, and 0
// leaves a finished game's thread its week.
func TestArchiveAfterSetting(t *testing.T) {
	cases := []struct {
		after   time.Duration
		minutes float64 // 0: the thread is not changed
		open    time.Duration
	}{
		{90 * time.Minute, 1440, 23 * time.Hour},
		{72 * time.Hour, 4320, 71 * time.Hour},
		{0, 0, 6 * 24 * time.Hour},
	}
	for _, c := range cases {
		t.Run(c.after.String(), func(t *testing.T) {
			e := newEnv(t)
			e.send.ArchiveAfter = c.after
			thread, p := e.started()
			e.resign(strings.TrimPrefix(p.user, "u-"), thread)
			var set []recorded
			for _, r := range e.deliver() {
				if r.Method == "PATCH" && r.Path == "/channels/"+thread {
					set = append(set, r)
				}
			}
			if c.minutes == 0 && len(set) != 0 || c.minutes != 0 && (len(set) != 1 || set[0].JSON["auto_archive_duration"] != c.minutes) {
				t.Fatalf("auto-archive set to %v minutes: %+v", c.minutes, set)
			}
			e.advance(c.open)
			if e.fake.ChannelState(thread).Archived {
				t.Fatalf("archived before %v", c.open)
			}
			e.advance(2 * 24 * time.Hour)
			if !e.fake.ChannelState(thread).Archived {
				t.Fatal("never archived")
			}
		})
	}
}

// saidIn is the last text the bot answered in rs.
func saidIn(rs []recorded) string {
	var said string
	for _, r := range rs {
		if s := content(r.JSON); s != "" {
			said = s
		}
		if s := content(data(r)); s != "" {
			said = s
		}
	}
	return said
}

// A game whose thread was deleted can still be ended: /abort with the game's number works in the
// channel the game was opened in, and the refused thread is no longer probed.
func TestAbortByNumberWhenTheThreadIsGone(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	e.fake.SetChannel(thread, func(c *discordtest.Channel) { c.Deleted = true })
	e.playOne(thread, p)
	e.deliver()
	// Without the number, the lobby channel has no game of its own.
	if said := saidIn(e.do(e.slash("bob", "c-games", "abort"))); strings.Contains(said, "aborted") {
		t.Fatalf("abort without a number in the lobby channel: %q", said)
	}
	said := saidIn(e.do(e.slash("ann", "c-games", "abort", opt("game", float64(1)))))
	if !strings.Contains(said, "was aborted by") {
		t.Fatalf("the creator's /abort game:1 in the lobby channel: %q", said)
	}
	e.advance(11 * time.Minute)
	for _, r := range append(e.deliver(), e.deliver()...) {
		if r.Method == "POST" && strings.HasPrefix(r.Path, "/channels/"+thread) {
			t.Fatalf("the deleted thread is still probed after the abort: %+v", r)
		}
	}
}
