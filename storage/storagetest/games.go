package storagetest

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/boardbot/boardbot/storage"
)

func testCreateAndGet(t *testing.T, s storage.Store) {
	before := time.Now()
	g := sampleGame("thread-1")
	want := clone(g) // what the caller asked for, before the store fills in its fields
	id, err := s.CreateGame(t.Context(), g)
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	after := time.Now()
	if id == 0 || g.ID != id {
		t.Fatalf("CreateGame returned id %d and set ID %d; want the same non-zero id", id, g.ID)
	}
	if g.Version != 1 {
		t.Errorf("Version after create = %d, want 1", g.Version)
	}
	within(t, "Created", g.Created, before, after)
	within(t, "Updated", g.Updated, before, after)
	want.ID, want.Version, want.Created, want.Updated = id, 1, g.Created, g.Updated
	want.MoveCount, want.LastSeat = 0, -1 // a new game's log is empty, whatever the caller said
	sameGame(t, load(t, s, id), want)

	// The store keeps its own copy: changing the caller's game changes nothing stored.
	g.Options["variant"] = "changed"
	g.Players[0].Name = "changed"
	g.Snapshot[0] = 99
	sameGame(t, load(t, s, id), want)

	// A second game gets another id and does not disturb the first.
	other := create(t, s, lobbyGame("ascidiae", "guild-2", "carol"))
	if other.ID == id {
		t.Fatalf("two games got the same id %d", id)
	}
	sameGame(t, load(t, s, id), want)
}

func testCreateDefaults(t *testing.T, s storage.Store) {
	// The least a caller may give: a kind and seat count. Status defaults to lobby.
	g := create(t, s, &storage.Game{Kind: "autumn-ash", Seats: 2})
	got := load(t, s, g.ID)
	if got.Status != storage.StatusLobby {
		t.Errorf("Status = %q, want %q", got.Status, storage.StatusLobby)
	}
	if got.Options == nil || len(got.Options) != 0 {
		t.Errorf("Options = %#v, want an empty map", got.Options)
	}
	if len(got.Players) != 0 || len(got.Snapshot) != 0 || got.Result != nil {
		t.Errorf("Players %v, Snapshot %v, Result %v: want all empty", got.Players, got.Snapshot, got.Result)
	}
	if got.Deadline != nil || got.RemindAt != nil {
		t.Errorf("Deadline %v, RemindAt %v: want nil", got.Deadline, got.RemindAt)
	}
	// A loaded game's options can be written to.
	got.Options["x"] = "y"
}

func testCreateRefusesBadGames(t *testing.T, s storage.Store) {
	bad := sampleGame("")
	bad.Status = "paused"
	if _, err := s.CreateGame(t.Context(), bad); err == nil {
		t.Error("CreateGame accepted status \"paused\"")
	}
	twice := sampleGame("")
	twice.Players[1].Seat = 0
	if _, err := s.CreateGame(t.Context(), twice); err == nil {
		t.Error("CreateGame accepted two players in seat 0")
	}
	create(t, s, sampleGame("thread-1"))
	if _, err := s.CreateGame(t.Context(), sampleGame("thread-1")); err == nil {
		t.Error("CreateGame accepted a second game in thread-1")
	}
	all, err := s.Games(t.Context(), storage.GameFilter{})
	if err != nil {
		t.Fatalf("Games: %v", err)
	}
	if len(all) != 1 {
		t.Errorf("%d games stored, want only the one valid game", len(all))
	}
}

func testGameByThread(t *testing.T, s storage.Store) {
	lobby := create(t, s, lobbyGame("autumn-ash", "guild-1", "alice")) // no thread yet
	a := create(t, s, sampleGame("thread-a"))
	b := create(t, s, sampleGame("thread-b"))
	for thread, want := range map[string]*storage.Game{"thread-a": a, "thread-b": b} {
		got, err := s.GameByThread(t.Context(), thread)
		if err != nil {
			t.Fatalf("GameByThread(%q): %v", thread, err)
		}
		sameGame(t, got, want)
	}
	_, err := s.GameByThread(t.Context(), "thread-c")
	wantErr(t, "GameByThread(unknown)", err, storage.ErrNotFound)
	_, err = s.GameByThread(t.Context(), "")
	wantErr(t, `GameByThread("") with a lobby game that has no thread`, err, storage.ErrNotFound)

	// The lobby game moves into its thread; then it is found there, and nobody else may take it.
	lobby.Thread = "thread-c"
	if err := s.UpdateGame(t.Context(), lobby); err != nil {
		t.Fatalf("UpdateGame: %v", err)
	}
	got, err := s.GameByThread(t.Context(), "thread-c")
	if err != nil || got.ID != lobby.ID {
		t.Fatalf("GameByThread(thread-c) = %v, %v; want game %d", got, err, lobby.ID)
	}
	b.Thread = "thread-a"
	if err := s.UpdateGame(t.Context(), b); err == nil {
		t.Error("UpdateGame moved a game into another game's thread")
	}
}

