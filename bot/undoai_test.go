package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/autumnash"
	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
)

// aiRealGame starts a game of kind between ann and one AI seat (a fast search), the AI's
// opening moves played, and returns its thread and the AI seat's name.
func aiRealGame(t *testing.T, e *env, kind string, aiFirst bool, others ...string) (string, string) {
	t.Helper()
	var kits []Kit
	for _, k := range replayKits {
		kits = append(kits, Kit{Game: k.Game, PNG: fakePNG})
	}
	e.svc = New(e.store, kits, Options{Now: func() time.Time { return e.now }, AIIterations: 4, DefaultReminderHours: 24})
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: kind, Seats: 2 + len(others), Seed: 5, Bots: 1, Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	th := "t-undo-ai"
	if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
		t.Fatal(err)
	}
	for _, o := range others {
		if _, err := e.svc.Join(ctx, e.in(th, user(o))); err != nil {
			t.Fatal(err)
		}
	}
	if e.row(th).Status != storage.StatusRunning {
		if _, err := e.svc.Start(ctx, e.in(th, user("ann"))); err != nil {
			t.Fatal(err)
		}
	}
	if aiFirst {
		e.playAI()
	}
	e.deliver()
	for _, p := range e.row(th).Players {
		if p.Robot {
			return th, p.Name
		}
	}
	t.Fatal("no AI seat")
	return "", ""
}

// lastByAI reports whether the log ends with a move of the AI.
func lastByAI(e *env, th string) bool {
	ms := e.moves(th)
	return len(ms) > 0 && ms[len(ms)-1].UserID == AIUser
}

// annPlays plays a random legal move for ann, the seat awaited, as one command.
func annPlays(t *testing.T, e *env, th string, seed uint64) {
	t.Helper()
	playsRandom(t, e, th, "ann", seed)
}

// playsRandom plays a random legal move for who, awaited, as one command.
func playsRandom(t *testing.T, e *env, th, who string, seed uint64) {
	t.Helper()
	ctx := context.Background()
	tb, err := e.svc.load(ctx, e.row(th).ID)
	if err != nil {
		t.Fatal(err)
	}
	var m rules.Move
	for _, p := range tb.state.Awaiting() {
		if playerName(tb.row, p.Seat) == who {
			m, err = rules.RandomMove(tb.state, p.Seat, rand.New(rand.NewPCG(seed, 2)))
		}
	}
	tb.mu.Unlock()
	if err != nil || m == nil {
		t.Fatalf("%s has no move: %v", who, err)
	}
	req := e.in(th, user(who))
	req.Interaction = fmt.Sprintf("i-%d", seed)
	if _, err := e.svc.MoveTokens(ctx, req, m); err != nil {
		t.Fatal(err)
	}
}

// Against the AI, the player takes back their last command together with the AI's reply, at once:
// nobody is asked, the player reads what went back in words (in their language), the thread gets
// one post with the board, and the game goes on from the position before the command, the AI
// answering again.
func TestUndoTakesBackTheAIReply(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	th, ai := aiRealGame(t, e, "autumn-ash", true)
	annPlays(t, e, th, 1)
	e.playAI()
	before := string(e.row(th).Snapshot)
	n := len(e.moves(th))
	annPlays(t, e, th, 2)
	typed := e.notations(th)[n]
	e.playAI()
	if !lastByAI(e, th) {
		t.Fatal("the AI did not reply")
	}
	e.deliver()
	rep, err := e.svc.Undo(ctx, e.in(th, user("ann")), "")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Took back your last move (" + typed + ") and " + ai + "'s reply."; !rep.Private || rep.Text != want || rep.Public != "" {
		t.Fatalf("the answer %+v, want %q", rep, want)
	}
	if got := len(e.moves(th)); got != n {
		t.Fatalf("%d moves left, want %d", got, n)
	}
	if string(e.row(th).Snapshot) != before {
		t.Fatal("the position is not the one before the command")
	}
	e.deliver()
	if len(e.sent) != 1 || e.sent[0].Kind != "turn" || e.sent[0].Undo ||
		!strings.HasPrefix(e.sent[0].Text, "ann took back their last move ("+typed+") and "+ai+"'s reply.") {
		t.Fatalf("one post with the board, in words: %+v", e.sent)
	}
	// The game goes on: ann moves again and the AI answers.
	annPlays(t, e, th, 3)
	if e.playAI() == 0 || !lastByAI(e, th) {
		t.Fatal("the AI did not answer after the undo")
	}
	// In the player's language.
	if _, err := e.svc.SetSetting(ctx, e.in(th, user("ann")), ScopeUser, "language", "de"); err != nil {
		t.Fatal(err)
	}
	typed = e.notations(th)[n]
	rep, err = e.svc.Undo(ctx, e.in(th, user("ann")), "")
	// The move in German words, as the menus show it ("a6 c6 Königin").
	if want := "Du hast deinen letzten Zug (" + notationIn(autumnash.Game, "de", typed) + ") und die Antwort von " + ai + " zurückgenommen."; err != nil || rep.Text != want {
		t.Fatalf("%+v %v, want %q", rep, err, want)
	}
}

