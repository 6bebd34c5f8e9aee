package discord

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/storage"
)

func sub(name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}
}

func userOpt(name, id string) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionUser, Value: id}
}

// openGame creates an Autumn Ash lobby by ann (inviting bob), checks every request Discord
// receives, has bob join with the lobby button, and returns the thread.
func (e *env) openGame() (thread string) {
	t := e.t
	t.Helper()
	i := e.slash("ann", "c-games", "create", sub("autumn-ash", userOpt("invite1", "u-bob")))
	rs := e.do(i)
	cb := callback(t, rs, i)
	if typ(cb) != 5 || !ephemeral(data(cb)) {
		t.Fatalf("create is deferred, ephemeral: %+v", cb.JSON)
	}
	posts := find(rs, "POST", "/channels/c-games/messages")
	if len(posts) != 2 {
		t.Fatalf("lobby post and thread start: %+v", rs)
	}
	lobby := posts[0]
	if lobby.Auth != "Bot test-token" || !strings.Contains(content(lobby.JSON), "Autumn Ash #1** is looking for players (1 of 2)") {
		t.Fatalf("lobby message: %+v", lobby)
	}
	noParse(t, lobby.JSON)
	if ids := customIDs(lobby.JSON); strings.Join(ids, " ") != "g/1/join g/1/leave g/1/start" {
		t.Fatalf("lobby buttons: %v", ids)
	}
	th := posts[1]
	if th.Path != "/channels/c-games/messages/"+lobby.ID+"/threads" || th.JSON["name"] != "Autumn Ash #1" {
		t.Fatalf("thread from the lobby message: %+v", th)
	}
	thread = th.ID
	invites := find(rs, "POST", "/channels/"+thread+"/messages")
	if len(invites) != 1 || !strings.HasPrefix(content(invites[0].JSON), "<@u-bob>: ann invites you") ||
		strings.Join(allowedUsers(invites[0].JSON), ",") != "u-bob" {
		t.Fatalf("bob is pinged once in the thread, and nobody else: %+v", invites)
	}
	noParse(t, invites[0].JSON)
	edit := find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edit) != 1 || !strings.Contains(content(edit[0].JSON), "<#"+thread+">") {
		t.Fatalf("the deferred reply names the thread: %+v", rs)
	}
	// A stranger's Start is refused politely; bob joins with the button, which fills the game.
	msg := &discordgo.Message{ID: lobby.ID, ChannelID: "c-games", Content: content(lobby.JSON)}
	i = e.click("bob", "c-games", "g/1/start", msg)
	cb = callback(t, e.do(i), i)
	if typ(cb) != 4 || !ephemeral(data(cb)) || !strings.Contains(content(data(cb)), "Only the player who created") {
		t.Fatalf("start by bob: %+v", cb.JSON)
	}
	i = e.click("bob", "c-games", "g/1/join", msg)
	cb = callback(t, e.do(i), i)
	if typ(cb) != 7 || !strings.Contains(content(data(cb)), "has started with ann, bob") || len(customIDs(data(cb))) != 0 {
		t.Fatalf("join updates the lobby message, without buttons once started: %+v", cb.JSON)
	}
	return thread
}

// prompt is the live prompt message in a thread: its id, the user awaited, its turn button.
type prompt struct {
	id, user, turn string
	seq            string
}

// checkTurnPost asserts the shape of a turn post and returns its prompt.
func checkTurnPost(t *testing.T, r recorded) prompt {
	t.Helper()
	if !strings.HasPrefix(r.ContentType, "multipart/form-data") || len(r.Files) != 1 ||
		r.Files[0].ContentType != "image/png" || !strings.HasPrefix(string(r.Files[0].Data), "\x89PNG") {
		t.Fatalf("a turn post carries the board as a PNG upload: %s %+v", r.ContentType, r.Files)
	}
	noParse(t, r.JSON)
	if r.JSON["nonce"] == nil || r.JSON["enforce_nonce"] != true {
		t.Fatalf("outbox posts carry a nonce: %v", r.JSON)
	}
	var p prompt
	p.id = r.ID
	for _, id := range customIDs(r.JSON) {
		c, _ := parseCID(id)
		if c.Action == actTurn {
			if p.turn != "" {
				t.Fatalf("one seat awaited, one turn button: %v", customIDs(r.JSON))
			}
			p.turn, p.seq, p.user = id, c.arg(0), c.arg(1)
		}
	}
	users := allowedUsers(r.JSON)
	if p.turn != "" {
		if len(users) != 1 || users[0] != p.user || !strings.HasPrefix(content(r.JSON), "<@"+p.user+">\n") ||
			strings.Count(content(r.JSON), "<@") != 1 {
			t.Fatalf("exactly one mention, of the awaited player: %q %v", content(r.JSON), users)
		}
	}
	return p
}

