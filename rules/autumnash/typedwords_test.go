package autumnash

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// A word the player's language shows for a token plays the same move as the token
// (locales/words.<lang>.toml); a collision row keeps a real token that is also a word.
func TestTypedWords(t *testing.T) {
	rulestest.CheckWords(t, Game, rules.Setup{Seats: 2}, 4, 60, rulestest.WordCases([][3]string{
		{"fr", "reine", "queen"}, {"fr", "pion", "pawn"},
		{"de", "Königin", "queen"}, {"de", "Drohne", "drone"}, {"de", "konigin", "queen"},
		{"es", "reina", "queen"}, {"es", "dron", "drone"}, {"es", "peon", "pawn"},
	}...))
}

// A word never shadows a real token of the decision it is typed at.
func TestTypedWordsShadowNothing(t *testing.T) {
	rulestest.CheckWordsShadowNothing(t, Game, rules.Setup{Seats: 2}, 40)
}

// Menus, refusals and history show a size by the first word words.<lang>.toml lists for it, or
// the token when it lists none; that must be the singular the legend and the texts use (the
// catalogue's term), not a plural (French "b2 c2 drones", "pion, drones, reine": issue #40).
func TestSizeWordsAreTheLegendsSingular(t *testing.T) {
	for _, lang := range []string{"de", "es", "fr"} {
		w := rules.WordsOf(Game, lang)
		for z := Pawn; z <= Queen; z++ {
			tok := z.String()
			shown := w.Word(tok)
			if shown == "" {
				shown = tok
			}
			legend := msg.Render(say(tok), lang, nil)
			if rules.Fold(shown) != rules.Fold(legend) {
				t.Errorf("%s shows the %s as %q, the legend as %q", lang, tok, shown, legend)
			}
		}
	}
}
