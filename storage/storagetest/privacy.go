package storagetest

import (
	"errors"
	"fmt"
	"maps"
	"strconv"
	"testing"

	"github.com/boardbot/boardbot/storage"
)

// played is a game of users (seat order) in guild, with one move per seat by its user and one
// by the random player, then given status.
func played(t *testing.T, s storage.Store, guild string, status storage.Status, users ...string) *storage.Game {
	t.Helper()
	g := lobbyGame("autumn-ash", guild, users...)
	g.Status, g.Creator = storage.StatusRunning, users[0]
	create(t, s, g)
	v := g.Version
	for seat, u := range users {
		w := write(g.ID, v, seat, fmt.Sprintf("m%d", seat), "")
		w.Move.UserID = u
		v = appendOK(t, s, w)
	}
	w := write(g.ID, v, 0, "r", "")
	w.Move.UserID = "robot"
	w.Status = status
	appendOK(t, s, w)
	return load(t, s, g.ID)
}

func setting(t *testing.T, s storage.Store, scope, id, key, value string) {
	t.Helper()
	if err := s.SetSetting(t.Context(), scope, id, key, value); err != nil {
		t.Fatalf("SetSetting: %v", err)
	}
}

func settings(t *testing.T, s storage.Store, scope, id string) map[string]string {
	t.Helper()
	m, err := s.Settings(t.Context(), scope, id)
	if err != nil {
		t.Fatalf("Settings: %v", err)
	}
	return m
}

func testForgetUser(t *testing.T, s storage.Store) {
	ctx := t.Context()
	rename := func(game int64, guild string, seat int) string {
		return fmt.Sprintf("former %d of %s in %d", seat+1, guild, game)
	}
	done := played(t, s, "g1", storage.StatusFinished, "alice", "bob")
	// alice left this one: the random player has her seat, so it does not hold her back.
	left := played(t, s, "g2", storage.StatusRunning, "carol", "alice")
	left.Players[1].Robot = true
	if err := s.UpdateGame(ctx, left); err != nil {
		t.Fatal(err)
	}
	lobby := create(t, s, lobbyGame("autumn-ash", "g1", "dave", "bob"))
	setting(t, s, "user", "alice", "dm", "on")
	setting(t, s, "user", "bob", "dm", "on")
	setting(t, s, "seen", strconv.FormatInt(done.ID, 10)+"/alice", "move-help", "1")
	setting(t, s, "seen", strconv.FormatInt(done.ID, 10)+"/xalice", "move-help", "1")
	setting(t, s, "guild", "g1", "language", "de")

	// Seated in a lobby: refused, nothing changed.
	if _, err := s.ForgetUser(ctx, "dave", rename); !errors.Is(err, storage.ErrPlaying) {
		t.Fatalf("ForgetUser(dave) in a lobby: %v, want ErrPlaying", err)
	}
	if g := load(t, s, lobby.ID); g.Players[0].UserID != "dave" || g.Version != lobby.Version {
		t.Errorf("a refused ForgetUser changed the lobby: %+v", g)
	}
	if _, err := s.ForgetUser(ctx, "", rename); err == nil {
		t.Error("ForgetUser of an empty user id was accepted")
	}

	n, err := s.ForgetUser(ctx, "alice", rename)
	if err != nil || n != 2 {
		t.Fatalf("ForgetUser(alice) = %d, %v; want 2 games", n, err)
	}
	got := load(t, s, done.ID)
	want := clone(done)
	want.Creator = ""
	want.Players[0] = storage.Player{Seat: 0, UserID: storage.FormerUser(done.ID, 0), Name: rename(done.ID, "g1", 0)}
	want.Version = done.Version + 1
	want.Updated = got.Updated
	sameGame(t, got, want)
	var users []string
	for _, m := range moves(t, s, done.ID) {
		users = append(users, m.UserID)
	}
	if fmt.Sprint(users) != fmt.Sprint([]string{storage.FormerUser(done.ID, 0), "bob", "robot"}) {
		t.Errorf("the finished game's moves are by %v", users)
	}
	g2 := load(t, s, left.ID)
	if p := g2.Players[1]; p.UserID != storage.FormerUser(left.ID, 1) || p.Name != rename(left.ID, "g2", 1) || !p.Robot || g2.Players[0].UserID != "carol" {
		t.Errorf("the game alice left: %+v", g2.Players)
	}
	if g2.Version != left.Version+1 {
		t.Errorf("the game alice left has version %d, want %d", g2.Version, left.Version+1)
	}
	if ms := moves(t, s, left.ID); ms[1].UserID != storage.FormerUser(left.ID, 1) || ms[0].UserID != "carol" {
		t.Errorf("the moves of the game alice left: %+v", ms)
	}
	if gs, err := s.Games(ctx, storage.GameFilter{UserID: "alice"}); err != nil || len(gs) != 0 {
		t.Errorf("games still listing alice: %d, %v", len(gs), err)
	}
	if m := settings(t, s, "user", "alice"); len(m) != 0 {
		t.Errorf("alice's settings remain: %v", m)
	}
	if _, ok, _ := s.Setting(ctx, "seen", strconv.FormatInt(done.ID, 10)+"/alice", "move-help"); ok {
		t.Error("a per-game setting of alice remains")
	}
	// Everyone else's data is untouched.
	if m := settings(t, s, "user", "bob"); !maps.Equal(m, map[string]string{"dm": "on"}) {
		t.Errorf("bob's settings: %v", m)
	}
	if _, ok, _ := s.Setting(ctx, "seen", strconv.FormatInt(done.ID, 10)+"/xalice", "move-help"); !ok {
		t.Error("xalice's per-game setting went with alice's")
	}
	if g := load(t, s, lobby.ID); g.Version != lobby.Version {
		t.Error("a game without alice changed")
	}
	// Forgetting again finds nothing.
	if n, err := s.ForgetUser(ctx, "alice", rename); err != nil || n != 0 {
		t.Errorf("ForgetUser(alice) again = %d, %v", n, err)
	}
}

