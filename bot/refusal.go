package bot

import (
	"context"
	"fmt"
)

// scopeSeen keeps, in the settings store (so no table of its own, and the same on every
// instance and after a restart), which players were already told where moves are found
// (message move_help) in which game: it follows the first refused move a player makes in a
// game, not every one; after that they know, and /rules says it again on request.
const scopeSeen = "seen"

// refusedMove is the refusal of a move: the reason, with players named, and move_help the first
// time this player is refused in this game.
func (s *Service) refusedMove(ctx context.Context, lang string, t *table, u User, reason string) error {
	text := ensureStop(renderSeatsIn(lang, reason, seatNamer(lang, t.row, t.state)))
	id := fmt.Sprintf("%d/%s", t.row.ID, u.ID)
	if _, seen, err := s.store.Setting(ctx, scopeSeen, id, "move-help"); err == nil && !seen {
		if err := s.store.SetSetting(ctx, scopeSeen, id, "move-help", "1"); err != nil {
			s.log.Warn("remembering move help", "game", t.row.ID, "err", err)
		}
		text += " " + T(lang, "move_help")
	}
	return refuse("%s", text)
}
