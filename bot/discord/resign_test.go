package discord

import (
	"strings"

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
