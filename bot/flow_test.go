package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules/rulestest"
)

// The events waiting for the next post are stored with the game, and so is which of them an edit
// of the live post told: after a restart (a new service over the same database) the post that
// comes carries the rest, and pings only the player who was not awaited before.
func TestFlowSurvivesARestart(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	e.mustMove(th, "bob", "bid pass")
	e.mustMove(th, "ann", "bid pass") // the bids are revealed; ann, who won, goes on alone
	e.deliver()
	if len(e.sent) != 2 || e.sent[0].Kind != "status" || e.sent[1].Kind != "status" {
		t.Fatalf("two status edits of the start post: %+v", e.sent)
	}
	e.svc = New(e.store, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }, DefaultReminderHours: 24})
	rep := e.mustMove(th, "ann", "draw")
	if rep.More || rep.Image != nil {
		t.Fatalf("a move that ends the turn shows no board in the reply: %+v", rep)
	}
	e.deliver()
	if len(e.sent) != 1 || e.sent[0].Kind != "turn" {
		t.Fatalf("one post for the new round: %+v", e.sent)
	}
	o := e.sent[0]
	// The edit made before the restart told the reveal: the post tells what came after it, once.
	if !strings.HasPrefix(o.Text, "The winner drew a card.") || strings.Contains(o.Text, "Bids revealed") {
		t.Fatalf("the digest since the edit made before the restart: %q", o.Text)
	}
	if strings.Join(o.Mentions, ",") != "u-bob" {
		t.Fatalf("only bob is news (ann was awaited as the thread last said): %v", o.Mentions)
	}
	if !o.Board || o.Seq != 3 {
		t.Fatalf("the post shows the board at move 3: %+v", o)
	}
}
