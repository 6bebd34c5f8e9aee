package ascidiae

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// A word the player's language shows for a token plays the same move as the token
// (locales/words.<lang>.toml); a collision row keeps a real token that is also a word.
func TestTypedWords(t *testing.T) {
	rulestest.CheckWords(t, Game, rules.Setup{Seats: 2}, 4, 80, rulestest.WordCases([][3]string{
		{"fr", "noir", "black"}, {"fr", "blanc", "white"}, {"fr", "haut", "up"}, {"fr", "droite", "right"},
		{"de", "schwarz", "black"}, {"de", "weiss", "white"}, {"de", "oben", "up"}, {"de", "links", "left"},
		{"es", "negro", "black"}, {"es", "Blanco", "white"}, {"es", "arriba", "up"}, {"es", "abajo", "down"},
	}...))
}

// A word never shadows a real token of the decision it is typed at.
func TestTypedWordsShadowNothing(t *testing.T) {
	rulestest.CheckWordsShadowNothing(t, Game, rules.Setup{Seats: 2}, 40)
}
