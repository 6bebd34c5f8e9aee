package autumnash

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// Every word a player types in Autumn Ash (the sizes) has a word in German, Spanish and French,
// and no word names two tokens of one decision.
func TestWordsForEveryToken(t *testing.T) {
	rulestest.CheckWordsEverywhere(t, Game, []string{"de", "es", "fr"}, rulestest.WordCheck{
		Setups: []rules.Setup{{Seats: 2}},
		Games:  rulestest.Scale(2, 6), Steps: 120,
		Same: map[string][]string{"fr": {"drone"}},
	})
}
