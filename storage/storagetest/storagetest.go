// Package storagetest is the conformance suite every storage.Store passes. An implementation's
// test calls Run with a function that opens a fresh, empty store.
//
// Behaviour the suite pins down beyond the interface's comments:
//   - Times come back in UTC, at least to the microsecond.
//   - A loaded game's Options is never nil.
//   - Games lists matches in creation order (by ID); DueBy matches a Deadline or a RemindAt at or
//     before it.
//   - AppendMove checks, in this order: the game exists (ErrNotFound), the interaction id is new
//     (ErrDuplicate), the version (ErrConflict). An empty Status keeps the game's status; outbox
//     messages with GameID 0 belong to the moved game; a failed AppendMove writes nothing.
//   - Interaction ids of moves stay remembered after TruncateMoves removes the moves, and are kept
//     apart from the keys given to Remember.
//   - An outbox message with a zero NextTry is due at once; Pending with limit <= 0 returns all
//     due messages; MarkSent and Retry of an unknown id return ErrNotFound.
//   - CreateGame and UpdateGame refuse an unknown status and a seat given twice.
//   - The games row's MoveCount and LastSeat follow the log through AppendMove and TruncateMoves.
//   - Claim: each message goes to one claimant while its lease lasts (a lease that ends exactly at
//     now has run out); Retry and MarkSent end a claim; Pending ignores claims; a game's messages
//     are claimed in queue order, none while an earlier one of its game is held or put off.
//   - UpdateGame queues its outbox messages in its transaction: a refused update queues none.
//   - ForgetUser and DeleteGuild refuse an empty id; a second ForgetUser of a user changes
//     nothing; a per-game setting of another user whose id ends like the forgotten one stays.
package storagetest

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// Run runs every conformance test, each on a store of its own from open, which must be empty.
// Run closes the stores it opens.
func Run(t *testing.T, open func(t *testing.T) storage.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s storage.Store)
	}{
		{"CreateAndGet", testCreateAndGet},
		{"CreateDefaults", testCreateDefaults},
		{"CreateRefusesBadGames", testCreateRefusesBadGames},
		{"GameByThread", testGameByThread},
		{"GamesFilters", testGamesFilters},
		{"GameIDs", testGameIDs},
		{"UpdateGame", testUpdateGame},
		{"UpdateGameConflict", testUpdateGameConflict},
		{"UpdateGameOutbox", testUpdateGameOutbox},
		{"AppendMove", testAppendMove},
		{"AppendMoveKeepsWhatItIsNotGiven", testAppendMoveKeeps},
		{"AppendMoveConflict", testAppendMoveConflict},
		{"AppendMoveDuplicate", testAppendMoveDuplicate},
		{"AppendMoveAtomic", testAppendMoveAtomic},
		{"Moves", testMoves},
		{"TruncateMoves", testTruncateMoves},
		{"Remember", testRemember},
		{"DoneKey", testDoneKey},
		{"Spend", testSpend},
		{"Settings", testSettings},
		{"Outbox", testOutbox},
		{"OutboxRetry", testOutboxRetry},
		{"NotFound", testNotFound},
		{"RacingAppends", testRacingAppends},
		{"RacingAppendsWithRetry", testRacingAppendsWithRetry},
		{"LogSummary", testLogSummary},
		{"GameVersion", testGameVersion},
		{"HasMove", testHasMove},
		{"ClaimLease", testClaimLease},
		{"ClaimOnce", testClaimOnce},
		{"ClaimInGameOrder", testClaimInGameOrder},
		{"Stats", testStats},
		{"ForgetUser", testForgetUser},
		{"DeleteGuild", testDeleteGuild},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			tc.fn(t, s)
		})
	}
}

// at returns a fixed time in a zone other than UTC, with microseconds, so the suite sees both the
// conversion to UTC and the precision.
func at(minutes int) time.Time {
	base := time.Date(2031, 3, 4, 5, 6, 7, 123456000, time.FixedZone("UTC+1", 3600))
	return base.Add(time.Duration(minutes) * time.Minute)
}

func ptr[T any](v T) *T { return &v }

// sampleGame is a game with every field set to something other than its zero value.
func sampleGame(thread string) *storage.Game {
	return &storage.Game{
		Kind:    "autumn-ash",
		Seats:   2,
		Seed:    1<<63 + 12345, // the top bit must survive signed integer columns
		Options: map[string]string{"variant": "beginner", "board": "5x6", "quote": `"a b"`},
		Status:  storage.StatusRunning,
		Guild:   "guild-1",
		Channel: "chan-1",
		Thread:  thread,
		Lobby:   "lobby-msg-1",
		Creator: "alice",
		Players: []storage.Player{
			{Seat: 0, UserID: "alice", Name: "Alice"},
			{Seat: 1, UserID: "bob", Name: "Bob ☃", Late: true, Robot: true},
		},
		Snapshot:      []byte{0, 1, 2, 0xff, 'x'},
		Result:        []byte(`{"ranks":[0,1]}`),
		ClockHours:    48,
		ReminderHours: 12,
		Deadline:      ptr(at(60)),
		RemindAt:      ptr(at(30)),
		PromptMessage: "prompt-1",
		Flow:          []byte(`{"post":3}`),
		MoveCount:     7, // only the log decides these: CreateGame and UpdateGame ignore them
		LastSeat:      1,
	}
}

// lobbyGame is a small lobby game of kind, in guild, with the users seated in order.
func lobbyGame(kind, guild string, users ...string) *storage.Game {
	g := &storage.Game{Kind: kind, Seats: len(users), Seed: 7, Status: storage.StatusLobby, Guild: guild}
	for i, u := range users {
		g.Players = append(g.Players, storage.Player{Seat: i, UserID: u, Name: u})
	}
	return g
}

