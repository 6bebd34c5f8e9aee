package ascidiae

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// choiceMsg is the labelled choice token in seat's menu after partial.
func choiceMsg(t *testing.T, g *State, seat int, partial, token string) *msg.Message {
	t.Helper()
	m, _ := rules.ParseMove(partial)
	cs, _, err := g.Choices(rules.Seat(seat), m)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Token == token {
			if c.Msg == nil {
				t.Fatalf("%q after %q has no message", token, partial)
			}
			return c.Msg
		}
	}
	t.Fatalf("no %q after %q", token, partial)
	return nil
}

// A colony is paid from one card and the tadpoles beyond its needs stay there (rulebook:
// "Return from this ascidia the combination of tadpoles marked on any available colony card").
// The labels said only what it needs, and the board "exactly these tadpoles", so a player
// discarded tadpoles for three rounds (issue 38, second review). Every language says the extras
// stay, and they do.
func TestColonyExtrasStay(t *testing.T) {
	extras := map[string]string{
		msg.English: "(extras stay)",
		msg.German:  "(übrige bleiben)",
		msg.Spanish: "(los demás se quedan)",
		msg.French:  "(les autres restent)",
	}
	g := scenario(t, 2, nil)
	g.colonies("black1", "black2", "black3", "black4")
	g.put(0, "b2", "sverk", Up, "KKWRBB")
	g.begin(0)
	for _, c := range []struct{ partial, token string }{{"", "colonize"}, {"colonize", "g1"}} {
		m := choiceMsg(t, g, 0, c.partial, c.token)
		for _, lang := range msg.Languages {
			if got := msg.Render(m, lang, nil); !strings.Contains(got, extras[lang]) {
				t.Errorf("%s %q %s: %q does not say the extras stay", lang, c.partial, c.token, got)
			}
		}
	}
	play(t, g, "colonize g1")
	if got := g.at(0, "b2").T; got != pool("BB") {
		t.Errorf("sverk holds %v after paying KKWR from KKWRBB, want the two blue", got)
	}
}