func testGamesFilters(t *testing.T, s storage.Store) {
	now := at(0)
	g1 := lobbyGame("A", "G1", "u1", "u2")
	g1.Status, g1.Deadline = storage.StatusRunning, ptr(now.Add(-time.Hour))
	g2 := lobbyGame("B", "G1", "u2", "u3")
	g2.RemindAt = ptr(now.Add(time.Hour))
	g3 := lobbyGame("A", "G2", "u1")
	g3.Status = storage.StatusFinished
	g4 := lobbyGame("A", "", "u3")
	g4.Status, g4.RemindAt = storage.StatusAborted, ptr(now.Add(-time.Minute))
	g5 := lobbyGame("B", "G2")
	g5.Status, g5.Deadline, g5.RemindAt = storage.StatusRunning, ptr(now.Add(2*time.Hour)), ptr(now.Add(-30*time.Minute))
	g6 := lobbyGame("A", "G1", "u4") // exactly due
	g6.Deadline = ptr(now)
	games := []*storage.Game{g1, g2, g3, g4, g5, g6}
	for _, g := range games {
		create(t, s, g)
	}
	pick := func(gs ...*storage.Game) []int64 { return ids(gs) }

	cases := []struct {
		name string
		f    storage.GameFilter
		want []int64
	}{
		{"none", storage.GameFilter{}, ids(games)},
		{"user u1", storage.GameFilter{UserID: "u1"}, pick(g1, g3)},
		{"user u2", storage.GameFilter{UserID: "u2"}, pick(g1, g2)},
		{"user u3", storage.GameFilter{UserID: "u3"}, pick(g2, g4)},
		{"unknown user", storage.GameFilter{UserID: "nobody"}, nil},
		{"guild G1", storage.GameFilter{Guild: "G1"}, pick(g1, g2, g6)},
		{"guild G2", storage.GameFilter{Guild: "G2"}, pick(g3, g5)},
		{"kind A", storage.GameFilter{Kind: "A"}, pick(g1, g3, g4, g6)},
		{"kind B", storage.GameFilter{Kind: "B"}, pick(g2, g5)},
		{"running", storage.GameFilter{Statuses: []storage.Status{storage.StatusRunning}}, pick(g1, g5)},
		{"lobby or finished", storage.GameFilter{Statuses: []storage.Status{storage.StatusLobby, storage.StatusFinished}}, pick(g2, g3, g6)},
		{"due now", storage.GameFilter{DueBy: ptr(now)}, pick(g1, g4, g5, g6)},
		{"due in 90 minutes", storage.GameFilter{DueBy: ptr(now.Add(90 * time.Minute))}, pick(g1, g2, g4, g5, g6)},
		{"due in 3 hours", storage.GameFilter{DueBy: ptr(now.Add(3 * time.Hour))}, pick(g1, g2, g4, g5, g6)},
		{"due two hours ago", storage.GameFilter{DueBy: ptr(now.Add(-2 * time.Hour))}, nil},
		{"due an hour ago (UTC)", storage.GameFilter{DueBy: ptr(now.Add(-time.Hour).UTC())}, pick(g1)},
		{"kind B in G2", storage.GameFilter{Kind: "B", Guild: "G2"}, pick(g5)},
		{"u1 running", storage.GameFilter{UserID: "u1", Statuses: []storage.Status{storage.StatusRunning}}, pick(g1)},
		{"G1 running due now", storage.GameFilter{Guild: "G1", Statuses: []storage.Status{storage.StatusRunning}, DueBy: ptr(now)}, pick(g1)},
		{"limit 2", storage.GameFilter{Limit: 2}, pick(g1, g2)},
		{"kind A limit 2", storage.GameFilter{Kind: "A", Limit: 2}, pick(g1, g3)},
		{"limit above matches", storage.GameFilter{Guild: "G2", Limit: 10}, pick(g3, g5)},
	}
	for _, tc := range cases {
		got, err := s.Games(t.Context(), tc.f)
		if err != nil {
			t.Errorf("%s: Games: %v", tc.name, err)
			continue
		}
		if gotIDs := ids(got); len(gotIDs) != len(tc.want) || (len(gotIDs) > 0 && !reflect.DeepEqual(gotIDs, tc.want)) {
			t.Errorf("%s: Games = %v, want %v", tc.name, gotIDs, tc.want)
		}
	}

	// Listed games are complete, players included.
	got, err := s.Games(t.Context(), storage.GameFilter{UserID: "u2"})
	if err != nil || len(got) != 2 {
		t.Fatalf("Games(u2) = %v, %v", got, err)
	}
	sameGame(t, got[0], g1)
	sameGame(t, got[1], g2)
}

