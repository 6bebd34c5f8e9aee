package discord

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
)

// openPoll3 opens a poll of ann, bob and cat: everyone votes at once, so each vote but the last
// edits the start post ("Since then: Seat 1 has voted.") and the last one posts the result.
func openPoll3(t *testing.T) (*env, string) {
	t.Helper()
	e := newKitEnv(t, []bot.Kit{{Game: pollGame, PNG: fakePNG}}, 7)
	e.connect()
	rs := e.do(e.slash("ann", "c-games", "create", sub("poll", opt("players", float64(3)))))
	lobby := find(rs, "POST", "/channels/c-games/messages")[0]
	thread := find(rs, "POST", "/channels/c-games/messages")[1].ID
	for _, u := range []string{"bob", "cat"} {
		e.do(e.click(u, "c-games", "g/1/join", &discordgo.Message{ID: lobby.ID, ChannelID: "c-games"}))
	}
	return e, thread
}

// Each vote is read once in the thread as Discord holds it (the start post as last edited, then
// the result post), whatever became of the status edits that told the first votes: made, made
// and then outdated by the next vote, folded into the result by a lagging outbox, refused for
// good by Discord, or failing until the result made them outdated.
func TestEachVoteReadOnceInTheThread(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		// deliver says, for each of the first two votes, whether the outbox is delivered
		// right after it.
		deliver [2]bool
		// refuse makes Discord answer the status edits with this HTTP status (0: made).
		refuse int
		// edited is what the start post tells since then when the game ends.
		edited []int
	}{
		{"made", [2]bool{true, true}, 0, []int{1, 2}},
		{"first made, second outdated", [2]bool{true, false}, 0, []int{1}},
		{"folded", [2]bool{false, false}, 0, nil},
		{"refused", [2]bool{true, true}, 404, nil},
		{"failing", [2]bool{true, true}, 500, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e, thread := openPoll3(t)
			e.deliver()
			if c.refuse != 0 {
				e.fake.fail("PATCH", "/channels/"+thread+"/messages/", c.refuse, 100, false)
			}
			for k, u := range []string{"ann", "bob"} {
				e.answer(e.slash(u, thread, "move", opt("move", "yes")))
				if c.deliver[k] {
					e.deliver()
				}
			}
			e.fake.ClearFailures()
			e.answer(e.slash("cat", thread, "move", opt("move", "no")))
			e.advance(time.Hour) // a failed edit is due again: outdated by now
			e.deliver()
			e.deliver()
			msgs := e.fake.MessagesIn(thread)
			var all []string
			for _, m := range msgs {
				all = append(all, m.Content)
			}
			text := strings.Join(all, "\n")
			for s := 1; s <= 3; s++ {
				v := "Seat " + string(rune('0'+s)) + " has voted."
				if n := strings.Count(text, v); n != 1 {
					t.Errorf("%q is read %d times in the thread:\n%s", v, n, text)
				}
				told := strings.Contains(msgs[0].Content, v)
				want := false
				for _, x := range c.edited {
					want = want || x == s
				}
				if told != want {
					t.Errorf("the start post tells %q: %v, want %v:\n%s", v, told, want, msgs[0].Content)
				}
			}
		})
	}
}
