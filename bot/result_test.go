package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// realEnv is an env whose service plays the five games as the binary registers them.
func realEnv(t *testing.T) *env {
	e := newEnv(t)
	var kits []Kit
	for _, k := range replayKits {
		kits = append(kits, k)
	}
	e.svc = New(e.store, kits, Options{Now: func() time.Time { return e.now }, DefaultReminderHours: 24})
	return e
}

// realGame starts a game of kind with players, a turn clock of two days, and returns its thread.
func (e *env) realGame(kind string, players ...string) string {
	e.t.Helper()
	ctx := context.Background()
	admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
	if _, err := e.svc.SetSetting(ctx, admin, ScopeGuild, "clock_days", "2"); err != nil {
		e.t.Fatal(err)
	}
	rep, err := e.svc.Create(ctx, Request{User: user(players[0]), Place: lobby}, CreateSpec{Kind: kind, Seats: len(players), Seed: 5})
	if err != nil {
		e.t.Fatal(err)
	}
	th := fmt.Sprintf("t-%s-%d", kind, rep.Game)
	if err := e.svc.AttachThread(ctx, rep.Game, th, "m1"); err != nil {
		e.t.Fatal(err)
	}
	for _, p := range players[1:] {
		if _, err := e.svc.Join(ctx, e.in(th, user(p))); err != nil {
			e.t.Fatal(err)
		}
	}
	if e.row(th).Status != storage.StatusRunning {
		if _, err := e.svc.Start(ctx, e.in(th, user(players[0]))); err != nil {
			e.t.Fatal(err)
		}
	}
	e.deliver()
	return th
}

// Resignation, timeout and abort end a game with one result: the reply, the thread post, /board,
// the result stored for the recap and the Meta handed to the image all state the same winner.
func TestOneResultEveryGame(t *testing.T) {
	ctx := context.Background()
	for _, kind := range []string{"autumn-ash", "ascidiae", "ascalion", "reef-encounter", "ausonia"} {
		info := replayKits[kind].Game.Info()
		for _, seats := range []int{2, 3} {
			if seats < info.MinSeats || seats > info.MaxSeats {
				continue
			}
			players := []string{"ann", "bob", "cat"}[:seats]
			for _, how := range []string{"resign", "timeout", "abort"} {
				t.Run(fmt.Sprintf("%s/%d/%s", kind, seats, how), func(t *testing.T) {
					e := realEnv(t)
					if how == "timeout" {
						// No vacation budget: the clock running out makes the seat late at once
						// (TestVacationStopsClockAndHoldsPings covers a vacation day spent instead).
						admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
						if _, err := e.svc.SetSetting(ctx, admin, ScopeGuild, "vacation_days", "0"); err != nil {
							t.Fatal(err)
						}
					}
					th := e.realGame(kind, players...)
					st := e.svc
					e.untilOneAwaited(th)
					var text, loser string
					switch how {
					case "resign":
						// The seat awaited first resigns (in a simultaneous step any of them).
						loser = awaitedPlayer(t, e, th)
						rep, err := st.Resign(ctx, e.in(th, user(loser)))
						if err != nil {
							t.Fatal(err)
						}
						text = rep.Public // the thread's text; the resigner's own line is rep.Text
					case "timeout":
						loser = awaitedPlayer(t, e, th)
						e.now = e.now.Add(49 * time.Hour)
						e.tick()
						other := players[0]
						if other == loser {
							other = players[1]
						}
						rep, err := st.Overdue(ctx, e.in(th, user(other)), int64(len(e.moves(th))), ActEnd)
						if err != nil {
							t.Fatal(err)
						}
						text = rep.Text
					case "abort":
						rep, err := st.Abort(ctx, e.in(th, user("ann")))
						if err != nil {
							t.Fatal(err)
						}
						text = rep.Text
					}
					row := e.row(th)
					board, err := st.Board(ctx, e.in(th, user("zed")))
					if err != nil {
						t.Fatal(err)
					}
					if row.Status != storage.StatusRunning && strings.Contains(board.Text, "Waiting for") {
						t.Fatalf("/board after the end: %q", board.Text)
					}
					e.deliver()
					tb, err := st.load(ctx, row.ID)
					if err != nil {
						t.Fatal(err)
					}
					meta := st.meta(tb.row, tb.state, st.threadLang(tb.row))
					tb.mu.Unlock()
					if !slices.Equal(meta.Names[:seats], players) {
						t.Fatalf("names for the image: %q", meta.Names)
					}
					if how == "abort" {
						if !meta.Aborted || meta.Result != nil || !strings.Contains(board.Text, "aborted") || !strings.Contains(text, "aborted") {
							t.Fatalf("abort: %q / %q / %+v", text, board.Text, meta)
						}
						return
					}
					if how == "resign" && seats == 3 {
						// The AI takes the seat and the game goes on; the resigned seat ranks last.
						if row.Status != storage.StatusRunning || !strings.Contains(text, "resigned") {
							t.Fatalf("resign at 3: %q %s", text, row.Status)
						}
						return
					}
					res := st.Result(row)
					if row.Status != storage.StatusFinished || res == nil {
						t.Fatalf("not finished: %s %+v", row.Status, res)
					}
					var winners []string
					for _, w := range res.Winners() {
						winners = append(winners, players[w])
					}
					if slices.Contains(winners, loser) || len(winners) != seats-1 {
						t.Fatalf("%s: winners %q", loser, winners)
					}
					want := resultText(row, tb.state, res)
					if !strings.Contains(text, want) || board.Text != want {
						t.Fatalf("reply %q, /board %q, want %q", text, board.Text, want)
					}
					if seats == 2 && !strings.Contains(want, winners[0]+" wins") {
						t.Fatalf("the winner is not named: %q", want)
					}
					if meta.Result == nil || !slices.Equal(meta.Result.Ranks, res.Ranks) {
						t.Fatalf("image result %+v, stored %+v", meta.Result, res)
					}
					var post *Outgoing
					for i := range e.sent {
						if strings.Contains(e.sent[i].Text, want) {
							post = &e.sent[i]
						}
					}
					if post == nil || post.Image == nil || post.Recap == nil {
						t.Fatalf("the result post with its board and recap: %+v", e.sent)
					}
				})
			}
		}
	}
}

