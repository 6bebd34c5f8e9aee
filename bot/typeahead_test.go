package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// forcedPassCase plays a solo Ausonia game at random up to a buy after which only a pass that
// discards nothing is left: the bot plays that pass itself (AutoForced), and in a solo game the
// player's next turn begins in the same command.
func forcedPassCase(t *testing.T) (*env, string, stepCase) {
	t.Helper()
	e := fastRealEnv(t)
	th := e.realGame("ausonia", "ann")
	// Random play rarely empties a hand: the walk plays cards first, then buys, then passes.
	r := rand.New(rand.NewPCG(3, 3))
	var c stepCase
	ok := false
	for range 400 {
		tb, err := e.svc.load(context.Background(), e.row(th).ID)
		if err != nil {
			t.Fatal(err)
		}
		st := tb.state
		if st.Result() != nil {
			tb.mu.Unlock()
			break
		}
		seat := st.Awaiting()[0].Seat
		moves, _, err := rules.Enumerate(st, seat, 500)
		if err != nil {
			t.Fatal(err)
		}
		var pick rules.Move
		for _, verb := range []string{"play", "buy", "build", "pass"} {
			var of []rules.Move
			for _, m := range moves {
				if m[0] == verb && (verb != "pass" || len(m) == 1) {
					of = append(of, m)
				}
			}
			if len(of) > 0 {
				pick = of[r.IntN(len(of))]
				break
			}
		}
		if pick == nil {
			pick = moves[r.IntN(len(moves))]
		}
		c = stepCase{seat: seat, who: strings.TrimPrefix(userOf(tb.row, seat), "u-"), m1: pick}
		if pick[0] == "buy" {
			c.before, _ = rules.Clone(tb.kit.Game, st)
			c.after, _ = rules.Clone(tb.kit.Game, st)
			if _, err := c.after.Apply(seat, pick); err != nil {
				t.Fatal(err)
			}
			left, whole, err := rules.Enumerate(c.after, seat, 2)
			ok = err == nil && whole && len(left) == 1 && markOf(c.before).sameDecision(c.after, seat)
		}
		tb.mu.Unlock()
		if ok {
			break
		}
		if _, err := e.svc.MoveTokens(context.Background(), e.in(th, user(c.who)), pick); err != nil {
			t.Fatal(err)
		}
	}
	if !ok {
		t.Fatal("the walk met no buy that left only a pass")
	}
	e.svc.opt.AutoForced = true
	e.deliver()
	return e, th, c
}

// Typing ahead is safe: a "pass" typed after the buy that ended the turn (the bot passing for the
// player) is refused in the turn that began since, with what is asked now, and nothing is played;
// sent again, it is played. A move that does not end the new turn at once is played as usual, and
// "buy …, pass" in one command is the player's own pass in the turn they typed it for.
func TestTypedPassAfterForcedPass(t *testing.T) {
	ctx := context.Background()
	t.Run("two commands", func(t *testing.T) {
		e, th, c := forcedPassCase(t)
		rep, err := e.svc.MoveTokens(ctx, e.in(th, user(c.who)), c.m1)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(rep.Text, "your turn ends here") {
			t.Fatalf("the buy's answer does not say the turn ended:\n%s", rep.Text)
		}
		n := len(e.notations(th))
		_, err = e.move(th, c.who, "pass")
		wantRefusal(t, err, `Your last turn was already over: the bot played its only move for you, or its time ran out. "pass" would end your new turn at once, so it was not played. Now: `)
		if len(e.notations(th)) != n {
			t.Fatalf("the refused pass was played: %v", e.notations(th)[n:])
		}
		e.mustMove(th, c.who, "pass")
		if got := e.notations(th); len(got) <= n || got[n] != "pass" {
			t.Fatalf("the pass sent again is not played: %v", got[n:])
		}
	})
	t.Run("a step that goes on", func(t *testing.T) {
		e, th, c := forcedPassCase(t)
		if _, err := e.svc.MoveTokens(ctx, e.in(th, user(c.who)), c.m1); err != nil {
			t.Fatal(err)
		}
		n := len(e.notations(th))
		e.mustMove(th, c.who, "play all")
		// The player has been answered in the new turn: a pass now is theirs.
		e.mustMove(th, c.who, "pass")
		if got := e.notations(th)[n:]; len(got) < 2 || got[0] != "play all" || got[1] != "pass" {
			t.Fatalf("moves played: %v", got)
		}
	})
	t.Run("one command", func(t *testing.T) {
		e, th, c := forcedPassCase(t)
		n := len(e.notations(th))
		turn := turnCount(c.before)
		e.mustMove(th, c.who, c.m1.String()+", pass")
		ms, err := e.store.Moves(ctx, e.row(th).ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) < n+2 || ms[n+1].Notation != "pass" || ms[n+1].UserID != user(c.who).ID {
			t.Fatalf("the typed pass is not the player's own pass after the buy: %+v", ms[n:])
		}
		tb, err := e.svc.load(ctx, e.row(th).ID)
		if err != nil {
			t.Fatal(err)
		}
		now := turnCount(tb.state)
		tb.mu.Unlock()
		if now != turn+1 {
			t.Fatalf("turn %d after one pass from turn %d: the pass carried over", now, turn)
		}
		// Nothing was forced: the next pass is not questioned.
		if f := readFlow(e.row(th)); len(f.Unshown) != 0 {
			t.Fatalf("unshown seats after the player's own pass: %v", f.Unshown)
		}
	})
}

// Only a turn the person was in the middle of, then ended by the bot, makes their next
// turn-ending command suspect: a turn the bot played whole for them (a one-decision game's only
// move) asked them nothing, and their next move is played as usual.
func TestNoteTyping(t *testing.T) {
	type step struct {
		user  string
		ended bool
	}
	for _, c := range []struct {
		name  string
		moves []step
		want  bool
	}{
		{"own step, then the bot ends the turn", []step{{"u-ann", false}, {AutoUser, true}}, true},
		{"own step, then the clock ends the turn", []step{{"u-ann", false}, {ClockUser, true}}, true},
		{"the bot plays a whole turn", []step{{"u-ann", true}, {AutoUser, true}}, false},
		{"the bot plays a forced step inside the turn", []step{{"u-ann", false}, {AutoUser, false}}, false},
		{"the person moves again", []step{{"u-ann", false}, {AutoUser, true}, {"u-ann", false}}, false},
		{"the AI moves after", []step{{"u-ann", false}, {AutoUser, true}, {AIUser, true}, {aiPrefix + "normal", true}}, true},
	} {
		var f flow
		for _, m := range c.moves {
			f.noteTyping(0, m.user, m.ended)
		}
		if got := slices.Contains(f.Unshown, 0); got != c.want {
			t.Errorf("%s: unshown %v, want %v", c.name, got, c.want)
		}
	}
}
