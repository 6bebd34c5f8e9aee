package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/postgres/pgtest"
	"github.com/boardbot/boardbot/storage/storagetest"
)

func open(t *testing.T, url string) *Store {
	t.Helper()
	s, err := Open(t.Context(), url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	pgtest.Require(t)
	storagetest.Run(t, func(t *testing.T) storage.Store { return open(t, pgtest.URL(t)) })
}

func TestMigrations(t *testing.T) {
	url := pgtest.URL(t)
	if SchemaVersion() < 1 {
		t.Fatalf("SchemaVersion() = %d", SchemaVersion())
	}
	// Instances starting together on a new database: the advisory lock lets one migrate, the
	// others find the work done.
	var wg sync.WaitGroup
	errs := make([]error, 4)
	created := make([]bool, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s *Store
			if s, errs[i] = Open(context.Background(), url); errs[i] == nil {
				from, to := s.Migrated()
				created[i] = from == 0 && to == SchemaVersion()
				if !created[i] && (from != to || to != SchemaVersion()) {
					errs[i] = fmt.Errorf("Migrated() = %d, %d", from, to)
				}
				s.Close()
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("opening a new database from 4 instances at once: %v", err)
	}
	// The startup summary says which instance created the schema: exactly one did.
	if n := len(slices.DeleteFunc(created, func(c bool) bool { return !c })); n != 1 {
		t.Errorf("%d instances say they created the schema, want 1", n)
	}
	s := open(t, url)
	if from, to := s.Migrated(); from != SchemaVersion() || to != SchemaVersion() {
		t.Errorf("a second start: Migrated() = %d, %d; want nothing applied", from, to)
	}
	if v, err := s.SchemaVersion(t.Context()); err != nil || v != SchemaVersion() {
		t.Errorf("SchemaVersion = %d, %v; want %d", v, err, SchemaVersion())
	}
	var rows int
	if err := s.pool.QueryRow(t.Context(), `SELECT COUNT(*) FROM schema_migrations`).Scan(&rows); err != nil || rows != SchemaVersion() {
		t.Errorf("schema_migrations has %d rows, %v", rows, err)
	}
	// A database from a newer build is refused, not misread.
	if _, err := s.pool.Exec(t.Context(), `INSERT INTO schema_migrations VALUES ($1, 'future.sql', now())`, SchemaVersion()+1); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(t.Context(), url); err == nil {
		t.Error("Open accepted a database with a newer schema")
	}
}

// TestOpenHidesPassword: a URL that does not parse is refused without echoing it.
func TestOpenHidesPassword(t *testing.T) {
	_, err := Open(t.Context(), "postgres://bob:s3cret@host:notaport/db")
	if err == nil || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("Open(bad URL) = %v; want an error without the password", err)
	}
}

// TestCheck: a healthy database has no problems; a log with a gap and a row whose count
// disagrees with its log are both reported.
func TestCheck(t *testing.T) {
	s := open(t, pgtest.URL(t))
	ctx := t.Context()
	id := storagetest.OneMoveGame(t, s)
	if _, err := s.pool.Exec(ctx, `INSERT INTO moves (game_id, seq, seat, notation, at) VALUES ($1, 3, 1, 'c', now())`, id); err != nil {
		t.Fatal(err)
	}
	problems, err := s.Check(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		fmt.Sprintf("log: game %d has 2 moves numbered 1..3", id),
		fmt.Sprintf("log: game %d counts 1 moves, last by seat 0; its log has 2, last by seat 1", id),
	}
	if !slices.Equal(problems, want) {
		t.Errorf("Check = %q, want %q", problems, want)
	}
}

// TestInstancesRace: two store handles on one database, as two instances would hold them, race
// to move from the same version; the row lock makes exactly one win every round, and a click
// delivered to both instances is applied once.
func TestInstancesRace(t *testing.T) {
	url := pgtest.URL(t)
	a, b := open(t, url), open(t, url)
	ctx := t.Context()
	id, err := a.CreateGame(ctx, &storage.Game{Kind: "k", Seats: 2, Status: storage.StatusRunning})
	if err != nil {
		t.Fatal(err)
	}
	const rounds, perHandle = 20, 4
	for round := 1; round <= rounds; round++ {
		v, err := b.GameVersion(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make([]error, 2*perHandle)
		for i := range errs {
			s := a
			if i%2 == 1 {
				s = b
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				// Half the racers replay one interaction: it may apply at most once.
				click := fmt.Sprintf("click-%d-%d", round, i)
				if i < perHandle {
					click = fmt.Sprintf("shared-%d", round)
				}
				_, errs[i] = s.AppendMove(ctx, storage.MoveWrite{GameID: id, ExpectVersion: v,
					Move: storage.Move{Seat: i % 2, Notation: fmt.Sprintf("r%d-%d", round, i), InteractionID: click}})
			}()
		}
		close(start)
		wg.Wait()
		won := 0
		for i, err := range errs {
			switch {
			case err == nil:
				won++
			case errors.Is(err, storage.ErrConflict), errors.Is(err, storage.ErrDuplicate):
			default:
				t.Fatalf("round %d racer %d: %v", round, i, err)
			}
		}
		if won != 1 {
			t.Fatalf("round %d: %d racers won at version %d, want exactly 1", round, won, v)
		}
	}
	log, err := b.Moves(ctx, id)
	if err != nil || len(log) != rounds {
		t.Fatalf("%d moves after %d rounds, %v", len(log), rounds, err)
	}
	g, err := a.Game(ctx, id)
	if err != nil || g.Version != rounds+1 || g.MoveCount != rounds {
		t.Errorf("game after the races: version %d, %d moves, %v", g.Version, g.MoveCount, err)
	}
}

// TestClaimAcrossHandles: claimants on two handles (two instances) never claim one message twice.
func TestClaimAcrossHandles(t *testing.T) {
	url := pgtest.URL(t)
	storagetest.ClaimRace(t, open(t, url), open(t, url))
}
