package bot

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
)

// flakyMarks fails the first `fails` sent-marks (a database out of connections for a moment).
type flakyMarks struct {
	storage.Store
	fails atomic.Int64
}

func (f *flakyMarks) MarkSent(ctx context.Context, id int64) error {
	if f.fails.Add(-1) >= 0 {
		return errors.New("all 2 database connections stayed busy")
	}
	return f.Store.MarkSent(ctx, id)
}

// #34 Delivery: a post that went out is marked sent although the first marks fail: the mark is
// tried again before the claim is given up, so no other instance sends it again later.
func TestSentMarkIsRetried(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	st := &flakyMarks{Store: e.store}
	st.fails.Store(2)
	svc := New(st, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }})
	if err := e.store.Enqueue(ctx, svc.notice(Notice{Kind: "text", Channel: "c-lobby", Text: "hello"})); err != nil {
		t.Fatal(err)
	}
	sends := 0
	n, err := svc.Deliver(ctx, senderFunc(func(Outgoing) { sends++ }), 10)
	if err != nil || n != 1 || sends != 1 {
		t.Fatalf("delivered %d (%d sends): %v", n, sends, err)
	}
	if q, _ := e.store.Pending(ctx, e.now.Add(time.Hour), 0); len(q) != 0 {
		t.Fatalf("the post is still queued, to be sent again: %+v", q)
	}
}

// resender records which of Send and SendAgain the outbox used.
type resender struct{ sends, again int }

func (r *resender) Send(context.Context, Outgoing) error      { r.sends++; return errors.New("timeout") }
func (r *resender) SendAgain(context.Context, Outgoing) error { r.again++; return nil }

// #34 Delivery: a post tried before is sent blindly only while Discord still merges a repeat
// under its nonce; past that window the sender is asked to look for it first (SendAgain).
func TestResendPastTheNonceWindowLooksFirst(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	window := time.Second
	svc := New(e.store, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }, NonceWindow: window})
	if err := e.store.Enqueue(ctx, svc.notice(Notice{Kind: "text", Channel: "c-lobby", Text: "hello"})); err != nil {
		t.Fatal(err)
	}
	r := &resender{}
	if _, err := svc.Deliver(ctx, r, 10); err != nil || r.sends != 1 || r.again != 0 {
		t.Fatalf("first try: %d sends, %d looks (%v)", r.sends, r.again, err)
	}
	e.now = e.now.Add(time.Hour) // due again
	if _, err := svc.Deliver(ctx, r, 10); err != nil || r.sends != 2 || r.again != 0 {
		t.Fatalf("inside the window the post is sent again under its nonce: %d sends, %d looks (%v)", r.sends, r.again, err)
	}
	time.Sleep(window) // the store's clock: the post is now older than the window
	e.now = e.now.Add(time.Hour)
	if _, err := svc.Deliver(ctx, r, 10); err != nil || r.sends != 2 || r.again != 1 {
		t.Fatalf("past the window the sender looks first: %d sends, %d looks (%v)", r.sends, r.again, err)
	}
}
