package reef

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules/msg"
)

// A turn prompt reads as one sentence in every language, like English: no lead before a colon that
// the short prompt would take for the decision's name ("du bist am Zug: Wähle frei", "Jetzt").
func TestTurnPromptHasNoColonLead(t *testing.T) {
	s := fixture(t, 2)
	p := &s.Players[0]
	p.Cubes[White], p.Screen[White] = 1, 2
	prompts := []*msg.Message{s.Awaiting()[0].Msg}
	prompts = append(prompts, say("prompt_turn_end", nest("End", endTurnTake)),
		say("prompt_turn_end", nest("End", say("end_turn_rock", whereArg("Square", at("1:E6"))))))
	for _, m := range prompts {
		if m == nil || !strings.HasPrefix(m.ID, "prompt_turn") {
			t.Fatalf("not a turn prompt: %v", m)
		}
		for _, lang := range []string{"en", "de", "es", "fr"} {
			if txt := msg.Render(m, lang, nil); strings.Contains(txt, ":") {
				t.Errorf("%s %s: %q has a colon", lang, m.ID, txt)
			}
		}
	}
}
