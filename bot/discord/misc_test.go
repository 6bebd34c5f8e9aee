package discord

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/bot/discord/discordtest"
	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/autumnash"
)

var nameRE = regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)

// TestSchemaWithinDiscordLimits checks what Discord would refuse at registration.
func TestSchemaWithinDiscordLimits(t *testing.T) {
	cmds := Commands([]rules.Info{autumnash.Game.Info()})
	if len(cmds) > 100 {
		t.Fatal("too many commands")
	}
	var check func(where string, opts []*discordgo.ApplicationCommandOption)
	check = func(where string, opts []*discordgo.ApplicationCommandOption) {
		if len(opts) > 25 {
			t.Errorf("%s: %d options", where, len(opts))
		}
		optional := false
		seen := map[string]bool{}
		for _, o := range opts {
			w := where + " " + o.Name
			if !nameRE.MatchString(o.Name) || seen[o.Name] {
				t.Errorf("%s: bad or repeated name", w)
			}
			seen[o.Name] = true
			if n := len([]rune(o.Description)); n < 1 || n > 100 {
				t.Errorf("%s: description of %d characters", w, n)
			}
			if o.Required && optional {
				t.Errorf("%s: required after optional", w)
			}
			optional = optional || !o.Required
			if len(o.Choices) > 25 || (o.Autocomplete && len(o.Choices) > 0) {
				t.Errorf("%s: choices", w)
			}
			for _, c := range o.Choices {
				if n := len([]rune(c.Name)); n < 1 || n > 100 {
					t.Errorf("%s: choice name %q", w, c.Name)
				}
			}
			check(w, o.Options)
		}
	}
	for _, c := range cmds {
		if !nameRE.MatchString(c.Name) || len(c.Description) == 0 || len([]rune(c.Description)) > 100 {
			t.Errorf("/%s: name or description", c.Name)
		}
		check("/"+c.Name, c.Options)
	}
}

func TestCustomIDsAndStash(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	short := rules.Move{"a6", "queen", "a/6"}
	id, err := pathID(ctx, e.svc, cid{Game: 7, Action: actPlay, Args: []string{"3"}}, short)
	if err != nil || id != "g/7/play/3/a6/queen/a%2F6" {
		t.Fatalf("%q %v", id, err)
	}
	c, ok := parseCID(id)
	back, err := pathOf(ctx, bot.LangEnglish, e.svc, c, 1)
	if !ok || err != nil || !back.Equal(short) {
		t.Fatalf("%v %v", back, err)
	}
	var long rules.Move
	for i := 0; i < 30; i++ {
		long = append(long, fmt.Sprintf("tok%d", i))
	}
	id, err = pathID(ctx, e.svc, cid{Game: 7, Action: actPick, Args: []string{"3"}}, long)
	if err != nil || len(id) > maxCustomID || !strings.Contains(id, "/~") {
		t.Fatalf("a long path is stashed: %q %v", id, err)
	}
	c, _ = parseCID(id)
	back, err = pathOf(ctx, bot.LangEnglish, e.svc, c, 1)
	if err != nil || !back.Equal(long) {
		t.Fatalf("%v %v", back, err)
	}
	for _, bad := range []string{"", "g", "g/x/join", "x/1/join", "g/-1/join", strings.Repeat("g/1/", 30)} {
		if _, ok := parseCID(bad); ok {
			t.Errorf("%q parsed", bad)
		}
	}
}

func FuzzParseCID(f *testing.F) {
	for _, s := range []string{"g/1/join", "g/12/pick/3/a6/queen", "g/1/page/0/2/~abc", "g/9/late/4/end"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := parseCID(s)
		if !ok {
			return
		}
		if c.Game <= 0 || len(s) > maxCustomID {
			t.Fatalf("%q gave %+v", s, c)
		}
		if again, ok := parseCID(c.String()); !ok || again.String() != c.String() {
			t.Fatalf("%q does not round trip", s)
		}
	})
}

