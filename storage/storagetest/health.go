package storagetest

import (
	"context"
	"testing"

	"github.com/boardbot/boardbot/storage"
)

// Checker is a store whose maintenance check (fsck) lists damage.
type Checker interface {
	storage.Store
	Check(ctx context.Context) ([]string, error)
}

// OneMoveGame makes a running game with one move and checks that the store finds nothing
// wrong with it; it returns the game's id, for a test that then damages it.
func OneMoveGame(t *testing.T, s Checker) int64 {
	t.Helper()
	ctx := t.Context()
	id, err := s.CreateGame(ctx, &storage.Game{Kind: "k", Seats: 1, Status: storage.StatusRunning})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AppendMove(ctx, storage.MoveWrite{GameID: id, ExpectVersion: 1, Move: storage.Move{Notation: "a"}}); err != nil {
		t.Fatal(err)
	}
	if problems, err := s.Check(ctx); err != nil || len(problems) != 0 {
		t.Fatalf("Check on a healthy database = %v, %v", problems, err)
	}
	return id
}

// BenchReady measures what a readiness probe costs on a healthy store.
func BenchReady(b *testing.B, s storage.Store) {
	for b.Loop() {
		if err := s.Ready(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
