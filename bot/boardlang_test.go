package bot

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// A running game's pictures speak their reader's language: the board posted to a German thread
// is the German rendering, and a player's private view is drawn in that player's language, with
// the language in the image's name. Before, every board of a running game was English.
func TestRunningBoardsInTheReadersLanguage(t *testing.T) {
	ctx := context.Background()
	for _, kind := range []string{"autumn-ash", "ausonia"} {
		t.Run(kind, func(t *testing.T) {
			e := realEnv(t)
			admin := Request{User: User{ID: "u-root", Name: "root", Admin: true}, Place: lobby}
			if _, err := e.svc.SetSetting(ctx, admin, ScopeGuild, "language", LangGerman); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.SetSetting(ctx, Request{User: user("bob"), Place: lobby}, ScopeUser, "language", LangFrench); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.SetSetting(ctx, Request{User: user("ann"), Place: lobby}, ScopeUser, "language", LangSpanish); err != nil {
				t.Fatal(err)
			}
			th := e.realGame(kind, "ann", "bob")
			// Moves until a board is posted after one, so that it is a running game's board.
			e.untilOneAwaited(th)
			r := rand.New(rand.NewPCG(1, 2))
			var board *Image
			var last []string // the post's lines, which its board's last-move box tells
			var st rules.State
			var row storage.Game
			for i := 0; i < 60 && board == nil; i++ {
				tb, err := e.svc.load(ctx, e.row(th).ID)
				if err != nil {
					t.Fatal(err)
				}
				st, row = tb.state, *tb.row
				tb.mu.Unlock()
				if st.Result() != nil || row.Status != storage.StatusRunning {
					t.Fatal("the game ended before a board was posted")
				}
				seat := st.Awaiting()[0].Seat
				m, err := rules.RandomMove(st, seat, r)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := e.svc.MoveTokens(ctx, e.in(th, user(playerName(&row, seat))), m); err != nil {
					t.Fatal(err)
				}
				e.deliver()
				for _, o := range e.sent {
					if o.Image != nil {
						board, last = o.Image, o.Last
					}
				}
			}
			if board == nil {
				t.Fatal("no board was posted")
			}
			tb, err := e.svc.load(ctx, row.ID)
			if err != nil {
				t.Fatal(err)
			}
			st, row = tb.state, *tb.row
			tb.mu.Unlock()
			if st.Result() != nil {
				t.Fatal("the game is over: its board is no running game's")
			}
			kit := replayKits[kind]
			var boxed []string // the lines of the last-move box: the post's for the thread's board
			draw := func(seat rules.Seat, lang string) []byte {
				b, err := kit.PNG(st.View(seat), render.Meta{Names: names(&row), Lang: lang, Last: boxed})
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
			if bytes.Equal(draw(rules.Spectator, LangGerman), draw(rules.Spectator, LangEnglish)) {
				t.Fatal("the German and the English board are the same picture: nothing to tell apart")
			}
			boxed = last
			thread := draw(rules.Spectator, LangGerman)
			boxed = nil
			if !bytes.Equal(board.PNG, thread) {
				t.Errorf("the thread's board %s is not the German rendering", board.Name)
			}
			if !strings.HasSuffix(board.Name, "-de.png") {
				t.Errorf("the thread's board is named %q, without its language", board.Name)
			}
			// /board answers the asker alone: the public board in their language (bob reads
			// French), as the answer's text is.
			rep, err := e.svc.Board(ctx, e.in(th, user("bob")))
			if err != nil {
				t.Fatal(err)
			}
			if rep.Image == nil || !bytes.Equal(rep.Image.PNG, draw(rules.Spectator, LangFrench)) {
				t.Errorf("/board is not the public board in bob's French")
			}
			// /view is private: bob reads French.
			rep, err = e.svc.View(ctx, e.in(th, user("bob")))
			if err != nil {
				t.Fatal(err)
			}
			if rep.Image == nil || !bytes.Equal(rep.Image.PNG, draw(1, LangFrench)) {
				t.Errorf("bob's /view is not his French view")
			}
			if rep.Image != nil && !strings.HasSuffix(rep.Image.Name, "-seat1-fr.png") {
				t.Errorf("bob's view is named %q", rep.Image.Name)
			}
			// ann reads Spanish.
			rep, err = e.svc.View(ctx, e.in(th, user("ann")))
			if err != nil {
				t.Fatal(err)
			}
			if rep.Image == nil || !bytes.Equal(rep.Image.PNG, draw(0, LangSpanish)) {
				t.Errorf("ann's /view is not her Spanish view")
			}
		})
	}
}
