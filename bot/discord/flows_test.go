package discord

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/storage"
)

// started opens a game (ann against bob), delivers the start post and returns the thread and
// the live prompt.
func (e *env) started() (string, prompt) {
	e.t.Helper()
	e.connect()
	thread := e.openGame()
	posts := find(e.deliver(), "POST", "/channels/"+thread+"/messages")
	return thread, checkTurnPost(e.t, posts[len(posts)-1])
}

func (e *env) moves(thread string) int {
	e.t.Helper()
	g, err := e.store.GameByThread(context.Background(), thread)
	if err != nil {
		e.t.Fatal(err)
	}
	ms, _ := e.store.Moves(context.Background(), g.ID)
	return len(ms)
}

func (e *env) answer(i *discordgo.Interaction) map[string]any {
	e.t.Helper()
	return data(callback(e.t, e.do(i), i))
}

func TestAutocompleteAnswers(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	mover := strings.TrimPrefix(p.user, "u-")
	all, _ := e.answer(e.complete(mover, thread, ""))["choices"].([]any)
	if len(all) == 0 || len(all) > 25 {
		t.Fatalf("1 to 25 suggestions: %d", len(all))
	}
	// More moves than fit: every kind of move first, with its count. The few kinds of a first
	// move all fit, so every move is reachable and no "…and N more moves" follows them.
	first := all[0].(map[string]any)
	if !strings.Contains(first["name"].(string), " moves)") {
		t.Fatalf("kinds of moves with their counts come first: %v", first)
	}
	if len(all) < 25 {
		for _, c := range all {
			if name := c.(map[string]any)["name"].(string); strings.HasPrefix(name, "…and ") {
				t.Fatalf("every kind is listed, yet the list says %q", name)
			}
		}
	}
	prefix := strings.Fields(first["value"].(string))[0][:1]
	some, _ := e.answer(e.complete(mover, thread, prefix))["choices"].([]any)
	if len(some) == 0 {
		t.Fatal("nothing for a prefix of a legal move")
	}
	for _, c := range some {
		if v := c.(map[string]any)["value"].(string); !strings.HasPrefix(strings.ToLower(v), prefix) {
			t.Fatalf("%q does not start with %q", v, prefix)
		}
	}
	// Nothing fits zz: the one entry says why and keeps what was typed (issue #40).
	none, sent := e.answer(e.complete(mover, thread, "zz"))["choices"].([]any)
	if len(none) != 1 || !sent || none[0].(map[string]any)["value"] != "zz" || !strings.Contains(none[0].(map[string]any)["name"].(string), `"zz" is not a square`) {
		t.Fatalf("nothing fits zz, and Discord is told why: %v %v", none, sent)
	}
	why, _ := e.answer(e.complete("zed", thread, ""))["choices"].([]any)
	if len(why) != 1 || !strings.Contains(why[0].(map[string]any)["name"].(string), "not playing") {
		t.Fatalf("a spectator is told why there is nothing: %v", why)
	}
}

func TestIllegalMoveWrongPlayerSpectator(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	mover := strings.TrimPrefix(p.user, "u-")
	other := "ann"
	if mover == "ann" {
		other = "bob"
	}
	cases := []struct{ who, move, want string }{
		{mover, "e9 e8", "type /move and pick from its suggestions"},
		{other, "a1 a2", "It is not your turn: waiting for " + mover},
		{"zed", "a1 a2", "You are not playing"},
	}
	for _, c := range cases {
		d := e.answer(e.slash(c.who, thread, "move", opt("move", c.move)))
		if !ephemeral(d) || !strings.Contains(content(d), c.want) {
			t.Fatalf("%s %q: %q", c.who, c.move, content(d))
		}
	}
	if e.moves(thread) != 0 {
		t.Fatal("refused moves changed the game")
	}
	// Someone else's Take your turn button: a polite refusal that pings nobody.
	d := e.answer(e.click("zed", thread, p.turn, nil))
	if !ephemeral(d) || !strings.Contains(content(d), "This button is for <@"+p.user+">'s turn, not yours") {
		t.Fatalf("%q", content(d))
	}
	noParse(t, d)
	if us := allowedUsers(d); len(us) != 0 {
		t.Fatalf("the refusal pings nobody: %v", us)
	}
	// The spectator sees the public board, privately, after a deferral.
	i := e.slash("zed", thread, "board")
	rs := e.do(i)
	if cb := callback(t, rs, i); typ(cb) != 5 || !ephemeral(data(cb)) {
		t.Fatalf("board is deferred first: %+v", cb.JSON)
	}
	edits := find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edits) != 1 || len(edits[0].Files) != 1 || edits[0].Files[0].ContentType != "image/png" {
		t.Fatalf("then the board arrives as a PNG: %+v", rs)
	}
	d = e.answer(e.slash("zed", thread, "view"))
	_ = d
	i = e.click("zed", thread, "g/1/view", nil)
	rs = e.do(i)
	edits = find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edits) != 1 || !strings.Contains(content(edits[0].JSON), "not playing here, so you see the public board") {
		t.Fatalf("a spectator's view is the public one: %+v", rs)
	}
	// The player's own view is private too.
	i = e.slash(mover, thread, "view")
	rs = e.do(i)
	if cb := callback(t, rs, i); !ephemeral(data(cb)) {
		t.Fatal("views are ephemeral")
	}
	edits = find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edits) != 1 || !strings.Contains(content(edits[0].JSON), "only you can see this") || len(edits[0].Files) != 1 {
		t.Fatalf("%+v", edits)
	}
}

