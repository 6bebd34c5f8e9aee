package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// Every word a player types in Reef Encounter (grow, add, eat, take… as well as the colours) has
// a word in German, Spanish and French, and no word names two tokens of one decision: a French
// "b" is white where a colour is asked and never where column B is.
func TestWordsForEveryToken(t *testing.T) {
	rulestest.CheckWordsEverywhere(t, Game, []string{"de", "es", "fr"}, rulestest.WordCheck{
		Setups: []rules.Setup{{Seats: 2}, {Seats: 4}},
		Games:  rulestest.Scale(2, 6), Steps: 200,
		Names: []string{"a", "b", "c", "d", "e", "f"}, // columns
		Same:  map[string][]string{"es": {"alga"}},
	})
}

// A verb typed in the player's language plays the same move as its token.
func TestTypedVerbs(t *testing.T) {
	rulestest.CheckWords(t, Game, rules.Setup{Seats: 2}, 3, 60, rulestest.WordCases([][3]string{
		{"de", "wachsen", "grow"},
		{"de", "einsetzen", "add"},
		{"de", "nehmen", "take"},
		{"de", "Garnele", "shrimp"},
		{"es", "crecer", "grow"},
		{"es", "introducir", "add"},
		{"es", "tomar", "take"},
		{"es", "camarón", "shrimp"},
		{"fr", "croître", "grow"},
		{"fr", "placer", "add"},
		{"fr", "prendre", "take"},
		{"fr", "crevette", "shrimp"},
	}...))
}
