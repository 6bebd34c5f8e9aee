package bot

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// TestHistorySpeaksToItsOwnerOnly: a private line told in the second person ("You drew …") is in
// its owner's history only, during the game and after it; a line meant for the mover's reply
// ("You pass with … unused", "Nothing is left to play: your turn ends here.") is in nobody's
// (issue #37: alice's history read Bea's "You drew Spice Factor." once the game was over).
func TestHistorySpeaksToItsOwnerOnly(t *testing.T) {
	row, moves := randomLog(t, "ausonia", 2, 5, 200)
	log, err := historyEvents(replayKits["ausonia"].Game, row, moves)
	if err != nil {
		t.Fatal(err)
	}
	for _, open := range []bool{false, true} {
		owned := 0
		for _, tn := range historyTurns(LangEnglish, row, moves, log, []rules.Seat{0}, open, false) {
			text := strings.Join(tn.lines, " ")
			for _, reply := range []string{"You pass with", "Nothing is left to play"} {
				if strings.Contains(text, reply) {
					t.Errorf("open=%v: turn %d tells the mover's reply: %q", open, tn.num, text)
				}
			}
			if strings.Contains(text, "You drew") {
				if tn.seat != 0 {
					t.Errorf("open=%v: ann reads Ada's private line as her own: %q", open, text)
				}
				owned++
			}
		}
		if owned == 0 {
			t.Errorf("open=%v: ann's own draws are not in her history", open)
		}
	}
}