// playOne plays the first suggested move for the prompt's user by /move.
func (e *env) playOne(thread string, p prompt) string {
	e.t.Helper()
	user := strings.TrimPrefix(p.user, "u-")
	e.playBySlash(user, thread)
	return user
}

func TestUndoByButtonsAndResign(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	mover := e.playOne(thread, p)
	other := "ann"
	if mover == "ann" {
		other = "bob"
	}
	rs := e.deliver()
	posts := find(rs, "POST", "/channels/"+thread+"/messages")
	p = checkTurnPost(t, posts[len(posts)-1])
	d := e.answer(e.slash(mover, thread, "undo"))
	if !ephemeral(d) || !strings.Contains(content(d), "Undo requested") {
		t.Fatalf("%q", content(d))
	}
	rs = e.deliver()
	ask := find(rs, "POST", "/channels/"+thread+"/messages")
	if len(ask) != 1 || strings.Join(allowedUsers(ask[0].JSON), ",") != "u-"+other {
		t.Fatalf("the other player is asked, pinged alone: %+v", rs)
	}
	ids := customIDs(ask[0].JSON)
	if len(ids) != 2 || !strings.HasSuffix(ids[0], "/yes") || !strings.HasSuffix(ids[1], "/no") {
		t.Fatalf("Agree / Refuse buttons: %v", ids)
	}
	msg := &discordgo.Message{ID: ask[0].ID, ChannelID: thread, Content: content(ask[0].JSON)}
	// The asker cannot agree with themselves; a spectator cannot either.
	d = e.answer(e.click(mover, thread, ids[0], msg))
	if !strings.Contains(content(d), "You already asked") {
		t.Fatalf("%q", content(d))
	}
	d = e.answer(e.click(other, thread, ids[0], msg))
	// The question is settled in a word; the take-back is told once, in the post with the board.
	if !strings.HasSuffix(content(d), "\n→ "+other+" agreed.") || strings.Contains(content(d), "took back") || len(customIDs(d)) != 0 {
		t.Fatalf("agreeing updates the question and removes its buttons: %v", d)
	}
	if e.moves(thread) != 0 {
		t.Fatal("the move was not taken back")
	}
	rs = e.deliver()
	posts = find(rs, "POST", "/channels/"+thread+"/messages")
	p = checkTurnPost(t, posts[len(posts)-1])
	if len(posts) != 1 || !strings.Contains(content(posts[0].JSON), mover+" took back their last move (") ||
		!strings.Contains(content(posts[0].JSON), "; "+other+" agreed.") || p.user != "u-"+mover {
		t.Fatalf("the board after the undo asks the mover again: %q", content(posts[len(posts)-1].JSON))
	}
	// Resign: an ephemeral question with Resign and Keep playing; nothing ends before the
	// confirmation, which answers in the resigner's own words; the result goes to the thread and
	// the prompt loses its buttons.
	d, ids = e.askResign(other, thread)
	if !strings.Contains(content(d), "Do you really want to resign") {
		t.Fatalf("the question: %q", content(d))
	}
	eph := &discordgo.Message{ID: "eph-1", ChannelID: thread, Content: content(d), Flags: discordgo.MessageFlagsEphemeral}
	i := e.click(other, thread, ids[1], eph)
	rs = e.do(i)
	if cb := callback(t, rs, i); typ(cb) != 7 || content(data(cb)) != "You did not resign: the game goes on." || len(customIDs(data(cb))) != 0 {
		t.Fatalf("keep playing: %+v", cb.JSON)
	}
	if rs := e.deliver(); len(find(rs, "POST", "/channels/"+thread+"/messages")) != 0 {
		t.Fatalf("asking or cancelling told the thread: %+v", rs)
	}
	_, ids = e.askResign(other, thread)
	i = e.click(other, thread, ids[0], eph)
	rs = e.do(i)
	if cb := callback(t, rs, i); typ(cb) != 7 || !strings.HasPrefix(content(data(cb)), "You resigned from") || len(customIDs(data(cb))) != 0 {
		t.Fatalf("resign confirmed: %+v", cb.JSON)
	}
	rs = e.deliver()
	res := find(rs, "POST", "/channels/"+thread+"/messages")
	if len(res) != 1 || !strings.Contains(content(res[0].JSON), mover+" wins") || len(find(rs, "PATCH", "/channels/"+thread+"/messages/"+p.id)) != 1 {
		t.Fatalf("result posted and the last prompt retired: %+v", rs)
	}
	d = e.answer(e.slash(mover, thread, "move", opt("move", "a1 a2")))
	if !strings.Contains(content(d), "is over") {
		t.Fatalf("%q", content(d))
	}
}

