package storagetest

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// started is a running game with two seats, as the application leaves it after starting.
func started(t *testing.T, s storage.Store) *storage.Game {
	t.Helper()
	g := sampleGame("")
	g.Result = nil
	return create(t, s, g)
}

// write is a MoveWrite of a plain move by seat, keeping the game running.
func write(g int64, version int64, seat int, notation, interaction string) storage.MoveWrite {
	return storage.MoveWrite{
		GameID:        g,
		ExpectVersion: version,
		Move:          storage.Move{Seat: seat, Notation: notation, UserID: fmt.Sprintf("user-%d", seat), InteractionID: interaction},
		Snapshot:      []byte("after " + notation),
		Status:        storage.StatusRunning,
		Flow:          []byte("flow after " + notation),
	}
}

func appendOK(t *testing.T, s storage.Store, w storage.MoveWrite) int64 {
	t.Helper()
	v, err := s.AppendMove(t.Context(), w)
	if err != nil {
		t.Fatalf("AppendMove(%q): %v", w.Move.Notation, err)
	}
	return v
}

// pendingAll returns every queued message, due or not.
func pendingAll(t *testing.T, s storage.Store) []storage.OutboxMessage {
	t.Helper()
	msgs, err := s.Pending(t.Context(), time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC), 0)
	if err != nil {
		t.Fatalf("Pending: %v", err)
	}
	return msgs
}

// unchanged fails unless the game, its log and the outbox are as they were in before.
type frozen struct {
	game   *storage.Game
	moves  []storage.Move
	outbox int
}

func freeze(t *testing.T, s storage.Store, id int64) frozen {
	t.Helper()
	return frozen{load(t, s, id), moves(t, s, id), len(pendingAll(t, s))}
}

func (f frozen) check(t *testing.T, s storage.Store, what string) {
	t.Helper()
	g := load(t, s, f.game.ID)
	if g.Version != f.game.Version || !bytes.Equal(g.Snapshot, f.game.Snapshot) || g.Status != f.game.Status {
		t.Errorf("%s: game changed: version %d, status %s, snapshot %q; was %d, %s, %q", what,
			g.Version, g.Status, g.Snapshot, f.game.Version, f.game.Status, f.game.Snapshot)
	}
	samePlayers(t, what, g.Players, f.game.Players)
	if ms := moves(t, s, f.game.ID); len(ms) != len(f.moves) {
		t.Errorf("%s: %d moves logged, want %d", what, len(ms), len(f.moves))
	}
	if n := len(pendingAll(t, s)); n != f.outbox {
		t.Errorf("%s: %d outbox messages, want %d", what, n, f.outbox)
	}
}