func TestPickerPaginatesPast25(t *testing.T) {
	e := newEnv(t)
	var next []bot.Choice
	for i := 0; i < 60; i++ {
		next = append(next, bot.Choice{Token: fmt.Sprintf("t%d", i), Label: fmt.Sprintf("Option %d", i)})
	}
	step := bot.Step{Seq: 4, Partial: rules.Move{"x"}, Next: next}
	count := func(m Message) (opts int, ids []string) {
		d := map[string]any{}
		b := (&Answer{Type: discordgo.InteractionResponseChannelMessageWithSource, Msg: m}).Response()
		raw, _ := jsonRoundTrip(b.Data)
		d = raw
		return len(options(d)), customIDs(d)
	}
	for page, want := range []int{25, 25, 10} {
		m, err := e.h.pickerMessage(context.Background(), 1, step, page)
		if err != nil {
			t.Fatal(err)
		}
		n, ids := count(m)
		if n != want {
			t.Fatalf("page %d: %d options", page, n)
		}
		joined := strings.Join(ids, " ")
		if (page > 0) != strings.Contains(joined, "/page/4/"+fmt.Sprint(page-1)+"/x") {
			t.Fatalf("page %d: previous button: %v", page, ids)
		}
		if (page < 2) != strings.Contains(joined, "/page/4/"+fmt.Sprint(page+1)+"/x") {
			t.Fatalf("page %d: next button: %v", page, ids)
		}
		if !strings.Contains(joined, "g/1/back/4/x") {
			t.Fatalf("page %d: Back: %v", page, ids)
		}
	}
}

func TestBackReturnsToThePreviousDecision(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	user := strings.TrimPrefix(p.user, "u-")
	d := e.answer(e.click(user, thread, p.turn, nil))
	first := options(d)
	var pick string
	for _, id := range customIDs(d) {
		if c, _ := parseCID(id); c.Action == actPick {
			pick = id
		}
	}
	d = e.answer(e.choose(user, thread, pick, first[0]))
	var backID string
	for _, id := range customIDs(d) {
		if c, _ := parseCID(id); c.Action == actBack {
			backID = id
		}
	}
	if backID == "" || !strings.Contains(content(d), "So far: `"+first[0]) {
		t.Fatalf("after a choice: %v", d)
	}
	d = e.answer(e.click(user, thread, backID, nil))
	if strings.Join(options(d), " ") != strings.Join(first, " ") || strings.Contains(content(d), "So far") {
		t.Fatalf("Back shows the first choices again: %v", d)
	}
	// A picker opened before the game moved on refuses instead of playing.
	e.playBySlash(user, thread)
	d = e.answer(e.choose(user, thread, pick, first[0]))
	if !strings.Contains(content(d), "not your turn") || len(options(d)) != 0 {
		t.Fatalf("%q", content(d))
	}
}

func TestPanicIsAnsweredWithAnApology(t *testing.T) {
	e := newEnv(t)
	thread, _ := e.started()
	boom := bot.New(e.store, []bot.Kit{{Game: autumnash.Game, PNG: func(any, render.Meta) ([]byte, error) { panic("renderer exploded") }}}, bot.Options{Now: e.clock})
	h := NewHandler(boom, e.rest, Options{Now: e.clock, Logger: e.h.log})
	i := e.slash("zed", thread, "board")
	var got *Answer
	h.Serve(context.Background(), i, true, func(a *Answer) error { got = a; return e.rest.Respond(i, a) })
	rs, _ := e.fake.since(0)
	edits := find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if got == nil || got.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || len(edits) != 1 ||
		!strings.Contains(content(edits[0].JSON), "Sorry, something went wrong") {
		t.Fatalf("apology after the deferral: %+v %+v", got, edits)
	}
	if !strings.Contains(e.logs.String(), "renderer exploded") || !strings.Contains(e.logs.String(), "thread "+thread) {
		t.Fatalf("the panic is logged with its game: %s", e.logs.String())
	}
}

func TestAfterFifteenMinutesTheBotTokenEdits(t *testing.T) {
	e := newEnv(t)
	e.connect()
	old := e.load("button")
	old.ChannelID = "c-games"
	lobby, err := e.rest.Send("c-games", Message{Content: "lobby"})
	if err != nil {
		t.Fatal(err)
	}
	old.Message = &discordgo.Message{ID: lobby, ChannelID: "c-games"}
	e.advance(20 * time.Minute)
	mark := e.fake.mark()
	d := (&plan{update: true}).deferral()
	e.h.finish(old, d, updateWith(Message{Content: "lobby text", Clear: true}))
	rs, _ := e.fake.since(mark)
	if len(rs) != 1 || rs[0].Method != "PATCH" || rs[0].Path != "/channels/c-games/messages/"+lobby || rs[0].Auth != "Bot test-token" || rs[0].Status != 200 {
		t.Fatalf("a public message is edited with the bot token: %+v", rs)
	}
	// An ephemeral answer cannot be delivered any more: it is dropped and logged.
	mark = e.fake.mark()
	e.h.finish(old, (&plan{ephemeral: true}).deferral(), say("late", true))
	if rs, _ := e.fake.since(mark); len(rs) != 0 || !strings.Contains(e.logs.String(), "token expired") {
		t.Fatalf("%+v", rs)
	}
}

