package discord

import (
	"bytes"
	"image/gif"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot"
	autumnashrender "github.com/boardbot/boardbot/render/autumnash"
	"github.com/boardbot/boardbot/rules/autumnash"
)

// /replay in a game's thread posts the animated GIF for everyone (deferred: it takes a moment);
// elsewhere it takes a finished game's number, and refuses a running game
// game or a game that does not exist, in one clear sentence only the asker sees.
func TestReplayCommand(t *testing.T) {
	e := newKitEnv(t, []bot.Kit{{Game: autumnash.Game, PNG: autumnashrender.PNG, Image: autumnashrender.Image,
		Palette: autumnashrender.Palette(), Progress: autumnashrender.Progress}}, 7)
	e.connect()
	thread := e.openGame()
	e.playBySlash("ann", thread)
	e.playBySlash("bob", thread)

	i := e.slash("ann", thread, "replay")
	rs := e.do(i)
	cb := callback(t, rs, i)
	if typ(cb) != 5 || ephemeral(data(cb)) {
		t.Fatalf("replay is deferred and public: %+v", cb.JSON)
	}
	edits := find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edits) != 1 || len(edits[0].Files) != 1 {
		t.Fatalf("the deferred reply carries one file: %+v", rs)
	}
	f := edits[0].Files[0]
	if f.Name != "autumn-ash-1-replay.gif" || f.ContentType != "image/gif" || !strings.Contains(content(edits[0].JSON), "Autumn Ash #1") {
		t.Fatalf("replay file %q %q, text %q", f.Name, f.ContentType, content(edits[0].JSON))
	}
	noParse(t, edits[0].JSON)
	g, err := gif.DecodeAll(bytes.NewReader(f.Data))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 3 { // the start and one frame per turn passed
		t.Fatalf("%d frames after two moves, want 3", len(g.Image))
	}

	for _, c := range []struct {
		user, channel string
		game          float64
		want          string
	}{
		{"ann", "c-games", 1, "still running"},
		{"ann", "c-games", 99, "no game #99"},
		{"ann", "c-games", 0, "no game in this channel"},
		{"ann", "other-server", 1, "no game #1 on this server"},
	} {
		i := e.slash(c.user, c.channel, "replay")
		if c.game != 0 {
			i = e.slash(c.user, c.channel, "replay", opt("game", c.game))
		}
		if c.channel == "other-server" {
			i.GuildID = "g2"
		}
		// A refusal is not posted for everyone: the public deferral goes and the asker alone
		// gets the reason.
		rs := e.do(i)
		gone := find(rs, "DELETE", "/webhooks/1234567890/"+i.Token+"/messages/@original")
		said := find(rs, "POST", "/webhooks/1234567890/"+i.Token)
		if len(gone) != 1 || len(said) != 1 || !ephemeral(said[0].JSON) || len(said[0].Files) != 0 ||
			!strings.Contains(content(said[0].JSON), c.want) {
			t.Fatalf("/replay game:%v in %s: want %q privately, got %+v", c.game, c.channel, c.want, rs)
		}
	}

	// Once the game has ended, anyone on the server replays it by number from any channel.
	i = e.slash("ann", thread, "abort")
	e.do(i)
	i = e.slash("bob", "c-games", "replay", opt("game", float64(1)))
	rs = e.do(i)
	edits = find(rs, "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
	if len(edits) != 1 || len(edits[0].Files) != 1 || edits[0].Files[0].ContentType != "image/gif" {
		t.Fatalf("replay of the ended game: %+v", rs)
	}
}
