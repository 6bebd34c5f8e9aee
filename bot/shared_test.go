package bot

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/postgres"
	"github.com/boardbot/boardbot/storage/postgres/pgtest"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// logCounter is a store that counts reads of whole move logs.
type logCounter struct {
	storage.Store
	reads atomic.Int64
}

func (c *logCounter) Moves(ctx context.Context, id int64) ([]storage.Move, error) {
	c.reads.Add(1)
	return c.Store.Moves(ctx, id)
}

// A cache miss builds the table from the games row and its snapshot: the move count and the last
// seat come from the row, the log is not read, and a repeated interaction is recognised without it.
func TestCacheMissReadsNoLog(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	e.mustMove(th, "ann", "bid pass")
	req := e.in(th, user("bob"))
	req.Interaction = "i-bob"
	if _, err := e.svc.Move(context.Background(), req, "bid pass"); err != nil {
		t.Fatal(err)
	}
	counted := &logCounter{Store: e.store}
	fresh := New(counted, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{})
	rep, err := fresh.Board(context.Background(), e.in(th, user("ann")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Text, "turn 3.") {
		t.Errorf("status after two moves, loaded from the row: %q; want turn 3 (as /history numbers it)", rep.Text)
	}
	// The same interaction again, now not bob's turn: "already done", found without the log.
	rep, err = fresh.Move(context.Background(), req, "bid pass")
	if err != nil || !strings.Contains(rep.Text, "already") {
		t.Errorf("repeated interaction: %+v, %v", rep, err)
	}
	if n := counted.reads.Load(); n != 0 {
		t.Errorf("the log was read %d times; a cache miss and a repeated click need the row only", n)
	}
	// The row's move count is the cache's: a fresh instance and the one that played agree.
	fresh.Board(context.Background(), e.in(th, user("ann")))
	fresh.mu.Lock()
	ft := fresh.tables[e.row(th).ID]
	fresh.mu.Unlock()
	e.svc.mu.Lock()
	et := e.svc.tables[e.row(th).ID]
	e.svc.mu.Unlock()
	if ft.seq != et.seq {
		t.Errorf("loaded table: seq %d; the playing instance has %d", ft.seq, et.seq)
	}
}

// Two instances on one database: a game cached by one and moved by the other is never served
// stale, because the cache checks the stored version on every use.
func TestCacheNeverServesStaleGame(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob")
	other := e.otherInstance()
	if _, err := e.svc.Board(context.Background(), e.in(th, user("ann"))); err != nil {
		t.Fatal(err)
	}
	if _, err := other.Move(context.Background(), e.in(th, user("ann")), "bid pass"); err != nil {
		t.Fatal(err)
	}
	rep, err := e.svc.Board(context.Background(), e.in(th, user("ann")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Text, "turn 2.") || strings.Contains(rep.Text, "ann:") {
		t.Errorf("the instance that cached the game shows %q; want turn 2, waiting for bob only", rep.Text)
	}
}

// Instances on one PostgreSQL database: clicks racing over two instances apply once, and each
// instance sees the other's moves at once.
func TestInstancesShareAPostgres(t *testing.T) {
	url := pgtest.URL(t)
	var svcs []*Service
	for range 2 {
		st, err := postgres.Open(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		svcs = append(svcs, New(st, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{}))
	}
	e := &env{t: t, svc: svcs[0]}
	th := e.game("ann", "bob")
	for _, s := range svcs {
		if _, err := s.Board(context.Background(), e.in(th, user("ann"))); err != nil {
			t.Fatal(err)
		}
	}
	const racers = 8
	var wg sync.WaitGroup
	errs := make([]error, racers)
	start := make(chan struct{})
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, errs[i] = svcs[i%2].Move(context.Background(), e.in(th, user("ann")), "bid pass")
		}()
	}
	close(start)
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
		} else {
			wantRefusal(t, err, "not your turn")
		}
	}
	if won != 1 {
		t.Fatalf("%d of %d racing clicks were applied, want 1: %v", won, racers, errs)
	}
	for i, s := range svcs {
		rep, err := s.Board(context.Background(), e.in(th, user("ann")))
		if err != nil || !strings.Contains(rep.Text, "turn 2.") || strings.Contains(rep.Text, "ann:") {
			t.Errorf("instance %d shows %q, %v; want turn 2, waiting for bob only", i, rep.Text, err)
		}
	}
	// Bob moves on one instance; the other, which had cached the game, sees the result.
	if _, err := svcs[1].Move(context.Background(), e.in(th, user("bob")), "bid pass"); err != nil {
		t.Fatal(err)
	}
	if rep, err := svcs[0].Board(context.Background(), e.in(th, user("ann"))); err != nil || !strings.Contains(rep.Text, "turn 3.") {
		t.Errorf("instance 0 after bob's move on instance 1: %q, %v", rep.Text, err)
	}
}

// otherInstance is a second Service on the env's database, with a store handle of its own, as
// another process would have.
func (e *env) otherInstance() *Service {
	e.t.Helper()
	st, err := sqlite.Open(e.path)
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { st.Close() })
	return New(st, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{})
}
