package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/boardbot/boardbot/bot"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// poll is a tiny game for the one-tap answers: every seat is asked at once to vote yes or no, or
// to name one of thirty colours (which needs the picker, and two pages of it).
type poll struct{}

type pollState struct {
	Votes []string `json:"votes"`
}

var pollGame rules.Game = poll{}

func (poll) Info() rules.Info {
	return rules.Info{ID: "poll", Name: "Poll", MinSeats: 2, MaxSeats: 6, SummaryMsg: rules.Verbatim("Everyone votes at once."), NotationMsg: rules.Verbatim("yes, no, colour c07")}
}

func (poll) New(s rules.Setup) (rules.State, error) {
	return &pollState{Votes: make([]string, s.Seats)}, nil
}

func (poll) Decode(b []byte) (rules.State, error) {
	var s pollState
	err := json.Unmarshal(b, &s)
	return &s, err
}

func (s *pollState) Awaiting() []rules.Prompt {
	var out []rules.Prompt
	for i, v := range s.Votes {
		if v == "" {
			out = append(out, rules.Prompt{Seat: rules.Seat(i), Msg: rules.Verbatim("Vote yes or no, or name a colour."), Default: rules.Move{"no"},
				Answers: []rules.Answer{{Move: rules.Move{"yes"}, Msg: rules.Verbatim("Vote for")}, {Move: rules.Move{"no"}, Msg: rules.Verbatim("Vote against")}}})
		}
	}
	return out
}

func (s *pollState) moves(seat rules.Seat) []rules.Move {
	if seat < 0 || int(seat) >= len(s.Votes) || s.Votes[seat] != "" {
		return nil
	}
	ms := []rules.Move{{"yes"}, {"no"}}
	for _, c := range pollColours {
		ms = append(ms, rules.Move{"colour", c})
	}
	return ms
}

// pollColours are more than a select menu holds, so the picker pages through them.
var pollColours = func() []string {
	var cs []string
	for k := 0; k < 30; k++ {
		cs = append(cs, fmt.Sprintf("c%02d", k))
	}
	return cs
}()

func (s *pollState) Choices(seat rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	next, complete, _, ok := rules.ChoicesFromMoves(s.moves(seat), partial, func(_ rules.Move, tok string) *msg.Message {
		return rules.Verbatim(map[string]string{"yes": "Vote for", "no": "Vote against", "colour": "Name a colour"}[tok])
	})
	if !ok {
		return nil, false, rules.Refuse(rules.Verbatim(fmt.Sprintf("%q is not a vote.", partial.String())))
	}
	return next, complete, nil
}

func (s *pollState) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := rules.Check(s, seat, m); err != nil {
		return nil, err
	}
	s.Votes[seat] = m.String()
	return []rules.Event{{Msg: rules.Verbatim(fmt.Sprintf("Seat %d has voted.", seat+1))}}, nil
}

func (s *pollState) View(rules.Seat) any { return s }

func (s *pollState) Result() *rules.Result {
	for _, v := range s.Votes {
		if v == "" {
			return nil
		}
	}
	return &rules.Result{Ranks: make([]int, len(s.Votes)), ReasonMsg: rules.Verbatim("everyone voted")}
}

func (s *pollState) Encode() ([]byte, error) { return json.Marshal(s) }

// componentRows lists a message's rows as their buttons' custom ids.
func componentRows(m map[string]any) [][]string {
	var out [][]string
	cs, _ := m["components"].([]any)
	for _, r := range cs {
		var ids []string
		for _, c := range r.(map[string]any)["components"].([]any) {
			ids = append(ids, c.(map[string]any)["custom_id"].(string))
		}
		out = append(out, ids)
	}
	return out
}

func buttonLabels(m map[string]any) []string {
	var out []string
	cs, _ := m["components"].([]any)
	for _, r := range cs {
		for _, c := range r.(map[string]any)["components"].([]any) {
			out = append(out, c.(map[string]any)["label"].(string))
		}
	}
	return out
}

