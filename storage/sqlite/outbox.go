package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// outboxRow is one message converted for insertion.
type outboxRow struct {
	gameID  sql.NullInt64 // NULL for a message that belongs to no game
	kind    string
	payload []byte
	next    int64
	created int64
}

// outboxRows converts prepared messages (storage.PrepareOutbox) before a transaction starts.
func outboxRows(msgs []storage.OutboxMessage) ([]outboxRow, error) {
	rows := make([]outboxRow, 0, len(msgs))
	for i, m := range msgs {
		next, err := toNanos(m.NextTry)
		if err != nil {
			return nil, fmt.Errorf("outbox message %d: next try: %w", i, err)
		}
		rows = append(rows, outboxRow{kind: m.Kind, payload: m.Payload, next: next, created: m.Created.UnixNano(),
			gameID: sql.NullInt64{Int64: m.GameID, Valid: m.GameID != 0}})
	}
	return rows, nil
}

func insertOutbox(ctx context.Context, tx *sql.Tx, rows []outboxRow) error {
	for i, r := range rows {
		if _, err := tx.ExecContext(ctx, `INSERT INTO outbox (game_id, kind, payload, attempts, next_try, created)
			VALUES (?, ?, ?, 0, ?, ?)`, r.gameID, r.kind, r.payload, r.next, r.created); err != nil {
			return fmt.Errorf("queue outbox message %d (%s): %w", i, r.kind, err)
		}
	}
	return nil
}

// Enqueue queues msgs in one transaction. A zero NextTry means now.
func (s *Store) Enqueue(ctx context.Context, msgs ...storage.OutboxMessage) error {
	prepared, err := storage.PrepareOutbox(msgs, 0, now())
	if err != nil {
		return fmt.Errorf("sqlite: enqueue: %w", err)
	}
	rows, err := outboxRows(prepared)
	if err != nil {
		return fmt.Errorf("sqlite: enqueue: %w", err)
	}
	if err := s.write(ctx, func(tx *sql.Tx) error { return insertOutbox(ctx, tx, rows) }); err != nil {
		return fmt.Errorf("sqlite: enqueue: %w", err)
	}
	return nil
}

// Pending returns up to limit messages due at now (all of them when limit <= 0), by NextTry then
// by id.
func (s *Store) Pending(ctx context.Context, now time.Time, limit int) ([]storage.OutboxMessage, error) {
	due, err := toNanos(now)
	if err != nil {
		return nil, fmt.Errorf("sqlite: pending: %w", err)
	}
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	rows, err := s.r.QueryContext(ctx, `SELECT `+outboxColumns+`
		FROM outbox WHERE next_try <= ? ORDER BY next_try, id LIMIT ?`, due, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: pending: %w", err)
	}
	msgs, err := scanOutbox(rows)
	if err != nil {
		return nil, fmt.Errorf("sqlite: pending: %w", err)
	}
	return msgs, nil
}

const outboxColumns = `id, game_id, kind, payload, attempts, next_try, created`

// scanOutbox reads and closes rows of outboxColumns.
func scanOutbox(rows *sql.Rows) ([]storage.OutboxMessage, error) {
	defer rows.Close()
	var msgs []storage.OutboxMessage
	for rows.Next() {
		var m storage.OutboxMessage
		var game sql.NullInt64
		var next, created int64
		if err := rows.Scan(&m.ID, &game, &m.Kind, &m.Payload, &m.Attempts, &next, &created); err != nil {
			return nil, fmt.Errorf("read message: %w", err)
		}
		m.GameID = game.Int64
		m.NextTry, m.Created = fromNanos(next), fromNanos(created)
		msgs = append(msgs, m)
	}
	return msgs, rows.Err()
}

// Claim holds up to limit due, unheld messages for owner until now+lease, never one behind an
// earlier message of its game that is held or put off (storage.Store.Claim). The writer's
// transaction is what SKIP LOCKED is in PostgreSQL: claimants queue on the one write lock, and
// each sees the leases the one before it wrote.
func (s *Store) Claim(ctx context.Context, owner string, now time.Time, lease time.Duration, limit int) ([]storage.OutboxMessage, error) {
	if owner == "" || limit <= 0 || lease <= 0 {
		return nil, fmt.Errorf("sqlite: claim: need an owner, a positive lease and a positive limit")
	}
	due, err := toNanos(now)
	if err != nil {
		return nil, fmt.Errorf("sqlite: claim: %w", err)
	}
	until, err := toNanos(now.Add(lease))
	if err != nil {
		return nil, fmt.Errorf("sqlite: claim: %w", err)
	}
	var msgs []storage.OutboxMessage
	err = s.write(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `UPDATE outbox SET claimed_by = ?, claim_until = ?, attempts = attempts + (claim_until IS NOT NULL)
			WHERE id IN (SELECT id FROM outbox o WHERE next_try <= ? AND (claim_until IS NULL OR claim_until <= ?)
				AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.game_id = o.game_id AND e.id < o.id
					AND (e.next_try > ? OR e.claim_until > ?))
				ORDER BY next_try, id LIMIT ?)
			RETURNING `+outboxColumns, owner, until, due, due, due, due, limit)
		if err != nil {
			return err
		}
		msgs, err = scanOutbox(rows)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: claim: %w", err)
	}
	// RETURNING gives no order.
	storage.SortOutbox(msgs)
	return msgs, nil
}

// MarkSent removes a sent message.
func (s *Store) MarkSent(ctx context.Context, id int64) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		return mustChange(tx.ExecContext(ctx, `DELETE FROM outbox WHERE id = ?`, id))
	})
	if err != nil {
		return fmt.Errorf("sqlite: mark outbox message %d sent: %w", id, err)
	}
	return nil
}

// Retry counts a failed attempt and puts the message off until next.
func (s *Store) Retry(ctx context.Context, id int64, next time.Time) error {
	n, err := toNanos(next)
	if err != nil {
		return fmt.Errorf("sqlite: retry outbox message %d: %w", id, err)
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		return mustChange(tx.ExecContext(ctx, `UPDATE outbox SET attempts = attempts + 1, next_try = ?, claimed_by = '', claim_until = NULL
			WHERE id = ?`, n, id))
	})
	if err != nil {
		return fmt.Errorf("sqlite: retry outbox message %d: %w", id, err)
	}
	return nil
}

// mustChange turns a statement that touched no row into ErrNotFound.
func mustChange(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return storage.ErrNotFound
	}
	return nil
}

// Stats counts running games by kind and the outbox.
func (s *Store) Stats(ctx context.Context) (storage.Stats, error) {
	st := storage.Stats{Running: map[string]int{}}
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT kind, COUNT(*) FROM games WHERE status = 'running' GROUP BY kind`)
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
		var oldest sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), MIN(created) FROM outbox`).Scan(&st.Queued, &oldest); err != nil {
			return err
		}
		if oldest.Valid {
			st.Oldest = fromNanos(oldest.Int64)
		}
		return nil
	})
	if err != nil {
		return storage.Stats{}, fmt.Errorf("sqlite: stats: %w", err)
	}
	return st, nil
}
