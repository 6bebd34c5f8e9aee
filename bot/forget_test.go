package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/storage"
)

// /settings forget: refused while the player still sits in a game going on (naming it), a
// preview without confirm that changes nothing, then the erasure: settings gone, the finished
// game keeps its result with "former player N" (in the server's language) in the seat, the other
// player untouched.
func TestForgetMe(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.game("ann", "bob")
	ann := e.in(th, user("ann"))
	if _, err := e.svc.SetSetting(ctx, ann, ScopeUser, "dm", "on"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.SetSetting(ctx, e.in(th, user("bob")), ScopeUser, "dm", "on"); err != nil {
		t.Fatal(err)
	}
	id := e.row(th).ID

	// Still playing: refused, with the game named, even when confirmed.
	for _, confirm := range []bool{false, true} {
		_, err := e.svc.ForgetMe(ctx, ann, confirm)
		wantRefusal(t, err, "#"+strconv.FormatInt(id, 10))
		wantRefusal(t, err, "/resign")
	}
	if vals, _ := e.store.Settings(ctx, ScopeUser, "u-ann"); vals["hear"] != "dm" {
		t.Fatalf("a refused forget changed the settings: %v", vals)
	}

	if _, err := e.svc.Resign(ctx, ann); err != nil {
		t.Fatal(err)
	}
	before := e.row(th)
	if lb, err := e.svc.Leaderboard(ctx, "g1", "bids"); err != nil || len(lb) != 2 {
		t.Fatalf("leaderboard before: %+v %v", lb, err)
	}
	rep, err := e.svc.ForgetMe(ctx, ann, false)
	if err != nil || !rep.Private || !strings.Contains(rep.Text, "confirm:True") || !strings.Contains(rep.Text, ": 1.") {
		t.Fatalf("preview: %+v %v", rep, err)
	}
	if g := e.row(th); g.Version != before.Version || g.Players[0].UserID != "u-ann" {
		t.Fatal("the preview changed the game")
	}

	// The server speaks German: the seat's new name is German.
	admin := Request{User: User{ID: "u-adm", Name: "adm", Admin: true}, Place: lobby}
	if _, err := e.svc.SetSetting(ctx, admin, ScopeGuild, "language", "de"); err != nil {
		t.Fatal(err)
	}
	rep, err = e.svc.ForgetMe(ctx, ann, true)
	if err != nil || !rep.Private || !strings.Contains(rep.Text, ": 1.") {
		t.Fatalf("forget: %+v %v", rep, err)
	}
	g := e.row(th)
	if p := g.Players[0]; p.UserID != storage.FormerUser(id, 0) || p.Name != "ehemaliger Spieler 1" {
		t.Errorf("ann's seat: %+v", p)
	}
	if p := g.Players[1]; p.UserID != "u-bob" || p.Name != "bob" {
		t.Errorf("bob's seat: %+v", p)
	}
	if res := e.svc.Result(g); res == nil || res.Ranks[0] != 2 || res.Ranks[1] != 1 {
		t.Errorf("the result changed: %+v", res)
	}
	if vals, _ := e.store.Settings(ctx, ScopeUser, "u-ann"); len(vals) != 0 {
		t.Errorf("ann's settings remain: %v", vals)
	}
	if vals, _ := e.store.Settings(ctx, ScopeUser, "u-bob"); vals["hear"] != "dm" {
		t.Errorf("bob's settings: %v", vals)
	}
	// The leaderboard keeps bob's rating from the game but lists no former player.
	if lb, err := e.svc.Leaderboard(ctx, "g1", "bids"); err != nil || len(lb) != 1 || lb[0].User != "u-bob" || lb[0].Games != 1 {
		t.Errorf("leaderboard after: %+v %v", lb, err)
	}
	mine, err := e.svc.MyGames(ctx, user("ann"))
	if err != nil || len(mine) != 0 {
		t.Errorf("ann's games after forget: %v %v", mine, err)
	}
	for _, m := range mustMoves(t, e, id) {
		if m.UserID == "u-ann" {
			t.Errorf("a move still names ann: %+v", m)
		}
	}
}

func mustMoves(t *testing.T, e *env, id int64) []storage.Move {
	t.Helper()
	ms, err := e.store.Moves(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}
