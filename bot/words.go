package bot

import (
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// say renders the seat placeholders of an engine text (rules.SeatRef) as the table's players,
// with the game's own name for each seat ("alice (Rainbow)"). Every engine text that leaves the
// bot goes through it; st may be nil, then seats are the players' names alone.
func say(row *storage.Game, st rules.State, text string) string {
	return rules.RenderSeats(text, func(s rules.Seat) string { return seatLabel(row, st, s) })
}

// eventLines renders the texts of the events seat may see (all of them for rules.Spectator:
// only the public ones; for a finished game pass all=true).
func eventLines(row *storage.Game, st rules.State, evs []rules.Event, seat rules.Seat, all bool) []string {
	var out []string
	for _, e := range evs {
		if all || e.VisibleTo(seat) {
			if t := strings.TrimSpace(e.Text); t != "" {
				out = append(out, say(row, st, t))
			}
		}
	}
	return out
}
