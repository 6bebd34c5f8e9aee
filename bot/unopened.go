package bot

import (
	"context"
	"strconv"

	"github.com/boardbot/boardbot/storage"
)

// keyUnopened is the refusal noted for a game whose lobby or thread Discord refused at /create:
// refusedAndOver then drops whatever the game queued, as for a thread that refuses posts.
const keyUnopened = "unopened"

// Unopened closes a game that Discord would not let the bot open (its lobby post or thread was
// refused: a revoked token, an outage, a missing permission). Nobody ended it, so nothing is
// said or logged in anyone's name, and what it queued (a game with AI seats begins at once) is
// dropped instead of being posted once Discord answers again: the players were told at /create
// that nothing was created. cause is Discord's error, for the log.
func (s *Service) Unopened(ctx context.Context, game int64, cause error) error {
	t, err := s.load(ctx, game)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	row := t.row
	if row.Status == storage.StatusFinished || row.Status == storage.StatusAborted {
		return nil
	}
	// Noted first: a post the outbox takes between the two writes is dropped all the same once
	// the game is over, and none may go out once it is.
	if err := s.store.SetSetting(ctx, scopeGame, strconv.FormatInt(game, 10), keyRefused, keyUnopened); err != nil {
		return err
	}
	row.Status = storage.StatusAborted
	row.Deadline, row.RemindAt = nil, nil
	if err := s.store.UpdateGame(ctx, row); err != nil {
		_ = s.reload(ctx, t)
		return err
	}
	s.log.Warn("game closed: Discord refused to open its lobby or thread; nobody aborted it", "game", game, "guild", row.Guild, "creator", row.Creator, "err", cause)
	return nil
}