func testAppendMove(t *testing.T, s storage.Store) {
	g := started(t, s)
	moveAt := at(-5)
	before := time.Now()
	w := write(g.ID, 1, 0, "a1 b2", "i-1")
	w.Move.At = moveAt
	w.Deadline, w.RemindAt = ptr(at(100)), ptr(at(50))
	w.Outbox = []storage.OutboxMessage{{Kind: "turn", Payload: []byte("seat 1 to move")}}
	if v := appendOK(t, s, w); v != 2 {
		t.Errorf("version after the first move = %d, want 2", v)
	}
	after := time.Now()
	got := load(t, s, g.ID)
	if got.Version != 2 || string(got.Snapshot) != "after a1 b2" || got.Status != storage.StatusRunning {
		t.Errorf("after the first move: version %d, snapshot %q, status %s", got.Version, got.Snapshot, got.Status)
	}
	sameTimePtr(t, "Deadline", got.Deadline, w.Deadline)
	sameTimePtr(t, "RemindAt", got.RemindAt, w.RemindAt)
	within(t, "Updated", got.Updated, before, after)
	sameTime(t, "Created", got.Created, g.Created)

	// A move without a time is stamped by the store.
	before = time.Now()
	if v := appendOK(t, s, write(g.ID, 2, 1, "c3", "")); v != 3 {
		t.Errorf("version after the second move = %d, want 3", v)
	}
	after = time.Now()

	// The last move finishes the game: result, seats and notifications in the same write.
	last := write(g.ID, 3, 0, "d4", "i-3")
	last.Status = storage.StatusFinished
	last.Result = []byte(`{"winner":0}`)
	last.Players = []storage.Player{{Seat: 0, UserID: "alice", Name: "Alice"}, {Seat: 1, UserID: "bob", Name: "Bob", Robot: true}}
	last.Outbox = []storage.OutboxMessage{
		{Kind: "result", Payload: []byte("alice wins")},
		{Kind: "dm", Payload: []byte("well played"), NextTry: at(3)},
	}
	if v := appendOK(t, s, last); v != 4 {
		t.Errorf("version after the last move = %d, want 4", v)
	}
	got = load(t, s, g.ID)
	if string(got.Flow) != "flow after d4" {
		t.Errorf("Flow = %q, want the last write's", got.Flow)
	}
	if got.Version != 4 || got.Status != storage.StatusFinished || string(got.Result) != `{"winner":0}` || string(got.Snapshot) != "after d4" {
		t.Errorf("finished game: version %d, status %s, result %s, snapshot %q", got.Version, got.Status, got.Result, got.Snapshot)
	}
	samePlayers(t, "finished game", got.Players, last.Players)
	if got.Deadline != nil || got.RemindAt != nil {
		t.Errorf("finished game: Deadline %v, RemindAt %v; the write gave none", got.Deadline, got.RemindAt)
	}

	log := moves(t, s, g.ID)
	if len(log) != 3 {
		t.Fatalf("%d moves logged, want 3", len(log))
	}
	for i, want := range []storage.MoveWrite{w, write(g.ID, 2, 1, "c3", ""), last} {
		m := log[i]
		if m.GameID != g.ID || m.Seq != int64(i+1) || m.Seat != want.Move.Seat || m.Notation != want.Move.Notation ||
			m.UserID != want.Move.UserID || m.InteractionID != want.Move.InteractionID {
			t.Errorf("move %d = %+v, want seq %d of %+v", i, m, i+1, want.Move)
		}
	}
	sameTime(t, "move 1 At", log[0].At, moveAt)
	within(t, "move 2 At", log[1].At, before, after)

	msgs := pendingAll(t, s)
	if len(msgs) != 3 {
		t.Fatalf("%d outbox messages, want 3: %+v", len(msgs), msgs)
	}
	kinds := map[string]storage.OutboxMessage{}
	for _, m := range msgs {
		kinds[m.Kind] = m
		if m.GameID != g.ID {
			t.Errorf("outbox %s: GameID %d, want %d", m.Kind, m.GameID, g.ID)
		}
	}
	if string(kinds["turn"].Payload) != "seat 1 to move" || string(kinds["result"].Payload) != "alice wins" {
		t.Errorf("outbox payloads: %+v", msgs)
	}
	sameTime(t, "outbox dm NextTry", kinds["dm"].NextTry, at(3))
}

func testAppendMoveKeeps(t *testing.T, s storage.Store) {
	g := started(t, s)
	w := write(g.ID, 1, 0, "a1", "")
	w.Status = "" // keep
	w.Players = nil
	appendOK(t, s, w)
	got := load(t, s, g.ID)
	if got.Status != storage.StatusRunning {
		t.Errorf("Status = %s after a write without one, want it kept (running)", got.Status)
	}
	samePlayers(t, "after a write without players", got.Players, g.Players)
	if got.ClockHours != g.ClockHours || got.PromptMessage != g.PromptMessage || got.Thread != g.Thread || got.Seed != g.Seed {
		t.Errorf("AppendMove changed fields it was not given: %+v", got)
	}

	// An empty list of players is not nil: it empties the seats.
	w = write(g.ID, 2, 0, "b2", "")
	w.Players = []storage.Player{}
	appendOK(t, s, w)
	if got := load(t, s, g.ID); len(got.Players) != 0 {
		t.Errorf("Players = %v after a write with an empty list, want none", got.Players)
	}
}