func testUpdateGame(t *testing.T, s storage.Store) {
	g := create(t, s, lobbyGame("autumn-ash", "guild-1", "alice"))
	created := g.Created

	// Every field but the log is written: a lobby filling up and starting.
	g.Seats = 3
	g.Seed = 1<<64 - 1
	g.Options = map[string]string{"variant": "unsettled"}
	g.Status = storage.StatusRunning
	g.Channel, g.Thread, g.Lobby, g.Creator = "chan-2", "thread-2", "lobby-2", "alice"
	g.Players = []storage.Player{{Seat: 0, UserID: "alice"}, {Seat: 1, UserID: "bob", Late: true}, {Seat: 2, UserID: "carol", Robot: true}}
	g.Snapshot = []byte("first snapshot")
	g.Result = []byte("{}")
	g.ClockHours, g.ReminderHours = 24, 6
	g.Deadline, g.RemindAt = ptr(at(10)), ptr(at(5))
	g.PromptMessage = "prompt-2"
	before := time.Now()
	if err := s.UpdateGame(t.Context(), g); err != nil {
		t.Fatalf("UpdateGame: %v", err)
	}
	after := time.Now()
	if g.Version != 2 {
		t.Errorf("Version after update = %d, want 2", g.Version)
	}
	within(t, "Updated", g.Updated, before, after)
	got := load(t, s, g.ID)
	sameGame(t, got, g)
	sameTime(t, "Created after update", got.Created, created)

	// Clearing: nil deadlines, no players, no result, no options.
	g.Deadline, g.RemindAt, g.Players, g.Result, g.Options = nil, nil, nil, nil, nil
	if err := s.UpdateGame(t.Context(), g); err != nil {
		t.Fatalf("UpdateGame: %v", err)
	}
	if g.Version != 3 {
		t.Errorf("Version after second update = %d, want 3", g.Version)
	}
	sameGame(t, load(t, s, g.ID), g)

	// Updates leave the log alone.
	if len(moves(t, s, g.ID)) != 0 {
		t.Error("UpdateGame wrote moves")
	}
}

func testUpdateGameConflict(t *testing.T, s storage.Store) {
	g := create(t, s, lobbyGame("autumn-ash", "guild-1", "alice"))
	stale := load(t, s, g.ID)
	g.Lobby = "first writer"
	if err := s.UpdateGame(t.Context(), g); err != nil {
		t.Fatalf("UpdateGame: %v", err)
	}
	stale.Lobby = "second writer"
	err := s.UpdateGame(t.Context(), stale)
	wantErr(t, "UpdateGame with a stale version", err, storage.ErrConflict)
	if stale.Version != 1 {
		t.Errorf("a refused update changed the caller's Version to %d", stale.Version)
	}
	sameGame(t, load(t, s, g.ID), g)

	// A version from the future is as wrong as an old one.
	future := load(t, s, g.ID)
	future.Version += 5
	wantErr(t, "UpdateGame with a future version", s.UpdateGame(t.Context(), future), storage.ErrConflict)

	bad := load(t, s, g.ID)
	bad.Status = "paused"
	if err := s.UpdateGame(t.Context(), bad); err == nil {
		t.Error("UpdateGame accepted status \"paused\"")
	}
	sameGame(t, load(t, s, g.ID), g)
}

// testUpdateGameOutbox: UpdateGame queues its messages (GameID 0: the game's) with the change,
// and a refused update queues none.
func testUpdateGameOutbox(t *testing.T, s storage.Store) {
	g := create(t, s, lobbyGame("autumn-ash", "guild-1", "alice"))
	stale := load(t, s, g.ID)
	g.Lobby = "first writer"
	if err := s.UpdateGame(t.Context(), g, storage.OutboxMessage{Kind: "reminder", NextTry: at(0)}); err != nil {
		t.Fatalf("UpdateGame: %v", err)
	}
	err := s.UpdateGame(t.Context(), stale, storage.OutboxMessage{Kind: "late", NextTry: at(0)})
	wantErr(t, "UpdateGame with a stale version and a message", err, storage.ErrConflict)
	msgs := pendingAll(t, s)
	if len(msgs) != 1 || msgs[0].Kind != "reminder" || msgs[0].GameID != g.ID {
		t.Errorf("outbox after one update that queued a reminder and one refused: %+v", msgs)
	}
}

func testGameIDs(t *testing.T, s storage.Store) {
	got, err := s.GameIDs(context.Background())
	if err != nil || len(got) != 0 {
		t.Fatalf("empty store: %v %v", got, err)
	}
	a := create(t, s, lobbyGame("autumn-ash", "g1", "u1"))
	b := create(t, s, lobbyGame("ausonia", "g2", "u2"))
	got, err = s.GameIDs(context.Background())
	if err != nil || len(got) != 2 || got[0] != a.ID || got[1] != b.ID {
		t.Fatalf("GameIDs = %v, %v; want [%d %d]", got, err, a.ID, b.ID)
	}
}
