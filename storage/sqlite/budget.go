package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// budgetKeep is how many slots behind the newest a budget keeps.
const budgetKeep = 100

// Spend takes one unit of a budget's slot, or fills the slot (see storage.Store).
func (s *Store) Spend(ctx context.Context, name string, slot int64, limit int, fill bool) (bool, error) {
	got := false
	err := s.write(ctx, func(tx *sql.Tx) error {
		if fill {
			_, err := tx.ExecContext(ctx, `INSERT INTO budget (name, slot, used) VALUES (?, ?, ?)
				ON CONFLICT (name, slot) DO UPDATE SET used = excluded.used`, name, slot, limit)
			return err
		}
		var used int
		err := tx.QueryRowContext(ctx, `INSERT INTO budget (name, slot, used) VALUES (?, ?, 1)
			ON CONFLICT (name, slot) DO UPDATE SET used = used + 1 WHERE used < ? RETURNING used`, name, slot, limit).Scan(&used)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		got = used <= limit
		if used == 1 { // a new slot: forget the old ones
			_, err = tx.ExecContext(ctx, `DELETE FROM budget WHERE name = ? AND slot < ?`, name, slot-budgetKeep)
		}
		return err
	})
	if err != nil {
		return false, fmt.Errorf("sqlite: spend %s: %w", name, err)
	}
	return got, nil
}
