package bot

import (
	"context"
	"testing"
)

// Confirmations take the reader's yes and no as well as the English ones.
func TestYesNo(t *testing.T) {
	cases := []struct{ lang, typed, want string }{
		{LangEnglish, "yes", "yes"},
		{LangEnglish, " No ", "no"},
		{LangGerman, "ja", "yes"},
		{LangGerman, "Nein", "no"},
		{LangGerman, "yes", "yes"},
		{LangSpanish, "sí", "yes"},
		{LangSpanish, "si", "yes"},
		{LangSpanish, "no", "no"},
		{LangFrench, "oui", "yes"},
		{LangFrench, "non", "no"},
		{LangFrench, "ja", "ja"},
		{LangEnglish, "nein", "nein"},
		{LangGerman, "", ""},
	}
	for _, c := range cases {
		if got := YesNo(c.lang, c.typed); got != c.want {
			t.Errorf("YesNo(%s, %q) = %q, want %q", c.lang, c.typed, got, c.want)
		}
	}
}

// A German refuses an undo request with "/undo nein": before, it was refused as no answer.
func TestUndoAnswerInTheReadersWords(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	th := e.game("ann", "bob")
	if _, err := e.svc.SetSetting(ctx, Request{User: user("bob"), Place: lobby}, ScopeUser, "language", LangGerman); err != nil {
		t.Fatal(err)
	}
	e.mustMove(th, "ann", "bid pass")
	e.deliver()
	if _, err := e.svc.Undo(ctx, e.in(th, user("ann")), ""); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Undo(ctx, e.in(th, user("bob")), "nein"); err != nil {
		t.Fatalf("undo nein: %v", err)
	}
	if moves, _ := e.store.Moves(ctx, e.row(th).ID); len(moves) != 1 {
		t.Fatalf("the refused undo took the move back: %v", moves)
	}
}
