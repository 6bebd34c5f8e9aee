package bot

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// /history and undo texts show a move's notation in the reader's words, as menus do: before, a
// German read "1. b1 b2 pawn — …" and "den letzten Zug (c5 c4 drone) zurückzunehmen".
func TestHistoryAndUndoNotationInTheReadersWords(t *testing.T) {
	ctx := context.Background()
	e := fastRealEnv(t)
	th := e.realGame("autumn-ash", "ann", "bob")
	for _, who := range []string{"ann", "bob"} {
		if _, err := e.svc.SetSetting(ctx, Request{User: user(who), Place: lobby}, ScopeUser, "language", LangGerman); err != nil {
			t.Fatal(err)
		}
	}
	sizes := []string{"pawn", "drone", "queen"}
	who, move := "", rules.Move(nil)
	for _, p := range []string{"ann", "bob"} {
		step, err := e.svc.Tree(ctx, e.in(th, user(p)), nil)
		if err != nil {
			continue
		}
		// Walk to a whole move with a size in it: the token whose word must show.
		for len(step.Next) > 0 {
			k := slices.IndexFunc(step.Next, func(c Choice) bool { return slices.Contains(sizes, c.Token) })
			if step.Complete && slices.ContainsFunc(step.Partial, func(tok string) bool { return slices.Contains(sizes, tok) }) {
				break
			}
			if k < 0 {
				k = 0
			}
			if step, err = e.svc.Tree(ctx, e.in(th, user(p)), append(slices.Clone(step.Partial), step.Next[k].Token)); err != nil {
				t.Fatal(err)
			}
		}
		who, move = p, step.Partial
		break
	}
	size := move[slices.IndexFunc(move, func(tok string) bool { return slices.Contains(sizes, tok) })]
	word := rules.WordsOf(replayKits["autumn-ash"].Game, LangGerman).Word(size)
	if word == "" {
		t.Fatalf("no German word for %s", size)
	}
	e.mustMove(th, who, move.String())
	rep, err := e.svc.History(ctx, e.in(th, user(who)), 0)
	if err != nil {
		t.Fatal(err)
	}
	spelt := strings.Replace(move.String(), size, word, 1)
	if !strings.Contains(rep.Text, spelt) || strings.Contains(rep.Text, move.String()) {
		t.Errorf("German history %q, want the move as %q", rep.Text, spelt)
	}
	if log := e.notations(th); !slices.Contains(log, move.String()) {
		t.Errorf("the log %q, want it in tokens", log)
	}
	en, err := e.svc.History(ctx, e.in(th, user("carol")), 0)
	if err == nil && !strings.Contains(en.Text, move.String()) {
		t.Errorf("English history %q, want %q", en.Text, move.String())
	}
	if _, err := e.svc.Undo(ctx, e.in(th, user(who)), ""); err != nil {
		t.Fatal(err)
	}
	rep, err = e.svc.Undo(ctx, e.in(th, user(who)), "nein") // withdrawn: the line names the move
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Text, spelt) || strings.Contains(rep.Text, move.String()) {
		t.Errorf("German undo %q, want the move as %q", rep.Text, spelt)
	}
}
