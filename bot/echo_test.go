package bot

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A move whose events the thread posts at once gives the mover only what the post does not
// tell them: "You played ..." and their own private lines, not the public events again (before,
// the last of a simultaneous placement read both placements privately, then in the post).
// While a turn goes on without a post, the reply still tells the public events: nothing else does.
func TestOwnMoveToldOnce(t *testing.T) {
	e := fastRealEnv(t)
	th := e.realGame("ascidiae", "ann", "bob")
	e.deliver()
	e.mustMove(th, "ann", "b2 up c2 up")
	rep := e.mustMove(th, "bob", "b2 up c2 up")
	e.deliver()
	var post string
	for _, o := range e.sent {
		if o.Kind == "turn" {
			post = o.Text
		}
	}
	if !strings.Contains(post, "bob places basica on b2") || !strings.Contains(post, "ann places basica on b2") {
		t.Fatalf("the post tells both placements:\n%s", post)
	}
	if strings.Contains(rep.Text, "places basica") {
		t.Errorf("bob's reply repeats what the post tells him:\n%s", rep.Text)
	}
	if !strings.Contains(rep.Text, "b2 up c2 up") {
		t.Errorf("bob's reply does not say what he played:\n%s", rep.Text)
	}
}

// A private event of a player's own move is told in that move's reply, not again by DM; one
// caused by anything else (here the clock playing a late seat's default bid) still comes by DM
// to the players who asked for DMs, and only to them.
func TestOwnPrivateEventsNoDM(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.clockGame("ann", "bob")
	for _, who := range []string{"ann"} {
		if _, err := e.svc.SetSetting(ctx, e.in(th, user(who)), ScopeUser, "dm", "on"); err != nil {
			t.Fatal(err)
		}
	}
	e.deliver()
	rep := e.mustMove(th, "bob", "bid pass")
	if !strings.Contains(rep.Text, "You bid 0") {
		t.Fatalf("bob's reply tells his bid: %q", rep.Text)
	}
	e.now = e.now.Add(48 * time.Hour)
	e.tick()
	var seq int64
	for _, o := range e.sent {
		if o.Kind == "late" {
			seq = o.Seq
		}
	}
	if seq == 0 {
		t.Fatalf("no late notice: %+v", e.sent)
	}
	if _, err := e.svc.Overdue(ctx, e.in(th, user("bob")), seq, ActSkip); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	var dms []Outgoing
	for _, o := range e.sent {
		if o.Kind == "dm" {
			dms = append(dms, o)
		}
	}
	if len(dms) != 1 || dms[0].User != "u-ann" || !strings.Contains(dms[0].Text, "You bid 0") {
		t.Fatalf("ann, who asked for DMs, hears of the bid the clock made for her, once: %+v", dms)
	}
	// Ann's own move: the reply tells her private line, and no DM does.
	drew := false
	for _, who := range []string{"ann", "bob"} {
		r, err := e.move(th, who, "draw")
		if err != nil {
			continue // not the round's winner
		}
		drew = true
		if !strings.Contains(r.Text, "You drew") {
			t.Errorf("%s's reply does not tell the card drawn: %q", who, r.Text)
		}
		e.deliver()
		for _, o := range e.sent {
			if o.Kind == "dm" {
				t.Errorf("%s's own draw came back by DM to %s: %q", who, o.User, o.Text)
			}
		}
	}
	if !drew {
		t.Fatal("nobody could draw")
	}
}
