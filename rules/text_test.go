package rules

import (
	"testing"

	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/msg/msgtest"
)

func TestCatalogue(t *testing.T) { msgtest.Check(t, catName, ".") }

// Setup refusals keep their English and carry a message that reads in the player's language.
func TestValidateSetupRefusalsTranslated(t *testing.T) {
	opt := Option{Key: "variant", Default: "a", Choices: []OptionChoice{{Value: "a"}, {Value: "b"}}}
	fixed := Info{Name: "Duel", MinSeats: 2, MaxSeats: 2}
	ranged := Info{Name: "Crowd", MinSeats: 2, MaxSeats: 4, Options: []Option{opt}}
	for _, c := range []struct {
		info    Info
		setup   Setup
		english string
		german  string
	}{
		{fixed, Setup{Seats: 3}, "Duel is played by exactly 2 players, not 3", "Duel wird von genau 2 Personen gespielt, nicht von 3"},
		{ranged, Setup{Seats: 5}, "Crowd is played by 2 to 4 players, not 5", "Crowd wird von 2 bis 4 Personen gespielt, nicht von 5"},
		{fixed, Setup{Seats: 2, Options: map[string]string{"x": "1"}}, `Duel has no options (got "x")`, `Duel hat keine Optionen (erhalten: "x")`},
		{ranged, Setup{Seats: 2, Options: map[string]string{"x": "1"}}, `Crowd has no option "x"; its options are: variant`, `Crowd hat keine Option "x"; seine Optionen sind: variant`},
		{ranged, Setup{Seats: 2, Options: map[string]string{"variant": "c"}}, `option variant cannot be "c"; choose one of: a, b`, `Option variant kann nicht "c" sein; wähle eines von: a, b`},
	} {
		_, err := c.info.ValidateSetup(c.setup)
		if err == nil || err.Error() != c.english {
			t.Errorf("%+v: %v, want %q", c.setup, err, c.english)
			continue
		}
		m := IllegalMsg(err)
		if m == nil {
			t.Errorf("%q has no message", c.english)
			continue
		}
		if got := msg.Render(m, "de", nil); got != c.german {
			t.Errorf("German %q, want %q", got, c.german)
		}
		if got := msg.Render(m, msg.Pseudo, nil); got == c.english {
			t.Errorf("pseudo-language %q is English", got)
		}
	}
}
