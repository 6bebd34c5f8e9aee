package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/boardbot/boardbot/storage"
)

func insertOutbox(ctx context.Context, tx pgx.Tx, msgs []storage.OutboxMessage) error {
	for i, m := range msgs {
		var game *int64
		if m.GameID != 0 {
			game = &m.GameID
		}
		if _, err := tx.Exec(ctx, `INSERT INTO outbox (game_id, kind, payload, attempts, next_try, created)
			VALUES ($1, $2, $3, 0, $4, $5)`, game, m.Kind, m.Payload, m.NextTry, m.Created); err != nil {
			return fmt.Errorf("queue outbox message %d (%s): %w", i, m.Kind, err)
		}
	}
	return nil
}

// Enqueue queues msgs in one transaction. A zero NextTry means now.
func (s *Store) Enqueue(ctx context.Context, msgs ...storage.OutboxMessage) error {
	rows, err := storage.PrepareOutbox(msgs, 0, now())
	if err != nil {
		return fmt.Errorf("postgres: enqueue: %w", err)
	}
	if err := s.write(ctx, func(tx pgx.Tx) error { return insertOutbox(ctx, tx, rows) }); err != nil {
		return fmt.Errorf("postgres: enqueue: %w", err)
	}
	return nil
}

const outboxColumns = `id, COALESCE(game_id, 0), kind, payload, attempts, next_try, created`

func scanOutbox(rows pgx.Rows) ([]storage.OutboxMessage, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (storage.OutboxMessage, error) {
		var m storage.OutboxMessage
		err := r.Scan(&m.ID, &m.GameID, &m.Kind, &m.Payload, &m.Attempts, &m.NextTry, &m.Created)
		m.NextTry, m.Created = m.NextTry.UTC(), m.Created.UTC()
		return m, err
	})
}

// Pending returns up to limit messages due at now (all of them when limit <= 0), by NextTry then
// by id.
func (s *Store) Pending(ctx context.Context, now time.Time, limit int) ([]storage.OutboxMessage, error) {
	var lim *int // NULL: no limit
	if limit > 0 {
		lim = &limit
	}
	rows, err := s.pool.Query(ctx, `SELECT `+outboxColumns+` FROM outbox WHERE next_try <= $1
		ORDER BY next_try, id LIMIT $2`, now, lim)
	if err != nil {
		return nil, fmt.Errorf("postgres: pending: %w", err)
	}
	msgs, err := scanOutbox(rows)
	if err != nil {
		return nil, fmt.Errorf("postgres: pending: %w", err)
	}
	return msgs, nil
}

// Claim holds up to limit due, unheld messages for owner until now+lease, never one behind an
// earlier message of its game that is held or put off (storage.Store.Claim). Claimants take
// turns on a transaction-scoped advisory lock: with SKIP LOCKED alone, a claimant would skip the
// rows another is still claiming and take the message behind them, out of order.
func (s *Store) Claim(ctx context.Context, owner string, now time.Time, lease time.Duration, limit int) ([]storage.OutboxMessage, error) {
	if owner == "" || limit <= 0 || lease <= 0 {
		return nil, fmt.Errorf("postgres: claim: need an owner, a positive lease and a positive limit")
	}
	var msgs []storage.OutboxMessage
	err := s.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, claimLock); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `WITH c AS (
				SELECT id FROM outbox o WHERE next_try <= $1 AND (claim_until IS NULL OR claim_until <= $1)
					AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.game_id = o.game_id AND e.id < o.id
						AND (e.next_try > $1 OR e.claim_until > $1))
				ORDER BY next_try, id LIMIT $2 FOR UPDATE)
			UPDATE outbox o SET claimed_by = $3, claim_until = $4,
				attempts = o.attempts + (o.claim_until IS NOT NULL)::int FROM c WHERE o.id = c.id
			RETURNING o.id, COALESCE(o.game_id, 0), o.kind, o.payload, o.attempts, o.next_try, o.created`,
			now, limit, owner, now.Add(lease))
		if err != nil {
			return err
		}
		msgs, err = scanOutbox(rows)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: claim: %w", err)
	}
	storage.SortOutbox(msgs) // RETURNING gives no order
	return msgs, nil
}

// claimLock is the advisory lock key claimants take turns on (any constant of our own).
const claimLock = 0x626f6172640001

// MarkSent removes a sent message.
func (s *Store) MarkSent(ctx context.Context, id int64) error {
	if err := mustChange(s.pool.Exec(ctx, `DELETE FROM outbox WHERE id = $1`, id)); err != nil {
		return fmt.Errorf("postgres: mark outbox message %d sent: %w", id, err)
	}
	return nil
}

// Retry counts a failed attempt, puts the message off until next and ends any claim on it.
func (s *Store) Retry(ctx context.Context, id int64, next time.Time) error {
	err := mustChange(s.pool.Exec(ctx, `UPDATE outbox SET attempts = attempts + 1, next_try = $1,
		claimed_by = '', claim_until = NULL WHERE id = $2`, next, id))
	if err != nil {
		return fmt.Errorf("postgres: retry outbox message %d: %w", id, err)
	}
	return nil
}

// Stats counts running games by kind and the outbox.
func (s *Store) Stats(ctx context.Context) (storage.Stats, error) {
	st := storage.Stats{Running: map[string]int{}}
	err := s.read(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT kind, COUNT(*) FROM games WHERE status = 'running' GROUP BY kind`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var kind string
			var n int
			if err := rows.Scan(&kind, &n); err != nil {
				return err
			}
			st.Running[kind] = n
		}
		if err := rows.Err(); err != nil {
			return err
		}
		var oldest *time.Time
		if err := tx.QueryRow(ctx, `SELECT COUNT(*), MIN(created) FROM outbox`).Scan(&st.Queued, &oldest); err != nil {
			return err
		}
		if oldest != nil {
			st.Oldest = oldest.UTC()
		}
		return nil
	})
	if err != nil {
		return storage.Stats{}, fmt.Errorf("postgres: stats: %w", err)
	}
	return st, nil
}
