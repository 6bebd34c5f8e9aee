package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/boardbot/boardbot/storage"
)

// ForgetUser erases a user's data, leaving their finished games with a former player in their
// seats (see storage.Store).
func (s *Store) ForgetUser(ctx context.Context, user string, rename func(game int64, guild string, seat int) string) (int, error) {
	if user == "" {
		return 0, errors.New("postgres: forget: empty user id")
	}
	var changed int
	err := s.write(ctx, func(tx pgx.Tx) error {
		var playing int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM seats JOIN games ON games.id = seats.game_id
			WHERE seats.user_id = $1 AND NOT seats.robot AND games.status IN ('lobby', 'running')`, user).Scan(&playing); err != nil {
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
		rows, err := tx.Query(ctx, `SELECT seats.game_id, games.guild, seats.seat FROM seats
			JOIN games ON games.id = seats.game_id WHERE seats.user_id = $1 ORDER BY seats.game_id, seats.seat`, user)
		if err != nil {
			return err
		}
		for rows.Next() {
			var st seat
			if err := rows.Scan(&st.game, &st.guild, &st.seat); err != nil {
				rows.Close()
				return err
			}
			seats = append(seats, st)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		games := map[int64]bool{}
		for _, st := range seats {
			if _, err := tx.Exec(ctx, `UPDATE seats SET user_id = $1, name = $2 WHERE game_id = $3 AND seat = $4`,
				storage.FormerUser(st.game, st.seat), rename(st.game, st.guild, st.seat), st.game, st.seat); err != nil {
				return err
			}
			games[st.game] = true
		}
		// Moves: by seat, so that a move of theirs in a game they no longer sit in (replaced)
		// gets the former player of the seat it was played for.
		if err := gameIDs(ctx, tx, games, `SELECT DISTINCT game_id FROM moves WHERE user_id = $1`, user); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE moves SET user_id = 'former:' || game_id || ':' || seat WHERE user_id = $1`, user); err != nil {
			return err
		}
		if err := gameIDs(ctx, tx, games, `SELECT id FROM games WHERE creator = $1`, user); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE games SET creator = '' WHERE creator = $1`, user); err != nil {
			return err
		}
		for id := range games {
			if _, err := tx.Exec(ctx, `UPDATE games SET version = version + 1 WHERE id = $1`, id); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM settings WHERE (scope = 'user' AND id = $1::text)
			OR (length(id) > length($1::text) + 1 AND right(id, length($1::text) + 1) = '/' || $1::text)`, user); err != nil {
			return err
		}
		changed = len(games)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("postgres: forget user %s: %w", user, err)
	}
	return changed, nil
}

// gameIDs adds to games the ids query returns.
func gameIDs(ctx context.Context, tx pgx.Tx, games map[int64]bool, query string, args ...any) error {
	rows, err := tx.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		games[id] = true
	}
	return rows.Err()
}

// DeleteGuild deletes a server's games and settings (see storage.Store).
func (s *Store) DeleteGuild(ctx context.Context, guild string) (int, error) {
	if guild == "" {
		return 0, errors.New("postgres: delete server: empty server id")
	}
	var deleted int
	err := s.write(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id FROM games WHERE guild = $1`, guild)
		if err != nil {
			return err
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, id := range ids {
			g := strconv.FormatInt(id, 10)
			if _, err := tx.Exec(ctx, `DELETE FROM settings WHERE scope NOT IN ('user', 'guild')
				AND (id = $1::text OR substr(id, 1, length($1::text) + 1) = $1::text || '/')`, g); err != nil {
				return err
			}
		}
		// Seats, moves and queued messages go with their game (ON DELETE CASCADE).
		if _, err := tx.Exec(ctx, `DELETE FROM games WHERE guild = $1`, guild); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM settings WHERE scope = 'guild' AND id = $1`, guild); err != nil {
			return err
		}
		deleted = len(ids)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("postgres: delete server %s: %w", guild, err)
	}
	return deleted, nil
}
