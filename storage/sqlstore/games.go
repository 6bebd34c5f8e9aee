package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/storage"
)

// GameColumns are the columns ScanGame reads, in its order.
const GameColumns = `id, kind, seats, seed, options, status, guild, channel, thread, lobby, creator,
	snapshot, version, result, clock_hours, reminder_hours, deadline, remind_at, prompt_message,
	flow, created, updated, move_count, last_seat`

// ScanGame reads and checks one row of GameColumns. It returns the row's id with a decoding
// error, so a listing can say which game is damaged.
func ScanGame(sc Row) (*storage.Game, int64, error) {
	var g storage.Game
	var seed int64
	var options, status string
	if err := sc.Scan(&g.ID, &g.Kind, &g.Seats, &seed, &options, &status, &g.Guild, &g.Channel,
		&g.Thread, &g.Lobby, &g.Creator, &g.Snapshot, &g.Version, &g.Result, &g.ClockHours,
		&g.ReminderHours, NullTimeCol{&g.Deadline}, NullTimeCol{&g.RemindAt}, &g.PromptMessage, &g.Flow,
		TimeCol{&g.Created}, TimeCol{&g.Updated}, &g.MoveCount, &g.LastSeat); err != nil {
		return nil, g.ID, err
	}
	opts, err := storage.DecodeOptions(options)
	if err != nil {
		return nil, g.ID, err
	}
	// The seed is a uint64; both databases' integers are signed, so the bits are stored as
	// they are.
	g.Options, g.Seed, g.Status = opts, uint64(seed), storage.Status(status)
	if !g.Status.Valid() {
		return nil, g.ID, fmt.Errorf("unknown status %q", status)
	}
	if g.Version < 1 {
		return nil, g.ID, fmt.Errorf("invalid version %d", g.Version)
	}
	if g.Snapshot == nil {
		g.Snapshot = []byte{}
	}
	return &g, g.ID, nil
}

// GameWriteColumns are the columns CreateGame and UpdateGame write from a storage.Game, in the
// order GameArgs gives their values.
var GameWriteColumns = []string{"kind", "seats", "seed", "options", "status", "guild", "channel",
	"thread", "lobby", "creator", "snapshot", "result", "clock_hours", "reminder_hours", "deadline",
	"remind_at", "prompt_message", "flow"}

var (
	insertGameSQL = `INSERT INTO games (` + strings.Join(GameWriteColumns, ", ") +
		`, version, created, updated) VALUES (` + Placeholders(len(GameWriteColumns)+3) + `) RETURNING id`
	updateGameSQL = `UPDATE games SET ` + strings.Join(GameWriteColumns, " = ?, ") +
		` = ?, version = version + 1, updated = ? WHERE id = ?`
)

// Placeholders lists n '?'.
func Placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// GameArgs checks g and returns the values of GameWriteColumns.
func (d *Dialect) GameArgs(g *storage.Game) ([]any, error) {
	if !g.Status.Valid() {
		return nil, fmt.Errorf("unknown status %q", g.Status)
	}
	if err := storage.CheckPlayers(g.Players); err != nil {
		return nil, err
	}
	opts, err := storage.EncodeOptions(g.Options)
	if err != nil {
		return nil, err
	}
	deadline, err := d.nullTime(g.Deadline)
	if err != nil {
		return nil, fmt.Errorf("deadline: %w", err)
	}
	remindAt, err := d.nullTime(g.RemindAt)
	if err != nil {
		return nil, fmt.Errorf("remind at: %w", err)
	}
	return []any{g.Kind, g.Seats, int64(g.Seed), opts, string(g.Status), g.Guild, g.Channel,
		g.Thread, g.Lobby, g.Creator, notNull(g.Snapshot), nullBytes(g.Result), g.ClockHours,
		g.ReminderHours, deadline, remindAt, g.PromptMessage, notNull(g.Flow)}, nil
}

