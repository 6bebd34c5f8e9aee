package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/boardbot/boardbot/storage"
	"github.com/boardbot/boardbot/storage/sqlstore"
)

// The Copier side of `boardbot migrate-db`: rows are written as the source holds them, ids,
// versions and times included. Run it on an empty database (Empty), then FinishCopy.

var _ storage.Copier = (*Store)(nil)

// Empty reports whether the database holds no game, key, setting or message, so a copy never
// mixes two installations.
func (s *Store) Empty(ctx context.Context) (bool, error) {
	var any bool
	err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games) OR EXISTS (SELECT 1 FROM idempotency)
		OR EXISTS (SELECT 1 FROM settings) OR EXISTS (SELECT 1 FROM outbox)`).Scan(&any)
	if err != nil {
		return false, fmt.Errorf("postgres: is empty: %w", err)
	}
	return !any, nil
}

// CopyGame writes g, its seats and its log in one transaction.
func (s *Store) CopyGame(ctx context.Context, g *storage.Game, log []storage.Move) error {
	args, err := dialect.GameArgs(g)
	if err != nil {
		return fmt.Errorf("postgres: copy game %d: %w", g.ID, err)
	}
	err = s.write(ctx, func(tx pgx.Tx) error {
		q := s.Bind(pgQ{tx})
		if _, err := q.Exec(ctx, `INSERT INTO games (id, version, created, updated, move_count, last_seat, `+
			strings.Join(sqlstore.GameWriteColumns, ", ")+`) VALUES (`+sqlstore.Placeholders(6+len(sqlstore.GameWriteColumns))+`)`,
			append([]any{g.ID, g.Version, g.Created, g.Updated, g.MoveCount, g.LastSeat}, args...)...); err != nil {
			return fmt.Errorf("insert: %w", err)
		}
		if err := sqlstore.WriteSeats(ctx, q, g.ID, g.Players); err != nil {
			return err
		}
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"moves"},
			[]string{"game_id", "seq", "seat", "notation", "user_id", "interaction_id", "at"},
			pgx.CopyFromSlice(len(log), func(i int) ([]any, error) {
				m := log[i]
				return []any{g.ID, m.Seq, m.Seat, m.Notation, m.UserID, m.InteractionID, m.At}, nil
			}))
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: copy game %d: %w", g.ID, err)
	}
	return nil
}

// CopyKeys writes idempotency keys.
func (s *Store) CopyKeys(ctx context.Context, keys []storage.Key) error {
	_, err := s.pool.CopyFrom(ctx, pgx.Identifier{"idempotency"}, []string{"scope", "key", "created"},
		pgx.CopyFromSlice(len(keys), func(i int) ([]any, error) {
			return []any{keys[i].Scope, keys[i].Key, keys[i].Created}, nil
		}))
	if err != nil {
		return fmt.Errorf("postgres: copy keys: %w", err)
	}
	return nil
}

// CopySettings writes settings.
func (s *Store) CopySettings(ctx context.Context, settings []storage.Setting) error {
	_, err := s.pool.CopyFrom(ctx, pgx.Identifier{"settings"}, []string{"scope", "id", "key", "value"},
		pgx.CopyFromSlice(len(settings), func(i int) ([]any, error) {
			st := settings[i]
			return []any{st.Scope, st.ID, st.Key, st.Value}, nil
		}))
	if err != nil {
		return fmt.Errorf("postgres: copy settings: %w", err)
	}
	return nil
}

// CopyOutbox writes queued messages with their ids, unclaimed.
func (s *Store) CopyOutbox(ctx context.Context, msgs []storage.OutboxMessage) error {
	_, err := s.pool.CopyFrom(ctx, pgx.Identifier{"outbox"},
		[]string{"id", "game_id", "kind", "payload", "attempts", "next_try", "created"},
		pgx.CopyFromSlice(len(msgs), func(i int) ([]any, error) {
			m := msgs[i]
			var game *int64
			if m.GameID != 0 {
				game = &m.GameID
			}
			payload := m.Payload
			if payload == nil {
				payload = []byte{}
			}
			return []any{m.ID, game, m.Kind, payload, m.Attempts, m.NextTry, m.Created}, nil
		}))
	if err != nil {
		return fmt.Errorf("postgres: copy outbox: %w", err)
	}
	return nil
}

// FinishCopy moves the id generators past the copied ids, so new games and messages do not
// collide with them.
func (s *Store) FinishCopy(ctx context.Context) error {
	for _, table := range []string{"games", "outbox"} {
		if _, err := s.pool.Exec(ctx, `SELECT setval(pg_get_serial_sequence($1, 'id'),
			COALESCE((SELECT MAX(id) FROM `+table+`), 0) + 1, false)`, table); err != nil {
			return fmt.Errorf("postgres: finish copy: %s ids: %w", table, err)
		}
	}
	return nil
}
