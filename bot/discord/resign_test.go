package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// askResign sends /resign for user and returns the ephemeral question with its Resign and Keep
// playing buttons' custom ids.
func (e *env) askResign(user, thread string) (map[string]any, []string) {
	e.t.Helper()
	d := e.answer(e.slash(user, thread, "resign"))
	ids := customIDs(d)
	if !ephemeral(d) || len(ids) != 2 || !strings.HasSuffix(ids[0], "/quit/yes") || !strings.HasSuffix(ids[1], "/quit/no") {
		e.t.Fatalf("/resign asks privately with Resign and Keep playing: %v %q", ids, content(d))
	}
	return d, ids
}

// resign resigns user from the thread's game: /resign, then its confirm button.
func (e *env) resign(user, thread string) map[string]any {
	e.t.Helper()
	d, ids := e.askResign(user, thread)
	msg := &discordgo.Message{ID: "eph-resign", ChannelID: thread, Content: content(d), Flags: discordgo.MessageFlagsEphemeral}
	return e.answer(e.click(user, thread, ids[0], msg))
}

// /undo no answers the refuser privately in their own words; the thread hears who refused whose
// request; the asker cannot ask again for the same move.
func TestUndoNoAnswersPrivately(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	mover := e.playOne(thread, p)
	other := "ann"
	if mover == "ann" {
		other = "bob"
	}
	e.deliver()
	e.answer(e.slash(mover, thread, "undo"))
	e.deliver()
	d := e.answer(e.slash(other, thread, "undo", opt("answer", "no")))
	if !ephemeral(d) || !strings.HasPrefix(content(d), "You refused: "+mover+" keeps their last move (") {
		t.Fatalf("the refuser's own line: %v", d)
	}
	rs := e.deliver()
	posts := find(rs, "POST", "/channels/"+thread+"/messages")
	if len(posts) != 1 || !strings.HasPrefix(content(posts[0].JSON), other+" refused to let "+mover+" take back their last move (") {
		t.Fatalf("the thread: %+v", rs)
	}
	if d := e.answer(e.slash(mover, thread, "undo")); !ephemeral(d) || !strings.Contains(content(d), "was refused; you can ask again after the next move") {
		t.Fatalf("asked again: %q", content(d))
	}
}
