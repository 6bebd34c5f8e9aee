package rules

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/msg"
)

// lenient answers a token outside its tree with no error and nothing to follow, as a game that
// leaves the refusal to the platform does.
type lenient struct{ tree }

func (l lenient) Choices(s Seat, m Move) ([]Choice, bool, error) {
	next, complete, err := l.tree.Choices(s, m)
	if err != nil {
		return nil, false, nil
	}
	return next, complete, nil
}

// ended is a finished game; waiting awaits seat 0 only.
type ended struct{ tree }

func (ended) Awaiting() []Prompt { return nil }
func (ended) Result() *Result    { return &Result{ReasonMsg: Verbatim("all rounds played")} }

type idle struct{ tree }

func (idle) Awaiting() []Prompt { return nil }

// The platform's own refusals read as a person would write them: they say what is wrong and what
// would be right, with no parser words ("cannot come next after \"\"") and seats as placeholders
// the platform renders as players.
func TestRefusalsInPlainWords(t *testing.T) {
	l := lenient{sample}
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"unknown first token", second(Canonical(l, 0, Move{"buy"})), `"buy" is not a move you can make now. A move here starts with c2 or b1.`},
		{"token that cannot follow", second(Canonical(l, 0, Move{"c2", "zz"})), `"zz" cannot follow "c2". After "c2" comes c3 or b2.`},
		{"a whole move goes on", second(Canonical(l, 0, Move{"c2", "b2", "x"})), `"c2 b2" is already a whole move: leave out "x".`},
		{"not whole yet", second(Canonical(sample, 0, Move{"b1", "a1"})), `"b1 a1" is not a whole move yet: add queen or pawn (for example "b1 a1 queen").`},
		{"not this seat's turn", MayMove(sample, 1), `It is not {seat:1}'s turn: the game is waiting for {seat:0} (go).`},
		{"nobody's turn", MayMove(idle{sample}, 1), `It is not {seat:1}'s turn: nobody is asked to move now.`},
		{"game over", MayMove(ended{sample}, 1), `The game is over (all rounds played), so {seat:1} cannot move any more.`},
	}
	for _, c := range cases {
		reason, ok := IsIllegal(c.err)
		if !ok || reason != c.want {
			t.Errorf("%s: %q (%v), want %q", c.name, reason, c.err, c.want)
		}
		for _, bad := range []string{`""`, "cannot come next", "seat 1", "goes on with"} {
			if strings.Contains(reason, bad) {
				t.Errorf("%s: %q reads like a parser (%s)", c.name, reason, bad)
			}
		}
	}
	many := make([]Choice, 12)
	for i := range many {
		many[i] = Choice{Token: string(rune('a' + i))}
	}
	if got := orList(many, 8).English(); got != "a, b, c, d, e, f, g, h, or one of 4 others" {
		t.Errorf("a long list: %q", got)
	}
}

// The generic refusals read in the player's language: before, "is not a whole move yet" was
// English in every language.
func TestTreeRefusalsInEveryLanguage(t *testing.T) {
	st := treeState{}
	cases := []struct {
		name string
		err  error
		want map[string]string
	}{
		{"incomplete", Check(st, 0, Move{"b1"}), map[string]string{
			msg.English: `"b1" is not a whole move yet: add a1 or c2 (for example "b1 a1").`,
			msg.German:  `„b1“ ist noch kein ganzer Zug: Ergänze a1 oder c2 (z. B. „b1 a1“).`,
			msg.Spanish: `«b1» aún no es una jugada completa: añade a1 o c2 (por ejemplo, «b1 a1»).`,
			msg.French:  `« b1 » n'est pas encore un coup complet : ajoute a1 ou c2 (par exemple « b1 a1 »).`,
		}},
		{"first token", second(Canonical(st, 0, Move{"zz"})), map[string]string{
			msg.English: `"zz" is not a move you can make now. A move here starts with b1.`,
			msg.German:  `„zz“ ist jetzt kein möglicher Zug. Ein Zug beginnt hier mit b1.`,
		}},
		{"too long", second(Canonical(st, 0, make(Move, MaxTreeDepth+1))), map[string]string{
			msg.French: `Ce coup a trop d'éléments (65).`,
		}},
	}
	for _, c := range cases {
		m := IllegalMsg(c.err)
		if m == nil {
			t.Fatalf("%s: no message: %v", c.name, c.err)
		}
		if reason, _ := IsIllegal(c.err); reason != m.English() {
			t.Errorf("%s: the reason %q is not the English message %q", c.name, reason, m.English())
		}
		for lang, want := range c.want {
			if got := msg.Render(m, lang, nil); got != want {
				t.Errorf("%s in %s:\n got %s\nwant %s", c.name, lang, got, want)
			}
		}
	}
}

// treeState is a one-seat game whose only move is "b1" then "a1" or "c2".
type treeState struct{ State }

func (treeState) Choices(_ Seat, m Move) ([]Choice, bool, error) {
	switch len(m) {
	case 0:
		return []Choice{{Token: "b1"}}, false, nil
	case 1:
		return []Choice{{Token: "a1"}, {Token: "c2"}}, false, nil
	}
	return nil, true, nil
}

func second(_ Move, err error) error { return err }
