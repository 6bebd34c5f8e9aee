package sqlstore

import (
	"context"
	"fmt"

	"github.com/boardbot/boardbot/storage"
)

// exportBatch is how many games Export reads at once.
const exportBatch = 100

// Export gives to everything the database holds: every game with its log, in id order, then the
// idempotency keys, the settings and the outbox. Everything is read in one read transaction, so
// the copy is one consistent moment even while the bot keeps running; what happens after that
// moment stays in this database only.
func (s *Store) Export(ctx context.Context, to storage.Copier) error {
	err := s.read(ctx, func(q Q) error {
		var after int64
		for {
			games, err := s.scanGames(ctx, q, `SELECT `+GameColumns+` FROM games WHERE id > ? ORDER BY id LIMIT ?`,
				after, exportBatch)
			if err != nil {
				return fmt.Errorf("read games: %w", err)
			}
			if len(games) == 0 {
				break
			}
			for _, g := range games {
				log, err := readMoves(ctx, q, g.ID)
				if err != nil {
					return fmt.Errorf("moves of game %d: %w", g.ID, err)
				}
				if err := to.CopyGame(ctx, g, log); err != nil {
					return fmt.Errorf("copy game %d: %w", g.ID, err)
				}
				after = g.ID
			}
		}
		keys, err := readKeys(ctx, q)
		if err != nil {
			return fmt.Errorf("read keys: %w", err)
		}
		if err := to.CopyKeys(ctx, keys); err != nil {
			return fmt.Errorf("copy keys: %w", err)
		}
		settings, err := readSettings(ctx, q)
		if err != nil {
			return fmt.Errorf("read settings: %w", err)
		}
		if err := to.CopySettings(ctx, settings); err != nil {
			return fmt.Errorf("copy settings: %w", err)
		}
		rows, err := q.Query(ctx, `SELECT `+outboxColumns+` FROM outbox ORDER BY id`)
		if err != nil {
			return fmt.Errorf("read outbox: %w", err)
		}
		msgs, err := scanOutbox(rows)
		if err != nil {
			return fmt.Errorf("read outbox: %w", err)
		}
		if err := to.CopyOutbox(ctx, msgs); err != nil {
			return fmt.Errorf("copy outbox: %w", err)
		}
		return nil
	})
	if err != nil {
		return s.errorf("export: %w", err)
	}
	return nil
}

func readKeys(ctx context.Context, q Q) ([]storage.Key, error) {
	rows, err := q.Query(ctx, `SELECT scope, key, created FROM idempotency ORDER BY scope, key`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var keys []storage.Key
	for rows.Next() {
		var k storage.Key
		if err := rows.Scan(&k.Scope, &k.Key, TimeCol{&k.Created}); err != nil {
			return nil, err
		}
		keys = append(keys, k)
	}
	return keys, rows.Err()
}

func readSettings(ctx context.Context, q Q) ([]storage.Setting, error) {
	rows, err := q.Query(ctx, `SELECT scope, id, key, value FROM settings ORDER BY scope, id, key`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []storage.Setting
	for rows.Next() {
		var st storage.Setting
		if err := rows.Scan(&st.Scope, &st.ID, &st.Key, &st.Value); err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, rows.Err()
}
