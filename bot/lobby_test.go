package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/ausonia"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// /create without players opens the game's usual table (Kit.Usual), or its largest when it has
// none; players=N still opens any other.
func TestCreateOpensTheUsualTable(t *testing.T) {
	cases := []struct {
		usual, asked, want int
	}{
		{0, 0, 4},
		{3, 0, 3},
		{2, 0, 2},
		{3, 4, 4},
		{9, 0, 4}, // out of the game's range: its largest
	}
	for _, c := range cases {
		e := newEnv(t)
		e.svc = New(e.store, []Kit{{Game: rulestest.Bids, PNG: fakePNG, Usual: Usual{Seats: c.usual}}}, Options{})
		rep, err := e.svc.Create(context.Background(), Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "bids", Seats: c.asked})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Lobby.Seats != c.want || !strings.Contains(rep.Text, "for "+players(c.want)+".") {
			t.Errorf("usual %d, asked %d: %d seats, %q; want %d", c.usual, c.asked, rep.Lobby.Seats, rep.Text, c.want)
		}
	}
}

// The lobby's texts read as a person would write them: no "bots must be between 1 and 1", counts
// with their nouns, and what to do instead.
func TestLobbyTextsReadAsSentences(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	ann := Request{User: user("ann"), Place: lobby}
	cases := []struct {
		spec CreateSpec
		want string
	}{
		{CreateSpec{Kind: "bids", Seats: 2, Bots: 2}, "A 2-player game has room for 1 AI player: one seat is yours. For 2 AI players, choose players=3."},
		{CreateSpec{Kind: "bids", Seats: 3, Bots: 3}, "A 3-player game has room for at most 2 AI players: one seat is yours. For 3 AI players, choose players=4."},
		{CreateSpec{Kind: "bids", Seats: 4, Bots: 5}, "A 4-player game has room for at most 3 AI players: one seat is yours."},
		{CreateSpec{Kind: "bids", Seats: 2, Bots: -1}, "A 2-player game has room for 1 AI player: one seat is yours."},
	}
	for _, c := range cases {
		_, err := e.svc.Create(ctx, ann, c.spec)
		if msg, _ := AsRefusal(err); msg != c.want {
			t.Errorf("%+v: %q, want %q", c.spec, msg, c.want)
		}
	}
	rep, err := e.svc.Create(ctx, ann, CreateSpec{Kind: "bids", Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	want := "ann opened a game of Bids (#" // the rest names the seats and how it starts
	if !strings.HasPrefix(rep.Text, want) || !strings.Contains(rep.Text, "for 3 players. Join with the button or /join. It starts when 3 players have joined, or sooner when its creator presses Start (2 players are enough).") {
		t.Errorf("create: %q", rep.Text)
	}
	id := rep.Game
	if err := e.svc.AttachThread(ctx, id, "t1", "m1"); err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.Start(ctx, Request{User: user("ann"), Place: lobby, Game: id})
	if msg, _ := AsRefusal(err); !strings.HasPrefix(msg, "Bids needs at least 2 players, and only 1 has joined so far.") {
		t.Errorf("start alone: %q", msg)
	}
	rep, err = e.svc.Join(ctx, Request{User: user("bob"), Place: lobby, Game: id})
	if err != nil || !strings.HasSuffix(rep.Text, "2 of 3 seats are taken.") {
		t.Errorf("join: %q %v", rep.Text, err)
	}
	_, err = e.svc.Start(ctx, Request{User: user("bob"), Place: lobby, Game: id})
	if msg, _ := AsRefusal(err); !strings.Contains(msg, "it starts by itself when all 3 are") {
		t.Errorf("start by another: %q", msg)
	}
}

// Start alone in a game with a solo mode says it starts the solo game and whom it is against,
// in the reply and in the thread.
func TestStartAloneAnnouncesTheSoloGame(t *testing.T) {
	e := newEnv(t)
	solo := func(opts map[string]string) string { return "the Aspirant " + opts[ausonia.OptAspirant] }
	e.svc = New(e.store, []Kit{{Game: ausonia.Game, PNG: fakePNG, Usual: Usual{Seats: 2, Solo: solo}}}, Options{})
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "ausonia", Options: map[string]string{ausonia.OptAspirant: "2"}})
	if err != nil || rep.Lobby.Seats != 2 {
		t.Fatalf("%+v %v", rep, err)
	}
	if err := e.svc.AttachThread(ctx, rep.Game, "t1", "m1"); err != nil {
		t.Fatal(err)
	}
	rep, err = e.svc.Start(ctx, Request{User: user("ann"), Place: lobby, Game: rep.Game})
	if err != nil || !strings.Contains(rep.Text, "has started as a solo game: you play against the Aspirant 2.") {
		t.Fatalf("start alone: %q %v", rep.Text, err)
	}
	e.deliver()
	if len(e.sent) == 0 || !strings.Contains(e.sent[0].Text, "plays solo, against the Aspirant 2.") {
		t.Fatalf("the thread is not told it is a solo game: %+v", e.sent)
	}
}
