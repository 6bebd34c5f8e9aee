package bot

import (
	"context"
	"testing"
)

// A refusal names who asked (whose move it was) and who refused; the refuser gets their own
// line in their language; the asker may not ask again for the same move until the log moves.
func TestUndoRefusalTexts(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	th := e.game("ann", "bob")
	if _, err := e.svc.SetSetting(ctx, e.in(th, user("bob")), ScopeUser, "language", "de"); err != nil {
		t.Fatal(err)
	}
	e.mustMove(th, "ann", "bid pass")
	if _, err := e.svc.Undo(ctx, e.in(th, user("ann")), ""); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	rep, err := e.svc.Undo(ctx, e.in(th, user("bob")), "no")
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Private || rep.Text != "Du hast abgelehnt: Zug 1 von ann bleibt bestehen." {
		t.Fatalf("bob's own line: %+v", rep)
	}
	e.deliver()
	want := "bob refused ann's request to take back their move 1."
	if len(e.sent) != 1 || e.sent[0].Text != want || rep.Public != want {
		t.Fatalf("the thread reads %+v, want %q", e.sent, want)
	}
	// ann may not ask again at once: nobody is pinged twice for the same move.
	_, err = e.svc.Undo(ctx, e.in(th, user("ann")), "")
	wantRefusal(t, err, "Your request to take back move 1 was refused; you can ask again after the next move.")
	e.deliver()
	if len(e.sent) != 0 {
		t.Fatalf("asked again: %+v", e.sent)
	}
	_, err = e.svc.Undo(ctx, e.in(th, user("bob")), "no")
	wantRefusal(t, err, "Es gibt keine Rücknahme-Anfrage")
	// Once the log moves on the refusal no longer stands in the way (here bob moved last).
	e.mustMove(th, "bob", "bid pass")
	_, err = e.svc.Undo(ctx, e.in(th, user("ann")), "")
	wantRefusal(t, err, "Only the player who made the last move")
}

// The asker withdrawing gets their own line, and may ask again.
func TestUndoWithdrawLine(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	th := e.game("ann", "bob")
	e.mustMove(th, "ann", "bid pass")
	if _, err := e.svc.Undo(ctx, e.in(th, user("ann")), ""); err != nil {
		t.Fatal(err)
	}
	rep, err := e.svc.Undo(ctx, e.in(th, user("ann")), "no")
	if err != nil || !rep.Private || rep.Text != "You withdrew your request to take back move 1." || rep.Public != "ann withdrew the undo request." {
		t.Fatalf("withdrawn: %+v %v", rep, err)
	}
	if _, err := e.svc.Undo(ctx, e.in(th, user("ann")), ""); err != nil {
		t.Fatalf("asking again after withdrawing: %v", err)
	}
}