// TestOneTapAnswersForSeveralSeats: when several players are asked a question at once, each gets
// a row with their turn button and their answers; another player's tap on them is refused; an
// answer tapped after the game moved on plays nothing; a move that needs more than one choice
// stays in the picker.
func TestOneTapAnswersForSeveralSeats(t *testing.T) {
	t.Parallel()
	e := newKitEnv(t, []bot.Kit{{Game: pollGame, PNG: fakePNG}}, 7)
	e.connect()
	i := e.slash("ann", "c-games", "create", sub("poll", opt("players", float64(3))))
	rs := e.do(i)
	lobby := find(rs, "POST", "/channels/c-games/messages")[0]
	thread := find(rs, "POST", "/channels/c-games/messages")[1].ID
	msg := &discordgo.Message{ID: lobby.ID, ChannelID: "c-games"}
	for _, u := range []string{"bob", "cat"} {
		e.do(e.click(u, "c-games", "g/1/join", msg))
	}
	posts := find(e.deliver(), "POST", "/channels/"+thread+"/messages")
	start := posts[len(posts)-1].JSON
	want := [][]string{
		{"g/1/turn/0/u-ann", "g/1/ans/0/u-ann/yes", "g/1/ans/0/u-ann/no"},
		{"g/1/turn/0/u-bob", "g/1/ans/0/u-bob/yes", "g/1/ans/0/u-bob/no"},
		{"g/1/turn/0/u-cat", "g/1/ans/0/u-cat/yes", "g/1/ans/0/u-cat/no"},
		{"g/1/view"},
	}
	if got := componentRows(start); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("rows %v, want %v", got, want)
	}
	labels := strings.Join(buttonLabels(start), "|")
	if labels != "Take your turn — ann|ann: Vote for|ann: Vote against|Take your turn — bob|bob: Vote for|bob: Vote against|"+
		"Take your turn — cat|cat: Vote for|cat: Vote against|My view" {
		t.Fatalf("labels %s", labels)
	}
	post := &discordgo.Message{ID: posts[len(posts)-1].ID, ChannelID: thread}
	// bob taps ann's answer: refused, privately, pinging nobody; nothing is played.
	d := e.answer(e.click("bob", thread, "g/1/ans/0/u-ann/yes", post))
	if !ephemeral(d) || !strings.Contains(content(d), "This button is for <@u-ann>, not you") || len(allowedUsers(d)) != 0 {
		t.Fatalf("bob on ann's answer: %q", content(d))
	}
	noParse(t, d)
	// ann taps her own: played, said privately, with what it caused.
	i = e.click("ann", thread, "g/1/ans/0/u-ann/yes", post)
	d = e.answer(i)
	// What the vote caused goes out in the status edit of the post: the reply does not repeat it.
	if !ephemeral(d) || content(d) != "You played yes." {
		t.Fatalf("ann's answer: %q", content(d))
	}
	if again := e.answer(i); !strings.Contains(content(again), "already done") {
		t.Fatalf("the same tap delivered twice: %q", content(again))
	}
	// bob taps his answer on the old post, after ann's vote: the game moved on, nothing played.
	d = e.answer(e.click("bob", thread, "g/1/ans/0/u-bob/no", post))
	if !strings.Contains(content(d), "moved on") || e.moves(thread) != 1 {
		t.Fatalf("a stale answer: %q (%d moves)", content(d), e.moves(thread))
	}
	// The vote goes on: the post's status is edited (no new post, no ping), with the buttons of
	// those still asked at the new position.
	rs = e.deliver()
	edits := find(rs, "PATCH", "/channels/"+thread+"/messages/"+post.ID)
	if len(find(rs, "POST", "/channels/"+thread+"/messages")) != 0 || len(edits) != 1 || len(allowedUsers(edits[0].JSON)) != 0 {
		t.Fatalf("after ann voted, one status edit: %+v", rs)
	}
	next := edits[0].JSON
	if got := componentRows(next); len(got) != 3 || got[0][0] != "g/1/turn/1/u-bob" || got[1][0] != "g/1/turn/1/u-cat" {
		t.Fatalf("after ann voted: %v", got)
	}
	if c := content(next); !strings.Contains(c, "Seat 1 has voted.") || !strings.Contains(c, "Waiting for bob and cat.") {
		t.Fatalf("the status says what happened and who is still asked: %q", c)
	}
	// The colour needs the picker: bob's turn button opens it, with colour among the choices.
	d = e.answer(e.click("bob", thread, "g/1/turn/1/u-bob", nil))
	if o := options(d); len(o) < 3 || strings.Join(o[:3], " ") != "yes no colour" { // then whole moves in the spare room
		t.Fatalf("picker: %v", options(d))
	}
	// A day later the reminder takes over the buttons, answers included.
	e.advance(24 * time.Hour)
	if _, err := e.svc.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	rs = e.deliver()
	posts = find(rs, "POST", "/channels/"+thread+"/messages")
	if len(posts) != 1 || !strings.Contains(content(posts[0].JSON), "Reminder:") {
		t.Fatalf("a reminder: %+v", rs)
	}
	if got := componentRows(posts[0].JSON); len(got) != 3 || strings.Join(got[0], " ") != "g/1/turn/1/u-bob g/1/ans/1/u-bob/yes g/1/ans/1/u-bob/no" {
		t.Fatalf("the reminder's buttons: %v", got)
	}
	if edits := find(rs, "PATCH", "/channels/"+thread+"/messages/"+posts[0].ID); len(edits) != 0 {
		t.Fatal("the reminder keeps its own buttons")
	}
}