func admin(i *discordgo.Interaction) *discordgo.Interaction {
	i.Member.Permissions = discordgo.PermissionManageGuild
	return i
}

func TestRemindersAndClockExpiryWithFakeClock(t *testing.T) {
	e := newEnv(t)
	e.connect()
	// No vacation budget: the clock runs out without a vacation day spent.
	for _, kv := range [][2]string{{"clock_days", "2"}, {"reminder_hours", "12"}, {"vacation_days", "0"}} {
		i := e.slash("ann", "c-games", "settings", sub("server", opt("key", kv[0]), opt("value", kv[1])))
		d := e.answer(i)
		if !strings.Contains(content(d), "Only server admins") {
			t.Fatalf("non-admins cannot: %q", content(d))
		}
		d = e.answer(admin(e.slash("ann", "c-games", "settings", sub("server", opt("key", kv[0]), opt("value", kv[1])))))
		if !strings.Contains(content(d), kv[0]+" is now "+kv[1]) {
			t.Fatalf("%q", content(d))
		}
	}
	thread := e.openGame()
	posts := find(e.deliver(), "POST", "/channels/"+thread+"/messages")
	p := checkTurnPost(t, posts[0])
	ctx := context.Background()
	e.advance(11 * time.Hour)
	if n, _ := e.svc.Tick(ctx); n != 0 {
		t.Fatal("nothing due before 12 hours")
	}
	e.advance(time.Hour)
	e.svc.Tick(ctx)
	rs := e.deliver()
	posts = find(rs, "POST", "/channels/"+thread+"/messages")
	if len(posts) != 1 || !strings.HasPrefix(content(posts[0].JSON), "<@"+p.user+">\nReminder:") {
		t.Fatalf("a reminder pings the awaited player: %+v", rs)
	}
	r := checkTurnPost2(t, posts[0])
	if r.turn == "" || len(find(rs, "PATCH", "/channels/"+thread+"/messages/"+p.id)) != 1 {
		t.Fatalf("the reminder carries the turn button, the old prompt loses it: %+v", rs)
	}
	e.advance(36 * time.Hour)
	e.svc.Tick(ctx)
	rs = e.deliver()
	var late recorded
	for _, r := range find(rs, "POST", "/channels/"+thread+"/messages") {
		if strings.Contains(content(r.JSON), "Time is up") {
			late = r
		}
	}
	if late.ID == "" {
		t.Fatalf("no late notice: %+v", rs)
	}
	if us := allowedUsers(late.JSON); len(us) != 2 {
		t.Fatalf("everyone at the table is told: %v", us)
	}
	var acts []string
	for _, id := range customIDs(late.JSON) {
		if c, _ := parseCID(id); c.Action == actLate {
			acts = append(acts, c.arg(1))
		}
	}
	if strings.Join(acts, ",") != "replace,end" {
		t.Fatalf("Autumn Ash has no pass: replace or end only: %v", acts)
	}
	lateUser := strings.TrimPrefix(r.user, "u-")
	other := "ann"
	if lateUser == "ann" {
		other = "bob"
	}
	msg := &discordgo.Message{ID: late.ID, ChannelID: thread, Content: content(late.JSON)}
	endID := ""
	for _, id := range customIDs(late.JSON) {
		if strings.HasSuffix(id, "/end") {
			endID = id
		}
	}
	d := e.answer(e.click(lateUser, thread, endID, msg))
	if !strings.Contains(content(d), "You are the one running late") {
		t.Fatalf("%q", content(d))
	}
	d = e.answer(e.click(other, thread, endID, msg))
	if !strings.Contains(content(d), "ran out of time") || len(customIDs(d)) != 0 {
		t.Fatalf("ending updates the notice and removes its buttons: %v", d)
	}
	g, _ := e.store.GameByThread(ctx, thread)
	if g.Status != storage.StatusFinished {
		t.Fatalf("status %s", g.Status)
	}
}

