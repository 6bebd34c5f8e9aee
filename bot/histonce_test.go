package bot

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// TestHistoryTellsATurnOnce: a game that tells a whole turn in one line for the posts (Ausonia's
// turn, a Reef larva play) and its steps one by one has the history tell the steps, not the
// line too ("Otto discards Envoy from hand. Otto plays gem cards for 1 sapphire, discards
// Envoy.").
func TestHistoryTellsATurnOnce(t *testing.T) {
	for _, c := range []struct {
		kind  string
		seats int
	}{{"ausonia", 2}, {"ausonia", 1}, {"reef-encounter", 2}} {
		t.Run(c.kind, func(t *testing.T) {
			row, moves := randomLog(t, c.kind, c.seats, 5, 300)
			g := replayKits[c.kind].Game
			log, err := historyEvents(g, row, moves)
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, lm := range log {
				for _, e := range lm.evs {
					if e.Summary && e.Public() && len(e.English()) > 25 {
						lines = append(lines, eventText(LangEnglish, e, func(s rules.Seat) string { return playerName(row, s) }))
					}
				}
			}
			if len(lines) < 3 {
				t.Fatalf("only %d summary lines in the game", len(lines))
			}
			text := strings.Join(historyText(LangEnglish, historyTurns(LangEnglish, row, moves, log, nil, true, false)), "\n")
			for _, l := range lines {
				if strings.Contains(text, l) {
					t.Errorf("the history tells the turn's line as well as its steps: %q", l)
				}
			}
		})
	}
}
