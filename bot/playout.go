package bot

import (
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// Playing a game out. When the last person at the table resigns (or runs out of time) and only
// the AI is left, the rules give no ranking before the game's end, so the AI plays it out. Nobody
// follows its turns in the thread: the thread is told once, at the end, that the AI played the
// game out, with the result, the scores and the final board; every move stays in /history and in
// the exported record. (Posting the AI's turns made a resignation's last post 200 lines long.)

// playingOut reports whether nobody but the bot is left at the table and someone was there: every
// seat is the bot's and one was taken over from its player (a game of AI seats alone is followed
// as any other).
func playingOut(row *storage.Game, f flow) bool {
	if len(row.Players) == 0 || len(f.Takeovers) == 0 {
		return false
	}
	for _, p := range row.Players {
		if !p.Robot {
			return false
		}
	}
	return true
}

// playout is afterMove while the AI plays a game out: the moves are not told one by one, and the
// game's end is one short post, led by what happened, with the result and the final board.
// Events still waiting from before the last player left are told in it too.
func (s *Service) playout(t *table, st rules.State, seq int64, f flow) (flow, []storage.OutboxMessage) {
	if st.Result() == nil {
		f.Awaited, f.Turn, f.Shared, f.Held = awaitedSeats(st), turnCount(st), false, 0
		return f, nil
	}
	lang := s.threadLang(t.row)
	return s.post(t, st, seq, f, T(lang, "playout_over", "StandIn", s.standInText(lang)))
}