// clone copies g deeply, so the copy survives changes to g.
func clone(g *storage.Game) *storage.Game {
	c := *g
	c.Options = maps.Clone(g.Options)
	c.Players = slices.Clone(g.Players)
	c.Snapshot = bytes.Clone(g.Snapshot)
	c.Result = bytes.Clone(g.Result)
	if g.Deadline != nil {
		c.Deadline = ptr(*g.Deadline)
	}
	if g.RemindAt != nil {
		c.RemindAt = ptr(*g.RemindAt)
	}
	return &c
}

func create(t *testing.T, s storage.Store, g *storage.Game) *storage.Game {
	t.Helper()
	if _, err := s.CreateGame(t.Context(), g); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return g
}

func load(t *testing.T, s storage.Store, id int64) *storage.Game {
	t.Helper()
	g, err := s.Game(t.Context(), id)
	if err != nil {
		t.Fatalf("Game(%d): %v", id, err)
	}
	return g
}

func moves(t *testing.T, s storage.Store, id int64) []storage.Move {
	t.Helper()
	ms, err := s.Moves(t.Context(), id)
	if err != nil {
		t.Fatalf("Moves(%d): %v", id, err)
	}
	return ms
}

// wantErr fails unless err is (or wraps) want.
func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: got error %v, want %v", what, err, want)
	}
}

// sameGame reports every field of got that differs from want. Nil and empty slices and maps are
// the same; times compare as instants and must be in UTC.
func sameGame(t *testing.T, got, want *storage.Game) {
	t.Helper()
	diff := func(field string, g, w any) { t.Errorf("game %d: %s = %v, want %v", want.ID, field, g, w) }
	if got.ID != want.ID {
		diff("ID", got.ID, want.ID)
	}
	if got.Kind != want.Kind {
		diff("Kind", got.Kind, want.Kind)
	}
	if got.Seats != want.Seats {
		diff("Seats", got.Seats, want.Seats)
	}
	if got.Seed != want.Seed {
		diff("Seed", got.Seed, want.Seed)
	}
	if got.Options == nil {
		t.Errorf("game %d: Options is nil, want a map", want.ID)
	}
	if len(got.Options) != len(want.Options) || (len(want.Options) > 0 && !reflect.DeepEqual(got.Options, want.Options)) {
		diff("Options", got.Options, want.Options)
	}
	if got.Status != want.Status {
		diff("Status", got.Status, want.Status)
	}
	for _, f := range []struct{ name, g, w string }{
		{"Guild", got.Guild, want.Guild}, {"Channel", got.Channel, want.Channel},
		{"Thread", got.Thread, want.Thread}, {"Lobby", got.Lobby, want.Lobby},
		{"Creator", got.Creator, want.Creator}, {"PromptMessage", got.PromptMessage, want.PromptMessage},
		{"Flow", string(got.Flow), string(want.Flow)},
	} {
		if f.g != f.w {
			diff(f.name, f.g, f.w)
		}
	}
	samePlayers(t, fmt.Sprintf("game %d", want.ID), got.Players, want.Players)
	if !bytes.Equal(got.Snapshot, want.Snapshot) {
		diff("Snapshot", got.Snapshot, want.Snapshot)
	}
	if got.Version != want.Version {
		diff("Version", got.Version, want.Version)
	}
	if !bytes.Equal(got.Result, want.Result) || (got.Result == nil) != (want.Result == nil) {
		diff("Result", got.Result, want.Result)
	}
	if got.MoveCount != want.MoveCount || got.LastSeat != want.LastSeat {
		diff("MoveCount, LastSeat", fmt.Sprint(got.MoveCount, got.LastSeat), fmt.Sprint(want.MoveCount, want.LastSeat))
	}
	if got.ClockHours != want.ClockHours {
		diff("ClockHours", got.ClockHours, want.ClockHours)
	}
	if got.ReminderHours != want.ReminderHours {
		diff("ReminderHours", got.ReminderHours, want.ReminderHours)
	}
	sameTimePtr(t, fmt.Sprintf("game %d: Deadline", want.ID), got.Deadline, want.Deadline)
	sameTimePtr(t, fmt.Sprintf("game %d: RemindAt", want.ID), got.RemindAt, want.RemindAt)
	sameTime(t, fmt.Sprintf("game %d: Created", want.ID), got.Created, want.Created)
	sameTime(t, fmt.Sprintf("game %d: Updated", want.ID), got.Updated, want.Updated)
}

func samePlayers(t *testing.T, what string, got, want []storage.Player) {
	t.Helper()
	if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
		t.Errorf("%s: Players = %+v, want %+v", what, got, want)
	}
}

func sameTime(t *testing.T, what string, got, want time.Time) {
	t.Helper()
	if !got.Equal(want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
	if got.Location() != time.UTC {
		t.Errorf("%s = %v, want it in UTC", what, got)
	}
}

func sameTimePtr(t *testing.T, what string, got, want *time.Time) {
	t.Helper()
	switch {
	case got == nil && want == nil:
	case got == nil || want == nil:
		t.Errorf("%s = %v, want %v", what, got, want)
	default:
		sameTime(t, what, *got, *want)
	}
}

// within fails unless lo <= got <= hi, allowing for a store that keeps only microseconds.
func within(t *testing.T, what string, got, lo, hi time.Time) {
	t.Helper()
	if got.Before(lo.Truncate(time.Microsecond)) || got.After(hi) {
		t.Errorf("%s = %v, want between %v and %v", what, got, lo, hi)
	}
}

func ids(games []*storage.Game) []int64 {
	out := make([]int64, len(games))
	for i, g := range games {
		out[i] = g.ID
	}
	return out
}