func TestWholeGameBySlashAndButtons(t *testing.T) {
	e := newEnv(t)
	e.connect()
	thread := e.openGame()
	rs := e.deliver()
	posts := find(rs, "POST", "/channels/"+thread+"/messages")
	if len(posts) != 1 {
		t.Fatalf("the start posts one board in the thread: %+v", rs)
	}
	p := checkTurnPost(t, posts[0])
	if p.turn == "" || !strings.Contains(content(posts[0].JSON), "Autumn Ash #1 begins:\n- ann plays Rainbow\n- bob plays Xeno") {
		t.Fatalf("start post: %q", content(posts[0].JSON))
	}
	bySlash, byButtons := 0, 0
	ctx := context.Background()
	for turn := 0; turn < 400; turn++ {
		user := strings.TrimPrefix(p.user, "u-")
		if turn%2 == 0 {
			e.playBySlash(user, thread)
			bySlash++
		} else {
			e.playByPicker(user, thread, p)
			byButtons++
		}
		rs := e.deliver()
		posts := find(rs, "POST", "/channels/"+thread+"/messages")
		if len(posts) == 0 {
			t.Fatalf("turn %d: nothing posted: %+v", turn, rs)
		}
		last := posts[len(posts)-1]
		next := checkTurnPost(t, last)
		// The previous prompt loses its buttons.
		edits := find(rs, "PATCH", "/channels/"+thread+"/messages/"+p.id)
		if len(edits) != 1 || edits[0].JSON["components"] == nil || len(edits[0].JSON["components"].([]any)) != 0 {
			t.Fatalf("turn %d: the previous prompt %s must lose its buttons: %+v", turn, p.id, rs)
		}
		g, err := e.store.GameByThread(ctx, thread)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status == storage.StatusFinished {
			if next.turn != "" || !strings.Contains(content(last.JSON), "Game over") {
				t.Fatalf("the last post shows the result without buttons: %q", content(last.JSON))
			}
			if us := allowedUsers(last.JSON); len(us) != 2 {
				t.Fatalf("both players are told the result: %v", us)
			}
			t.Logf("finished after %d turns (%d by /move, %d by the picker)", turn+1, bySlash, byButtons)
			return
		}
		if next.turn == "" {
			t.Fatalf("turn %d: no turn button in %q", turn, content(last.JSON))
		}
		p = next
	}
	t.Fatal("the game did not finish")
}

// playBySlash asks autocomplete for suggestions and plays the first whole move among them with /move.
func (e *env) playBySlash(user, thread string) {
	t := e.t
	t.Helper()
	i := e.complete(user, thread, "")
	cb := callback(t, e.do(i), i)
	if typ(cb) != 8 {
		t.Fatalf("autocomplete result: %+v", cb.JSON)
	}
	choices, _ := data(cb)["choices"].([]any)
	if len(choices) == 0 || len(choices) > 25 {
		t.Fatalf("autocomplete offers 1 to 25 choices: %d", len(choices))
	}
	move := e.wholeMove(user, thread)
	i = e.slash(user, thread, "move", opt("move", move))
	cb = callback(t, e.do(i), i)
	if typ(cb) != 4 || !ephemeral(data(cb)) || !strings.HasPrefix(content(data(cb)), "You played ") {
		t.Fatalf("/move %s: %+v", move, cb.JSON)
	}
	noParse(t, data(cb))
}

// playByPicker presses Take your turn and walks the select menus, always taking the first
// option, until Play.
func (e *env) playByPicker(user, thread string, p prompt) {
	t := e.t
	t.Helper()
	i := e.click(user, thread, p.turn, &discordgo.Message{ID: p.id, ChannelID: thread})
	cb := callback(t, e.do(i), i)
	if typ(cb) != 4 || !ephemeral(data(cb)) {
		t.Fatalf("the picker opens as an ephemeral message: %+v", cb.JSON)
	}
	d := data(cb)
	for step := 0; step < 20; step++ {
		var pick, play string
		for _, id := range customIDs(d) {
			c, _ := parseCID(id)
			switch c.Action {
			case actPick:
				pick = id
			case actPlay:
				play = id
			}
		}
		var i *discordgo.Interaction
		if play != "" {
			i = e.click(user, thread, play, &discordgo.Message{ID: "eph", ChannelID: thread, Flags: discordgo.MessageFlagsEphemeral})
		} else if pick != "" {
			opts := options(d)
			if len(opts) == 0 || len(opts) > 25 {
				t.Fatalf("a select menu holds 1 to 25 options: %v", opts)
			}
			i = e.choose(user, thread, pick, opts[0])
		} else {
			t.Fatalf("picker without a way on: %v", d)
		}
		cb := callback(t, e.do(i), i)
		if typ(cb) != 7 {
			t.Fatalf("the picker updates its own message: %+v", cb.JSON)
		}
		d = data(cb)
		if play != "" {
			if !strings.HasPrefix(content(d), "You played ") || len(customIDs(d)) != 0 {
				t.Fatalf("after Play: %+v", d)
			}
			return
		}
	}
	t.Fatal("the picker never offered Play")
}
