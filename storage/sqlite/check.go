package sqlite

import (
	"context"
	"fmt"

	"github.com/boardbot/boardbot/storage"
)

// Check looks for damage the application cannot see through the Store interface: SQLite's own
// integrity and foreign-key checks, game rows that no longer decode, and move logs with gaps. It
// returns one line per problem (none: healthy); the error is for a check that could not run.
// Comparing snapshots with replayed logs needs the rules, so `boardbot fsck` does that itself
// with GameIDs, Game and Moves.
func (s *Store) Check(ctx context.Context) ([]string, error) {
	var problems []string
	lines, err := s.column(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: check: integrity: %w", err)
	}
	if len(lines) != 1 || lines[0] != "ok" {
		for _, l := range lines {
			problems = append(problems, "integrity: "+l)
		}
	}
	fks, err := s.column(ctx, `SELECT "table" || COALESCE(' row ' || rowid, '') || ' points to a missing ' || parent || ' row'
		FROM pragma_foreign_key_check`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: check: foreign keys: %w", err)
	}
	for _, l := range fks {
		problems = append(problems, "foreign key: "+l)
	}
	gaps, err := s.column(ctx, `SELECT 'game ' || game_id || ' has ' || COUNT(*) || ' moves numbered 1..' || MAX(seq)
		FROM moves GROUP BY game_id HAVING COUNT(*) <> MAX(seq) OR MIN(seq) <> 1`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: check: move logs: %w", err)
	}
	for _, l := range gaps {
		problems = append(problems, "log: "+l)
	}
	counts, err := s.column(ctx, `SELECT 'game ' || g.id || ' counts ' || g.move_count || ' moves, last by seat ' ||
		g.last_seat || '; its log has ' || COUNT(m.seq) || ', last by seat ' || COALESCE(
		(SELECT seat FROM moves WHERE game_id = g.id ORDER BY seq DESC LIMIT 1), -1)
		FROM games g LEFT JOIN moves m ON m.game_id = g.id GROUP BY g.id
		HAVING g.move_count <> COUNT(m.seq) OR g.last_seat <> COALESCE(
		(SELECT seat FROM moves WHERE game_id = g.id ORDER BY seq DESC LIMIT 1), -1)`)
	if err != nil {
		return nil, fmt.Errorf("sqlite: check: move counts: %w", err)
	}
	for _, l := range counts {
		problems = append(problems, "log: "+l)
	}
	rows, err := storage.CheckRows(ctx, s)
	if err != nil {
		return nil, fmt.Errorf("sqlite: check: %w", err)
	}
	problems = append(problems, rows...)
	return problems, nil
}

// column runs a query returning one text column.
func (s *Store) column(ctx context.Context, query string) ([]string, error) {
	rows, err := s.r.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