// untilOneAwaited plays random moves until one seat alone is awaited (past simultaneous setups).
func (e *env) untilOneAwaited(th string) {
	e.t.Helper()
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 500; i++ {
		tb, err := e.svc.load(context.Background(), e.row(th).ID)
		if err != nil {
			e.t.Fatal(err)
		}
		aw := awaitedSeats(tb.state)
		if len(aw) == 1 {
			tb.mu.Unlock()
			return
		}
		seat := rules.Seat(aw[0])
		m, err := rules.RandomMove(tb.state, seat, r)
		who := userOf(tb.row, seat)
		tb.mu.Unlock()
		if err != nil {
			e.t.Fatal(err)
		}
		if _, err := e.svc.MoveTokens(context.Background(), e.in(th, User{ID: who, Name: strings.TrimPrefix(who, "u-")}), m); err != nil {
			e.t.Fatal(err)
		}
	}
	e.t.Fatal("always several seats awaited")
}

// awaitedPlayer is the name of a player awaited now.
func awaitedPlayer(t *testing.T, e *env, th string) string {
	t.Helper()
	tb, err := e.svc.load(context.Background(), e.row(th).ID)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.mu.Unlock()
	for _, p := range tb.state.Awaiting() {
		return playerName(tb.row, p.Seat)
	}
	t.Fatal("nobody awaited")
	return ""
}

// A seat handed to the AI after a resignation ranks after everyone still playing, and the
// result names the real winner: never "nobody wins", never the rules' reason for another winner.
func TestFinalResultRanksLeaversLast(t *testing.T) {
	s := &Service{}
	row := &storage.Game{Players: []storage.Player{{Seat: 0, Name: "ann", UserID: "u-ann", Robot: true}, {Seat: 1, Name: "bob", UserID: "u-bob"}, {Seat: 2, Name: "cat", UserID: "u-cat"}}}
	cases := []struct {
		ranks, want []int
		text        string
	}{
		{[]int{1, 2, 3}, []int{3, 1, 2}, "Game over: bob wins (ann left the game and ranks last)."},
		{[]int{1, 2, 2}, []int{3, 1, 1}, "Game over: bob and cat share the win (ann left the game and ranks last)."},
		{[]int{3, 1, 2}, []int{3, 1, 2}, "Game over: bob wins ({seat:1} reaches 20)."},
	}
	for _, c := range cases {
		res := s.finalResult(row, &rules.Result{Ranks: c.ranks, ReasonMsg: rules.Verbatim("{seat:1} reaches 20")})
		if !slices.Equal(res.Ranks, c.want) {
			t.Errorf("%v: ranks %v, want %v", c.ranks, res.Ranks, c.want)
		}
		want := strings.ReplaceAll(c.text, "{seat:1}", "bob")
		if got := resultText(row, nil, res); got != want {
			t.Errorf("%v: %q, want %q", c.ranks, got, want)
		}
	}
}

