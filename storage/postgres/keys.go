package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/boardbot/boardbot/storage"
)

// The two scopes of idempotency keys, as in storage/sqlite: a move's interaction id and a key given
// to Remember never collide.
const (
	scopeMove   = "move"
	scopeAction = "action"
)

// rememberKey records key in scope, or returns ErrDuplicate when it is already there. Two
// transactions inserting one key: the second waits for the first and then finds it.
func rememberKey(ctx context.Context, tx pgx.Tx, scope, key string, t time.Time) error {
	tag, err := tx.Exec(ctx, `INSERT INTO idempotency (scope, key, created) VALUES ($1, $2, $3)
		ON CONFLICT DO NOTHING`, scope, key, t)
	if err != nil {
		return fmt.Errorf("record key: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return storage.ErrDuplicate
	}
	return nil
}

// Remember records key, or returns ErrDuplicate if it was remembered before.
func (s *Store) Remember(ctx context.Context, key string) error {
	if key == "" {
		return errors.New("postgres: remember: empty key")
	}
	err := s.write(ctx, func(tx pgx.Tx) error { return rememberKey(ctx, tx, scopeAction, key, now()) })
	if err != nil {
		return fmt.Errorf("postgres: remember %s: %w", key, err)
	}
	return nil
}

// Remembered reports whether key was remembered.
func (s *Store) Remembered(ctx context.Context, key string) (bool, error) {
	var found bool
	err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM idempotency WHERE scope = $1 AND key = $2)`, scopeAction, key).Scan(&found)
	if err != nil {
		return false, fmt.Errorf("postgres: remembered %s: %w", key, err)
	}
	return found, nil
}

// Setting returns one setting of scope/id and whether it is set.
func (s *Store) Setting(ctx context.Context, scope, id, key string) (string, bool, error) {
	var v string
	err := s.pool.QueryRow(ctx, `SELECT value FROM settings WHERE scope = $1 AND id = $2 AND key = $3`,
		scope, id, key).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("postgres: setting %s/%s/%s: %w", scope, id, key, err)
	}
	return v, true, nil
}

// SetSetting sets one setting of scope/id, replacing its value.
func (s *Store) SetSetting(ctx context.Context, scope, id, key, value string) error {
	err := s.write(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO settings (scope, id, key, value) VALUES ($1, $2, $3, $4)
			ON CONFLICT (scope, id, key) DO UPDATE SET value = excluded.value`, scope, id, key, value)
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: set setting %s/%s/%s: %w", scope, id, key, err)
	}
	return nil
}

// Settings returns every setting of scope/id (an empty map when there are none).
func (s *Store) Settings(ctx context.Context, scope, id string) (map[string]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT key, value FROM settings WHERE scope = $1 AND id = $2`, scope, id)
	if err != nil {
		return nil, fmt.Errorf("postgres: settings %s/%s: %w", scope, id, err)
	}
	defer rows.Close()
	m := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, fmt.Errorf("postgres: settings %s/%s: %w", scope, id, err)
		}
		m[k] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: settings %s/%s: %w", scope, id, err)
	}
	return m, nil
}