// notNull stores nil as an empty blob, for NOT NULL columns (an empty snapshot is a lobby's).
func notNull(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// nullBytes stores nil as NULL (a game without a result) and anything else as a blob.
func nullBytes(b []byte) any {
	if b == nil {
		return nil
	}
	return b
}

// CreateGame inserts g and sets its ID, Version, Created and Updated. An empty Status means lobby.
func (s *Store) CreateGame(ctx context.Context, g *storage.Game) (int64, error) {
	if g.Status == "" {
		g.Status = storage.StatusLobby
	}
	args, err := s.d.GameArgs(g)
	if err != nil {
		return 0, s.errorf("create game: %w", err)
	}
	t := Now()
	created, err := s.d.Time(t)
	if err != nil {
		return 0, s.errorf("create game: %w", err)
	}
	var id int64
	err = s.write(ctx, func(q Q) error {
		if g.Thread != "" {
			if err := threadFree(ctx, q, g.Thread, 0); err != nil {
				return err
			}
		}
		if err := q.QueryRow(ctx, insertGameSQL, append(args, 1, created, created)...).Scan(&id); err != nil {
			return fmt.Errorf("insert: %w", err)
		}
		return WriteSeats(ctx, q, id, g.Players)
	})
	if err != nil {
		return 0, s.errorf("create game: %w", err)
	}
	g.ID, g.Version, g.Created, g.Updated = id, 1, t, t
	g.MoveCount, g.LastSeat = 0, -1
	return id, nil
}

// threadFree refuses a thread another game already lives in, with a message naming it (the
// unique index would refuse it too, with a less helpful one).
func threadFree(ctx context.Context, q Q, thread string, self int64) error {
	var other int64
	err := q.QueryRow(ctx, `SELECT id FROM games WHERE thread = ? AND id <> ?`, thread, self).Scan(&other)
	switch {
	case noRows(err):
		return nil
	case err != nil:
		return fmt.Errorf("check thread %s: %w", thread, err)
	}
	return fmt.Errorf("thread %s already belongs to game %d", thread, other)
}

// WriteSeats replaces the seats of game id with ps.
func WriteSeats(ctx context.Context, q Q, id int64, ps []storage.Player) error {
	if _, err := q.Exec(ctx, `DELETE FROM seats WHERE game_id = ?`, id); err != nil {
		return fmt.Errorf("clear seats: %w", err)
	}
	for _, p := range ps {
		if _, err := q.Exec(ctx, `INSERT INTO seats (game_id, seat, user_id, name, late, robot)
			VALUES (?, ?, ?, ?, ?, ?)`, id, p.Seat, p.UserID, p.Name, p.Late, p.Robot); err != nil {
			return fmt.Errorf("insert seat %d: %w", p.Seat, err)
		}
	}
	return nil
}

// Game loads one game with its players.
func (s *Store) Game(ctx context.Context, id int64) (*storage.Game, error) {
	g, err := s.oneGame(ctx, `WHERE id = ?`, id)
	if err != nil {
		return nil, s.errorf("game %d: %w", id, err)
	}
	return g, nil
}

// GameByThread loads the game played in thread.
func (s *Store) GameByThread(ctx context.Context, thread string) (*storage.Game, error) {
	if thread == "" {
		return nil, s.errorf("game in thread \"\": %w", storage.ErrNotFound)
	}
	g, err := s.oneGame(ctx, `WHERE thread = ?`, thread)
	if err != nil {
		return nil, s.errorf("game in thread %s: %w", thread, err)
	}
	return g, nil
}

func (s *Store) oneGame(ctx context.Context, where string, arg any) (*storage.Game, error) {
	var g *storage.Game
	err := s.read(ctx, func(q Q) error {
		var err error
		g, _, err = ScanGame(q.QueryRow(ctx, `SELECT `+GameColumns+` FROM games `+where, arg))
		if noRows(err) {
			return storage.ErrNotFound
		}
		if err != nil {
			return err
		}
		return s.loadPlayers(ctx, q, []*storage.Game{g})
	})
	return g, err
}

// loadPlayers fills the Players of games in one query.
func (s *Store) loadPlayers(ctx context.Context, q Q, games []*storage.Game) error {
	if len(games) == 0 {
		return nil
	}
	byID := make(map[int64]*storage.Game, len(games))
	ids := make([]int64, len(games))
	for i, g := range games {
		byID[g.ID] = g
		ids[i] = g.ID
	}
	list, err := s.d.IDs(ids)
	if err != nil {
		return fmt.Errorf("encode game ids: %w", err)
	}
	rows, err := q.Query(ctx, `SELECT game_id, seat, user_id, name, late, robot FROM seats
		WHERE `+s.d.InIDs("game_id")+` ORDER BY game_id, seat`, list)
	if err != nil {
		return fmt.Errorf("query seats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var p storage.Player
		if err := rows.Scan(&id, &p.Seat, &p.UserID, &p.Name, &p.Late, &p.Robot); err != nil {
			return fmt.Errorf("read seat of game %d: %w", id, err)
		}
		byID[id].Players = append(byID[id].Players, p)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read seats: %w", err)
	}
	return nil
}

// Games lists the games matching f, in creation order (by id).
func (s *Store) Games(ctx context.Context, f storage.GameFilter) ([]*storage.Game, error) {
	var where []string
	var args []any
	if f.UserID != "" {
		where = append(where, `id IN (SELECT game_id FROM seats WHERE user_id = ?)`)
		args = append(args, f.UserID)
	}
	if f.Guild != "" {
		where = append(where, `guild = ?`)
		args = append(args, f.Guild)
	}
	if f.Kind != "" {
		where = append(where, `kind = ?`)
		args = append(args, f.Kind)
	}
	if len(f.Statuses) > 0 {
		where = append(where, `status IN (`+Placeholders(len(f.Statuses))+`)`)
		for _, st := range f.Statuses {
			args = append(args, string(st))
		}
	}
	if f.DueBy != nil {
		due, err := s.d.Time(*f.DueBy)
		if err != nil {
			return nil, s.errorf("list games: due by: %w", err)
		}
		where = append(where, `(deadline <= ? OR remind_at <= ?)`) // NULL compares false
		args = append(args, due, due)
	}
	query := `SELECT ` + GameColumns + ` FROM games`
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	query += ` ORDER BY id`
	if f.Limit > 0 {
		query += ` LIMIT ?`
		args = append(args, f.Limit)
	}
	var games []*storage.Game
	err := s.read(ctx, func(q Q) error {
		var err error
		games, err = s.scanGames(ctx, q, query, args...)
		return err
	})
	if err != nil {
		return nil, s.errorf("list games: %w", err)
	}
	return games, nil
}

// scanGames runs a query of GameColumns and loads the games' players.
func (s *Store) scanGames(ctx context.Context, q Q, query string, args ...any) ([]*storage.Game, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("query: %w", err)
	}
	defer rows.Close()
	var games []*storage.Game
	for rows.Next() {
		g, id, err := ScanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("read game %d: %w", id, err)
		}
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	return games, s.loadPlayers(ctx, q, games)
}

// GameIDs returns the id of every stored game in order.
func (s *Store) GameIDs(ctx context.Context) ([]int64, error) {
	ids, err := Int64s(ctx, s.reader(), `SELECT id FROM games ORDER BY id`)
	if err != nil {
		return nil, s.errorf("game ids: %w", err)
	}
	return ids, nil
}

// Int64s returns the one integer column of a query's rows.
func Int64s(ctx context.Context, q Q, query string, args ...any) ([]int64, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var n int64
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// UpdateGame writes every field of g but the log, if g.Version is still the stored version, and
// bumps g.Version and g.Updated.
func (s *Store) UpdateGame(ctx context.Context, g *storage.Game, outbox ...storage.OutboxMessage) error {
	args, err := s.d.GameArgs(g)
	if err != nil {
		return s.errorf("update game %d: %w", g.ID, err)
	}
	t := Now()
	updated, err := s.d.Time(t)
	if err != nil {
		return s.errorf("update game %d: %w", g.ID, err)
	}
	msgs, err := storage.PrepareOutbox(outbox, g.ID, t)
	if err != nil {
		return s.errorf("update game %d: %w", g.ID, err)
	}
	rows, err := s.outboxRows(msgs)
	if err != nil {
		return s.errorf("update game %d: %w", g.ID, err)
	}
	err = s.write(ctx, func(q Q) error {
		if _, err := s.lockVersion(ctx, q, g.ID, g.Version); err != nil {
			return err
		}
		if g.Thread != "" {
			if err := threadFree(ctx, q, g.Thread, g.ID); err != nil {
				return err
			}
		}
		if _, err := q.Exec(ctx, updateGameSQL, append(args, updated, g.ID)...); err != nil {
			return fmt.Errorf("update: %w", err)
		}
		if err := WriteSeats(ctx, q, g.ID, g.Players); err != nil {
			return err
		}
		return insertOutbox(ctx, q, rows)
	})
	if err != nil {
		return s.errorf("update game %d: %w", g.ID, err)
	}
	g.Version++
	g.Updated = t
	return nil
}

// lockVersion returns game id's version, holding its row until the transaction ends (on
// SQLite the one writer already does): ErrNotFound without a row, ErrConflict when want >= 0
// and the version differs. The lock is what makes the check hold between instances: a second
// writer waits here, then sees the new version.
func (s *Store) lockVersion(ctx context.Context, q Q, id, want int64) (int64, error) {
	var v int64
	err := q.QueryRow(ctx, `SELECT version FROM games WHERE id = ?`+s.d.ForUpdate, id).Scan(&v)
	if noRows(err) {
		return 0, storage.ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("read version: %w", err)
	}
	if want >= 0 && v != want {
		return v, fmt.Errorf("at version %d, not %d: %w", v, want, storage.ErrConflict)
	}
	return v, nil
}

// GameVersion returns the stored version of game id.
func (s *Store) GameVersion(ctx context.Context, id int64) (int64, error) {
	var v int64
	err := s.reader().QueryRow(ctx, `SELECT version FROM games WHERE id = ?`, id).Scan(&v)
	if noRows(err) {
		err = storage.ErrNotFound
	}
	if err != nil {
		return 0, s.errorf("version of game %d: %w", id, err)
	}
	return v, nil
}