// An undo request tells the move by its public events, its seats as players, never notation.
func TestMovePhrase(t *testing.T) {
	row := &storage.Game{Players: []storage.Player{{Seat: 0, Name: "ann"}, {Seat: 1, Name: "bob"}}}
	evs := []rules.Event{{Msg: rules.Verbatim("{seat:0} moves the drone from c3 to c4")}, {Msg: rules.Verbatim("secret"), To: []rules.Seat{0}}, {Msg: rules.Verbatim("{seat:1} loses a piece.")}}
	if got := movePhrase(row, evs); got != ": ann moves the drone from c3 to c4. bob loses a piece" {
		t.Fatalf("%q", got)
	}
	if got := movePhrase(row, evs[1:2]); got != "" {
		t.Fatalf("a move without public events: %q", got)
	}
}

// A reason that already says who wins is the whole result line: "bob wins (bob reaches 20 points
// and wins)" said it twice; a reason that does not say it keeps the winner before it.
func TestResultSaysTheWinnerOnce(t *testing.T) {
	for _, c := range []struct{ lang, reason, want string }{
		{"en", "bob reaches 20 points and wins.", "Game over: bob reaches 20 points and wins."},
		{"en", "bob reaches 20.", "Game over: bob wins (bob reaches 20)."},
		{"de", "bob erreicht 20 Punkte und gewinnt.", "Partie vorbei: bob erreicht 20 Punkte und gewinnt."},
		{"es", "bob vence con 9 de influencia contra 3; Ada pierde.", "Fin de la partida: bob vence con 9 de influencia contra 3; Ada pierde."},
		{"fr", "bob l'emporte avec 9 d'influence après 3 manches.", "Partie terminée : bob l'emporte avec 9 d'influence après 3 manches."},
	} {
		row := &storage.Game{Players: []storage.Player{{Seat: 0, Name: "ann"}, {Seat: 1, Name: "bob"}}}
		res := &rules.Result{Ranks: []int{2, 1}, ReasonMsg: rules.Verbatim(c.reason)}
		if got := resultTextIn(c.lang, row, nil, res); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.lang, c.reason, got, c.want)
		}
	}
}

// /board tells whom the game waits for and every player's score; the awaited player's own prompt
// speaks to them ("You have 6 of 21 points") and goes to them alone, not to the other player or a
// spectator, whose "you" it is not.
func TestBoardTellsThePromptToItsPlayerOnly(t *testing.T) {
	e := realEnv(t)
	th := e.realGame("autumn-ash", "ann", "bob")
	e.untilOneAwaited(th)
	tb, err := e.svc.load(context.Background(), e.row(th).ID)
	if err != nil {
		t.Fatal(err)
	}
	p := tb.state.Awaiting()[0]
	awaited := playerName(tb.row, p.Seat)
	other := playerName(tb.row, 1-p.Seat)
	prompt := promptText(LangEnglish, p, seatNamer(LangEnglish, tb.row, tb.state))
	scores := e.svc.scoreLine(LangEnglish, tb, tb.state)
	tb.mu.Unlock()
	if scores == "-" || !strings.Contains(scores, "ann ") || !strings.Contains(scores, "bob ") {
		t.Fatalf("Autumn Ash has a running score: %q", scores)
	}
	head := "Waiting for " + awaited + ". · " + scores
	for _, c := range []struct {
		who   string
		wants []string
		not   []string
	}{
		{other, []string{head}, []string{prompt, "Your turn"}},
		{"cat", []string{head}, []string{prompt, "Your turn"}},
		{awaited, []string{head, "\nYour turn: " + prompt}, nil},
	} {
		rep, err := e.svc.Board(context.Background(), e.in(th, user(c.who)))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.wants {
			if !strings.Contains(rep.Text, w) {
				t.Errorf("%s's /board: %q, without %q", c.who, rep.Text, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(rep.Text, n) {
				t.Errorf("%s's /board: %q tells %q", c.who, rep.Text, n)
			}
		}
	}
}
