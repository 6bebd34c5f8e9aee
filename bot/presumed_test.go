package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// A whole turn typed with the decisions the rules took by themselves (issue #33: Ascidiae's
// "move flow, 1, black" where ability 1 was the only one, "spin b1 right white" where white was
// the only colour to spawn): those words are passed over as done, as a step of their own and
// after a space, and the rest of the turn plays. A word that differs is still refused.
func TestPresumedDecisionsPassedOver(t *testing.T) {
	for _, sep := range []string{", ", " "} {
		t.Run(strings.TrimSpace(sep)+"sep", func(t *testing.T) {
			e := fastRealEnv(t)
			th := e.realGame("ascidiae", "ann", "bob")
			r := rand.New(rand.NewPCG(11, 3))
			var presumed, m2 rules.Move
			var each []string // the presumed decisions, as the reply lists them
			c, ok := e.findStep(th, r, 600, func(c stepCase) bool {
				ps := rules.Presumed(c.after, c.seat)
				if len(ps) == 0 || !markOf(c.before).sameDecision(c.after, c.seat) {
					return false
				}
				if fitsNow(c.after, c.seat, ps[0][0], nil) {
					// A word that fits the decision asked now is meant for it (issue #38):
					// TestPresumedYieldsToDecisionNow.
					return false
				}
				presumed, each = nil, nil
				for _, p := range ps {
					presumed = append(presumed, p...)
					each = append(each, p.String())
				}
				m2, _ = rules.RandomMove(c.after, c.seat, r)
				return m2 != nil
			})
			if !ok {
				t.Fatal("random play met no decision the rules took within a turn")
			}
			n := len(e.notations(th))
			req := e.in(th, user(c.who))
			text := c.m1.String() + sep + presumed.String() + ", " + m2.String()
			rep, err := e.svc.Move(context.Background(), req, text)
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			if want := "You played " + c.m1.String() + ", " + m2.String() + "."; !strings.HasPrefix(rep.Text, want) || strings.Contains(rep.Text, "refused") {
				t.Errorf("%q: reply %q; want it to begin %q", text, rep.Text, want)
			}
			// The words passed over are said, so that they do not seem dropped.
			if want := "The rules had already played " + strings.Join(each, ", ") + " for you"; !strings.Contains(rep.Text, want) {
				t.Errorf("%q: reply %q; want it to say %q", text, rep.Text, want)
			}
			if log := e.notations(th); len(log) < n+2 || log[n] != c.m1.String() || log[n+1] != m2.String() {
				t.Errorf("log after %q: %q", text, log[n:])
			}
		})
	}
}

// A typed word that differs from what the rules took is refused, not passed over.
func TestPresumedDiffersRefused(t *testing.T) {
	e := fastRealEnv(t)
	th := e.realGame("ascidiae", "ann", "bob")
	r := rand.New(rand.NewPCG(11, 3))
	c, ok := e.findStep(th, r, 600, func(c stepCase) bool {
		ps := rules.Presumed(c.after, c.seat)
		return len(ps) > 0 && markOf(c.before).sameDecision(c.after, c.seat)
	})
	if !ok {
		t.Fatal("random play met no decision the rules took within a turn")
	}
	n := len(e.notations(th))
	text := c.m1.String() + ", zzz"
	// Nothing of it reveals anything: the command is refused whole, naming the step.
	_, err := e.svc.Move(context.Background(), e.in(th, user(c.who)), text)
	wantRefusal(t, err, "Step 2 of 2 (zzz) was refused")
	if log := e.notations(th); len(log) != n {
		t.Errorf("log after %q: %q", text, log[n:])
	}
}

// Issue #38: a whole turn typed with commas where an ascidia with only one ability activated
// between the player's steps ("flow, 1, white": basica's lone ability 1 was taken by the rules,
// then habilis asks for its own). A word that fits the decision now asked is meant for it: the
// typed steps go to the next real decision, not to the rules' forced one.
func TestPresumedYieldsToDecisionNow(t *testing.T) {
	e := fastRealEnv(t)
	th := e.realGame("ascidiae", "ann", "bob")
	r := rand.New(rand.NewPCG(11, 3))
	var m2, m3 rules.Move
	c, ok := e.findStep(th, r, 600, func(c stepCase) bool {
		ps := rules.Presumed(c.after, c.seat)
		if len(ps) == 0 || len(ps[0]) == 0 || !markOf(c.before).sameDecision(c.after, c.seat) || !fitsNow(c.after, c.seat, ps[0][0], nil) {
			return false
		}
		// The player's own move now, beginning with the word the rules played before it.
		m2 = nil
		for range 64 {
			if m, err := rules.RandomMove(c.after, c.seat, r); err == nil && rules.Fold(m[0]) == rules.Fold(ps[0][0]) {
				m2 = m
				break
			}
		}
		if m2 == nil {
			return false
		}
		// And the decision after it, while the turn goes on, typed as a step of its own.
		cp, err := rules.Clone(replayKits["ascidiae"].Game, c.after)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := cp.Apply(c.seat, m2); err != nil {
			t.Fatal(err)
		}
		m3 = nil
		if markOf(c.before).sameDecision(cp, c.seat) {
			m3, _ = rules.RandomMove(cp, c.seat, r)
		}
		return true
	})
	if !ok {
		t.Fatal("random play met no forced decision whose word fits the decision after it")
	}
	n := len(e.notations(th))
	steps := []string{c.m1.String()}
	for _, tok := range m2 {
		steps = append(steps, tok) // "flow, 1, white": each word a step, as the reviewer typed
	}
	want := []string{c.m1.String(), m2.String()}
	if m3 != nil {
		steps, want = append(steps, m3.String()), append(want, m3.String())
	}
	text := strings.Join(steps, ", ")
	rep, err := e.svc.Move(context.Background(), e.in(th, user(c.who)), text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	if strings.Contains(rep.Text, "had already played") || strings.Contains(rep.Text, "refused") {
		t.Errorf("%q: reply %q; the words were meant for the decision asked", text, rep.Text)
	}
	if log := e.notations(th); len(log) < n+len(want) || !slices.Equal(log[n:n+len(want)], want) {
		t.Errorf("log after %q: %q; want it to begin %q", text, log[n:], want)
	}
}
