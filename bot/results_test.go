package bot

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
	"github.com/boardbot/boardbot/rules/msg/msgtest"
)

func TestResultsCatalogueComplete(t *testing.T) {
	msgtest.Check(t, resultsCat, ".")
}

// The platform's reasons are stored as messages: each reader gets them in their language, with
// players named by the platform, and the English text keeps the seats as placeholders.
func TestPlatformReasons(t *testing.T) {
	name := func(s int) string { return []string{"ann (Haus I)", "bob (Haus II)", "cy (Haus III)"}[s] }
	for _, c := range []struct {
		m        *msg.Message
		lang     string
		english  string
		rendered string
	}{
		{resignedMsg([]rules.Seat{1}), "de", "{seat:1} resigned", "bob (Haus II) hat aufgegeben"},
		{outOfTimeMsg([]rules.Seat{0, 2}), "fr", "{seat:0} and {seat:2} ran out of time", "temps écoulé pour ann (Haus I) et cy (Haus III)"},
		{outOfTimeMsg([]rules.Seat{0, 1, 2}), "en", "{seat:0}, {seat:1} and {seat:2} ran out of time", "ann (Haus I), bob (Haus II) and cy (Haus III) ran out of time"},
		{leftMsg([]rules.Seat{2}), "es", "{seat:2} left the game and ranks last", ""},
		{leftMsg([]rules.Seat{0, 1}), "en", "{seat:0} and {seat:1} left the game and rank last", ""},
	} {
		if err := msg.Verify(c.m); err != nil {
			t.Errorf("%s: %v", c.english, err)
		}
		res := platformReason(&rules.Result{}, c.m)
		if res.English() != c.english {
			t.Errorf("English %q, want %q", res.English(), c.english)
		}
		got := msg.Render(res.ReasonMsg, c.lang, name)
		if c.rendered != "" && got != c.rendered {
			t.Errorf("%s: %q, want %q", c.lang, got, c.rendered)
		}
		if p := msg.Render(res.ReasonMsg, msg.Pseudo, name); p == c.english || p == "" {
			t.Errorf("pseudo rendering of %q: %q", c.english, p)
		}
	}
}
