package discord

import (
	"strings"
	"sync"
	"testing"

	"github.com/boardbot/boardbot/bot/discord/discordtest"
)

// #34 Delivery: when the thread is archived again between a new prompt's post and the edit that
// takes the buttons off the previous prompt, the edit reopens the thread and is made, instead of
// leaving live buttons on the old prompt.
func TestStaleButtonsComeOffInARearchivedThread(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	var once sync.Once
	e.fake.Check = func(r discordtest.Request) string {
		if r.Method == "PATCH" && strings.HasPrefix(r.Path, "/channels/"+thread+"/messages/"+p.id) {
			// Archived after the new post went out, before the old prompt's edit arrives.
			once.Do(func() { e.fake.SetChannel(thread, func(c *discordtest.Channel) { c.Archived = true }) })
		}
		return ""
	}
	e.playOne(thread, p)
	rs := e.deliver()
	edits := find(rs, "PATCH", "/channels/"+thread+"/messages/"+p.id)
	if len(edits) != 2 || edits[0].Code != discordtest.ArchivedThread || edits[1].Status != 200 {
		t.Fatalf("refused as archived, then made after reopening: %+v", edits)
	}
	reopened := 0
	for _, r := range find(rs, "PATCH", "/channels/"+thread) {
		if r.Path == "/channels/"+thread && r.JSON["archived"] == false {
			reopened++
		}
	}
	if reopened != 1 {
		t.Fatalf("the thread is reopened once: %+v", rs)
	}
	if len(customIDs(edits[1].JSON)) != 0 || edits[1].JSON["components"] == nil {
		t.Fatalf("the old prompt loses its buttons: %v", edits[1].JSON)
	}
	if e.fake.ChannelState(thread).Archived {
		t.Fatal("the thread stays open, as the new post had made it")
	}
}