func testAppendMoveConflict(t *testing.T, s storage.Store) {
	g := started(t, s)
	appendOK(t, s, write(g.ID, 1, 0, "a1", "i-1"))
	before := freeze(t, s, g.ID)
	for _, v := range []int64{1, 0, 3, 100} {
		w := write(g.ID, v, 1, "stale", "i-2")
		w.Outbox = []storage.OutboxMessage{{Kind: "turn"}}
		w.Players = []storage.Player{{Seat: 0, UserID: "mallory"}}
		_, err := s.AppendMove(t.Context(), w)
		wantErr(t, fmt.Sprintf("AppendMove expecting version %d at version 2", v), err, storage.ErrConflict)
		before.check(t, s, fmt.Sprintf("after the conflict at version %d", v))
	}
	// A conflict does not burn the interaction id: the retry after a reload goes through.
	if v := appendOK(t, s, write(g.ID, 2, 1, "b2", "i-2")); v != 3 {
		t.Errorf("version after the retried move = %d, want 3", v)
	}
	if log := moves(t, s, g.ID); len(log) != 2 || log[1].Seq != 2 || log[1].Notation != "b2" {
		t.Errorf("log after the retry = %+v", log)
	}
}

func testAppendMoveDuplicate(t *testing.T, s storage.Store) {
	g := started(t, s)
	other := started(t, s)
	appendOK(t, s, write(g.ID, 1, 0, "a1", "click-1"))
	before := freeze(t, s, g.ID)
	otherBefore := freeze(t, s, other.ID)

	// The same interaction again, at the current version, at the old one, and in another game.
	for _, w := range []storage.MoveWrite{
		write(g.ID, 2, 0, "a1", "click-1"),
		write(g.ID, 1, 0, "a1", "click-1"),
		write(other.ID, 1, 0, "a1", "click-1"),
	} {
		w.Outbox = []storage.OutboxMessage{{Kind: "turn"}}
		_, err := s.AppendMove(t.Context(), w)
		wantErr(t, fmt.Sprintf("AppendMove repeating click-1 (game %d, version %d)", w.GameID, w.ExpectVersion), err, storage.ErrDuplicate)
	}
	before.check(t, s, "after the duplicates")
	otherBefore.check(t, s, "other game after the duplicate")

	// Moves without an interaction id (the console) are never duplicates of each other.
	v := appendOK(t, s, write(g.ID, 2, 1, "b2", ""))
	appendOK(t, s, write(g.ID, v, 0, "b2", ""))
	if n := len(moves(t, s, g.ID)); n != 3 {
		t.Errorf("%d moves, want 3", n)
	}
}

func testAppendMoveAtomic(t *testing.T, s storage.Store) {
	g := started(t, s)
	appendOK(t, s, write(g.ID, 1, 0, "a1", ""))
	before := freeze(t, s, g.ID)

	// Each write fails part way (after the move and the interaction id could have been written)
	// and must leave nothing behind.
	twice := write(g.ID, 2, 1, "b2", "click-9")
	twice.Players = []storage.Player{{Seat: 0, UserID: "alice"}, {Seat: 0, UserID: "bob"}}
	twice.Outbox = []storage.OutboxMessage{{Kind: "turn"}}
	badStatus := write(g.ID, 2, 1, "b2", "click-9")
	badStatus.Status = "paused"
	for name, w := range map[string]storage.MoveWrite{"a seat given twice": twice, "an unknown status": badStatus} {
		if _, err := s.AppendMove(t.Context(), w); err == nil {
			t.Errorf("AppendMove accepted %s", name)
		}
		before.check(t, s, "after a refused write with "+name)
	}
	// The interaction id of the refused write is still free.
	appendOK(t, s, write(g.ID, 2, 1, "b2", "click-9"))
}