func TestSlowWorkIsDeferredWithinBudget(t *testing.T) {
	e := newEnv(t)
	thread, _ := e.started()
	h := NewHandler(e.svc, e.rest, Options{Now: e.clock, Logger: e.h.log, Budget: time.Nanosecond})
	i := e.slash("zed", thread, "history")
	var acked *Answer
	mark := e.fake.mark()
	h.Serve(context.Background(), i, true, func(a *Answer) error { acked = a; return e.rest.Respond(i, a) })
	rs, _ := e.fake.since(mark)
	switch acked.Type {
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		edits := find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
		if !acked.Msg.Ephemeral || len(edits) != 1 || !strings.Contains(content(edits[0].JSON), "no moves yet") {
			t.Fatalf("deferred, then answered: %+v", rs)
		}
	case discordgo.InteractionResponseChannelMessageWithSource:
		// The work beat the timer; the answer went out at once.
	default:
		t.Fatalf("ack %+v", acked)
	}
}

func TestDirectMessagesAndRefusedSends(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if err := e.send.Send(ctx, bot.Outgoing{Notice: bot.Notice{Kind: "dm", User: "u-ann", Text: "Autumn Ash #1: you drew a leaf <@everyone>"}, Key: "k1"}); err != nil {
		t.Fatal(err)
	}
	rs, _ := e.fake.since(0)
	if len(rs) != 2 || rs[0].Path != "/users/@me/channels" || rs[0].JSON["recipient_id"] != "u-ann" || rs[1].Path != "/channels/"+rs[0].ID+"/messages" {
		t.Fatalf("a DM opens the user's channel and posts there: %+v", rs)
	}
	if dms := e.fake.DMs("u-ann"); len(dms) != 1 || !strings.Contains(dms[0].Content, "you drew a leaf") {
		t.Fatalf("ann has the DM: %+v", dms)
	}
	noParse(t, rs[1].JSON)
	if us := allowedUsers(rs[1].JSON); len(us) != 0 {
		t.Fatalf("a DM pings nobody: %v", us)
	}
	// A user with closed DMs (403 Cannot send messages to this user) is not retried forever;
	// a server error is.
	e.fake.CloseDMs("u-bob")
	mark := e.fake.mark()
	if err := e.send.Send(ctx, bot.Outgoing{Notice: bot.Notice{Kind: "dm", User: "u-bob", Text: "x"}, Key: "k2"}); err != nil {
		t.Fatalf("refused for good: dropped, %v", err)
	}
	if rs, _ := e.fake.since(mark); len(rs) != 2 || rs[1].Status != 403 || rs[1].Code != discordtest.CannotMessageUser {
		t.Fatalf("one try, refused with 50007: %+v", rs)
	}
	e.fake.fail("POST", "/channels/th9/messages", 503, 5, false)
	if err := e.send.Send(ctx, bot.Outgoing{Notice: bot.Notice{Kind: "text", Game: 1, Channel: "th9", Text: "x"}, Key: "k3"}); err == nil {
		t.Fatal("a 503 that outlasts the retries is reported, so the outbox tries again")
	}
}

func TestJoinTypedInTheThreadEditsTheLobby(t *testing.T) {
	e := newEnv(t)
	e.connect()
	i := e.slash("ann", "c-games", "create", sub("autumn-ash"))
	rs := e.do(i)
	lobby := find(rs, "POST", "/channels/c-games/messages")[0]
	thread := find(rs, "POST", "/channels/c-games/messages/"+lobby.ID+"/threads")[0].ID
	mark := e.fake.mark()
	d := e.answer(e.slash("bob", thread, "join"))
	if ephemeral(d) || !strings.Contains(content(d), "has started") {
		t.Fatalf("%q", content(d))
	}
	rs, _ = e.fake.since(mark)
	edits := find(rs, "PATCH", "/channels/c-games/messages/"+lobby.ID)
	if len(edits) != 1 || !strings.Contains(content(edits[0].JSON), "has started with ann, bob") || len(edits[0].JSON["components"].([]any)) != 0 {
		t.Fatalf("the lobby message is brought up to date with the bot token: %+v", rs)
	}
}