func testDeleteGuild(t *testing.T, s storage.Store) {
	ctx := t.Context()
	gone := played(t, s, "g1", storage.StatusFinished, "alice", "bob")
	running := played(t, s, "g1", storage.StatusRunning, "alice", "carol")
	kept := played(t, s, "g2", storage.StatusFinished, "alice", "bob")
	console := played(t, s, "", storage.StatusFinished, "alice")
	if err := s.Enqueue(ctx, storage.OutboxMessage{GameID: running.ID, Kind: "turn"}, storage.OutboxMessage{GameID: kept.ID, Kind: "turn"}); err != nil {
		t.Fatal(err)
	}
	for _, g := range []*storage.Game{gone, running, kept} {
		id := strconv.FormatInt(g.ID, 10)
		setting(t, s, "game", id, "refused", "x")
		setting(t, s, "seen", id+"/alice", "move-help", "1")
	}
	setting(t, s, "guild", "g1", "language", "de")
	setting(t, s, "guild", "g2", "language", "fr")
	setting(t, s, "user", "alice", "dm", "on")
	setting(t, s, "user", "alice", "vacation:g1", "2026-07-01..2026-07-03")
	setting(t, s, "user", "alice", "vacation_auto:g1", "2026-07-09")
	setting(t, s, "user", "alice", "vacation:g2", "2026-08-01..2026-08-02")

	if _, err := s.DeleteGuild(ctx, ""); err == nil {
		t.Error("DeleteGuild of an empty server id was accepted")
	}
	n, err := s.DeleteGuild(ctx, "g1")
	if err != nil || n != 2 {
		t.Fatalf("DeleteGuild(g1) = %d, %v; want 2", n, err)
	}
	for _, g := range []*storage.Game{gone, running} {
		if _, err := s.Game(ctx, g.ID); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("game %d of the deleted server: %v", g.ID, err)
		}
		if ms, err := s.Moves(ctx, g.ID); err == nil && len(ms) != 0 {
			t.Errorf("game %d's moves remain: %d", g.ID, len(ms))
		}
		id := strconv.FormatInt(g.ID, 10)
		if m := settings(t, s, "game", id); len(m) != 0 {
			t.Errorf("game %d's settings remain: %v", g.ID, m)
		}
		if m := settings(t, s, "seen", id+"/alice"); len(m) != 0 {
			t.Errorf("game %d's per-player settings remain: %v", g.ID, m)
		}
	}
	if m := settings(t, s, "guild", "g1"); len(m) != 0 {
		t.Errorf("the server's settings remain: %v", m)
	}
	// A player's vacations on the deleted server go; theirs elsewhere and their own settings stay.
	if m := settings(t, s, "user", "alice"); !maps.Equal(m, map[string]string{"dm": "on", "vacation:g2": "2026-08-01..2026-08-02"}) {
		t.Errorf("alice's settings after the deletion: %v", m)
	}
	if gs, err := s.Games(ctx, storage.GameFilter{Guild: "g1"}); err != nil || len(gs) != 0 {
		t.Errorf("games of g1 listed: %d, %v", len(gs), err)
	}
	// The queued message of the deleted game went with it; everything else stays.
	if q := pendingAll(t, s); len(q) != 1 || q[0].GameID != kept.ID {
		t.Errorf("queued after the deletion: %+v", q)
	}
	sameGame(t, load(t, s, kept.ID), kept)
	sameGame(t, load(t, s, console.ID), console)
	if m := settings(t, s, "game", strconv.FormatInt(kept.ID, 10)); len(m) != 1 {
		t.Errorf("the other server's game settings: %v", m)
	}
	if m := settings(t, s, "guild", "g2"); len(m) != 1 {
		t.Errorf("the other server's settings: %v", m)
	}
}
