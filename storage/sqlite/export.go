package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/boardbot/boardbot/storage"
)

// exportBatch is how many games Export reads at once.
const exportBatch = 100

// Export gives to everything the database holds: every game with its log, in id order, then the
// idempotency keys, the settings and the outbox. Everything is read in one read transaction, so
// the copy is one consistent moment even while the bot keeps running; what happens after that
// moment stays in this file only.
func (s *Store) Export(ctx context.Context, to storage.Copier) error {
	err := s.read(ctx, func(tx *sql.Tx) error {
		var after int64
		for {
			games, err := gamesAfter(ctx, tx, after)
			if err != nil {
				return err
			}
			if len(games) == 0 {
				break
			}
			for _, g := range games {
				log, err := readMoves(ctx, tx, g.ID)
				if err != nil {
					return fmt.Errorf("moves of game %d: %w", g.ID, err)
				}
				if err := to.CopyGame(ctx, g, log); err != nil {
					return fmt.Errorf("copy game %d: %w", g.ID, err)
				}
				after = g.ID
			}
		}
		keys, err := readKeys(ctx, tx)
		if err != nil {
			return err
		}
		if err := to.CopyKeys(ctx, keys); err != nil {
			return fmt.Errorf("copy keys: %w", err)
		}
		settings, err := readSettings(ctx, tx)
		if err != nil {
			return err
		}
		if err := to.CopySettings(ctx, settings); err != nil {
			return fmt.Errorf("copy settings: %w", err)
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+outboxColumns+` FROM outbox ORDER BY id`)
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
		return fmt.Errorf("sqlite: export: %w", err)
	}
	return nil
}

func gamesAfter(ctx context.Context, tx *sql.Tx, after int64) ([]*storage.Game, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id > ? ORDER BY id LIMIT ?`, after, exportBatch)
	if err != nil {
		return nil, fmt.Errorf("read games: %w", err)
	}
	defer rows.Close()
	var games []*storage.Game
	for rows.Next() {
		g, id, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("read game %d: %w", id, err)
		}
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read games: %w", err)
	}
	return games, loadPlayers(ctx, tx, games)
}

func readKeys(ctx context.Context, tx *sql.Tx) ([]storage.Key, error) {
	rows, err := tx.QueryContext(ctx, `SELECT scope, key, created FROM idempotency ORDER BY scope, key`)
	if err != nil {
		return nil, fmt.Errorf("read keys: %w", err)
	}
	defer rows.Close()
	var keys []storage.Key
	for rows.Next() {
		var k storage.Key
		var created int64
		if err := rows.Scan(&k.Scope, &k.Key, &created); err != nil {
			return nil, fmt.Errorf("read keys: %w", err)
		}
		k.Created = fromNanos(created)
		keys = append(keys, k)
	}
	return keys, rows.Err()
}

func readSettings(ctx context.Context, tx *sql.Tx) ([]storage.Setting, error) {
	rows, err := tx.QueryContext(ctx, `SELECT scope, id, key, value FROM settings ORDER BY scope, id, key`)
	if err != nil {
		return nil, fmt.Errorf("read settings: %w", err)
	}
	defer rows.Close()
	var out []storage.Setting
	for rows.Next() {
		var s storage.Setting
		if err := rows.Scan(&s.Scope, &s.ID, &s.Key, &s.Value); err != nil {
			return nil, fmt.Errorf("read settings: %w", err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
