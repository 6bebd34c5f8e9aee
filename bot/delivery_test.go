package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// A board notice delivered after the game moved on is drawn from the snapshot it carries: no log
// is read, the board is the one at its own move (the old replay draws the same), and the snapshot,
// which holds the hands, never reaches the transport.
func TestLaggingNoticeReadsNoLog(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	for _, mv := range []struct{ who, text string }{{"ann", "bid pass"}, {"bob", "bid pass"}, {"ann", "draw"}, {"ann", "bid pass"}} {
		e.mustMove(th, mv.who, mv.text)
	}
	ctx := context.Background()
	pending, err := e.store.Pending(ctx, e.now, 100)
	if err != nil {
		t.Fatal(err)
	}
	counted := &logCounter{Store: e.store}
	fresh := New(counted, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }})
	var got []Outgoing
	// One message at a time, so no later post is claimed beside a lagging one to fold it into.
	for {
		n, err := fresh.Deliver(ctx, senderFunc(func(o Outgoing) { got = append(got, o) }), 1)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	if n := counted.reads.Load(); n != 0 {
		t.Errorf("delivering %d lagging notices read the log %d times; want 0", len(pending), n)
	}
	current := e.row(th).MoveCount
	boards, lagging := 0, 0
	for _, o := range got {
		if o.Snap != nil {
			t.Errorf("notice %d reached the transport with the game's snapshot", o.ID)
		}
		if !o.Board {
			continue
		}
		boards++
		if o.Image == nil {
			t.Fatalf("board notice at %d delivered without its board", o.Seq)
		}
		if o.Seq == current {
			continue
		}
		lagging++
		// The replay of the first Seq moves, which an old notice without a snapshot falls back to.
		want, _, err := fresh.boardAt(ctx, o.Game, o.Seq, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(o.Image.PNG, want.PNG) {
			t.Errorf("board at %d: %s; the replay draws %s", o.Seq, o.Image.PNG, want.PNG)
		}
	}
	if lagging < 2 {
		t.Fatalf("%d board notices, %d lagging; the test needs 2 lagging", boards, lagging)
	}
}

// A board notice queued by an older version carries no snapshot: it is still delivered with the
// board at its own move, by replaying the log.
func TestOldNoticeWithoutSnapshotReplays(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	ctx := context.Background()
	row := e.row(th)
	// The board after no move, as an older version queued it, while the game is at move 2.
	old, _ := json.Marshal(Notice{Kind: "turn", Game: row.ID, Seq: 0, Channel: th, Text: "begins", Board: true})
	e.mustMove(th, "ann", "bid pass")
	e.mustMove(th, "bob", "bid pass")
	e.deliver()
	if err := e.store.Enqueue(ctx, storage.OutboxMessage{GameID: row.ID, Kind: "turn", Payload: old, NextTry: e.now, Created: e.now}); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	if len(e.sent) != 1 || e.sent[0].Image == nil {
		t.Fatalf("old notice delivered as %+v", e.sent)
	}
	st, _ := rulestest.Bids.New(rules.Setup{Seats: 2, Seed: row.Seed, Options: row.Options})
	want, _ := fakePNG(st.View(rules.Spectator), render.Meta{})
	if !bytes.Equal(e.sent[0].Image.PNG, want) {
		t.Errorf("old notice's board: %s; want the board before any move %s", e.sent[0].Image.PNG, want)
	}
}

type senderFunc func(Outgoing)

func (f senderFunc) Send(_ context.Context, o Outgoing) error { f(o); return nil }

// steps is a game without end for long logs: two seats take turns, each "step" counts one.
type steps struct{}

type stepState struct {
	N int `json:"n"`
}

func (steps) Info() rules.Info {
	return rules.Info{ID: "steps", Name: "Steps", MinSeats: 2, MaxSeats: 2, SummaryMsg: rules.Verbatim("Count."), NotationMsg: rules.Verbatim("step")}
}
func (steps) New(rules.Setup) (rules.State, error) { return &stepState{}, nil }
func (steps) Decode(b []byte) (rules.State, error) {
	st := &stepState{}
	return st, json.Unmarshal(b, st)
}
func (s *stepState) Awaiting() []rules.Prompt {
	return []rules.Prompt{{Seat: rules.Seat(s.N % 2), Msg: rules.Verbatim("Step.")}}
}
func (s *stepState) Choices(seat rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	if len(m) == 0 {
		return []rules.Choice{{Token: "step"}}, false, nil
	}
	return nil, len(m) == 1 && m[0] == "step", nil
}
func (s *stepState) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := rules.Check(s, seat, m); err != nil {
		return nil, err
	}
	s.N++
	return []rules.Event{{Msg: rules.Verbatim(fmt.Sprintf("Step %d.", s.N))}}, nil
}
func (s *stepState) View(rules.Seat) any     { return s.N }
func (s *stepState) Result() *rules.Result   { return nil }
func (s *stepState) Encode() ([]byte, error) { return json.Marshal(s) }

