package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// A step never carries over to another part of the turn that the rules began by themselves,
// even where the same player is asked and the word fits it (Ascalion against the AI: "move city
// minda, done", the city ending the development phase and "done" then ending the player's
// trade). A closing word so dropped is passed over without a word; a step that would have done
// something is told.
func TestCommaStopsAtARulesEndedPart(t *testing.T) {
	e := newEnv(t)
	e.everyGame(true)
	ctx := context.Background()
	th := "t-parts"
	game := e.aiTable("ascalion", 2, 1, 5, th)
	r := rand.New(rand.NewPCG(36, 1))
	done := rules.Move{"done"}
	// Whether the dropped step would have done something, and the closing words typed otherwise
	// ("skip" fits no decision there: it was typed ahead for one that never came).
	type dropCase struct {
		move  bool
		words string
	}
	cases := []dropCase{{false, "skip, done"}, {false, "done"}, {true, ""}}
	for range 1500 {
		e.playAI()
		tb, err := e.svc.load(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		if tb.state.Result() != nil || len(cases) == 0 {
			tb.mu.Unlock()
			break
		}
		if !rules.IsAwaited(tb.state, 0) {
			tb.mu.Unlock()
			continue
		}
		var m1, m2 rules.Move
		_, derr := rules.Canonical(tb.state, 0, done)
		for k := 0; k < 20 && m2 == nil; k++ {
			m, err := rules.RandomMove(tb.state, 0, r)
			if err != nil {
				tb.mu.Unlock()
				t.Fatal(err)
			}
			if m1 == nil {
				m1 = m // played when no case is met here
			}
			if derr != nil || len(m) < 2 {
				continue
			}
			// The case sought: m begins a new part asking ann again, where "done" fits.
			cp, err := rules.Clone(tb.kit.Game, tb.state)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := cp.Apply(0, m); err != nil {
				t.Fatal(err)
			}
			if partCount(cp) == partCount(tb.state) || !rules.IsAwaited(cp, 0) {
				continue
			}
			if _, err := rules.Canonical(cp, 0, done); err != nil {
				continue
			}
			m1, m2 = m, done
			if cases[0].move {
				if m2, _ = rules.RandomMove(cp, 0, r); len(m2) < 2 {
					m1, m2 = m, nil
				}
			}
		}
		tb.mu.Unlock()
		if m2 == nil {
			if _, err := e.svc.MoveTokens(ctx, e.in(th, user("ann")), m1); err != nil {
				t.Fatal(err)
			}
			continue
		}
		n := len(e.notations(th))
		text := m1.String() + ", " + m2.String()
		if !cases[0].move {
			text = m1.String() + ", " + cases[0].words
		}
		rep := e.mustMove(th, "ann", text)
		log := e.notations(th)
		if len(log) < n+1 || log[n] != m1.String() || len(log) > n+1 && log[n+1] == m2.String() {
			t.Errorf("log after %q: %q (the second step is for a part the rules began)", text, log[n:])
		}
		if strings.Contains(rep.Text, "done trading") {
			t.Errorf("reply to %q plays the step in the next part: %q", text, rep.Text)
		}
		if told := strings.Contains(rep.Text, "was not played"); told != cases[0].move {
			t.Errorf("reply to %q (a move dropped: %v): %q", text, cases[0].move, rep.Text)
		}
		cases = cases[1:]
	}
	if len(cases) > 0 {
		t.Fatalf("random play met too few parts ended by the rules with ann asked again (%d cases left)", len(cases))
	}
}

// A player may be named where the game writes the seat's own name (Ascalion's colours): "offer
// bob …" is "offer blue …" when bob plays blue (issue 36: "Write a player's colour").
func TestMoveNamesAPlayerForTheSeat(t *testing.T) {
	e := fastRealEnv(t)
	th := e.realGame("ascalion", "ann", "bob")
	r := rand.New(rand.NewPCG(36, 4))
	c, ok := e.findStep(th, r, 1500, func(c stepCase) bool { return len(c.m1) > 2 && c.m1[0] == "offer" })
	if !ok {
		t.Fatal("random play met no offer")
	}
	other := "bob"
	if c.who == "bob" {
		other = "ann"
	}
	colour := strings.ToLower(c.before.(rules.SeatNamer).SeatName(rules.Seat(1 - int(c.seat))))
	if c.m1[1] != colour {
		t.Fatalf("%q is no offer to %s (%s)", c.m1, other, colour)
	}
	typed := slices.Clone(c.m1)
	typed[1] = "zed"
	_, err := e.move(th, c.who, typed.String())
	wantRefusal(t, err, "Write a player's name or colour: "+colour+".")
	typed[1] = strings.ToUpper(other[:1]) + other[1:]
	n := len(e.notations(th))
	e.mustMove(th, c.who, typed.String())
	if log := e.notations(th); len(log) != n+1 || log[n] != c.m1.String() {
		t.Errorf("log after %q: %q, want %q", typed, log[n:], c.m1)
	}
}
