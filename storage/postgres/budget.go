package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// budgetKeep is how many slots behind the newest a budget keeps.
const budgetKeep = 100

// Spend takes one unit of a budget's slot, or fills the slot (see storage.Store).
func (s *Store) Spend(ctx context.Context, name string, slot int64, limit int, fill bool) (bool, error) {
	got := false
	err := s.write(ctx, func(tx pgx.Tx) error {
		if fill {
			_, err := tx.Exec(ctx, `INSERT INTO budget (name, slot, used) VALUES ($1, $2, $3)
				ON CONFLICT (name, slot) DO UPDATE SET used = excluded.used`, name, slot, limit)
			return err
		}
		var used int
		err := tx.QueryRow(ctx, `INSERT INTO budget (name, slot, used) VALUES ($1, $2, 1)
			ON CONFLICT (name, slot) DO UPDATE SET used = budget.used + 1 WHERE budget.used < $3 RETURNING used`, name, slot, limit).Scan(&used)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		got = used <= limit
		if used == 1 {
			_, err = tx.Exec(ctx, `DELETE FROM budget WHERE name = $1 AND slot < $2`, name, slot-budgetKeep)
		}
		return err
	})
	if err != nil {
		return false, fmt.Errorf("postgres: spend %s: %w", name, err)
	}
	return got, nil
}