// BenchmarkLaggingNotice is the cost of delivering one board notice ten moves behind its game, in
// games of 12 and 2,000 moves: "snapshot" is a notice as queued now, "replay" one queued by an
// older version (no snapshot), for comparison in one run.
func BenchmarkLaggingNotice(b *testing.B) {
	for _, moves := range []int{12, 2000} {
		svc, store, lag := longGame(b, moves)
		for _, kind := range []string{"snapshot", "replay"} {
			m := lag
			if kind == "replay" {
				var n Notice
				_ = json.Unmarshal(m.Payload, &n)
				n.Snap = nil
				m.Payload, _ = json.Marshal(n)
			}
			b.Run(fmt.Sprintf("%s/%d", kind, moves), func(b *testing.B) {
				ctx := context.Background()
				for b.Loop() {
					if err := store.Enqueue(ctx, m); err != nil {
						b.Fatal(err)
					}
					if n, err := svc.Deliver(ctx, senderFunc(func(Outgoing) {}), 10); err != nil || n != 1 {
						b.Fatalf("delivered %d: %v", n, err)
					}
				}
			})
		}
	}
}

// longGame plays moves steps and returns the service, its store, and the board notice queued ten
// moves before the end (with ID 0, ready to queue again); the outbox is left empty.
func longGame(b *testing.B, moves int) (*Service, *sqlite.Store, storage.OutboxMessage) {
	b.Helper()
	st, err := sqlite.Open(filepath.Join(b.TempDir(), "bot.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	svc := New(st, []Kit{{Game: steps{}, PNG: fakePNG}}, Options{})
	ctx := context.Background()
	rep, err := svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "steps", Seats: 2, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	th := fmt.Sprintf("t-%d", rep.Game)
	if err := svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
		b.Fatal(err)
	}
	if _, err := svc.Join(ctx, Request{User: user("bob"), Place: Place{Guild: "g1", Channel: th}}); err != nil {
		b.Fatal(err)
	}
	var lag storage.OutboxMessage
	for i := range moves {
		who := []string{"ann", "bob"}[i%2]
		if _, err := svc.Move(ctx, Request{User: user(who), Place: Place{Guild: "g1", Channel: th}}, "step"); err != nil {
			b.Fatal(err)
		}
		msgs, err := st.Pending(ctx, svc.now(), 100)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range msgs {
			if i == moves-10 && m.Kind == "turn" {
				lag = m
			}
			if err := st.MarkSent(ctx, m.ID); err != nil {
				b.Fatal(err)
			}
		}
	}
	if lag.Kind == "" {
		b.Fatal("no board notice ten moves before the end")
	}
	lag.ID = 0
	return svc, st, lag
}

// Messages claimed by an instance that died are left alone while its lease lasts and then sent
// by another instance, once.
func TestDeliverTakesOverADeadInstancesClaim(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	e.mustMove(th, "ann", "bid pass")
	e.mustMove(th, "bob", "bid pass")
	ctx := context.Background()
	held, err := e.store.Claim(ctx, "dead-instance", e.now, deliverLease, 100)
	if err != nil || len(held) == 0 {
		t.Fatalf("the dead instance claimed %d messages: %v", len(held), err)
	}
	e.deliver()
	if len(e.sent) != 0 {
		t.Fatalf("sent %d messages the dead instance still held", len(e.sent))
	}
	e.now = e.now.Add(deliverLease)
	e.deliver()
	var done []int64 // sent, or folded into a later post of the game
	for _, o := range e.sent {
		done = append(append(done, o.Folded...), o.ID)
	}
	if len(done) != len(held) {
		t.Fatalf("after the lease, %d of the dead instance's %d messages were sent", len(done), len(held))
	}
	for i, id := range done {
		if id != held[i].ID {
			t.Errorf("message %d sent as %d: want the held messages in order", held[i].ID, id)
		}
	}
}

// Two instances delivering one outbox at the same time send each message once, each game's in
// queue order, on SQLite and on PostgreSQL.
func TestTwoInstancesDeliverEachMessageOnce(t *testing.T) {
	for _, db := range []string{"sqlite", "postgres"} {
		t.Run(db, func(t *testing.T) {
			stores := twoStores(t, db)
			e := &env{t: t, now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
			// Both on one clock: leases are compared in time.
			var svcs []*Service
			for _, st := range stores {
				svcs = append(svcs, New(st, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }}))
			}
			e.svc = svcs[0]
			for range 4 {
				th := e.game("ann", "bob")
				e.mustMove(th, "ann", "bid pass")
				e.mustMove(th, "bob", "bid pass")
			}
			ctx := context.Background()
			queued, err := stores[0].Pending(ctx, e.now, 0)
			if err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			seen := map[int64]int{}
			order := map[int64][]int64{} // game -> message ids as sent
			count := parallelSender(func(o Outgoing) {
				mu.Lock()
				for _, id := range append(slices.Clone(o.Folded), o.ID) {
					seen[id]++
					order[o.Game] = append(order[o.Game], id)
				}
				mu.Unlock()
			})
			var wg sync.WaitGroup
			for _, s := range svcs {
				wg.Go(func() {
					for {
						// Small batches, so the instances take turns on the queue.
						n, err := s.Deliver(ctx, count, 2)
						if err != nil {
							t.Error(err)
							return
						}
						if n == 0 {
							return
						}
					}
				})
			}
			wg.Wait()
			for _, m := range queued {
				if seen[m.ID] != 1 {
					t.Errorf("message %d (%s) sent (or folded into a later post) %d times, want once", m.ID, m.Kind, seen[m.ID])
				}
			}
			if len(seen) != len(queued) {
				t.Errorf("%d messages sent, %d queued", len(seen), len(queued))
			}
			for g, ids := range order {
				if !slices.IsSorted(ids) {
					t.Errorf("game %d's messages went out as %v, not in queue order", g, ids)
				}
			}
		})
	}
}

