package sqlite

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/storagetest"
)

// TestTwoStoresOneFile: two Stores on one file (as two bot processes would be) racing for the same
// version: SQLite's lock, not the writer pool, must make exactly one win each round.
func TestTwoStoresOneFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "two.db")
	a, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx := t.Context()
	id, err := a.CreateGame(ctx, &storage.Game{Kind: "k", Seats: 2, Status: storage.StatusRunning})
	if err != nil {
		t.Fatal(err)
	}
	stores := []*Store{a, b}
	const rounds, racers = 20, 6
	for round := 1; round <= rounds; round++ {
		g, err := b.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, racers)
		start := make(chan struct{})
		for r := range racers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[r] = stores[r%2].AppendMove(ctx, storage.MoveWrite{GameID: id, ExpectVersion: g.Version,
					Move: storage.Move{Notation: fmt.Sprintf("r%d-%d", round, r)}})
			}()
		}
		close(start)
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case !errors.Is(err, storage.ErrConflict):
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if won != 1 {
			t.Fatalf("round %d: %d winners", round, won)
		}
	}
	log, err := a.Moves(ctx, id)
	if err != nil || len(log) != rounds || log[rounds-1].Seq != rounds {
		t.Fatalf("log = %d moves, %v", len(log), err)
	}
}

// TestCancelledWrite: a write whose context is already done writes nothing.
func TestCancelledWrite(t *testing.T) {
	s := openTemp(t)
	id, err := s.CreateGame(t.Context(), &storage.Game{Kind: "k", Seats: 2, Status: storage.StatusRunning})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := s.AppendMove(ctx, storage.MoveWrite{GameID: id, ExpectVersion: 1, Move: storage.Move{Notation: "a"}}); !errors.Is(err, context.Canceled) {
		t.Errorf("AppendMove with a cancelled context = %v", err)
	}
	g, err := s.Game(t.Context(), id)
	if err != nil || g.Version != 1 {
		t.Fatalf("game after a cancelled write: %+v, %v", g, err)
	}
	// The writer connection is usable afterwards.
	if _, err := s.AppendMove(t.Context(), storage.MoveWrite{GameID: id, ExpectVersion: 1, Move: storage.Move{Notation: "a"}}); err != nil {
		t.Errorf("AppendMove after a cancelled one: %v", err)
	}
}

// TestMigration2CountsOldLogs: a database from before the games row counted its log gets the
// count and the last seat from the moves it holds.
func TestMigration2CountsOldLogs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	w, err := openWriter(path)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied INTEGER NOT NULL) STRICT`,
		ms[0].SQL,
		`INSERT INTO schema_migrations VALUES (1, 'v1', 0)`,
		`INSERT INTO games (id, kind, seats, seed, status, version, created, updated) VALUES
			(1, 'bids', 2, 1, 'running', 4, 0, 0), (2, 'bids', 2, 1, 'lobby', 1, 0, 0)`,
		`INSERT INTO moves (game_id, seq, seat, notation, at) VALUES (1, 1, 0, 'a', 0), (1, 2, 1, 'b', 0), (1, 3, 0, 'c', 0)`,
	} {
		if _, err := w.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	w.Close()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, want := range []struct {
		id, count int64
		last      int
	}{{1, 3, 0}, {2, 0, -1}} {
		g, err := s.Game(t.Context(), want.id)
		if err != nil {
			t.Fatal(err)
		}
		if g.MoveCount != want.count || g.LastSeat != want.last {
			t.Errorf("game %d after migrating: %d moves, last seat %d; want %d, %d", want.id, g.MoveCount, g.LastSeat, want.count, want.last)
		}
	}
}

// TestClaimAcrossHandles: two handles on one file, as two processes hold them, never claim one
// message twice: BEGIN IMMEDIATE serialises their claims through SQLite's write lock.
func TestClaimAcrossHandles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "claims.db")
	var stores []storage.Store
	for range 2 {
		s, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stores = append(stores, s)
	}
	storagetest.ClaimRace(t, stores...)
}
