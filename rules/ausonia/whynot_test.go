package ausonia

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// An action that cannot be made now is refused with why, in every language, whether typed as
// the token or as the player's word for it (issue #37: "use h2" with 1 emerald answered that
// "use" is no move; "kaufen" with no gems was called no action).
func TestActionNotOpenSaysWhy(t *testing.T) {
	cases := []struct {
		name, lang, move string
		gems             string
		want             string
	}{
		{"use with too few gems", "en", "use h2", "e", "You cannot pay for Envoy: it needs 2 any gems and you have 1 emerald in play to spend."},
		{"use alone with too few gems", "en", "use", "e", "You cannot pay for Envoy: it needs 2 any gems and you have 1 emerald in play to spend."},
		{"buy without gems", "en", "buy", "", "Nothing can be bought now: you have no gems in play to spend. Play gem cards first (play all), then buy."},
		{"kaufen without gems", "de", "kaufen", "", "Gerade kannst du nichts kaufen: Du hast keine Edelsteine im Spiel auszugeben."},
		{"comprar without gems", "es", "comprar", "", "Ahora no puedes comprar nada: no tienes gemas en juego para gastar."},
		{"acheter without gems", "fr", "acheter", "", "Tu ne peux rien acheter pour l'instant : tu n'as aucune gemme en jeu à dépenser."},
		{"kaufen with too few", "de", "kaufen", "e", "Gerade kannst du nichts kaufen: Mit 1 Smaragd im Spiel kannst du keine der angebotenen Karten bezahlen."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := twoPlayer(t, "s3")
			set(t, s, 0, "play", "h2")
			s.T.Gems = g(c.gems)
			m, _ := rules.ParseMove(c.move)
			_, err := rules.Canonical(s, 0, rules.Unalias(s, 0, m, typedWords[c.lang]))
			got := msg.Render(rules.IllegalMsg(err), c.lang, nil)
			if !strings.HasPrefix(got, c.want) {
				t.Errorf("%q refused with\n  %s\nwant\n  %s", c.move, got, c.want)
			}
		})
	}
}
