package discord

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Both transports send an answer's wire form: an empty autocomplete keeps its choices.
func TestEmptyAutocompleteKeepsChoices(t *testing.T) {
	b, err := json.Marshal((&Answer{Type: 8}).wire())
	if err != nil || string(b) != `{"type":8,"data":{"choices":[]}}` {
		t.Fatalf("%s %v", b, err)
	}
}

// The fake knows what Discord knows: a response is given once, its token lives 15 minutes,
// and only a message that exists, in its own channel, can be edited.
func TestFakeKnowsTokensAndMessages(t *testing.T) {
	e := newEnv(t)
	code := func(err error) int {
		var re *discordgo.RESTError
		if !errors.As(err, &re) || re.Message == nil {
			return 0
		}
		return re.Message.Code
	}
	i := e.slash("ann", "c-games", "rules", opt("game", "autumn-ash"))
	if err := e.rest.EditOriginal(i, Message{Content: "x"}); code(err) != 10015 {
		t.Fatalf("an edit before the response: %v", err)
	}
	if err := e.rest.Respond(i, say("x", true)); err != nil {
		t.Fatal(err)
	}
	if err := e.rest.Respond(i, say("x", true)); code(err) != 40060 {
		t.Fatalf("a second response: %v", err)
	}
	if err := e.rest.EditOriginal(i, Message{Content: "y"}); err != nil {
		t.Fatal(err)
	}
	e.advance(15 * time.Minute)
	if err := e.rest.Followup(i, Message{Content: "z"}); code(err) != 50027 {
		t.Fatalf("a follow-up after 15 minutes: %v", err)
	}
	id, err := e.rest.Send("c-games", Message{Content: "m"})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.rest.Edit("c-games", id, Message{Content: "m2"}); err != nil {
		t.Fatal(err)
	}
	if err := e.rest.Edit("c-other", id, Message{Content: "m2"}); code(err) != 10008 {
		t.Fatalf("an edit in another channel: %v", err)
	}
	if err := e.rest.Edit("c-games", "404", Message{Content: "m2"}); code(err) != 10008 {
		t.Fatalf("an edit of a message never sent: %v", err)
	}
	if _, err := e.rest.StartThread("c-games", "404", "t"); code(err) != 10008 {
		t.Fatalf("a thread from a message never sent: %v", err)
	}
	if _, err := e.rest.StartThread("c-games", id, "t"); err != nil {
		t.Fatal(err)
	}
}

// The fake refuses a first answer that comes more than 3 s after it dispatched the interaction,
// as Discord does (404 Unknown interaction).
func TestFakeEnforcesTheFirstAnswerDeadline(t *testing.T) {
	t.Parallel() // mostly waits on real time and changes no package variable: it waits beside the others
	e := newEnv(t)
	e.fake.AckDeadline = 0 // Discord's own 3 s
	late := e.slash("ann", "c-games", "rules", opt("game", "autumn-ash"))
	e.fake.Dispatched(late)
	inTime := e.slash("ann", "c-games", "rules", opt("game", "autumn-ash"))
	e.fake.Dispatched(inTime)
	if err := e.rest.Respond(inTime, say("x", true)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3100 * time.Millisecond)
	var re *discordgo.RESTError
	if err := e.rest.Respond(late, say("x", true)); !errors.As(err, &re) || re.Message == nil || re.Message.Code != 10062 {
		t.Fatalf("an answer after 3 s: %v", err)
	}
}
