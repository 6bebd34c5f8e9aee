package sqlite

import (
	"context"
	"database/sql"
	"errors"
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

// rememberKey records key in scope, or returns ErrDuplicate when it is already there.
func rememberKey(ctx context.Context, tx *sql.Tx, scope, key string, t time.Time) error {
	res, err := tx.ExecContext(ctx, `INSERT INTO idempotency (scope, key, created) VALUES (?, ?, ?)
		ON CONFLICT DO NOTHING`, scope, key, t.UnixNano())
	if err != nil {
		return fmt.Errorf("record key: %w", err)
	}
	n, err := res.RowsAffected()
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
		return errors.New("sqlite: remember: empty key")
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		return rememberKey(ctx, tx, scopeAction, key, now())
	})
	if err != nil {
		return fmt.Errorf("sqlite: remember %s: %w", key, err)
	}
	return nil
}

// Remembered reports whether key was remembered.
func (s *Store) Remembered(ctx context.Context, key string) (bool, error) {
	var found bool
	err := s.r.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM idempotency WHERE scope = ? AND key = ?)`, scopeAction, key).Scan(&found)
	if err != nil {
		return false, fmt.Errorf("sqlite: remembered %s: %w", key, err)
	}
	return found, nil
}

// Setting returns one setting of scope/id and whether it is set.
func (s *Store) Setting(ctx context.Context, scope, id, key string) (string, bool, error) {
	var v string
	err := s.r.QueryRowContext(ctx, `SELECT value FROM settings WHERE scope = ? AND id = ? AND key = ?`,
		scope, id, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("sqlite: setting %s/%s/%s: %w", scope, id, key, err)
	}
	return v, true, nil
}

// SetSetting sets one setting of scope/id, replacing its value.
func (s *Store) SetSetting(ctx context.Context, scope, id, key, value string) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO settings (scope, id, key, value) VALUES (?, ?, ?, ?)
			ON CONFLICT (scope, id, key) DO UPDATE SET value = excluded.value`, scope, id, key, value)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: set setting %s/%s/%s: %w", scope, id, key, err)
	}
	return nil
}

// Settings returns every setting of scope/id (an empty map when there are none).
func (s *Store) Settings(ctx context.Context, scope, id string) (map[string]string, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT key, value FROM settings WHERE scope = ? AND id = ?`, scope, id)
	if err != nil {
		return nil, fmt.Errorf("sqlite: settings %s/%s: %w", scope, id, err)
	}
	defer rows.Close()
	m := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, fmt.Errorf("sqlite: settings %s/%s: %w", scope, id, err)
		}
		m[k] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: settings %s/%s: %w", scope, id, err)
	}
	return m, nil
}
