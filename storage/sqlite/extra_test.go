package sqlite

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/boardbot/boardbot/storage"
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
