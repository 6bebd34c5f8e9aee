package sqlstore

import (
	"context"
	"fmt"

	"github.com/boardbot/boardbot/storage"
)

// AppendMove commits w in one transaction: the interaction id, the move with the next seq, the
// game's snapshot, status, result, deadlines and seats, and the outbox messages. Nothing is
// written when it fails. An empty w.Status keeps the game's status; outbox messages without a
// GameID belong to w.GameID.
func (s *Store) AppendMove(ctx context.Context, w storage.MoveWrite) (int64, error) {
	version, err := s.appendMove(ctx, w)
	if err != nil {
		return 0, s.errorf("append move to game %d: %w", w.GameID, err)
	}
	return version, nil
}

func (s *Store) appendMove(ctx context.Context, w storage.MoveWrite) (int64, error) {
	t := Now()
	w, err := w.Prepare(t)
	if err != nil {
		return 0, err
	}
	deadline, err := s.d.nullTime(w.Deadline)
	if err != nil {
		return 0, fmt.Errorf("deadline: %w", err)
	}
	remindAt, err := s.d.nullTime(w.RemindAt)
	if err != nil {
		return 0, fmt.Errorf("remind at: %w", err)
	}
	at, err := s.d.Time(w.Move.At)
	if err != nil {
		return 0, fmt.Errorf("move time: %w", err)
	}
	updated, err := s.d.Time(t)
	if err != nil {
		return 0, err
	}
	msgs, err := s.outboxRows(w.Outbox)
	if err != nil {
		return 0, err
	}
	var version int64
	err = s.write(ctx, func(q Q) error {
		cur, err := s.lockVersion(ctx, q, w.GameID, -1)
		if err != nil {
			return err
		}
		// The duplicate check comes before the version check: a replayed interaction usually
		// carries a stale version too, and "already applied" is the answer its sender needs.
		if id := w.Move.InteractionID; id != "" {
			if err := rememberKey(ctx, q, s.d, scopeMove, id, t); err != nil {
				return fmt.Errorf("interaction %s: %w", id, err)
			}
		}
		if cur != w.ExpectVersion {
			return fmt.Errorf("at version %d, not %d: %w", cur, w.ExpectVersion, storage.ErrConflict)
		}
		var seq int64
		if err := q.QueryRow(ctx, `SELECT COALESCE(MAX(seq), 0) + 1 FROM moves WHERE game_id = ?`,
			w.GameID).Scan(&seq); err != nil {
			return fmt.Errorf("next seq: %w", err)
		}
		m := w.Move
		if _, err := q.Exec(ctx, `INSERT INTO moves (game_id, seq, seat, notation, user_id, interaction_id, at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, w.GameID, seq, m.Seat, m.Notation, m.UserID, m.InteractionID, at); err != nil {
			return fmt.Errorf("insert move %d: %w", seq, err)
		}
		if _, err := q.Exec(ctx, `UPDATE games SET snapshot = ?, status = COALESCE(NULLIF(?, ''), status),
			result = ?, deadline = ?, remind_at = ?, flow = ?, version = version + 1, updated = ?, move_count = ?,
			last_seat = ? WHERE id = ?`, notNull(w.Snapshot), string(w.Status), nullBytes(w.Result), deadline, remindAt,
			notNull(w.Flow), updated, seq, m.Seat, w.GameID); err != nil {
			return fmt.Errorf("update game: %w", err)
		}
		if w.Players != nil {
			if err := WriteSeats(ctx, q, w.GameID, w.Players); err != nil {
				return err
			}
		}
		if err := insertOutbox(ctx, q, msgs); err != nil {
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
	err := s.read(ctx, func(q Q) error {
		var exists bool
		if err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE id = ?)`, gameID).Scan(&exists); err != nil {
			return fmt.Errorf("find game: %w", err)
		}
		if !exists {
			return storage.ErrNotFound
		}
		var err error
		moves, err = readMoves(ctx, q, gameID)
		return err
	})
	if err != nil {
		return nil, s.errorf("moves of game %d: %w", gameID, err)
	}
	return moves, nil
}

// TruncateMoves removes the moves after keep and writes snapshot (undo). The interaction ids of
// the removed moves stay remembered.
func (s *Store) TruncateMoves(ctx context.Context, gameID, expectVersion, keep int64, snapshot []byte) (int64, error) {
	if keep < 0 {
		return 0, s.errorf("truncate moves of game %d: negative keep %d", gameID, keep)
	}
	updated, err := s.d.Time(Now())
	if err != nil {
		return 0, s.errorf("truncate moves of game %d: %w", gameID, err)
	}
	err = s.write(ctx, func(q Q) error {
		if _, err := s.lockVersion(ctx, q, gameID, expectVersion); err != nil {
			return err
		}
		if _, err := q.Exec(ctx, `DELETE FROM moves WHERE game_id = ? AND seq > ?`, gameID, keep); err != nil {
			return fmt.Errorf("delete moves: %w", err)
		}
		if _, err := q.Exec(ctx, `UPDATE games SET snapshot = ?, version = version + 1, updated = ?,
			move_count = (SELECT COUNT(*) FROM moves WHERE game_id = ?),
			last_seat = COALESCE((SELECT seat FROM moves WHERE game_id = ? ORDER BY seq DESC LIMIT 1), -1)
			WHERE id = ?`, notNull(snapshot), updated, gameID, gameID, gameID); err != nil {
			return fmt.Errorf("update game: %w", err)
		}
		return nil
	})
	if err != nil {
		return 0, s.errorf("truncate moves of game %d after %d: %w", gameID, keep, err)
	}
	return expectVersion + 1, nil
}

// HasMove reports whether game's log holds a move made by interaction.
func (s *Store) HasMove(ctx context.Context, game int64, interaction string) (bool, error) {
	if interaction == "" {
		return false, nil
	}
	var found bool
	err := s.reader().QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM moves WHERE game_id = ? AND interaction_id = ?)`,
		game, interaction).Scan(&found)
	if err != nil {
		return false, s.errorf("find interaction %s in game %d: %w", interaction, game, err)
	}
	return found, nil
}

// readMoves reads the log of a game in order.
func readMoves(ctx context.Context, q Q, gameID int64) ([]storage.Move, error) {
	rows, err := q.Query(ctx, `SELECT seq, seat, notation, user_id, interaction_id, at
		FROM moves WHERE game_id = ? ORDER BY seq`, gameID)
	if err != nil {
		return nil, fmt.Errorf("query: %w", err)
	}
	defer rows.Close()
	var moves []storage.Move
	for rows.Next() {
		m := storage.Move{GameID: gameID}
		if err := rows.Scan(&m.Seq, &m.Seat, &m.Notation, &m.UserID, &m.InteractionID, TimeCol{&m.At}); err != nil {
			return nil, fmt.Errorf("read move after %d: %w", len(moves), err)
		}
		moves = append(moves, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	return moves, nil
}