// An AI reply that told anyone something new (here: the bids revealed, a card drawn) cannot be
// taken back, and the refusal says why in words, naming whose reply it was.
func TestUndoRefusedForTheAIReplysNews(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	e.svc = New(e.store, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }, AIIterations: 4})
	th, _ := e.aiGame(2, 1, "easy")
	e.deliver()
	e.mustMove(th, "ann", "bid pass")
	e.playAI()
	if !lastByAI(e, th) {
		t.Fatal("the AI did not reply")
	}
	n := len(e.moves(th))
	e.deliver()
	_, err := e.svc.Undo(ctx, e.in(th, user("ann")), "")
	ai := playerName(e.row(th), 1)
	wantRefusal(t, err, ai+"'s reply showed them something new (a card drawn, a random outcome or another player's secret), so it cannot be taken back.")
	e.deliver()
	if len(e.sent) != 0 || len(e.moves(th)) != n {
		t.Fatalf("a refused undo changed something: %+v", e.sent)
	}
}

// Which of the last moves are the AI's reply: robot seats' moves and the bot's forced moves for
// the asker's own seats, back to the first move of anyone else; none when no robot moved.
func TestAIReplies(t *testing.T) {
	row := &storage.Game{Players: []storage.Player{{Seat: 0, Name: "ann", UserID: "u-ann"}, {Seat: 1, Name: "bob", UserID: "u-bob"},
		{Seat: 2, Name: "Kai", UserID: "ai:easy", Robot: true}}}
	mv := func(seat int, user string) storage.Move { return storage.Move{Seat: seat, UserID: user} }
	for _, c := range []struct {
		name  string
		moves []storage.Move
		want  int
	}{
		{"the AI replied", []storage.Move{mv(0, "u-ann"), mv(2, AIUser), mv(2, AIUser)}, 1},
		{"a forced move for ann after", []storage.Move{mv(0, "u-ann"), mv(2, AIUser), mv(0, AutoUser)}, 1},
		{"bob moved since", []storage.Move{mv(0, "u-ann"), mv(2, AIUser), mv(1, "u-bob")}, 3},
		{"bob's forced move since", []storage.Move{mv(0, "u-ann"), mv(2, AIUser), mv(1, AutoUser)}, 3},
		{"only ann's forced moves", []storage.Move{mv(0, "u-ann"), mv(0, AutoUser)}, 2},
		{"nothing before the AI", []storage.Move{mv(2, AIUser)}, 0},
	} {
		if got := aiReplies(row, c.moves, []rules.Seat{0}); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// With several others to ask, the asker is told who they are; once all agreed, the post names
// every one of them.
func TestUndoNamesWhoIsAskedAndWhoAgreed(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	th := e.game("ann", "bob", "cat")
	e.mustMove(th, "ann", "bid pass")
	e.deliver()
	rep, err := e.svc.Undo(ctx, e.in(th, user("ann")), "")
	if err != nil || rep.Text != "Undo requested; bob and cat have been asked." {
		t.Fatalf("%+v %v", rep, err)
	}
	if _, err := e.svc.Undo(ctx, e.in(th, user("bob")), ""); err != nil {
		t.Fatal(err)
	}
	rep, err = e.svc.Undo(ctx, e.in(th, user("cat")), "")
	if err != nil || rep.Text != "You agreed: ann took back their last move." || rep.Public != "cat agreed." {
		t.Fatalf("%+v %v", rep, err)
	}
	e.deliver()
	var told []string
	for _, o := range e.sent {
		if strings.Contains(o.Text, "took back") {
			told = append(told, o.Text)
		}
	}
	if len(told) != 1 || !strings.HasPrefix(told[0], "ann took back their last move; bob and cat agreed.") {
		t.Fatalf("the take-back is told once, naming who agreed: %q", told)
	}
}

// With another person at the table, the AI's reply goes back with the command only once that
// person agrees (the AI agrees at once): the request names the reply and pings them alone.
func TestUndoWithTheAIReplyAsksThePeople(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	th, ai := aiRealGame(t, e, "ascidiae", false, "bob")
	var before, typed string
	n := -1
	asked := false
	for i := uint64(0); i < 300 && !asked && e.row(th).Status == storage.StatusRunning; i++ {
		ms := e.moves(th)
		if k := len(ms); n >= 0 && k > n && ms[k-1].UserID == AIUser && ms[n].UserID == "u-ann" {
			// Ann's command and the AI's reply are the last moves: undo, unless they told
			// something (the setup's placements revealed).
			e.deliver()
			rep, err := e.svc.Undo(ctx, e.in(th, user("ann")), "")
			if _, refused := AsRefusal(err); err != nil && !refused {
				t.Fatal(err)
			}
			if err == nil {
				if rep.Text != "Undo requested; bob has been asked." {
					t.Fatalf("asking: %+v", rep)
				}
				asked = true
				break
			}
		}
		switch who := awaitedPlayer(t, e, th); who {
		case ai:
			e.playAI()
		default:
			if who == "ann" {
				before, n = string(e.row(th).Snapshot), len(ms)
			}
			playsRandom(t, e, th, who, i)
			if who == "ann" {
				typed = e.notations(th)[n]
			}
		}
	}
	if !asked {
		t.Fatal("random play met no command of ann's answered by the AI")
	}
	e.deliver()
	// Ann's steps are named to the others only when nothing of them was hidden (a setup's
	// secret placement is not).
	last := "their last move"
	if len(e.sent) == 1 && strings.Contains(e.sent[0].Text, "("+typed+")") {
		last += " (" + typed + ")"
	}
	if len(e.sent) != 1 || strings.Join(e.sent[0].Mentions, ",") != "u-bob" || !e.sent[0].Undo ||
		!strings.HasPrefix(e.sent[0].Text, "ann asks to take back "+last+" and "+ai+"'s reply") {
		t.Fatalf("one request naming the reply, pinging bob alone: %+v", e.sent)
	}
	rep, err := e.svc.Undo(ctx, e.in(th, user("bob")), "")
	if want := "You agreed: ann took back " + last + " and " + ai + "'s reply."; err != nil || rep.Text != want {
		t.Fatalf("%+v %v, want %q", rep, err, want)
	}
	if got := len(e.moves(th)); got != n || string(e.row(th).Snapshot) != before {
		t.Fatalf("%d moves left, want %d; the position is the one before ann's command: %v", got, n, string(e.row(th).Snapshot) == before)
	}
	e.deliver()
	if len(e.sent) != 1 || !strings.HasPrefix(e.sent[0].Text, "ann took back "+last+" and "+ai+"'s reply; bob agreed.") {
		t.Fatalf("the thread is told once: %+v", e.sent)
	}
}
