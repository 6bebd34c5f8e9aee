package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/boardbot/boardbot/storage"
)

// Check looks for damage the Store interface hides: move logs with gaps, games rows whose move
// count or last seat disagree with their log, and rows that no longer decode. PostgreSQL enforces
// foreign keys itself, and checks its pages with its own tools (amcheck), so neither is repeated
// here. It returns one line per problem.
func (s *Store) Check(ctx context.Context) ([]string, error) {
	var problems []string
	for _, q := range []struct{ what, sql string }{
		{"log", `SELECT 'game ' || game_id || ' has ' || COUNT(*) || ' moves numbered 1..' || MAX(seq)
			FROM moves GROUP BY game_id HAVING COUNT(*) <> MAX(seq) OR MIN(seq) <> 1 ORDER BY game_id`},
		{"log", `SELECT 'game ' || g.id || ' counts ' || g.move_count || ' moves, last by seat ' || g.last_seat ||
			'; its log has ' || COUNT(m.seq) || ', last by seat ' || l.seat
			FROM games g LEFT JOIN moves m ON m.game_id = g.id
			CROSS JOIN LATERAL (SELECT COALESCE((SELECT seat FROM moves WHERE game_id = g.id
				ORDER BY seq DESC LIMIT 1), -1) AS seat) l
			GROUP BY g.id, l.seat HAVING g.move_count <> COUNT(m.seq) OR g.last_seat <> l.seat ORDER BY g.id`},
	} {
		rows, err := s.pool.Query(ctx, q.sql)
		if err != nil {
			return nil, fmt.Errorf("postgres: check: %w", err)
		}
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return nil, fmt.Errorf("postgres: check: %w", err)
		}
		for _, l := range lines {
			problems = append(problems, q.what+": "+l)
		}
	}
	rows, err := storage.CheckRows(ctx, s)
	if err != nil {
		return nil, fmt.Errorf("postgres: check: %w", err)
	}
	return append(problems, rows...), nil
}
