package discord

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot/discord/discordtest"
)

// The suites run against discordtest's strict fake Discord; these names keep them short.
type (
	recorded     = discordtest.Request
	recordedFile = discordtest.File
)

// fakeDiscord is the strict fake with the short names the suites use.
type fakeDiscord struct {
	*discordtest.Fake
}

func newFakeDiscord(t *testing.T) *fakeDiscord {
	return &fakeDiscord{discordtest.New(t)}
}

func (f *fakeDiscord) session() *discordgo.Session { return f.Session() }
func (f *fakeDiscord) fail(method, prefix string, status, times int, after bool) {
	f.Fail(method, prefix, status, times, after)
}
func (f *fakeDiscord) since(mark int) ([]recorded, int) { return f.Since(mark) }
func (f *fakeDiscord) mark() int                        { return f.Mark() }
func (f *fakeDiscord) waitFor(mark int, ok func(recorded) bool) recorded {
	return f.WaitFor(mark, ok)
}
func (f *fakeDiscord) dispatch(typ string, d any) { f.Dispatch(typ, d) }
func (f *fakeDiscord) respond(token string) bool  { return f.Respond(token) }

// messagesIn lists the ids of the messages posted in channel.
func (f *fakeDiscord) messagesIn(channel string) []string {
	var out []string
	for _, m := range f.MessagesIn(channel) {
		out = append(out, m.ID)
	}
	return out
}

// customIDs lists the custom ids of a message's components, in order.
var customIDs = discordtest.CustomIDs
