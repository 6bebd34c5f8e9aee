package discord

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/bot"
)

// Finding 8 and Deliver 9: no forged button id makes the handler panic; each is answered with a
// refusal or an outdated notice, never the apology for a crash.
func TestForgedButtonIDsNeverPanic(t *testing.T) {
	e := newEnv(t)
	thread, p := e.started()
	user := strings.TrimPrefix(p.user, "u-")
	forged := []string{
		"g/1/page/" + p.seq + "/-5", "g/1/page/" + p.seq + "/-5/x", "g/1/page/" + p.seq + "/99999999999", "g/1/page/-1/0", "g/1/page/1/99999999999999999999",
		"g/1/page/1/9223372036854775807/x", "g/1/pick/-1", "g/1/back/-1", "g/1/play/1", "g/1/play/x/y/z",
		"g/1/turn/-1/" + p.user, "g/1/turn/1", "g/1/ans/-1/" + p.user, "g/1/ans/1/" + p.user + "/~zz",
		"g/1/late/-1/skip", "g/1/late/1/nothing", "g/1/undo/-1/yes", "g/1/undo/1/maybe", "g/1/view/extra",
		"g/2/turn/1/" + p.user, "g/1/nothing", "g/1/", "g/0/turn", "g/-1/turn", "x/1/turn",
	}
	for _, id := range forged {
		rs := e.do(e.click(user, thread, id, nil))
		for _, r := range rs {
			if c := content(r.JSON) + content(data(r)); strings.Contains(c, bot.T(bot.LangEnglish, "dc_sorry")) {
				t.Errorf("%s: answered with the apology for a crash", id)
			}
		}
	}
	if strings.Contains(e.logs.String(), "panic in interaction") {
		t.Fatalf("a panic:\n%s", e.logs)
	}
}