// parallelSender is a senderFunc that takes several games' messages at once.
type parallelSender func(Outgoing)

func (f parallelSender) Send(_ context.Context, o Outgoing) error { f(o); return nil }
func (f parallelSender) Parallel() int                            { return 4 }

// A previewed notice (what a move would post) carries no snapshot either: it holds the hands.
func TestPreviewCarriesNoSnapshot(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	e.mustMove(th, "ann", "bid pass")
	outs, err := e.svc.Preview(context.Background(), e.row(th).ID, 1, rules.Move{"bid", "pass"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	boards := 0
	for _, o := range outs {
		if o.Snap != nil {
			t.Errorf("previewed %s notice carries the game's snapshot", o.Kind)
		}
		if o.Board {
			boards++
		}
	}
	if boards == 0 {
		t.Fatalf("the preview of the round's last bid posts no board: %+v", outs)
	}
}

// When delivery has fallen behind a game, its queued turn posts go out as one post with the
// newest board: every event of the folded posts in order, the newest prompts, pings for those
// still awaited. A failed send loses nothing: the same fold is made on the retry.
func TestLaggingTurnPostsFoldIntoOne(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	e.deliver()
	for _, mv := range []struct{ who, text string }{{"ann", "bid pass"}, {"bob", "bid pass"}, {"ann", "draw"}, {"ann", "bid pass"}, {"bob", "bid pass"}} {
		e.mustMove(th, mv.who, mv.text)
	}
	ctx := context.Background()
	pending, err := e.store.Pending(ctx, e.now, 100)
	if err != nil {
		t.Fatal(err)
	}
	var events []string
	var mentioned []string
	turns := 0
	for _, m := range pending {
		n, _, err := decodeNotice(m)
		if err != nil {
			t.Fatal(err)
		}
		if n.Kind != "turn" {
			continue
		}
		turns++
		if len(events) > 0 {
			events = append(events, "") // each folded post's events a block of their own
		}
		events = append(events, strings.Split(n.Text, "\n")[:n.Head]...)
		mentioned = append(mentioned, n.Mentions...)
	}
	if turns < 3 {
		t.Fatalf("%d turn posts queued; the test needs at least 3", turns)
	}
	if _, err := e.svc.Deliver(ctx, &recorder{e: e, fail: 1}, 100); err != nil {
		t.Fatal(err)
	}
	e.now = e.now.Add(time.Hour)
	e.deliver()
	if len(e.sent) != 1 || e.sent[0].Kind != "turn" {
		t.Fatalf("%d turn posts lagging: delivered %d messages, want one post: %+v", turns, len(e.sent), e.sent)
	}
	o := e.sent[0]
	if len(o.Folded) != len(pending)-1 {
		t.Errorf("the post stands for %d earlier messages, want %d", len(o.Folded), len(pending)-1)
	}
	row := e.row(th)
	if o.Seq != row.MoveCount || o.Stale || o.Image == nil {
		t.Fatalf("the folded post is the newest (seq %d of %d), live, with its board: %+v", o.Seq, row.MoveCount, o)
	}
	lines := strings.Split(o.Text, "\n")
	if o.Head != len(events) || !slices.Equal(lines[:o.Head], events) {
		t.Fatalf("folded events:\n%s\nwant, in order:\n%s", strings.Join(lines[:o.Head], "\n"), strings.Join(events, "\n"))
	}
	awaited := map[string]bool{}
	for _, a := range o.Awaited {
		awaited[a.User] = true
	}
	for _, u := range mentioned {
		if awaited[u] != slices.Contains(o.Mentions, u) {
			t.Errorf("ping of %s: awaited now %v, pinged %v (%v)", u, awaited[u], slices.Contains(o.Mentions, u), o.Mentions)
		}
	}
	if left, _ := e.store.Pending(ctx, e.now, 100); len(left) != 0 {
		t.Fatalf("%d messages left in the outbox after the folded post", len(left))
	}
}

// fold's runs, by kind, whether the post says its events (head) and whether it was tried before.
func TestFoldRuns(t *testing.T) {
	msg := func(id int64, kind string, head, tried int) storage.OutboxMessage {
		p, _ := json.Marshal(Notice{Kind: kind, Head: head, Seq: id})
		return storage.OutboxMessage{ID: id, Kind: kind, Payload: p, Attempts: tried}
	}
	turn := func(id int64) storage.OutboxMessage { return msg(id, "turn", 1, 0) }
	for _, c := range []struct {
		name string
		lane []storage.OutboxMessage
		want int // messages folded into the one after them
	}{
		{"one post", []storage.OutboxMessage{turn(1)}, 0},
		{"three posts", []storage.OutboxMessage{turn(1), turn(2), turn(3)}, 2},
		{"status edits between", []storage.OutboxMessage{msg(1, "status", 0, 0), turn(2), msg(3, "status", 0, 0), turn(4), msg(5, "status", 0, 0)}, 3},
		{"a reminder ends the run", []storage.OutboxMessage{turn(1), turn(2), msg(3, "reminder", 0, 0), turn(4)}, 1},
		{"an old post without head", []storage.OutboxMessage{msg(1, "turn", 0, 0), turn(2)}, 0},
		{"an old post ends the run", []storage.OutboxMessage{turn(1), msg(2, "turn", 0, 0), turn(3)}, 1},
		{"tried last: as before", []storage.OutboxMessage{turn(1), msg(2, "turn", 1, 1), turn(3)}, 1},
		{"tried first: alone", []storage.OutboxMessage{msg(1, "turn", 1, 1), turn(2), turn(3)}, 0},
		{"tried status: the posts before it", []storage.OutboxMessage{turn(1), turn(2), msg(3, "status", 0, 1), turn(4)}, 1},
		// The game's start post (at seq 0): its roster is no event, and the robots' first
		// moves post right after it.
		{"the start post stands alone", []storage.OutboxMessage{msg(0, "turn", 1, 0), turn(2), turn(3)}, 0},
	} {
		if got := len(fold(c.lane)); got != c.want {
			t.Errorf("%s: folds %d, want %d", c.name, got, c.want)
		}
	}
}
