package discord

import (
	"strings"
	"testing"
)

// /games lists a user's games on every server, privately: whose turn it is and a link to each
// game's thread; a user without games is told how to start one.
func TestMyGamesAcrossServers(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	mover := strings.TrimPrefix(p.user, "u-")
	other := "ann"
	if mover == "ann" {
		other = "bob"
	}
	link := "https://discord.com/channels/g1/" + thread

	d := e.answer(e.slash(mover, "c-anywhere", "games"))
	if !ephemeral(d) || !strings.Contains(content(d), "Autumn Ash #1 — **your turn** — "+link) {
		t.Fatalf("the awaited player sees their turn and the link: %q", content(d))
	}
	d = e.answer(e.slash(other, "c-anywhere", "games"))
	if !strings.Contains(content(d), "waiting for "+mover) || !strings.Contains(content(d), link) {
		t.Fatalf("the other player sees whom the game waits for: %q", content(d))
	}
	noParse(t, d)
	d = e.answer(e.slash("zed", "c-anywhere", "games"))
	if !ephemeral(d) || !strings.Contains(content(d), "no games") || !strings.Contains(content(d), "/create") {
		t.Fatalf("a user without games: %q", content(d))
	}
}
