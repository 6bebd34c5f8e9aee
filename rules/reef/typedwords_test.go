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
		{"de", "Gr", "g"}, {"de", "Ge", "y"}, // the legend's marks
		{"es", "blanco", "w"}, {"es", "amarillo", "y"}, {"es", "a", "y"}, {"es", "a", "a"},
	}...))
}

// A word never shadows a real token of the decision it is typed at.
func TestTypedWordsShadowNothing(t *testing.T) {
	rulestest.CheckWordsShadowNothing(t, Game, rules.Setup{Seats: 2}, 40)
}

// The setup's two larva cubes may be typed in any order (Respell), in words too: "blanc jaune
// gris" is "w g y" when the tree offers grey before yellow.
func TestTypedWordsRespelled(t *testing.T) {
	fr := map[string]string{"g": "gris", "o": "orange", "p": "rose", "w": "blanc", "y": "jaune"}
	st := rulestest.Start(t, Game, rules.Setup{Seats: 2, Seed: 1})
	seat := st.Awaiting()[0].Seat
	moves, _, err := rules.Enumerate(st, seat, 500)
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for _, m := range moves {
		if len(m) != 3 || m[1] == m[2] {
			continue
		}
		typed := rules.Move{fr[m[0]], fr[m[2]], fr[m[1]]} // the cubes the other way round
		got, err := rules.Canonical(st, seat, rules.Unalias(st, seat, typed, Game.(rules.Worded).Words("fr")))
		if err != nil || got.String() != m.String() {
			t.Errorf("%q: %q, %v; want %q", typed, got, err, m)
		}
		tried++
	}
	if tried == 0 {
		t.Fatal("no setup move with two different cubes")
	}
}
