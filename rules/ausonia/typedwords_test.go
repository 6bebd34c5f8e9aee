package ausonia

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// A word the player's language shows for a token plays the same move as the token
// (locales/words.<lang>.toml); a collision row keeps a real token that is also a word.
func TestTypedWords(t *testing.T) {
	rulestest.CheckWords(t, Game, rules.Setup{Seats: 2}, 4, 80, rulestest.WordCases([][3]string{
		{"fr", "saphir", "s"}, {"fr", "émeraude", "e"}, {"fr", "saphir+émeraude", "se"},
		{"de", "Saphir", "s"}, {"de", "Smaragd", "e"},
		{"es", "zafiro", "s"}, {"es", "esmeralda", "e"},
	}...))
}

// A word never shadows a real token of the decision it is typed at.
func TestTypedWordsShadowNothing(t *testing.T) {
	rulestest.CheckWordsShadowNothing(t, Game, rules.Setup{Seats: 2}, 40)
}
