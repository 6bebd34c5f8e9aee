package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/boardbot/boardbot/storage"
)

// AppendMove commits w in one transaction (see storage.Store): nothing is written when it fails.
func (s *Store) AppendMove(ctx context.Context, w storage.MoveWrite) (int64, error) {
	version, err := s.appendMove(ctx, w)
	if err != nil {
		return 0, fmt.Errorf("postgres: append move to game %d: %w", w.GameID, err)
	}
	return version, nil
}

func (s *Store) appendMove(ctx context.Context, w storage.MoveWrite) (int64, error) {
	t := now()
	w, err := w.Prepare(t)
	if err != nil {
		return 0, err
	}
	var version int64
	err = s.write(ctx, func(tx pgx.Tx) error {
		cur, err := lockVersion(ctx, tx, w.GameID, -1)
		if err != nil {
			return err
		}
		// Duplicate before conflict: a replayed interaction usually carries a stale version too,
		// and "already applied" is the answer its sender needs.
		if id := w.Move.InteractionID; id != "" {
			if err := rememberKey(ctx, tx, scopeMove, id, t); err != nil {
				return fmt.Errorf("interaction %s: %w", id, err)
			}
		}
		if cur != w.ExpectVersion {
			return fmt.Errorf("at version %d, not %d: %w", cur, w.ExpectVersion, storage.ErrConflict)
		}
		var seq int64
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(seq), 0) + 1 FROM moves WHERE game_id = $1`,
			w.GameID).Scan(&seq); err != nil {
			return fmt.Errorf("next seq: %w", err)
		}
		m := w.Move
		if _, err := tx.Exec(ctx, `INSERT INTO moves (game_id, seq, seat, notation, user_id, interaction_id, at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, w.GameID, seq, m.Seat, m.Notation, m.UserID, m.InteractionID, m.At); err != nil {
			return fmt.Errorf("insert move %d: %w", seq, err)
		}
		if _, err := tx.Exec(ctx, `UPDATE games SET snapshot = $1, status = COALESCE(NULLIF($2, ''), status),
			result = $3, deadline = $4, remind_at = $5, version = version + 1, updated = $6, move_count = $7,
			last_seat = $8, flow = $9 WHERE id = $10`, w.Snapshot, string(w.Status), w.Result, w.Deadline, w.RemindAt, t,
			seq, m.Seat, flowBytes(w.Flow), w.GameID); err != nil {
			return fmt.Errorf("update game: %w", err)
		}
		if w.Players != nil {
			if err := writeSeats(ctx, tx, w.GameID, w.Players); err != nil {
				return err
			}
		}
		if err := insertOutbox(ctx, tx, w.Outbox); err != nil {
			return err
		}
		version = cur + 1
		return nil
	})
	return version, err
}

// Moves returns the log of a game in order.
func (s *Store) Moves(ctx context.Context, gameID int64) ([]storage.Move, error) {
	var moves []storage.Move
	err := s.read(ctx, func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)`, gameID).Scan(&exists); err != nil {
			return fmt.Errorf("find game: %w", err)
		}
		if !exists {
			return storage.ErrNotFound
		}
		rows, err := tx.Query(ctx, `SELECT seq, seat, notation, user_id, interaction_id, at
			FROM moves WHERE game_id = $1 ORDER BY seq`, gameID)
		if err != nil {
			return fmt.Errorf("query: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			m := storage.Move{GameID: gameID}
			if err := rows.Scan(&m.Seq, &m.Seat, &m.Notation, &m.UserID, &m.InteractionID, &m.At); err != nil {
				return fmt.Errorf("read move after %d: %w", len(moves), err)
			}
			m.At = m.At.UTC()
			moves = append(moves, m)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: moves of game %d: %w", gameID, err)
	}
	return moves, nil
}

// TruncateMoves removes the moves after keep and writes snapshot (undo). The interaction ids of
// the removed moves stay remembered.
func (s *Store) TruncateMoves(ctx context.Context, gameID, expectVersion, keep int64, snapshot []byte) (int64, error) {
	if keep < 0 {
		return 0, fmt.Errorf("postgres: truncate moves of game %d: negative keep %d", gameID, keep)
	}
	if snapshot == nil {
		snapshot = []byte{}
	}
	t := now()
	err := s.write(ctx, func(tx pgx.Tx) error {
		if _, err := lockVersion(ctx, tx, gameID, expectVersion); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM moves WHERE game_id = $1 AND seq > $2`, gameID, keep); err != nil {
			return fmt.Errorf("delete moves: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE games SET snapshot = $1, version = version + 1, updated = $2,
			move_count = (SELECT COUNT(*) FROM moves WHERE game_id = $3),
			last_seat = COALESCE((SELECT seat FROM moves WHERE game_id = $3 ORDER BY seq DESC LIMIT 1), -1)
			WHERE id = $3`, snapshot, t, gameID); err != nil {
			return fmt.Errorf("update game: %w", err)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("postgres: truncate moves of game %d after %d: %w", gameID, keep, err)
	}
	return expectVersion + 1, nil
}

// HasMove reports whether game's log holds a move made by interaction.
func (s *Store) HasMove(ctx context.Context, game int64, interaction string) (bool, error) {
	if interaction == "" {
		return false, nil
	}
	var found bool
	err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM moves WHERE game_id = $1 AND interaction_id = $2)`,
		game, interaction).Scan(&found)
	if err != nil {
		return false, fmt.Errorf("postgres: find interaction %s in game %d: %w", interaction, game, err)
	}
	return found, nil
}

// flowBytes keeps the NOT NULL flow column filled when a write carries none.
func flowBytes(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}