// deferred serves i with a handler that defers everything that is not instant, through the
// fake, until an attempt is deferred (the work may beat a 1 ns budget), and returns the
// requests of that attempt and its interaction.
func (e *env) deferred(make func() *discordgo.Interaction) ([]recorded, *discordgo.Interaction) {
	e.t.Helper()
	h := NewHandler(e.svc, e.rest, Options{Now: e.clock, Logger: e.h.log, Budget: time.Nanosecond})
	for range 20 {
		i := make()
		mark := e.fake.mark()
		var acked *Answer
		h.Serve(context.Background(), i, true, func(a *Answer) error { acked = a; return e.rest.Respond(i, a) })
		rs, _ := e.fake.since(mark)
		if acked.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource || acked.Type == discordgo.InteractionResponseDeferredMessageUpdate {
			return rs, i
		}
	}
	e.t.Fatal("the work always beat a 1 ns budget")
	return nil, nil
}

// The two answers a deferral cannot become by an edit: a refusal after a button's deferred
// update is a private follow-up (the clicked message stays); a private refusal after a public
// "thinking" deletes that and follows up privately.
func TestDeferredAnswersOfAnotherKind(t *testing.T) {
	e := newEnv(t)
	thread, _ := e.started()
	rs, i := e.deferred(func() *discordgo.Interaction { return e.click("zed", thread, "g/1/join", nil) })
	webhook := "/webhooks/1234567890/" + i.Token
	if cb := callback(t, rs, i); typ(cb) != 6 {
		t.Fatalf("a lobby button defers an update: %+v", cb.JSON)
	}
	ups := find(rs, "POST", webhook)
	if len(ups) != 1 || ups[0].Status != 200 || !ephemeral(ups[0].JSON) || !strings.Contains(content(ups[0].JSON), "has already started") ||
		len(find(rs, "PATCH", webhook)) != 0 {
		t.Fatalf("the refusal is a private follow-up, the lobby message untouched: %+v", rs)
	}

	rs, i = e.deferred(func() *discordgo.Interaction { return e.slash("zed", thread, "join") })
	webhook = "/webhooks/1234567890/" + i.Token
	if cb := callback(t, rs, i); typ(cb) != 5 || ephemeral(data(cb)) {
		t.Fatalf("/join defers in public: %+v", cb.JSON)
	}
	var order []string
	for _, r := range rs {
		if strings.HasPrefix(r.Path, webhook) {
			order = append(order, fmt.Sprint(r.Method, " ", strings.TrimPrefix(r.Path, webhook), " ", r.Status))
		}
	}
	ups = find(rs, "POST", webhook)
	if strings.Join(order, ", ") != "DELETE /messages/@original 204, POST  200" || !ephemeral(ups[0].JSON) ||
		!strings.Contains(content(ups[0].JSON), "has already started") {
		t.Fatalf("the public thinking is deleted, then the refusal follows privately: %v %+v", order, ups)
	}
}

func TestLobbyMessageSaysWhenItStarts(t *testing.T) {
	cases := []struct {
		min, seats int
		want       string
	}{
		{2, 2, "It starts when every seat is taken."},
		{2, 4, "It starts when every seat is taken, or earlier (from 2 players) when its creator presses Start."},
		{1, 4, "It starts when every seat is taken, or earlier when its creator presses Start."},
	}
	for _, c := range cases {
		m := lobbyMessage(bot.Lobby{Game: 1, Name: "Ascidiae", Seats: c.seats, Min: c.min, Players: []string{"ann"}})
		if !strings.HasSuffix(m.Content, "\n"+c.want) {
			t.Errorf("%d of %d: %q", c.min, c.seats, m.Content)
		}
	}
}

// Like Discord, the fake edits only a message that exists in the channel named: an edit of a
// message never posted, or posted in another channel, is 404 Unknown Message, a permanent error.
func TestFakeDiscordEditsOnlyMessagesThatExist(t *testing.T) {
	e := newEnv(t)
	id, err := e.rest.Send("th-1", Message{Content: "a post"})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.rest.Edit("th-1", id, Message{Content: "edited"}); err != nil {
		t.Fatalf("editing the post: %v", err)
	}
	for _, c := range []struct{ channel, id string }{{"th-1", "999999"}, {"th-2", id}} {
		if err := e.rest.Edit(c.channel, c.id, Message{Content: "edited"}); err == nil || !Permanent(err) {
			t.Fatalf("editing message %s in %s: %v, want a permanent 404", c.id, c.channel, err)
		}
	}
}
