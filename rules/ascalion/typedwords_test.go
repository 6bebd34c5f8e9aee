package ascalion

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// A word the player's language shows for a token plays the same move as the token
// (locales/words.<lang>.toml); a collision row keeps a real token that is also a word.
func TestTypedWords(t *testing.T) {
	rulestest.CheckWords(t, Game, rules.Setup{Seats: 4}, 8, 400, rulestest.WordCases([][3]string{
		{"fr", "bois", "wood"}, {"fr", "or", "gold"}, {"fr", "fer", "iron"}, {"fr", "-or", "-gold"}, {"fr", "+bois", "+wood"}, {"fr", "nord-ouest", "nw"}, {"de", "Südosten", "se"}, {"es", "noroeste", "nw"},
		{"de", "Holz", "wood"}, {"de", "Pferd", "horse"}, {"de", "Eisen", "iron"},
		{"es", "madera", "wood"}, {"es", "oro", "gold"}, {"es", "hierro", "iron"},
	}...))
}

// A word never shadows a real token of the decision it is typed at.
func TestTypedWordsShadowNothing(t *testing.T) {
	rulestest.CheckWordsShadowNothing(t, Game, rules.Setup{Seats: 4}, 40)
}