func testMoves(t *testing.T, s storage.Store) {
	a := started(t, s)
	b := started(t, s)
	if log := moves(t, s, a.ID); len(log) != 0 {
		t.Errorf("new game has moves %v", log)
	}
	va, vb := int64(1), int64(1)
	var want []string
	for i := range 12 {
		n := fmt.Sprintf("m%d", i)
		want = append(want, n)
		va = appendOK(t, s, write(a.ID, va, i%3, n, "a-"+n))
		if i%2 == 0 {
			vb = appendOK(t, s, write(b.ID, vb, 0, "b"+n, ""))
		}
	}
	log := moves(t, s, a.ID)
	var got []string
	for i, m := range log {
		got = append(got, m.Notation)
		if m.Seq != int64(i+1) || m.GameID != a.ID || m.Seat != i%3 || m.InteractionID != "a-"+m.Notation {
			t.Errorf("move %d of game a = %+v", i, m)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("log of game a = %v, want %v", got, want)
	}
	logB := moves(t, s, b.ID)
	if len(logB) != 6 || logB[0].Seq != 1 || logB[5].Seq != 6 || logB[5].Notation != "bm10" {
		t.Errorf("log of game b = %+v; want 6 moves numbered from 1", logB)
	}
}

func testTruncateMoves(t *testing.T, s storage.Store) {
	g := started(t, s)
	v := int64(1)
	for i := 1; i <= 5; i++ {
		v = appendOK(t, s, write(g.ID, v, i%2, fmt.Sprintf("m%d", i), fmt.Sprintf("click-%d", i)))
	}

	// Stale version: nothing removed.
	before := freeze(t, s, g.ID)
	_, err := s.TruncateMoves(t.Context(), g.ID, v-1, 2, []byte("undone"))
	wantErr(t, "TruncateMoves with a stale version", err, storage.ErrConflict)
	before.check(t, s, "after a refused undo")
	if _, err := s.TruncateMoves(t.Context(), g.ID, v, -1, []byte("undone")); err == nil {
		t.Error("TruncateMoves accepted keep = -1")
	}
	before.check(t, s, "after an undo to -1")

	nv, err := s.TruncateMoves(t.Context(), g.ID, v, 3, []byte("after m3"))
	if err != nil {
		t.Fatalf("TruncateMoves: %v", err)
	}
	if nv != v+1 {
		t.Errorf("version after undo = %d, want %d", nv, v+1)
	}
	got := load(t, s, g.ID)
	if got.Version != nv || string(got.Snapshot) != "after m3" {
		t.Errorf("after undo: version %d, snapshot %q", got.Version, got.Snapshot)
	}
	if log := moves(t, s, g.ID); len(log) != 3 || log[2].Notation != "m3" {
		t.Errorf("log after undo to 3 = %+v", log)
	}

	// The undone move's interaction cannot come back; a new move takes the next seq.
	_, err = s.AppendMove(t.Context(), write(g.ID, nv, 1, "m4", "click-4"))
	wantErr(t, "AppendMove replaying an undone interaction", err, storage.ErrDuplicate)
	nv = appendOK(t, s, write(g.ID, nv, 1, "n4", "click-4b"))
	if log := moves(t, s, g.ID); len(log) != 4 || log[3].Seq != 4 || log[3].Notation != "n4" {
		t.Errorf("log after undo and a new move = %+v", log)
	}

	// Keeping everything still writes the snapshot and bumps the version.
	nv2, err := s.TruncateMoves(t.Context(), g.ID, nv, 10, []byte("same"))
	if err != nil || nv2 != nv+1 {
		t.Fatalf("TruncateMoves(keep 10) = %d, %v; want %d", nv2, err, nv+1)
	}
	if n := len(moves(t, s, g.ID)); n != 4 {
		t.Errorf("%d moves after keeping 10, want 4", n)
	}
	// Back to the start.
	if _, err := s.TruncateMoves(t.Context(), g.ID, nv2, 0, []byte("initial")); err != nil {
		t.Fatalf("TruncateMoves(keep 0): %v", err)
	}
	if n := len(moves(t, s, g.ID)); n != 0 {
		t.Errorf("%d moves after undoing everything", n)
	}
	if got := load(t, s, g.ID); string(got.Snapshot) != "initial" {
		t.Errorf("snapshot after undoing everything = %q", got.Snapshot)
	}
}

// testRacingAppends: goroutines that loaded the same version race to move; exactly one wins.
func testRacingAppends(t *testing.T, s storage.Store) {
	const racers, rounds = 8, 15
	g := started(t, s)
	for round := 1; round <= rounds; round++ {
		cur := load(t, s, g.ID)
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make([]error, racers)
		for r := range racers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				w := write(g.ID, cur.Version, r%2, fmt.Sprintf("r%d-%d", round, r), fmt.Sprintf("race-%d-%d", round, r))
				_, errs[r] = s.AppendMove(t.Context(), w)
			}()
		}
		close(start)
		wg.Wait()
		won := 0
		for r, err := range errs {
			switch {
			case err == nil:
				won++
			case errors.Is(err, storage.ErrConflict):
			default:
				t.Errorf("round %d racer %d: %v, want nil or ErrConflict", round, r, err)
			}
		}
		if won != 1 {
			t.Fatalf("round %d: %d racers committed a move at version %d, want exactly 1", round, won, cur.Version)
		}
	}
	log := moves(t, s, g.ID)
	if len(log) != rounds {
		t.Fatalf("%d moves after %d rounds", len(log), rounds)
	}
	for i, m := range log {
		if m.Seq != int64(i+1) || !strings.HasPrefix(m.Notation, fmt.Sprintf("r%d-", i+1)) {
			t.Errorf("move %d = seq %d %q: gap or wrong round", i, m.Seq, m.Notation)
		}
	}
	if got := load(t, s, g.ID); got.Version != rounds+1 || string(got.Snapshot) != "after "+log[rounds-1].Notation {
		t.Errorf("game after the races: version %d, snapshot %q", got.Version, got.Snapshot)
	}
}

