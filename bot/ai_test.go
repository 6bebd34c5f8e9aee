package bot

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules/rulestest"
	"github.com/boardbot/boardbot/storage"
)

// noAI rebuilds the service with the AI off, for the random player's own tests.
func (e *env) noAI() {
	e.svc = New(e.store, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }, DefaultReminderHours: 24, NoAI: true})
}

// playAI runs the AI worker until nothing is due.
func (e *env) playAI() int {
	e.t.Helper()
	n, err := e.svc.PlayAI(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

func (e *env) moves(th string) []storage.Move {
	e.t.Helper()
	ms, err := e.store.Moves(context.Background(), e.row(th).ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return ms
}

// aiGame creates a bids game of seats seats, bots of them AI at level, created by ann.
func (e *env) aiGame(seats, bots int, level string) (string, Reply) {
	e.t.Helper()
	rep, err := e.svc.Create(context.Background(), Request{User: user("ann"), Place: lobby},
		CreateSpec{Kind: "bids", Seats: seats, Seed: 11, Bots: bots, Level: level})
	if err != nil {
		e.t.Fatal(err)
	}
	th := "t-ai"
	if err := e.svc.AttachThread(context.Background(), rep.Game, th, "m1"); err != nil {
		e.t.Fatal(err)
	}
	return th, rep
}

// A resigned seat in a game of three goes to the AI: not in the resign request itself, but by the
// worker, recorded under the AI's user id; the seat still ranks last.
func TestResignManyPlayersHandsSeatToAI(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob", "cat")
	rep, err := e.svc.Resign(context.Background(), e.in(th, user("cat")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Public, "the AI takes over") {
		t.Fatalf("resign text: %q", rep.Public)
	}
	if ms := e.moves(th); len(ms) != 0 {
		t.Fatalf("the AI must not move in the request path: %+v", ms)
	}
	if n := e.playAI(); n != 1 {
		t.Fatalf("worker played %d moves, want cat's bid", n)
	}
	ms := e.moves(th)
	if len(ms) != 1 || ms[0].UserID != AIUser || ms[0].Seat != 2 {
		t.Fatalf("ai move: %+v", ms)
	}
	for i := 0; i < 200 && e.row(th).Status == storage.StatusRunning; i++ {
		e.playSomething(th, []string{"ann", "bob"})
		e.playAI()
	}
	res := e.svc.Result(e.row(th))
	if res == nil || res.Ranks[2] <= res.Ranks[0] || res.Ranks[2] <= res.Ranks[1] {
		t.Fatalf("resigned seat must rank last: %+v", res)
	}
	h, err := e.svc.History(context.Background(), e.in(th, user("ann")), 0)
	if err != nil || !strings.Contains(h.Text, "cat (played by the AI)") {
		t.Fatalf("history: %q %v", h.Text, err)
	}
	if rep, err := e.svc.Fsck(context.Background()); err != nil || len(rep.Problems) > 0 {
		t.Fatalf("the AI's moves must replay exactly: %+v %v", rep, err)
	}
}

// A seat whose clock ran out, handed over by another player, is played by the AI.
func TestClockExpiryReplaceHandsSeatToAI(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.clockGame("ann", "bob")
	e.mustMove(th, "ann", "bid pass")
	e.now = e.now.Add(48 * time.Hour)
	e.tick()
	if _, err := e.svc.Overdue(ctx, e.in(th, user("ann")), 1, ActReplace); err != nil {
		t.Fatal(err)
	}
	e.deliver()
	found := false
	for _, o := range e.sent {
		if strings.Contains(o.Text, "gave the AI the seat of bob") {
			found = true
		}
	}
	if !found {
		t.Fatalf("no notice says the AI took the seat: %+v", e.sent)
	}
	if e.playAI() == 0 {
		t.Fatal("the AI did not play the late seat")
	}
	ms := e.moves(th)
	if len(ms) < 2 || ms[1].UserID != AIUser || ms[1].Seat != 1 {
		t.Fatalf("ai move: %+v", ms)
	}
}

// A two-player game against the AI: it starts at once, the AI seat has a person's name, nobody is
// pinged for it, the AI answers every human move through the worker, the game ends, the result
// keeps the AI's real rank, and the human leaderboard ignores it.
func TestTwoPlayerGameAgainstAI(t *testing.T) {
	e := newEnv(t)
	th, rep := e.aiGame(2, 1, "easy")
	if !strings.Contains(rep.Text, "has started") {
		t.Fatalf("a lobby full with the AI starts at once: %q", rep.Text)
	}
	g := e.row(th)
	aiName := g.Players[1].Name
	if !slices.Contains(aiNames, aiName) || !g.Players[1].Robot || g.Players[1].UserID != "ai:easy" {
		t.Fatalf("ai seat: %+v", g.Players[1])
	}
	e.deliver()
	for _, o := range e.sent {
		for _, m := range o.Mentions {
			if strings.HasPrefix(m, "ai") {
				t.Fatalf("the AI seat was pinged: %+v", o)
			}
		}
	}
	seenCaption := false
	for i := 0; i < 100 && e.row(th).Status == storage.StatusRunning; i++ {
		e.playSomething(th, []string{"ann"})
		e.playAI()
		e.deliver()
		for _, o := range e.sent {
			if strings.Contains(o.Text, aiName) { // posts name the AI's seat by its name
				seenCaption = true
			}
			if strings.Contains(o.Text, "AI (") {
				t.Fatalf("a post names the AI by its level: %q", o.Text)
			}
		}
	}
	g = e.row(th)
	if g.Status != storage.StatusFinished {
		t.Fatal("the game against the AI did not end")
	}
	if !seenCaption {
		t.Fatal("no thread post names the AI")
	}
	aiMoves := 0
	for _, m := range e.moves(th) {
		if m.Seat == 1 {
			if m.UserID != AIUser && m.UserID != AutoUser {
				t.Fatalf("seat 1 moved as %q", m.UserID)
			}
			aiMoves++
		}
	}
	if aiMoves == 0 {
		t.Fatal("the AI never moved")
	}
	res := e.svc.Result(g)
	if res.Ranks[1] == 2 && res.Ranks[0] == 2 {
		t.Fatalf("an AI seat is not ranked as a leaver: %+v", res)
	}
	board, err := e.svc.Leaderboard(context.Background(), "g1", "bids")
	if err != nil || len(board) != 0 {
		t.Fatalf("a game against the AI changed the leaderboard: %+v %v", board, err)
	}
}

// Same game, same moves: the AI answers the same way (its seed is the game's, not the clock's).
func TestAIMovesAreReproducible(t *testing.T) {
	play := func() []string {
		e := newEnv(t)
		th, _ := e.aiGame(3, 2, "easy")
		for i := 0; i < 6 && e.row(th).Status == storage.StatusRunning; i++ {
			e.playSomething(th, []string{"ann"})
			e.playAI()
		}
		var out []string
		for _, m := range e.moves(th) {
			out = append(out, m.Notation)
		}
		return out
	}
	a, b := play(), play()
	if strings.Join(a, "|") != strings.Join(b, "|") || len(a) < 3 {
		t.Fatalf("%q vs %q", a, b)
	}
}

func TestCreateBotsRefusals(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	_, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "bids", Seats: 2, Bots: 2})
	wantRefusal(t, err, "A 2-player game has room for 1 AI player: one seat is yours.")
	if err := checkBots(LangEnglish, 3, 3, "easy"); err == nil || !strings.Contains(err.Error(), "A game of 3 has 1 to 2 AI seats") {
		t.Fatalf("3 bots at 3 seats: %v", err)
	}
	_, err = e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "bids", Seats: 2, Bots: 1, Level: "godlike"})
	wantRefusal(t, err, "choose easy, normal, hard")
	e.noAI()
	_, err = e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: "bids", Seats: 2, Bots: 1})
	wantRefusal(t, err, "without the AI")
}

