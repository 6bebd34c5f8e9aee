package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// Against the AI the thread gets one post per round: the human's move and the AI's reply go out
// together, with the board after the reply, and the AI is never spoken to.
func TestOnePostPerRoundAgainstAI(t *testing.T) {
	e := newEnv(t)
	th, _ := e.aiGame(2, 1, "easy")
	e.deliver()
	turns, posts := 0, 0
	for i := 0; i < 100 && e.row(th).Status == storage.StatusRunning; i++ {
		e.playSomething(th, []string{"ann"})
		turns++
		e.deliver()
		if readFlow(e.row(th)).Held != 0 && len(e.sent) != 0 {
			t.Fatalf("a post while only the AI is awaited: %+v", e.sent)
		}
		e.playAI()
		e.deliver()
		for _, o := range e.sent {
			if o.Kind == "turn" {
				posts++
			}
			if strings.Contains(o.Text, e.row(th).Players[1].Name+": ") {
				t.Fatalf("a post speaks to the AI: %q", o.Text)
			}
		}
	}
	if e.row(th).Status != storage.StatusFinished {
		t.Fatal("the game did not end")
	}
	t.Logf("%d posts for %d turns of ann", posts, turns)
	if posts > turns {
		t.Fatalf("%d posts for %d moves of ann, want at most one each", posts, turns)
	}
}

// An AI that does not answer cannot hold the thread: Tick posts the human's move once the AI has
// had aiHoldBound.
func TestHeldPostGoesOutWhenTheAIIsLate(t *testing.T) {
	e := newEnv(t)
	th, _ := e.aiGame(2, 1, "easy")
	e.deliver()
	e.playSomething(th, []string{"ann"})
	e.deliver()
	if len(e.sent) != 0 {
		t.Fatalf("posted at once: %+v", e.sent)
	}
	e.now = e.now.Add(aiHoldBound - time.Second)
	if _, err := e.svc.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	if len(e.sent) != 0 {
		t.Fatalf("posted before the bound: %+v", e.sent)
	}
	e.now = e.now.Add(2 * time.Second)
	if _, err := e.svc.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	if len(e.sent) != 1 || e.sent[0].Kind != "turn" || !strings.Contains(e.sent[0].Text, "Waiting for "+e.row(th).Players[1].Name+".") || len(e.sent[0].Mentions) != 0 {
		t.Fatalf("the held post: %+v", e.sent)
	}
	if readFlow(e.row(th)).Held != 0 {
		t.Fatal("still holding")
	}
}

// At two seats a resignation against the AI makes the AI win, named by its name.
func TestResignAgainstAIAtTwo(t *testing.T) {
	e := newEnv(t)
	th, _ := e.aiGame(2, 1, "easy")
	rep, err := e.svc.Resign(context.Background(), e.in(th, user("ann")))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Public != "Game over: "+e.row(th).Players[1].Name+" wins (ann resigned)." {
		t.Fatalf("%q", rep.Public)
	}
	b, err := e.svc.Board(context.Background(), e.in(th, user("ann")))
	if err != nil || b.Text != rep.Public {
		t.Fatalf("/board: %q %v", b.Text, err)
	}
}