// TestOneTapAnswersFallBackWhenTheyDoNotFit: six players asked at once would need six rows;
// Discord allows five, so the answers stay in the picker and the turn buttons are packed.
func TestOneTapAnswersFallBackWhenTheyDoNotFit(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	q := []bot.Answer{{Move: "yes", Label: "Vote for"}, {Move: "no", Label: "Vote against"}}
	var aw []bot.Awaited
	for s, u := range playerNames {
		aw = append(aw, bot.Awaited{Seat: s, Name: u, User: "u-" + u, Answers: q})
	}
	o := bot.Outgoing{Notice: bot.Notice{Kind: "turn", Game: 3, Seq: 5, Prompt: true, Awaited: aw}}
	m, err := jsonRoundTrip((&Answer{Type: discordgo.InteractionResponseChannelMessageWithSource, Msg: e.send.message(context.Background(), o)}).Response().Data)
	if err != nil {
		t.Fatal(err)
	}
	rows := componentRows(m)
	if len(rows) != 2 || len(rows[0]) != 5 || len(rows[1]) != 2 || strings.Contains(fmt.Sprint(rows), "/ans/") {
		t.Fatalf("six seats: %v", rows)
	}
	// Five fit: four rows of answers and My view.
	o.Awaited = aw[:4]
	m, _ = jsonRoundTrip((&Answer{Type: discordgo.InteractionResponseChannelMessageWithSource, Msg: e.send.message(context.Background(), o)}).Response().Data)
	if rows := componentRows(m); len(rows) != 5 || len(rows[0]) != 3 || rows[4][0] != "g/3/view" {
		t.Fatalf("four seats: %v", rows)
	}
	// An answer without a label shows its notation; one too long for a custom id is stashed and
	// still plays.
	long := strings.Repeat("x", 50) + " " + strings.Repeat("y", 50)
	o.Awaited = []bot.Awaited{{Seat: 0, Name: "ann", User: "u-ann", Answers: []bot.Answer{{Move: "accept 4", Label: "accept 4: #4 bob gives 2 wood"}, {Move: long}}}}
	m, _ = jsonRoundTrip((&Answer{Type: discordgo.InteractionResponseChannelMessageWithSource, Msg: e.send.message(context.Background(), o)}).Response().Data)
	rows = componentRows(m)
	if labels := buttonLabels(m); labels[1] != "accept 4: #4 bob gives 2 wood" || labels[2] != long[:79]+"…" {
		t.Fatalf("labels %v", labels)
	}
	c, _ := parseCID(rows[0][2])
	if !strings.HasPrefix(c.arg(2), "~") {
		t.Fatalf("a long answer is stashed: %s", rows[0][2])
	}
	if path, err := pathOf(context.Background(), bot.LangEnglish, e.svc, c, 2); err != nil || path.String() != long {
		t.Fatalf("stashed answer reads back as %q, %v", path, err)
	}
}