// A lobby with AI seats waits for the humans; it closes when its last human leaves.
func TestLobbyWithAISeats(t *testing.T) {
	e := newEnv(t)
	th, rep := e.aiGame(4, 2, "normal")
	g := e.row(th)
	if rep.Lobby == nil || len(rep.Lobby.Players) != 3 || rep.Lobby.Players[1] != g.Players[1].Name+" · AI, normal" {
		t.Fatalf("lobby: %+v", rep.Lobby)
	}
	if _, err := e.svc.Leave(context.Background(), e.in(th, user("ann"))); err != nil {
		t.Fatal(err)
	}
	if g := e.row(th); g.Status != storage.StatusAborted {
		t.Fatalf("a lobby of AI seats only must close: %v", g.Status)
	}
}

// The worker: a move the AI owed when the process stopped is played by RunAI after a restart,
// without any request.
func TestRunAIAfterRestart(t *testing.T) {
	e := newEnv(t)
	th := e.game("ann", "bob", "cat")
	if _, err := e.svc.Resign(context.Background(), e.in(th, user("cat"))); err != nil {
		t.Fatal(err)
	}
	restarted := New(e.store, []Kit{{Game: rulestest.Bids, PNG: fakePNG}}, Options{Now: func() time.Time { return e.now }})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { restarted.RunAI(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if ms := e.moves(th); len(ms) == 1 && ms[0].UserID == AIUser {
			return
		}
	}
	t.Fatalf("the worker did not play cat's seat: %+v", e.moves(th))
}

// In a game with an AI seat, a resignation that leaves one human does not end the game: the
// human plays on against the AI, which takes the resigned seat too.
func TestResignLeavingOneHumanWithAIGoesOn(t *testing.T) {
	e := newEnv(t)
	th, _ := e.aiGame(3, 1, "easy")
	if _, err := e.svc.Join(context.Background(), e.in(th, user("bob"))); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Resign(context.Background(), e.in(th, user("bob"))); err != nil {
		t.Fatal(err)
	}
	g := e.row(th)
	if g.Status != storage.StatusRunning || !g.Players[2].Robot {
		t.Fatalf("the game goes on with bob's seat to the AI: %v %+v", g.Status, g.Players)
	}
	for i := 0; i < 200 && e.row(th).Status == storage.StatusRunning; i++ {
		e.playSomething(th, []string{"ann"})
		e.playAI()
	}
	res := e.svc.Result(e.row(th))
	if res == nil || res.Ranks[2] < res.Ranks[0] || res.Ranks[2] <= res.Ranks[1] {
		t.Fatalf("bob ranks last (no better than ann, behind the AI, which scored as much): %+v", res)
	}
}

// everyGame gives e a service over every real game, its AI searching 4 iterations; boards are
// drawn by fakePNG, or not at all where draw is false (tests that read texts only).
func (e *env) everyGame(draw bool) {
	e.t.Helper()
	var kits []Kit
	for _, k := range replayKits {
		kit := Kit{Game: k.Game}
		if draw {
			kit.PNG = fakePNG
		}
		kits = append(kits, kit)
	}
	e.svc = New(e.store, kits, Options{Now: func() time.Time { return e.now }, AIIterations: 4})
}

// aiTable creates a game of kind for ann and bots easy AI seats, attached to thread th.
func (e *env) aiTable(kind string, seats, bots int, seed uint64, th string) int64 {
	e.t.Helper()
	ctx := context.Background()
	rep, err := e.svc.Create(ctx, Request{User: user("ann"), Place: lobby}, CreateSpec{Kind: kind, Seats: seats, Seed: seed, Bots: bots, Level: "easy"})
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
		e.t.Fatal(err)
	}
	return rep.Game
}
