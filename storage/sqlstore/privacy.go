package sqlstore

import (
	"context"
	"strconv"

	"github.com/boardbot/boardbot/storage"
)

// ForgetUser erases a user's data, leaving their finished games with a former player in their
// seats (see storage.Store).
func (s *Store) ForgetUser(ctx context.Context, user string, rename func(game int64, guild string, seat int) string) (int, error) {
	if user == "" {
		return 0, s.errorf("forget: empty user id")
	}
	var changed int
	err := s.write(ctx, func(q Q) error {
		var playing int
		if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM seats JOIN games ON games.id = seats.game_id
			WHERE seats.user_id = ? AND NOT seats.robot AND games.status IN ('lobby', 'running')`, user).Scan(&playing); err != nil {
			return err
		}
		if playing > 0 {
			return storage.ErrPlaying
		}
		type seat struct {
			game  int64
			guild string
			seat  int
		}
		var seats []seat
		err := func() error {
			rows, err := q.Query(ctx, `SELECT seats.game_id, games.guild, seats.seat FROM seats
				JOIN games ON games.id = seats.game_id WHERE seats.user_id = ? ORDER BY seats.game_id, seats.seat`, user)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var st seat
				if err := rows.Scan(&st.game, &st.guild, &st.seat); err != nil {
					return err
				}
				seats = append(seats, st)
			}
			return rows.Err()
		}()
		if err != nil {
			return err
		}
		games := map[int64]bool{}
		for _, st := range seats {
			if _, err := q.Exec(ctx, `UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND seat = ?`,
				storage.FormerUser(st.game, st.seat), rename(st.game, st.guild, st.seat), st.game, st.seat); err != nil {
				return err
			}
			games[st.game] = true
		}
		// Moves: by seat, so that a move of theirs in a game they no longer sit in (replaced)
		// gets the former player of the seat it was played for.
		for _, query := range []string{`SELECT DISTINCT game_id FROM moves WHERE user_id = ?`,
			`SELECT id FROM games WHERE creator = ?`} {
			ids, err := Int64s(ctx, q, query, user)
			if err != nil {
				return err
			}
			for _, id := range ids {
				games[id] = true
			}
		}
		if _, err := q.Exec(ctx, `UPDATE moves SET user_id = 'former:' || game_id || ':' || seat WHERE user_id = ?`, user); err != nil {
			return err
		}
		if _, err := q.Exec(ctx, `UPDATE games SET creator = '' WHERE creator = ?`, user); err != nil {
			return err
		}
		for id := range games {
			if _, err := q.Exec(ctx, `UPDATE games SET version = version + 1 WHERE id = ?`, id); err != nil {
				return err
			}
		}
		// A user's own settings, and those kept per user under another id ("<scope id>/<user>").
		if _, err := q.Exec(ctx, `DELETE FROM settings WHERE (scope = 'user' AND id = CAST(? AS TEXT))
			OR (length(id) > length(CAST(? AS TEXT)) + 1
				AND substr(id, length(id) - length(CAST(? AS TEXT))) = '/' || CAST(? AS TEXT))`,
			user, user, user, user); err != nil {
			return err
		}
		changed = len(games)
		return nil
	})
	if err != nil {
		return 0, s.errorf("forget user %s: %w", user, err)
	}
	return changed, nil
}

// DeleteGuild deletes a server's games and settings (see storage.Store).
func (s *Store) DeleteGuild(ctx context.Context, guild string) (int, error) {
	if guild == "" {
		return 0, s.errorf("delete server: empty server id")
	}
	var deleted int
	err := s.write(ctx, func(q Q) error {
		ids, err := Int64s(ctx, q, `SELECT id FROM games WHERE guild = ?`, guild)
		if err != nil {
			return err
		}
		for _, id := range ids {
			g := strconv.FormatInt(id, 10)
			if _, err := q.Exec(ctx, `DELETE FROM settings WHERE scope NOT IN ('user', 'guild')
				AND (id = CAST(? AS TEXT) OR substr(id, 1, length(CAST(? AS TEXT)) + 1) = CAST(? AS TEXT) || '/')`,
				g, g, g); err != nil {
				return err
			}
		}
		// Seats, moves and queued messages go with their game (ON DELETE CASCADE).
		if _, err := q.Exec(ctx, `DELETE FROM games WHERE guild = ?`, guild); err != nil {
			return err
		}
		if _, err := q.Exec(ctx, `DELETE FROM settings WHERE scope = 'guild' AND id = ?`, guild); err != nil {
			return err
		}
		// The players' vacations on this server are kept per user under a key naming it.
		if _, err := q.Exec(ctx, `DELETE FROM settings WHERE scope = 'user' AND key IN (?, ?)`,
			"vacation:"+guild, "vacation_auto:"+guild); err != nil {
			return err
		}
		deleted = len(ids)
		return nil
	})
	if err != nil {
		return 0, s.errorf("delete server %s: %w", guild, err)
	}
	return deleted, nil
}
