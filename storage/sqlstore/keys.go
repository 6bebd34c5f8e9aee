package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// Idempotency keys live in two scopes so that a move's interaction id and a key given to Remember
// never collide: the application may well use one interaction id for both.
const (
	scopeMove   = "move"
	scopeAction = "action"
)

// rememberKey records key in scope, or returns ErrDuplicate when it is already there. Two
// transactions inserting one key: the second waits for the first and then finds it.
func rememberKey(ctx context.Context, q Q, d *Dialect, scope, key string, t time.Time) error {
	created, err := d.Time(t)
	if err != nil {
		return fmt.Errorf("record key: %w", err)
	}
	n, err := q.Exec(ctx, `INSERT INTO idempotency (scope, key, created) VALUES (?, ?, ?)
		ON CONFLICT DO NOTHING`, scope, key, created)
	if err != nil {
		return fmt.Errorf("record key: %w", err)
	}
	if n == 0 {
		return storage.ErrDuplicate
	}
	return nil
}

// Remember records key, or returns ErrDuplicate if it was remembered before.
func (s *Store) Remember(ctx context.Context, key string) error {
	if key == "" {
		return s.errorf("remember: empty key")
	}
	err := s.write(ctx, func(q Q) error {
		return rememberKey(ctx, q, s.d, scopeAction, key, Now())
	})
	if err != nil {
		return s.errorf("remember %s: %w", key, err)
	}
	return nil
}

// Remembered reports whether key was remembered.
func (s *Store) Remembered(ctx context.Context, key string) (bool, error) {
	var found bool
	err := s.reader().QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM idempotency WHERE scope = ? AND key = ?)`,
		scopeAction, key).Scan(&found)
	if err != nil {
		return false, s.errorf("remembered %s: %w", key, err)
	}
	return found, nil
}

// Setting returns one setting of scope/id and whether it is set.
func (s *Store) Setting(ctx context.Context, scope, id, key string) (string, bool, error) {
	var v string
	err := s.reader().QueryRow(ctx, `SELECT value FROM settings WHERE scope = ? AND id = ? AND key = ?`,
		scope, id, key).Scan(&v)
	if noRows(err) {
		return "", false, nil
	}
	if err != nil {
		return "", false, s.errorf("setting %s/%s/%s: %w", scope, id, key, err)
	}
	return v, true, nil
}

// SetSetting sets one setting of scope/id, replacing its value.
func (s *Store) SetSetting(ctx context.Context, scope, id, key, value string) error {
	err := s.write(ctx, func(q Q) error {
		_, err := q.Exec(ctx, `INSERT INTO settings (scope, id, key, value) VALUES (?, ?, ?, ?)
			ON CONFLICT (scope, id, key) DO UPDATE SET value = excluded.value`, scope, id, key, value)
		return err
	})
	if err != nil {
		return s.errorf("set setting %s/%s/%s: %w", scope, id, key, err)
	}
	return nil
}

// Settings returns every setting of scope/id (an empty map when there are none).
func (s *Store) Settings(ctx context.Context, scope, id string) (map[string]string, error) {
	m := map[string]string{}
	err := func() error {
		rows, err := s.reader().Query(ctx, `SELECT key, value FROM settings WHERE scope = ? AND id = ?`, scope, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k, v string
			if err := rows.Scan(&k, &v); err != nil {
				return err
			}
			m[k] = v
		}
		return rows.Err()
	}()
	if err != nil {
		return nil, s.errorf("settings %s/%s: %w", scope, id, err)
	}
	return m, nil
}

// budgetKeep is how many slots behind the newest a budget keeps.
const budgetKeep = 100

// Spend takes one unit of a budget's slot, or fills the slot (see storage.Store).
func (s *Store) Spend(ctx context.Context, name string, slot int64, limit int, fill bool) (bool, error) {
	got := false
	err := s.write(ctx, func(q Q) error {
		if fill {
			_, err := q.Exec(ctx, `INSERT INTO budget (name, slot, used) VALUES (?, ?, ?)
				ON CONFLICT (name, slot) DO UPDATE SET used = excluded.used`, name, slot, limit)
			return err
		}
		var used int
		err := q.QueryRow(ctx, `INSERT INTO budget (name, slot, used) VALUES (?, ?, 1)
			ON CONFLICT (name, slot) DO UPDATE SET used = budget.used + 1 WHERE budget.used < ? RETURNING used`,
			name, slot, limit).Scan(&used)
		if noRows(err) {
			return nil
		}
		if err != nil {
			return err
		}
		got = used <= limit
		if used == 1 { // a new slot: forget the old ones
			_, err = q.Exec(ctx, `DELETE FROM budget WHERE name = ? AND slot < ?`, name, slot-budgetKeep)
		}
		return err
	})
	if err != nil {
		return false, s.errorf("spend %s: %w", name, err)
	}
	return got, nil
}
