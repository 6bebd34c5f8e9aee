package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// outboxRow is one message converted for insertion before a transaction starts.
type outboxRow struct {
	gameID        any // NULL for a message that belongs to no game
	kind          string
	payload       []byte
	next, created any
}

// outboxRows converts prepared messages (storage.PrepareOutbox).
func (s *Store) outboxRows(msgs []storage.OutboxMessage) ([]outboxRow, error) {
	rows := make([]outboxRow, 0, len(msgs))
	for i, m := range msgs {
		next, err := s.d.Time(m.NextTry)
		if err != nil {
			return nil, fmt.Errorf("outbox message %d: next try: %w", i, err)
		}
		created, err := s.d.Time(m.Created)
		if err != nil {
			return nil, fmt.Errorf("outbox message %d: created: %w", i, err)
		}
		r := outboxRow{kind: m.Kind, payload: notNull(m.Payload), next: next, created: created}
		if m.GameID != 0 {
			r.gameID = m.GameID
		}
		rows = append(rows, r)
	}
	return rows, nil
}

func insertOutbox(ctx context.Context, q Q, rows []outboxRow) error {
	for i, r := range rows {
		if _, err := q.Exec(ctx, `INSERT INTO outbox (game_id, kind, payload, attempts, next_try, created)
			VALUES (?, ?, ?, 0, ?, ?)`, r.gameID, r.kind, r.payload, r.next, r.created); err != nil {
			return fmt.Errorf("queue outbox message %d (%s): %w", i, r.kind, err)
		}
	}
	return nil
}

// Enqueue queues msgs in one transaction. A zero NextTry means now.
func (s *Store) Enqueue(ctx context.Context, msgs ...storage.OutboxMessage) error {
	prepared, err := storage.PrepareOutbox(msgs, 0, Now())
	if err != nil {
		return s.errorf("enqueue: %w", err)
	}
	rows, err := s.outboxRows(prepared)
	if err != nil {
		return s.errorf("enqueue: %w", err)
	}
	if err := s.write(ctx, func(q Q) error { return insertOutbox(ctx, q, rows) }); err != nil {
		return s.errorf("enqueue: %w", err)
	}
	return nil
}

const outboxColumns = `id, game_id, kind, payload, attempts, next_try, created`

// scanOutbox reads and closes rows of outboxColumns.
func scanOutbox(rows Rows) ([]storage.OutboxMessage, error) {
	defer rows.Close()
	var msgs []storage.OutboxMessage
	for rows.Next() {
		var m storage.OutboxMessage
		if err := rows.Scan(&m.ID, NullInt{&m.GameID}, &m.Kind, &m.Payload, &m.Attempts,
			TimeCol{&m.NextTry}, TimeCol{&m.Created}); err != nil {
			return nil, fmt.Errorf("read message: %w", err)
		}
		msgs = append(msgs, m)
	}
	return msgs, rows.Err()
}

// Pending returns up to limit messages due at now (all of them when limit <= 0), by NextTry then
// by id.
func (s *Store) Pending(ctx context.Context, now time.Time, limit int) ([]storage.OutboxMessage, error) {
	due, err := s.d.Time(now)
	if err != nil {
		return nil, s.errorf("pending: %w", err)
	}
	query := `SELECT ` + outboxColumns + ` FROM outbox WHERE next_try <= ? ORDER BY next_try, id`
	args := []any{due}
	if limit > 0 {
		query += ` LIMIT ?`
		args = append(args, limit)
	}
	rows, err := s.reader().Query(ctx, query, args...)
	if err != nil {
		return nil, s.errorf("pending: %w", err)
	}
	msgs, err := scanOutbox(rows)
	if err != nil {
		return nil, s.errorf("pending: %w", err)
	}
	return msgs, nil
}

// Claim holds up to limit due, unheld messages for owner until now+lease, never one behind an
// earlier message of its game that is held or put off (storage.Store.Claim). Claimants take
// turns: on SQLite on the one write lock, on PostgreSQL on an advisory lock (Dialect.BeforeClaim:
// with SKIP LOCKED alone a claimant would skip the rows another is still claiming and take the
// message behind them, out of order); each sees the leases the one before it wrote.
func (s *Store) Claim(ctx context.Context, owner string, now time.Time, lease time.Duration, limit int) ([]storage.OutboxMessage, error) {
	if owner == "" || limit <= 0 || lease <= 0 {
		return nil, s.errorf("claim: need an owner, a positive lease and a positive limit")
	}
	due, err := s.d.Time(now)
	if err != nil {
		return nil, s.errorf("claim: %w", err)
	}
	until, err := s.d.Time(now.Add(lease))
	if err != nil {
		return nil, s.errorf("claim: %w", err)
	}
	var msgs []storage.OutboxMessage
	err = s.write(ctx, func(q Q) error {
		if s.d.BeforeClaim != "" {
			if _, err := q.Exec(ctx, s.d.BeforeClaim); err != nil {
				return err
			}
		}
		rows, err := q.Query(ctx, `UPDATE outbox SET claimed_by = ?, claim_until = ?,
				attempts = attempts + CASE WHEN claim_until IS NULL THEN 0 ELSE 1 END
			WHERE id IN (SELECT id FROM outbox o WHERE next_try <= ? AND (claim_until IS NULL OR claim_until <= ?)
				AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.game_id = o.game_id AND e.id < o.id
					AND (e.next_try > ? OR e.claim_until > ?))
				ORDER BY next_try, id LIMIT ?`+s.d.ForUpdate+`)
			RETURNING `+outboxColumns, owner, until, due, due, due, due, limit)
		if err != nil {
			return err
		}
		msgs, err = scanOutbox(rows)
		return err
	})
	if err != nil {
		return nil, s.errorf("claim: %w", err)
	}
	storage.SortOutbox(msgs) // RETURNING gives no order
	return msgs, nil
}

// MarkSent removes a sent message.
func (s *Store) MarkSent(ctx context.Context, id int64) error {
	err := s.write(ctx, func(q Q) error {
		return mustChange(q.Exec(ctx, `DELETE FROM outbox WHERE id = ?`, id))
	})
	if err != nil {
		return s.errorf("mark outbox message %d sent: %w", id, err)
	}
	return nil
}

// Retry counts a failed attempt, puts the message off until next and ends any claim on it.
func (s *Store) Retry(ctx context.Context, id int64, next time.Time) error {
	n, err := s.d.Time(next)
	if err != nil {
		return s.errorf("retry outbox message %d: %w", id, err)
	}
	err = s.write(ctx, func(q Q) error {
		return mustChange(q.Exec(ctx, `UPDATE outbox SET attempts = attempts + 1, next_try = ?, claimed_by = '',
			claim_until = NULL WHERE id = ?`, n, id))
	})
	if err != nil {
		return s.errorf("retry outbox message %d: %w", id, err)
	}
	return nil
}

// Stats counts running games by kind and the outbox.
func (s *Store) Stats(ctx context.Context) (storage.Stats, error) {
	st := storage.Stats{Running: map[string]int{}}
	err := s.read(ctx, func(q Q) error {
		rows, err := q.Query(ctx, `SELECT kind, COUNT(*) FROM games WHERE status = 'running' GROUP BY kind`)
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
		return q.QueryRow(ctx, `SELECT COUNT(*), MIN(created) FROM outbox`).Scan(&st.Queued, TimeCol{&st.Oldest})
	})
	if err != nil {
		return storage.Stats{}, s.errorf("stats: %w", err)
	}
	return st, nil
}
