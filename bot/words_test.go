package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// frenchAscidiae are words of rules/ascidiae/locales/words.fr.toml, by token.
var frenchAscidiae = map[string]string{"black": "noir", "white": "blanc", "red": "rouge", "blue": "bleu",
	"up": "haut", "right": "droite", "down": "bas", "left": "gauche"}

func inFrench(m rules.Move) (rules.Move, bool) {
	out, changed := slices.Clone(m), false
	for i, tok := range out {
		if w, ok := frenchAscidiae[tok]; ok {
			out[i], changed = w, true
		}
	}
	return out, changed
}

// A French player types the words their prompts show ("1 noir"), in /move and autocomplete:
// each word becomes its token against the decision it is typed at, so a closed move followed by
// a translated decision plays both, spaced or after a comma; a word that names nothing offered
// is refused in the words typed.
func TestMoveInThePlayersWords(t *testing.T) {
	ctx := context.Background()
	e := fastRealEnv(t)
	th := e.realGame("ascidiae", "ann", "bob")
	for _, who := range []string{"ann", "bob"} {
		if _, err := e.svc.SetSetting(ctx, Request{User: user(who), Place: lobby}, ScopeUser, "language", LangFrench); err != nil {
			t.Fatal(err)
		}
	}
	r := rand.New(rand.NewPCG(10, 4))
	var m2, typed2 rules.Move
	c, ok := e.findStep(th, r, 600, func(c stepCase) bool {
		next, complete, err := c.before.Choices(c.seat, c.m1)
		if err != nil || !complete || len(next) > 0 || !markOf(c.before).sameDecision(c.after, c.seat) {
			return false
		}
		for range 20 {
			m2, _ = rules.RandomMove(c.after, c.seat, r)
			var changed bool
			if typed2, changed = inFrench(m2); changed {
				return true
			}
		}
		return false
	})
	if !ok {
		t.Fatal("random play met no closed move followed by a decision with a French word")
	}
	// Autocomplete reads the words too: what follows the first step is offered for the second.
	sg, err := e.svc.SuggestTyped(ctx, e.in(th, user(c.who)), c.m1.String()+", "+typed2.String(), 25)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range sg {
		found = found || strings.HasPrefix(s.Value, c.m1.String()+", "+m2.String())
	}
	if !found {
		t.Errorf("autocomplete for %q offers no %q: %+v", c.m1.String()+", "+typed2.String(), m2, sg)
	}
	// A word that names nothing here is refused as typed.
	_, err = e.move(th, c.who, c.m1.String()+" vert")
	if msg, refused := AsRefusal(err); !refused || !strings.Contains(msg, "vert") {
		t.Errorf("%q: %v, want a refusal naming vert", c.m1.String()+" vert", err)
	}
	n := len(e.notations(th))
	text := c.m1.String() + " " + typed2.String()
	e.mustMove(th, c.who, text)
	if log := e.notations(th); len(log) != n+2 || log[n] != c.m1.String() || log[n+1] != m2.String() {
		t.Errorf("log after %q: %q, want %q then %q", text, log[n:], c.m1, m2)
	}
}

// unaliasText rewrites typed text step by step; what it cannot follow stays as typed.
func TestUnaliasText(t *testing.T) {
	w, err := rules.ParseWords([]byte(`a = ["alpha"]
b = ["bravo"]
x = ["xray"]
n = ["november"]`))
	if err != nil {
		t.Fatal(err)
	}
	st := seatMenu{[]rules.Move{{"a"}, {"a", "b"}, {"x"}, {"m", "n"}}}
	for in, want := range map[string]string{
		"alpha bravo":   "a b",
		"alpha bra":     "a b",
		"alpha ":        "a ",
		"xray, alpha b": "x, a b",
		"zz, alpha":     "zz, alpha",
		"m november":    "m n",
		"":              "",
		"alpha, ":       "a, ",
	} {
		if got := unaliasText(st, 0, in, w); got != want {
			t.Errorf("unaliasText(%q) = %q, want %q", in, got, want)
		}
	}
}
