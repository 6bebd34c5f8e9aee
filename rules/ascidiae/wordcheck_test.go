package ascidiae

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// Every word a player types in Ascidiae (the actions flow, root, spin… as well as colours and
// facings) has a word in German, Spanish and French, and no word names two tokens of one decision.
func TestWordsForEveryToken(t *testing.T) {
	var species []string
	for _, c := range data.Cards {
		species = append(species, c.ID)
	}
	rulestest.CheckWordsEverywhere(t, Game, []string{"de", "es", "fr"}, rulestest.WordCheck{
		Setups: []rules.Setup{{Seats: 1}, {Seats: 2}, {Seats: 4}},
		Games:  rulestest.Scale(2, 6), Steps: 150,
		Names: species,
	})
}

// A verb typed in the player's language plays the same move as its token.
func TestTypedVerbs(t *testing.T) {
	rulestest.CheckWords(t, Game, rules.Setup{Seats: 2}, 4, 80, rulestest.WordCases([][3]string{
		{"de", "Strömung", "flow"},
		{"de", "ansiedeln", "root"},
		{"de", "drehen", "spin"},
		{"de", "ruhen", "rest"},
		{"es", "corriente", "flow"},
		{"es", "raíces", "root"},
		{"es", "girar", "spin"},
		{"es", "descansar", "rest"},
		{"fr", "courant", "flow"},
		{"fr", "racine", "root"},
		{"fr", "tourner", "spin"},
		{"fr", "reposer", "rest"},
	}...))
}
