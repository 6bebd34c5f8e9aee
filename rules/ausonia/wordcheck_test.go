package ausonia

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// Every word a player types in Ausonia (play, buy, use, pass… as well as the gems) has a word in
// German, Spanish and French, and no word names two tokens of one decision.
func TestWordsForEveryToken(t *testing.T) {
	rulestest.CheckWordsEverywhere(t, Game, []string{"de", "es", "fr"}, rulestest.WordCheck{
		Setups: []rules.Setup{{Seats: 1}, {Seats: 2}, {Seats: 4}},
		Games:  rulestest.Scale(2, 6), Steps: 200,
		Names: []string{"i", "ii", "iii", "iv"}, // houses
	})
}

// A verb typed in the player's language plays the same move as its token.
func TestTypedVerbs(t *testing.T) {
	rulestest.CheckWords(t, Game, rules.Setup{Seats: 2}, 4, 80, rulestest.WordCases([][3]string{
		{"de", "spielen", "play"},
		{"de", "kaufen", "buy"},
		{"de", "passen", "pass"},
		{"de", "alle", "all"},
		{"es", "jugar", "play"},
		{"es", "comprar", "buy"},
		{"es", "pasar", "pass"},
		{"es", "todas", "all"},
		{"fr", "jouer", "play"},
		{"fr", "acheter", "buy"},
		{"fr", "passer", "pass"},
		{"fr", "toutes", "all"},
	}...))
}