// checkTurnPost2 is checkTurnPost for posts without a board.
func checkTurnPost2(t *testing.T, r recorded) prompt {
	t.Helper()
	var p prompt
	p.id = r.ID
	for _, id := range customIDs(r.JSON) {
		if c, _ := parseCID(id); c.Action == actTurn {
			p.turn, p.seq, p.user = id, c.arg(0), c.arg(1)
		}
	}
	noParse(t, r.JSON)
	return p
}

func TestDuplicateDeliveryAppliesOnce(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	user := strings.TrimPrefix(p.user, "u-")
	move := e.wholeMove(user, thread)
	i := e.slash(user, thread, "move", opt("move", move))
	first := e.answer(i)
	again := e.answer(i)
	if !strings.HasPrefix(content(first), "You played") || !strings.Contains(content(again), "already done") {
		t.Fatalf("%q / %q", content(first), content(again))
	}
	if e.moves(thread) != 1 {
		t.Fatalf("%d moves", e.moves(thread))
	}
	// The same for the button that confirms /resign.
	_, ids := e.askResign(user, thread)
	i = e.click(user, thread, ids[0], nil)
	e.answer(i)
	if d := e.answer(i); !strings.Contains(content(d), "already done") {
		t.Fatalf("%q", content(d))
	}
}

func TestFailingDiscordLosesNothing(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	user := strings.TrimPrefix(p.user, "u-")
	// The interaction callback fails once with 500 and once with 429: retried, answered.
	e.fake.fail("POST", "/interactions/", 500, 1, false)
	e.fake.fail("POST", "/interactions/", 429, 1, false)
	choices, _ := e.answer(e.complete(user, thread, ""))["choices"].([]any)
	if len(choices) == 0 {
		t.Fatal("autocomplete answered after the retries")
	}
	move := e.wholeMove(user, thread)
	// Discord is down for every post to the thread: the move is committed, the post waits.
	e.fake.fail("POST", "/channels/"+thread+"/messages", 500, 100, false)
	i := e.slash(user, thread, "move", opt("move", move))
	if d := e.answer(i); !strings.HasPrefix(content(d), "You played") {
		t.Fatalf("%q", content(d))
	}
	rs := e.deliver()
	if n := len(find(rs, "POST", "/channels/"+thread+"/messages")); n != 5 {
		t.Fatalf("one try and four retries with backoff: %d", n)
	}
	if e.moves(thread) != 1 {
		t.Fatal("the move must be kept")
	}
	e.fake.ClearFailures()
	// It comes back: the post goes out on the outbox's next try, once. The first attempt is
	// created but its answer is lost (500 after the fact): the nonce makes the retry return it.
	e.fake.fail("POST", "/channels/"+thread+"/messages", 500, 1, true)
	if rs := e.deliver(); len(find(rs, "POST", "/channels/")) != 0 {
		t.Fatal("retried before its delay")
	}
	e.advance(time.Minute)
	rs = e.deliver()
	posts := find(rs, "POST", "/channels/"+thread+"/messages")
	if len(posts) != 2 || posts[0].ID != posts[1].ID || posts[0].JSON["nonce"] != posts[1].JSON["nonce"] {
		t.Fatalf("a lost answer is retried with the same nonce and yields the same message: %+v", posts)
	}
	if e.deliver(); len(e.fake.messagesIn(thread)) != 3 {
		t.Fatalf("the thread holds the invitation, the start post and this one: %d", len(e.fake.messagesIn(thread)))
	}
}
