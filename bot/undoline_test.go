package bot

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"

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
	if !rep.Private || rep.Text != "Du hast abgelehnt: ann nimmt den letzten Zug nicht zurück." {
		t.Fatalf("bob's own line: %+v", rep)
	}
	e.deliver()
	want := "bob refused to let ann take back their last move."
	if len(e.sent) != 1 || e.sent[0].Text != want || rep.Public != "bob refused." {
		t.Fatalf("the thread reads %+v, want %q", e.sent, want)
	}
	// ann may not ask again at once: nobody is pinged twice for the same move.
	_, err = e.svc.Undo(ctx, e.in(th, user("ann")), "")
	wantRefusal(t, err, "Your request to take back your last move (bid pass) was refused; you can ask again after the next move.")
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
	if err != nil || !rep.Private || rep.Text != "You withdrew your request to take back your last move (bid pass)." || rep.Public != "ann withdrew the undo request." {
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

// Play-testers read "alice asks to take back move 54" and "refused to take back move 4" (bob's
// move) as nonsense: in every language an undo request, its refusal and the refused asker's
// answer say what is taken back in words, the move as written where moves are public (Autumn
// Ash), never a log number, and the refusal names the refuser and whose move it was.
func TestUndoTextsNameTheMoveNotItsNumber(t *testing.T) {
	ctx := context.Background()
	number := regexp.MustCompile(`(?i)\b(move|moves|zug|züge|jugada|coup|coups) \d`)
	for _, lang := range Languages {
		t.Run(lang, func(t *testing.T) {
			e := fastRealEnv(t)
			admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
			if _, err := e.svc.SetSetting(ctx, admin, ScopeGuild, "language", lang); err != nil {
				t.Fatal(err)
			}
			th := e.realGame("autumn-ash", "ann", "bob")
			mover := awaitedPlayer(t, e, th)
			other := map[string]string{"ann": "bob", "bob": "ann"}[mover]
			for _, who := range []string{mover, other} {
				if _, err := e.svc.SetSetting(ctx, e.in(th, user(who)), ScopeUser, "language", lang); err != nil {
					t.Fatal(err)
				}
			}
			tb, err := e.svc.load(ctx, e.row(th).ID)
			if err != nil {
				t.Fatal(err)
			}
			m, err := rules.RandomMove(tb.state, tb.state.Awaiting()[0].Seat, rand.New(rand.NewPCG(1, 2)))
			tb.mu.Unlock()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.MoveTokens(ctx, e.in(th, user(mover)), m); err != nil {
				t.Fatal(err)
			}
			e.deliver()
			e.sent = nil
			if _, err := e.svc.Undo(ctx, e.in(th, user(mover)), ""); err != nil {
				t.Fatal(err)
			}
			e.deliver()
			told := T(lang, "undo_last_told", "Last", T(lang, "undo_last_move_their"), "Notation", notationIn(replayKits["autumn-ash"].Game, lang, m.String()))
			if len(e.sent) != 1 || !strings.HasPrefix(e.sent[0].Text, mover+" ") || !strings.Contains(e.sent[0].Text, told) || number.MatchString(e.sent[0].Text) {
				t.Fatalf("the request reads %+v; want it to name %q", e.sent, told)
			}
			e.sent = nil
			rep, err := e.svc.Undo(ctx, e.in(th, user(other)), "no")
			if err != nil {
				t.Fatal(err)
			}
			e.deliver()
			if want := T(lang, "undo_refused", "Name", other, "Asker", mover, "Last", told); len(e.sent) != 1 || e.sent[0].Text != want || number.MatchString(e.sent[0].Text) {
				t.Errorf("the refusal reads %+v, want %q", e.sent, want)
			}
			if want := T(lang, "undo_refused_you", "Asker", mover, "Last", told); rep.Text != want {
				t.Errorf("the refuser reads %q, want %q", rep.Text, want)
			}
			_, err = e.svc.Undo(ctx, e.in(th, user(mover)), "")
			own := T(lang, "undo_last_told", "Last", T(lang, "undo_last_move_your"), "Notation", notationIn(replayKits["autumn-ash"].Game, lang, m.String()))
			wantRefusal(t, err, T(lang, "undo_refused_wait", "Last", own))
		})
	}
}

// Agreeing names whose move it is (the agreeing player's is not), and who is still asked.
func TestUndoAgreementNamesTheAsker(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	th := e.game("ann", "bob", "cy")
	e.mustMove(th, "ann", "bid pass")
	if _, err := e.svc.Undo(ctx, e.in(th, user("ann")), ""); err != nil {
		t.Fatal(err)
	}
	rep, err := e.svc.Undo(ctx, e.in(th, user("bob")), "")
	if err != nil {
		t.Fatal(err)
	}
	if want := "bob agrees to let ann take back their last move; waiting for cy."; rep.Text != want {
		t.Errorf("%q, want %q", rep.Text, want)
	}
}
