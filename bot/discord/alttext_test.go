package discord

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardbot/boardbot/bot"
	"github.com/bwmarrin/discordgo"
)

// altOf checks that a request with files lists each upload with its alt text, and that the
// message Discord (the fake) holds keeps them; it returns the descriptions in upload order.
func altOf(t *testing.T, e *env, r recorded, body map[string]any) []string {
	t.Helper()
	list, _ := body["attachments"].([]any)
	if len(list) != len(r.Files) || len(list) == 0 {
		t.Fatalf("%s %s: %d files, attachments %v", r.Method, r.Path, len(r.Files), body["attachments"])
	}
	var alts []string
	for k, a := range list {
		a, _ := a.(map[string]any)
		if a["id"] != r.Files[k].Field[len("files["):len(r.Files[k].Field)-1] || a["filename"] != r.Files[k].Name {
			t.Fatalf("attachment %d does not name upload %s (%s): %v", k, r.Files[k].Field, r.Files[k].Name, a)
		}
		d, _ := a["description"].(string)
		alts = append(alts, d)
	}
	m, ok := e.fake.Message(r.ID)
	if !ok || len(m.Attachments) != len(alts) {
		t.Fatalf("the message %s holds %+v", r.ID, m.Attachments)
	}
	for k, a := range m.Attachments {
		if a.Description != alts[k] {
			t.Fatalf("attachment %d kept %q, sent %q", k, a.Description, alts[k])
		}
	}
	return alts
}

// A turn post in a German server carries its board's alt text in German.
func TestTurnPostImageAltTextInServerLanguage(t *testing.T) {
	e := newEnv(t)
	e.connect()
	thread := e.openGame()
	admin := bot.Request{User: bot.User{ID: "u-root", Name: "root", Admin: true}, Place: bot.Place{Guild: "g1", Channel: "c-lobby"}}
	if _, err := e.svc.SetSetting(context.Background(), admin, bot.ScopeGuild, "language", bot.LangGerman); err != nil {
		t.Fatal(err)
	}
	posts := find(e.deliver(), "POST", "/channels/"+thread+"/messages")
	if len(posts) != 1 {
		t.Fatalf("one turn post: %d", len(posts))
	}
	checkTurnPost(t, posts[0])
	if alts := altOf(t, e, posts[0], posts[0].JSON); alts[0] != "Brett von Autumn Ash" {
		t.Fatalf("the board's alt text in a German server: %q", alts)
	}
}

// A private reply's board speaks its reader's language, whatever the server's: /view as a
// deferral's edit, /board likewise.
func TestPrivateReplyImageAltTextInUserLanguage(t *testing.T) {
	e := newEnv(t)
	thread, _ := e.started()
	ann := bot.Request{User: bot.User{ID: "u-ann", Name: "ann"}, Place: bot.Place{Guild: "g1", Channel: "c-lobby"}}
	if _, err := e.svc.SetSetting(context.Background(), ann, bot.ScopeUser, "language", bot.LangGerman); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"view", "board"} {
		for _, who := range []struct{ user, want string }{{"ann", "Brett von Autumn Ash"}, {"bob", "Autumn Ash board"}} {
			i := e.slash(who.user, thread, cmd)
			edits := find(e.do(i), "PATCH", "/webhooks/1234567890/"+i.Token+"/messages/@original")
			if len(edits) != 1 {
				t.Fatalf("/%s by %s: one edit of the deferral: %d", cmd, who.user, len(edits))
			}
			if alts := altOf(t, e, edits[0], edits[0].JSON); alts[0] != who.want {
				t.Fatalf("/%s by %s: alt text %q, want %q", cmd, who.user, alts, who.want)
			}
		}
	}
}

// An answer with files lists them, each with its alt text, cut to Discord's 1024 characters on
// a rune boundary; the other shapes of a message carry the same list.
func TestAttachmentAltTextOnTheWire(t *testing.T) {
	long := strings.Repeat("é", 1030)
	f := imageFile(&bot.Image{Name: "b.png", PNG: []byte("\x89PNG"), Alt: long})
	if utf8.RuneCountInString(f.Description) != maxAltText || !utf8.ValidString(f.Description) || f.ContentType != "image/png" {
		t.Fatalf("alt text of %d runes, valid %v, %s", utf8.RuneCountInString(f.Description), utf8.ValidString(f.Description), f.ContentType)
	}
	m := Message{Content: "x", Files: []file{f, imageFile(&bot.Image{Name: "r.png", Alt: "recap"})}}
	want := []attachment{{"0", "b.png", f.Description}, {"1", "r.png", "recap"}}
	for _, body := range []any{
		(&Answer{Type: discordgo.InteractionResponseChannelMessageWithSource, Msg: m}).wire(),
		createMessage{Content: m.Content, Attachments: m.attachments()},
		webhookEdit{&discordgo.WebhookEdit{Content: &m.Content}, m.attachments()},
		messageEdit{discordgo.NewMessageEdit("c", "m"), m.attachments()},
		webhookParams{&discordgo.WebhookParams{Content: m.Content}, m.attachments()},
	} {
		d, err := jsonRoundTrip(body)
		if err != nil {
			t.Fatal(err)
		}
		if inner, ok := d["data"].(map[string]any); ok {
			d = inner
		}
		list, _ := d["attachments"].([]any)
		if len(list) != len(want) {
			t.Fatalf("%T: attachments %v", body, d["attachments"])
		}
		for k, a := range list {
			a, _ := a.(map[string]any)
			if a["id"] != want[k].ID || a["filename"] != want[k].Filename || a["description"] != want[k].Description {
				t.Fatalf("%T: attachment %d is %v", body, k, a)
			}
		}
	}
}

// Every way the adapter sends files sends their alt texts, and Discord keeps them: an inline
// response, an edit of it, a follow-up, a channel post.
func TestEveryUploadCarriesItsAltText(t *testing.T) {
	e := newEnv(t)
	m := Message{Content: "x", Files: []file{imageFile(&bot.Image{Name: "b.png", PNG: []byte("\x89PNG"), Alt: "Brett von Autumn Ash"})}}
	i := e.slash("ann", "c-games", "rules", opt("game", "autumn-ash"))
	mark := e.fake.mark()
	if err := e.rest.Respond(i, &Answer{Type: discordgo.InteractionResponseChannelMessageWithSource, Msg: m}); err != nil {
		t.Fatal(err)
	}
	m.Files[0].Description = "Rückblick"
	if err := e.rest.EditOriginal(i, m); err != nil {
		t.Fatal(err)
	}
	m.Files[0].Description = "Folge"
	if err := e.rest.Followup(i, m); err != nil {
		t.Fatal(err)
	}
	m.Files[0].Description = "Post"
	if _, err := e.rest.Send("c-games", m); err != nil {
		t.Fatal(err)
	}
	rs, _ := e.fake.since(mark)
	want := []string{"Brett von Autumn Ash", "Rückblick", "Folge", "Post"}
	if len(rs) != len(want) {
		t.Fatalf("%d requests", len(rs))
	}
	for k, r := range rs {
		body := r.JSON
		if k == 0 {
			body = data(r)
			list, _ := body["attachments"].([]any)
			if a, _ := list[0].(map[string]any); len(list) != 1 || a["description"] != want[0] || len(r.Files) != 1 {
				t.Fatalf("the response: %v", body)
			}
			continue
		}
		if alts := altOf(t, e, r, body); alts[0] != want[k] {
			t.Fatalf("%s %s: alt text %q, want %q", r.Method, r.Path, alts, want[k])
		}
	}
}