// testRacingAppendsWithRetry: writers that reload and retry on conflict all get every move in,
// in order, with no gap.
func testRacingAppendsWithRetry(t *testing.T, s storage.Store) {
	const writers, each = 4, 10
	g := started(t, s)
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; {
				cur, err := s.Game(t.Context(), g.ID)
				if err != nil {
					errs <- err
					return
				}
				_, err = s.AppendMove(t.Context(), write(g.ID, cur.Version, w, fmt.Sprintf("w%d-%d", w, i), ""))
				switch {
				case err == nil:
					i++
				case errors.Is(err, storage.ErrConflict):
				default:
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("writer: %v", err)
	}
	log := moves(t, s, g.ID)
	if len(log) != writers*each {
		t.Fatalf("%d moves, want %d", len(log), writers*each)
	}
	next := make([]int, writers)
	for i, m := range log {
		if m.Seq != int64(i+1) {
			t.Fatalf("move %d has seq %d: gap", i, m.Seq)
		}
		want := fmt.Sprintf("w%d-%d", m.Seat, next[m.Seat])
		if m.Notation != want {
			t.Errorf("move %d = %q, want %q (each writer's moves in its order)", i, m.Notation, want)
		}
		next[m.Seat]++
	}
	if got := load(t, s, g.ID); got.Version != writers*each+1 || string(got.Snapshot) != "after "+log[len(log)-1].Notation {
		t.Errorf("game after the writers: version %d, snapshot %q", got.Version, got.Snapshot)
	}
}
