package bot

import (
	"context"
	"testing"

	"github.com/boardbot/boardbot/storage"
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

// /resign asks first and changes nothing; the confirmation ends the game (two seats) or hands
// the seat over (more), and the resigner's own line is private and in their language while the
// thread hears the public text.
func TestResignAsksThenConfirms(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		players      []string
		ask, done    string
		public, lang string
		endsTheGame  bool
	}{
		{[]string{"ann", "bob"}, "Willst du Bids #1 wirklich aufgeben? Die Partie endet hier und du verlierst.",
			"Du hast Bids #1 aufgegeben.", "Game over: ann wins (bob resigned).", "de", true},
		{[]string{"ann", "bob", "cat"}, "¿Seguro que quieres rendirte en Bids #1? Quedarás en último lugar y el jugador aleatorio jugará por ti a partir de ahora.",
			"Te has rendido en Bids #1: quedas en último lugar y el jugador aleatorio juega por ti a partir de ahora.",
			"bob resigned and will rank last; the random player takes over their seat.", "es", false},
	}
	for _, c := range cases {
		e := newEnv(t)
		e.noAI()
		th := e.game(c.players...)
		if _, err := e.svc.SetSetting(ctx, e.in(th, user("bob")), ScopeUser, "language", c.lang); err != nil {
			t.Fatal(err)
		}
		e.deliver()
		rep, err := e.svc.AskResign(ctx, e.in(th, user("bob")))
		if err != nil || !rep.Private || rep.Confirm != ConfirmResign || rep.Text != c.ask {
			t.Fatalf("the question: %+v %v", rep, err)
		}
		e.deliver()
		if g := e.row(th); g.Status != storage.StatusRunning || len(e.sent) != 0 || g.Players[1].Robot {
			t.Fatalf("asking changed the game: %s %+v %+v", g.Status, g.Players, e.sent)
		}
		_, err = e.svc.AskResign(ctx, e.in(th, user("zed")))
		wantRefusal(t, err, "You are not playing")
		rep, err = e.svc.Resign(ctx, e.in(th, user("bob")))
		if err != nil || !rep.Private || rep.Text != c.done || rep.Public != c.public {
			t.Fatalf("confirmed: %+v %v", rep, err)
		}
		e.deliver()
		if len(e.sent) == 0 || e.sent[0].Text != c.public {
			t.Fatalf("the thread: %+v", e.sent)
		}
		if ended := e.row(th).Status == storage.StatusFinished; ended != c.endsTheGame {
			t.Fatalf("ended %v", ended)
		}
	}
}
