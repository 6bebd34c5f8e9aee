package bot

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Ascidiae's setup in the thread (issue 38): the AIs' placements, hidden until everyone has
// placed, are told as placements ("Kai has placed…", not "Kai moved."), and the last placement
// tells them all.
func TestAscidiaeSetupPosts(t *testing.T) {
	e := newEnv(t)
	var kits []Kit
	for _, k := range replayKits {
		kits = append(kits, Kit{Game: k.Game})
	}
	e.svc = New(e.store, kits, Options{Now: func() time.Time { return e.now }, AIIterations: 4})
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "ascidiae", Seats: 4, Seed: 5, Bots: 2, Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	var posts []string
	show := func() {
		e.deliver()
		for _, o := range e.sent {
			if o.Kind == "turn" {
				posts = append(posts, o.Text)
			}
		}
	}
	th := "t-h"
	if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Join(ctx, e.in(th, user("bob"))); err != nil {
		t.Fatal(err)
	}
	show()
	e.svc.PlayAI(ctx)
	show()
	if _, err := e.svc.Move(ctx, e.in(th, user("ann")), "b2 up c2 up"); err != nil {
		t.Fatal(err)
	}
	show()
	if _, err := e.svc.Move(ctx, e.in(th, user("bob")), "b2 up c2 up"); err != nil {
		t.Fatal(err)
	}
	show()
	e.svc.PlayAI(ctx)
	show()
	if len(posts) != 3 {
		t.Fatalf("%d posts, want the start, the AIs' placements and the reveal:\n%s", len(posts), strings.Join(posts, "\n---\n"))
	}
	long := "Everyone places at the same time"
	if strings.Count(posts[0], long) != 2 {
		t.Errorf("the first post asks ann and bob in full:\n%s", posts[0])
	}
	p := posts[1]
	if strings.Contains(p, "moved.") || !strings.Contains(p, "Kai has placed basica and habilis") || !strings.Contains(p, "Zoe has placed basica and habilis") {
		t.Errorf("the AIs' placements are not told:\n%s", p)
	}
	// The first post asked ann and bob the same in full: this one asks them short, the long
	// placement question once in the thread (issue 33), not in every post of the phase.
	if !strings.Contains(p, "ann: your move") || !strings.Contains(p, "bob: your move") || strings.Contains(p, long) {
		t.Errorf("ann and bob are not asked again short:\n%s", p)
	}
	if !strings.Contains(posts[2], "Zoe places basica on") || !strings.Contains(posts[2], "bob places basica on b2 facing up") {
		t.Errorf("the reveal does not tell every placement:\n%s", posts[2])
	}
	// The board's status line names the turn in play as /history will number it (not the
	// engine's move count, issue 38).
	b, err := e.svc.Board(ctx, e.in(th, user("ann")))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`Ascidiae #\d+, turn (\d+)\. Waiting for ann`).FindStringSubmatch(b.Text)
	if m == nil {
		t.Fatalf("status line: %q", b.Text)
	}
	if _, err := e.svc.Move(ctx, e.in(th, user("ann")), "flow"); err != nil {
		t.Fatal(err)
	}
	h, err := e.svc.History(ctx, e.in(th, user("ann")), 0)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^` + m[1] + `\. ann `).MatchString(h.Text) {
		t.Errorf("the status said turn %s, /history tells ann's move otherwise:\n%s", m[1], h.Text)
	}
}
