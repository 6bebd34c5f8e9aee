package bot

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// thread is a fake thread as a reader scrolls it: each turn post a message, each status edit
// that is made replacing its post's text (status edits carry the seq of the post they change).
type thread struct {
	posts []int64          // the posts' seqs, in order
	text  map[int64]string // the text each shows now
	// status says what happens to a status edit that is not stale: nil, made; else the error
	// the transport returns (a failure, or Dropped).
	status error
}

func (th *thread) Send(_ context.Context, o Outgoing) error {
	switch o.Kind {
	case "turn":
		th.posts = append(th.posts, o.Seq)
		th.text[o.Seq] = o.Text
	case "status":
		if o.Stale {
			return nil
		}
		if th.status != nil {
			return th.status
		}
		if _, ok := th.text[o.Post]; !ok {
			return &Dropped{Why: errors.New("no post to edit")}
		}
		th.text[o.Post] = o.Text
	}
	return nil
}

// read is the whole thread's text, post after post.
func (th *thread) read() string {
	var all []string
	for _, p := range th.posts {
		all = append(all, th.text[p])
	}
	return strings.Join(all, "\n")
}

// The reveal of a round of bids (a simultaneous phase) is told by a status edit of the live post;
// the next post (the winner's draw) leaves it out when that edit reached the thread, and tells it
// when the edit never did: folded into the post by a lagging outbox, refused for good (Dropped),
// or failed and then outdated. Either way the thread tells it exactly once, and the draw once.
func TestStatusEditEventsToldOnce(t *testing.T) {
	reveal, drew := "Bids revealed: [0 0]; ann wins the round.", "The winner drew a card."
	for _, c := range []struct {
		name string
		// deliverAfterBids delivers after both bids, before the draw (else one delivery for
		// all: the edits fold into the post).
		deliverAfterBids bool
		status           error // what the transport does with a status edit
		inPost           bool  // the draw's post tells the reveal
	}{
		{"made", true, nil, false},
		{"folded", false, nil, true},
		{"dropped", true, &Dropped{Why: errors.New("refused for good")}, true},
		{"failed", true, errors.New("discord is down"), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			th := e.game("ann", "bob")
			ctx := context.Background()
			start := slices.IndexFunc(e.sent, func(o Outgoing) bool { return o.Kind == "turn" })
			if start < 0 {
				t.Fatalf("no start post: %+v", e.sent)
			}
			fake := &thread{text: map[int64]string{}}
			_ = fake.Send(ctx, e.sent[start])
			deliver := func() {
				t.Helper()
				if _, err := e.svc.Deliver(ctx, fake, 100); err != nil {
					t.Fatal(err)
				}
			}
			fake.status = c.status
			e.mustMove(th, "bob", "bid pass")
			e.mustMove(th, "ann", "bid pass") // revealed; ann goes on alone: an edit
			if c.deliverAfterBids {
				deliver()
			}
			fake.status = nil
			e.mustMove(th, "ann", "draw")
			e.now = e.now.Add(time.Hour) // a failed edit is due again, outdated by now
			deliver()
			deliver()
			if len(fake.posts) != 2 {
				t.Fatalf("the start post and the draw's: %v", fake.posts)
			}
			post := fake.text[fake.posts[1]]
			if got := strings.Contains(post, reveal); got != c.inPost {
				t.Errorf("the draw's post tells the reveal: %v, want %v:\n%s", got, c.inPost, post)
			}
			if !strings.HasPrefix(post, cond(c.inPost, reveal+"\n"+drew, drew)) {
				t.Errorf("the post's events, in order:\n%s", post)
			}
			all := fake.read()
			for _, ev := range []string{reveal, drew} {
				if n := strings.Count(all, ev); n != 1 {
					t.Errorf("%q is told %d times in the thread:\n%s", ev, n, all)
				}
			}
			if left, err := e.store.Pending(ctx, e.now.Add(24*time.Hour), 100); err != nil || len(left) != 0 {
				t.Errorf("messages left in the outbox: %d, %v", len(left), err)
			}
		})
	}
}

func cond(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

// restore puts back in front of a post's own events those no made edit of the post before told,
// in the order played, and keeps the rest of the post.
func TestRestorePutsBackUnmadeEdits(t *testing.T) {
	since := []pendingEvent{
		{Text: "a1", By: 1, Edit: 4},
		{Text: "b1", By: 2, Edit: 5},
		{Text: "b2", By: 2, Edit: 5},
		{Text: "c1", By: 3},
	}
	for _, c := range []struct {
		made int64
		want string
	}{
		{0, "a1\n\nb1\nb2\n\nc1\nprompt"},
		{4, "b1\nb2\n\nc1\nprompt"},
		{5, "c1\nprompt"},
		{9, "c1\nprompt"},
	} {
		n := Notice{Kind: "turn", Text: "c1\nprompt", Head: 1, Since: slices.Clone(since), After: 3}
		restore(&n, c.made)
		if n.Text != c.want || n.Head != strings.Count(c.want, "\n") || n.Since != nil {
			t.Errorf("made %d: %q head %d since %v; want %q", c.made, n.Text, n.Head, n.Since, c.want)
		}
	}
	// A post whose only line was "<seat> moved." tells the events put back instead.
	n := Notice{Kind: "turn", Text: "cat moved.\nprompt", Head: 1, Lead: true, Since: since[:1]}
	restore(&n, 0)
	if n.Text != "a1\nprompt" || n.Lead || n.Head != 1 {
		t.Errorf("lead: %+v", n)
	}
}

// An offer a status edit told and then withdrawn stays with its withdrawal: the next post tells
// the withdrawal after the edit that told the offer, and both when that edit never reached the
// thread. An offer no edit told still vanishes with its withdrawal.
func TestWithdrawalOfAnOfferAnEditTold(t *testing.T) {
	offer := pendingEvent{Text: "bob offers 2 wood for 1 ore.", Kind: "offer", Ref: "o1", By: 2, Edit: 5}
	withdraw := pendingEvent{Text: "bob withdraws the offer.", Kind: "withdraw", Ref: "o1", By: 2}
	evs := addPending([]pendingEvent{offer}, withdraw)
	if len(evs) != 2 {
		t.Fatalf("an offer an edit told, withdrawn: %+v", evs)
	}
	if n := addPending([]pendingEvent{{Text: offer.Text, Kind: "offer", Ref: "o1", By: 2}}, withdraw); len(n) != 0 {
		t.Fatalf("an offer nobody read, withdrawn: %+v", n)
	}
	for _, c := range []struct {
		made int64
		want string
	}{{5, "bob withdraws the offer.\nprompt"}, {0, "bob offers 2 wood for 1 ore.\nbob withdraws the offer.\nprompt"}} {
		n := Notice{Kind: "turn", Text: turnLines(untold(evs))[0] + "\nprompt", Head: 1, Since: evs, After: 2}
		restore(&n, c.made)
		if n.Text != c.want {
			t.Errorf("made %d: %q, want %q", c.made, n.Text, c.want)
		}
	}
}
