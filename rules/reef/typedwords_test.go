package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// A word the player's language shows for a token plays the same move as the token
// (locales/words.<lang>.toml); a collision row keeps a real token that is also a word.
func TestTypedWords(t *testing.T) {
	rulestest.CheckWords(t, Game, rules.Setup{Seats: 2}, 3, 60, rulestest.WordCases([][3]string{
		{"fr", "blanc", "w"}, {"fr", "jaune", "y"}, {"fr", "gris", "g"}, {"fr", "b", "w"}, {"fr", "b", "b"},
		{"de", "weiß", "w"}, {"de", "gelb", "y"}, {"de", "rosa", "p"}, {"de", "r", "p"},
		{"es", "blanco", "w"}, {"es", "amarillo", "y"}, {"es", "a", "y"}, {"es", "a", "a"},
	}...))
}

// A word never shadows a real token of the decision it is typed at.
func TestTypedWordsShadowNothing(t *testing.T) {
	rulestest.CheckWordsShadowNothing(t, Game, rules.Setup{Seats: 2}, 40)
}
