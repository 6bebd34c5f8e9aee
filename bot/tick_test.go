package bot

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/postgres"
	"github.com/boardbot/boardbot/storage/postgres/pgtest"
	"github.com/boardbot/boardbot/storage/sqlite"
)

// barrier is a store whose UpdateGame waits until n callers have reached it (or a second has
// passed), so that instances ticking the same game both decide before either writes.
type barrier struct {
	storage.Store
	at *rendezvous
}

type rendezvous struct {
	once    sync.Once
	arrived chan struct{}
	n       int
	mu      sync.Mutex
}

func (b barrier) UpdateGame(ctx context.Context, g *storage.Game, out ...storage.OutboxMessage) error {
	r := b.at
	r.mu.Lock()
	r.n--
	if r.n <= 0 {
		r.once.Do(func() { close(r.arrived) })
	}
	r.mu.Unlock()
	select {
	case <-r.arrived:
	case <-time.After(time.Second):
	}
	return b.Store.UpdateGame(ctx, g, out...)
}

// Two instances ticking one database at the same moment fire a due reminder and a move clock
// once: both see the game due, the version check lets one write, and the notice is written with
// the game's change or not at all.
func TestRemindersFireOnceOverInstances(t *testing.T) {
	for _, db := range []string{"sqlite", "postgres"} {
		t.Run(db, func(t *testing.T) {
			stores := twoStores(t, db)
			e := &env{t: t, now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
			clock := Options{Now: func() time.Time { return e.now }}
			e.svc = New(stores[0], []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, clock)
			th := e.clockGame("ann", "bob")
			e.mustMove(th, "ann", "bid pass")
			e.deliver()
			// The reminder (6 h) first, then the move clock (48 h): its late notice pings, and no
			// reminder goes with it (one of two instances once wrote the routine cap before losing
			// the race, so which notices went out depended on the race).
			for _, step := range []struct {
				after time.Duration
				want  map[string]int
			}{{6 * time.Hour, map[string]int{"reminder": 1}}, {42 * time.Hour, map[string]int{"late": 1}}} {
				e.now = e.now.Add(step.after)
				rv := &rendezvous{arrived: make(chan struct{}), n: 2}
				var svcs [2]*Service
				for i, st := range stores {
					svcs[i] = New(barrier{Store: st, at: rv}, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, clock)
				}
				var wg sync.WaitGroup
				for _, s := range svcs {
					wg.Go(func() {
						if _, err := s.Tick(context.Background()); err != nil {
							t.Error(err)
						}
					})
				}
				wg.Wait()
				msgs, err := stores[0].Pending(context.Background(), e.now, 0)
				if err != nil {
					t.Fatal(err)
				}
				got := map[string]int{}
				for _, m := range msgs {
					got[m.Kind]++
				}
				if len(got) != len(step.want) || got["reminder"] != step.want["reminder"] || got["late"] != step.want["late"] {
					t.Errorf("after %v, two instances ticking queued %v; want %v", step.after, got, step.want)
				}
				e.deliver()
			}
		})
	}
}

// twoStores opens two handles on one new database, as two processes would: db is "sqlite" or
// "postgres" (skipped without a test server, see pgtest).
func twoStores(t *testing.T, db string) [2]storage.Store {
	var stores [2]storage.Store
	url, path := "", t.TempDir()+"/bot.db"
	if db == "postgres" {
		url = pgtest.URL(t)
	}
	for i := range stores {
		var st storage.Store
		var err error
		if db == "postgres" {
			st, err = postgres.Open(t.Context(), url)
		} else {
			st, err = sqlite.Open(path)
		}
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		stores[i] = st
	}
	return stores
}
