package discord

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules/ausonia"
)

// /undo inside one's own turn, of a step nobody else has seen (Ausonia's "play all"), answers
// the mover alone, in an ephemeral message with their board: no post in the thread, no ping.
// A step that drew cards is refused privately with the reason.
func TestUndoInsideOwnTurnIsSilent(t *testing.T) {
	g := wholeGame{name: "ausonia-2p", kit: bot.Kit{Game: ausonia.Game, PNG: fakePNG}, seats: 2, seed: 9}
	e := newKitEnv(t, []bot.Kit{g.kit}, g.seed)
	e.connect()
	d := &driver{t: t, e: e, g: g, info: g.kit.Game.Info(), users: playerNames[:g.seats]}
	d.open()
	posts := find(e.deliver(), "POST", "/channels/"+d.thread+"/messages")
	mover := strings.TrimPrefix(checkTurnPost(t, posts[len(posts)-1]).user, "u-")

	if a := e.answer(e.slash(mover, d.thread, "move", opt("move", "play all"))); !ephemeral(a) || !strings.HasPrefix(content(a), "You played play all.") {
		t.Fatalf("/move play all: %q", content(a))
	}
	if rs := e.deliver(); len(find(rs, "POST", "/channels/"+d.thread)) != 0 {
		t.Fatalf("a step inside the turn is posted: %+v", rs)
	}
	i := e.slash(mover, d.thread, "undo")
	rs := e.do(i)
	a := data(callback(t, rs, i))
	if !ephemeral(a) || !strings.HasPrefix(content(a), "You took back your last move (play all); nobody else had seen it.") {
		t.Fatalf("/undo inside the turn: %q", content(a))
	}
	rs = append(rs, e.deliver()...)
	for _, r := range rs {
		if strings.HasPrefix(r.Path, "/channels/") {
			t.Errorf("the thread heard of an undo inside the turn: %s %s %q", r.Method, r.Path, content(r.JSON))
		}
	}

	e.answer(e.slash(mover, d.thread, "move", opt("move", "play all, pass")))
	e.deliver()
	a = e.answer(e.slash(mover, d.thread, "undo"))
	if !ephemeral(a) || !strings.Contains(content(a), "cannot be taken back: it showed you something new") {
		t.Fatalf("/undo after drawing: %q", content(a))
	}
	if rs := e.deliver(); len(find(rs, "POST", "/channels/"+d.thread)) != 0 {
		t.Fatalf("a refused undo asked the thread: %+v", rs)
	}
}
