package ascalion

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// Every word a player types in Ascalion (verbs like accept, attack, done as well as goods and
// colours) has a word in German, Spanish and French, and no word names two tokens of one
// decision (French "refuser" is reject in trade and refuse at a passage, never both at once).
func TestWordsForEveryToken(t *testing.T) {
	var lands []string
	for _, l := range board.Lands {
		lands = append(lands, l.Token)
	}
	rulestest.CheckWordsEverywhere(t, Game, []string{"de", "es", "fr"}, rulestest.WordCheck{
		Setups: []rules.Setup{{Seats: 2}, {Seats: 4}, {Seats: 3, Options: map[string]string{"expansion": "on"}}},
		Games:  rulestest.Scale(2, 8), Steps: rulestest.Scale(150, 300),
		Names: lands,
		Same:  map[string][]string{"de": {"gold", "bonus", "neutral"}, "es": {"no", "neutral"}, "fr": {"temple", "bonus"}},
	})
}

// A verb typed in the player's language plays the same move as its token.
func TestTypedVerbs(t *testing.T) {
	rulestest.CheckWords(t, Game, rules.Setup{Seats: 4}, 8, 400, rulestest.WordCases([][3]string{
		{"de", "annehmen", "accept"},
		{"de", "angreifen", "attack"},
		{"de", "fertig", "done"},
		{"de", "anbieten", "offer"},
		{"de", "Fuß", "foot"},
		{"es", "aceptar", "accept"},
		{"es", "atacar", "attack"},
		{"es", "listo", "done"},
		{"es", "ofrecer", "offer"},
		{"es", "pie", "foot"},
		{"fr", "accepter", "accept"},
		{"fr", "attaquer", "attack"},
		{"fr", "fini", "done"},
		{"fr", "proposer", "offer"},
		{"fr", "pied", "foot"},
		{"fr", "refuser", "reject"},
	}...))
}