// openPoll starts a poll of ann and bob (its start post not yet delivered) and returns its thread.
func openPoll(t *testing.T) (*env, string) {
	t.Helper()
	e := newKitEnv(t, []bot.Kit{{Game: pollGame, PNG: fakePNG}}, 7)
	e.connect()
	i := e.slash("ann", "c-games", "create", sub("poll", opt("players", float64(2))))
	rs := e.do(i)
	lobby := find(rs, "POST", "/channels/c-games/messages")[0]
	thread := find(rs, "POST", "/channels/c-games/messages")[1].ID
	e.do(e.click("bob", "c-games", "g/1/join", &discordgo.Message{ID: lobby.ID, ChannelID: "c-games"}))
	return e, thread
}

// TestPickerPagesAndBack walks a menu of thirty options: 25 on the first page, Next to the other
// five, Back to the first decision, and Play.
func TestPickerPagesAndBack(t *testing.T) {
	t.Parallel()
	e, thread := openPoll(t)
	e.deliver()
	d := e.answer(e.click("bob", thread, "g/1/turn/0/u-bob", nil))
	v := readPicker(t, d)
	d = e.answer(e.choose("bob", thread, v.pick, "colour"))
	v = readPicker(t, d)
	if len(v.options) != 25 || v.options[24] != "c24" || len(v.pageIDs) != 1 || v.back == "" || v.play != "" ||
		!strings.Contains(content(d), "So far: `colour`") {
		t.Fatalf("first page: %v %v %q", v.options, v.pageIDs, content(d))
	}
	d = e.answer(e.click("bob", thread, v.pageIDs[0], nil))
	v = readPicker(t, d)
	if strings.Join(v.options, " ") != "c25 c26 c27 c28 c29" || len(v.pageIDs) != 1 || pageID(v, 1, 0) == "" {
		t.Fatalf("second page: %v %v", v.options, v.pageIDs)
	}
	// Back from the second page returns to the first decision.
	d = e.answer(e.click("bob", thread, v.back, nil))
	// The first page holds the three kinds only: no move gains anything, so none pads it.
	if v := readPicker(t, d); strings.Join(v.options, " ") != "yes no colour" || len(v.partial) != 0 {
		t.Fatalf("after Back: %v %q", v.options, content(d))
	}
	d = e.answer(e.choose("bob", thread, readPicker(t, d).pick, "colour"))
	d = e.answer(e.click("bob", thread, readPicker(t, d).pageIDs[0], nil))
	d = e.answer(e.choose("bob", thread, readPicker(t, d).pick, "c28"))
	v = readPicker(t, d)
	if v.play == "" || !strings.Contains(content(d), "So far: `colour c28`") {
		t.Fatalf("a whole move offers Play: %q %v", content(d), customIDs(d))
	}
	d = e.answer(e.click("bob", thread, v.play, nil))
	if content(d) != "You played colour c28." || len(customIDs(d)) != 0 {
		t.Fatalf("after Play: %q", content(d))
	}
}

// A status edit never goes ahead of its post: while the post waits for Discord, the edit waits
// too, and once the post is out the edit changes that very message.
func TestStatusEditWaitsForItsPost(t *testing.T) {
	t.Parallel()
	e, thread := openPoll(t)
	e.fake.fail("POST", "/channels/"+thread+"/messages", 500, 5, false) // the start post fails, retries included
	e.deliver()
	e.answer(e.slash("ann", thread, "move", opt("move", "yes")))
	if rs := e.deliver(); len(find(rs, "PATCH", "/channels/")) != 0 {
		t.Fatalf("an edit before its post was delivered: %+v", rs)
	}
	e.advance(time.Hour)
	rs := e.deliver()
	posts := find(rs, "POST", "/channels/"+thread+"/messages")
	if len(posts) != 1 {
		t.Fatalf("the start post, once Discord answers: %+v", rs)
	}
	edits := find(rs, "PATCH", "/channels/"+thread+"/messages/"+posts[0].ID)
	if len(edits) != 1 || !strings.Contains(content(edits[0].JSON), "Seat 1 has voted.") || len(allowedUsers(edits[0].JSON)) != 0 {
		t.Fatalf("then its status edit: %+v", rs)
	}
	if got := componentRows(edits[0].JSON); len(got) != 2 || got[0][0] != "g/1/turn/1/u-bob" {
		t.Fatalf("the edit holds bob's buttons at move 1: %v", got)
	}
}
