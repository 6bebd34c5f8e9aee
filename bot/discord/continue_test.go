package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/storage"
)

// A round longer than a message goes on in the next messages of the same post, in order, cut
// between two players' turns: the first pings (once, the post's only ping), the last carries the
// board; nothing is cut off or left out, and a post whose second message failed after Discord
// made it is sent again without making any of its messages twice.
func TestLongRoundContinuesWithOnePing(t *testing.T) {
	e := newEnv(t)
	thread, _ := e.started()
	ctx := context.Background()
	g, err := e.store.GameByThread(ctx, thread)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for p := 0; p < 8; p++ {
		if p > 0 {
			lines = append(lines, "")
		}
		for i := 0; i < 12; i++ {
			lines = append(lines, fmt.Sprintf("Player %d lays a grey polyp on square %d of board 1, next to the coral of 2 polyps (é).", p, i))
		}
	}
	head := len(lines)
	lines = append(lines, "ann: your turn.")
	text := strings.Join(lines, "\n")
	if utf8.RuneCountInString(text) < 4*2000 {
		t.Fatalf("the round is too short for the test: %d characters", len(text))
	}
	b, _ := json.Marshal(bot.Notice{Kind: "turn", Game: g.ID, Seq: g.MoveCount, Channel: thread, Text: text, Head: head,
		Mentions: []string{"u-ann"}, Board: true})
	if err := e.store.Enqueue(ctx, storage.OutboxMessage{GameID: g.ID, Kind: "turn", Payload: b, NextTry: e.clock(), Created: e.clock()}); err != nil {
		t.Fatal(err)
	}
	before := len(e.fake.MessagesIn(thread))
	// The first message is made each time, but its answer is lost every try of this round: the
	// outbox tries the whole post again later.
	e.fake.Fail("POST", "/channels/"+thread+"/messages", 502, 5, true)
	e.deliver()
	if n := len(e.fake.MessagesIn(thread)) - before; n != 1 {
		t.Fatalf("the failed try left %d messages, want the first one", n)
	}
	e.advance(5 * time.Second)
	e.fake.ClearFailures()
	rs := find(e.deliver(), "POST", "/channels/"+thread+"/messages")
	made := e.fake.MessagesIn(thread)[before:]
	if len(made) < 4 || len(rs) != len(made) {
		t.Fatalf("%d messages (%d requests on the retry) for a post of %d characters", len(made), len(rs), len(text))
	}
	posts := rs
	var got []string
	for k, p := range posts {
		c := content(p.JSON)
		if made[k].Content != c {
			t.Fatalf("message %d is not what was sent", k)
		}
		if n := utf8.RuneCountInString(c); n > 2000 || n == 0 {
			t.Fatalf("message %d has %d characters", k, n)
		}
		noParse(t, p.JSON)
		users := allowedUsers(p.JSON)
		if k == 0 {
			if len(users) != 1 || users[0] != "u-ann" || !strings.HasPrefix(c, "<@u-ann>\n") {
				t.Fatalf("the first message pings ann: %v %q", users, c[:40])
			}
			c = strings.TrimPrefix(c, "<@u-ann>\n")
		} else if len(users) != 0 || strings.Contains(c, "<@") {
			t.Fatalf("message %d pings again: %v", k, users)
		}
		if (len(p.Files) > 0) != (k == len(posts)-1) {
			t.Fatalf("message %d of %d has %d files: the board goes with the last", k, len(posts), len(p.Files))
		}
		if p.JSON["nonce"] == nil || p.JSON["enforce_nonce"] != true {
			t.Fatalf("message %d has no nonce", k)
		}
		got = append(got, c)
	}
	// Cut at the ends of turns (blank lines) only: each message holds whole turns.
	if strings.Join(got, "\n\n") != text {
		t.Fatalf("the messages do not make the post:\n%s", strings.Join(got, "\n---\n"))
	}
	if d := e.fake.Duplicates(); d != 0 {
		t.Fatalf("%d messages made twice", d)
	}
}

// splitText cuts at a blank line, else a line break, else inside a line; never loses a rune.
func TestSplitText(t *testing.T) {
	long := strings.Repeat("é", 25)
	for _, c := range []struct {
		text         string
		first, limit int
		want         []string
	}{
		{"a\nb", 10, 10, []string{"a\nb"}},
		{"aaaa\nbbbb\n\ncccc", 8, 12, []string{"aaaa", "bbbb\n\ncccc"}},
		{"aaaa\n\nbbbb\ncccc", 12, 12, []string{"aaaa", "bbbb\ncccc"}},
		{long, 10, 10, []string{long[:20], long[20:40], long[40:]}},
	} {
		got := splitText(c.text, c.first, c.limit)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("splitText(%q, %d, %d) = %q, want %q", c.text, c.first, c.limit, got, c.want)
		}
	}
}
