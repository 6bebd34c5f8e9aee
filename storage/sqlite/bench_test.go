package sqlite

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// benchGame creates a running two-player game with a snapshot of the size a real one has.
func benchGame(b *testing.B) (*Store, *storage.Game) {
	b.Helper()
	s, err := Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	g := &storage.Game{
		Kind: "autumn-ash", Seats: 2, Seed: 42, Status: storage.StatusRunning,
		Options: map[string]string{"variant": "standard"},
		Guild:   "guild", Channel: "channel", Thread: "thread",
		Players:  []storage.Player{{Seat: 0, UserID: "alice"}, {Seat: 1, UserID: "bob"}},
		Snapshot: bytes.Repeat([]byte("x"), 2048),
	}
	if _, err := s.CreateGame(b.Context(), g); err != nil {
		b.Fatal(err)
	}
	return s, g
}

// BenchmarkAppendMove: one committed move (log, snapshot, interaction id, one outbox message),
// fsync included (synchronous=FULL).
func BenchmarkAppendMove(b *testing.B) {
	s, g := benchGame(b)
	snap := bytes.Repeat([]byte("y"), 2048)
	deadline := time.Now().Add(24 * time.Hour)
	v := g.Version
	b.ResetTimer()
	for i := range b.N {
		var err error
		v, err = s.AppendMove(b.Context(), storage.MoveWrite{
			GameID: g.ID, ExpectVersion: v, Snapshot: snap, Status: storage.StatusRunning, Deadline: &deadline,
			Move:   storage.Move{Seat: i % 2, Notation: "a1 b2", UserID: "alice", InteractionID: fmt.Sprint("i", i)},
			Outbox: []storage.OutboxMessage{{Kind: "turn", Payload: []byte(`{"seat":1}`)}},
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGame: loading a game with its seats, what a cache miss costs.
func BenchmarkGame(b *testing.B) {
	s, g := benchGame(b)
	b.ResetTimer()
	for range b.N {
		if _, err := s.Game(b.Context(), g.ID); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMoves: reading a 200-move log, as replay, export and fsck do.
func BenchmarkMoves(b *testing.B) {
	s, g := benchGame(b)
	v := g.Version
	for i := range 200 {
		var err error
		v, err = s.AppendMove(b.Context(), storage.MoveWrite{GameID: g.ID, ExpectVersion: v,
			Move: storage.Move{Seat: i % 2, Notation: "a1 b2"}})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for range b.N {
		if ms, err := s.Moves(b.Context(), g.ID); err != nil || len(ms) != 200 {
			b.Fatal(len(ms), err)
		}
	}
}
