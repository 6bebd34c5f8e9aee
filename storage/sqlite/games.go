package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/storage"
)

const gameColumns = `id, kind, seats, seed, options, status, guild, channel, thread, lobby, creator,
	snapshot, version, result, clock_hours, reminder_hours, deadline, remind_at, prompt_message,
	flow, created, updated, move_count, last_seat`

// gameRow is a games row as the database holds it, before it is checked and converted.
type gameRow struct {
	id, seats, seed, version, clockHours, reminderHours, created, updated int64
	moveCount, lastSeat                                                   int64
	kind, options, status, guild, channel, thread, lobby, creator, prompt string
	snapshot, result, flow                                                []byte
	deadline, remindAt                                                    sql.NullInt64
}

// scanGame reads and checks one games row. It returns the row's id with a decoding error, so a
// listing can say which game is damaged.
func scanGame(sc interface{ Scan(...any) error }) (*storage.Game, int64, error) {
	var r gameRow
	if err := sc.Scan(&r.id, &r.kind, &r.seats, &r.seed, &r.options, &r.status, &r.guild,
		&r.channel, &r.thread, &r.lobby, &r.creator, &r.snapshot, &r.version, &r.result,
		&r.clockHours, &r.reminderHours, &r.deadline, &r.remindAt, &r.prompt, &r.flow, &r.created,
		&r.updated, &r.moveCount, &r.lastSeat); err != nil {
		return nil, r.id, err
	}
	opts, err := storage.DecodeOptions(r.options)
	if err != nil {
		return nil, r.id, err
	}
	status := storage.Status(r.status)
	if !status.Valid() {
		return nil, r.id, fmt.Errorf("unknown status %q", r.status)
	}
	if r.version < 1 {
		return nil, r.id, fmt.Errorf("invalid version %d", r.version)
	}
	return &storage.Game{
		ID: r.id, Kind: r.kind, Seats: int(r.seats), Seed: seedFromDB(r.seed), Options: opts,
		Status: status, Guild: r.guild, Channel: r.channel, Thread: r.thread, Lobby: r.lobby,
		Creator: r.creator, Snapshot: r.snapshot, Version: r.version, Result: r.result,
		ClockHours: int(r.clockHours), ReminderHours: int(r.reminderHours),
		Deadline: fromNullNanos(r.deadline), RemindAt: fromNullNanos(r.remindAt),
		PromptMessage: r.prompt, Flow: r.flow, Created: fromNanos(r.created), Updated: fromNanos(r.updated),
		MoveCount: r.moveCount, LastSeat: int(r.lastSeat),
	}, r.id, nil
}

// gameWriteColumns are the columns CreateGame and UpdateGame write from a storage.Game, in the
// order gameArgs gives their values.
var gameWriteColumns = []string{"kind", "seats", "seed", "options", "status", "guild", "channel",
	"thread", "lobby", "creator", "snapshot", "result", "clock_hours", "reminder_hours", "deadline",
	"remind_at", "prompt_message", "flow"}

var (
	insertGameSQL = `INSERT INTO games (` + strings.Join(gameWriteColumns, ", ") +
		`, version, created, updated) VALUES (` + placeholders(len(gameWriteColumns)+3) + `)`
	updateGameSQL = `UPDATE games SET ` + strings.Join(gameWriteColumns, " = ?, ") +
		` = ?, version = version + 1, updated = ? WHERE id = ?`
)

func gameArgs(g *storage.Game) ([]any, error) {
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
	deadline, err := toNullNanos(g.Deadline)
	if err != nil {
		return nil, fmt.Errorf("deadline: %w", err)
	}
	remindAt, err := toNullNanos(g.RemindAt)
	if err != nil {
		return nil, fmt.Errorf("remind at: %w", err)
	}
	snapshot := g.Snapshot
	if snapshot == nil {
		snapshot = []byte{} // the column is NOT NULL; an empty snapshot is the lobby's
	}
	return []any{g.Kind, g.Seats, seedToDB(g.Seed), opts, string(g.Status), g.Guild, g.Channel,
		g.Thread, g.Lobby, g.Creator, snapshot, nullBytes(g.Result), g.ClockHours,
		g.ReminderHours, deadline, remindAt, g.PromptMessage, notNull(g.Flow)}, nil
}

// notNull stores nil as an empty blob, for NOT NULL columns.
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
	args, err := gameArgs(g)
	if err != nil {
		return 0, fmt.Errorf("sqlite: create game: %w", err)
	}
	t := now()
	var id int64
	err = s.write(ctx, func(tx *sql.Tx) error {
		if g.Thread != "" {
			if err := threadFree(ctx, tx, g.Thread, 0); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, insertGameSQL, append(args, 1, t.UnixNano(), t.UnixNano())...)
		if err != nil {
			return fmt.Errorf("insert: %w", err)
		}
		if id, err = res.LastInsertId(); err != nil {
			return fmt.Errorf("read new id: %w", err)
		}
		return writeSeats(ctx, tx, id, g.Players)
	})
	if err != nil {
		return 0, fmt.Errorf("sqlite: create game: %w", err)
	}
	g.ID, g.Version, g.Created, g.Updated = id, 1, t, t
	g.MoveCount, g.LastSeat = 0, -1
	return id, nil
}

// threadFree refuses a thread another game already lives in, with a message naming it (the
// unique index would refuse it too, with a less helpful one).
func threadFree(ctx context.Context, tx *sql.Tx, thread string, self int64) error {
	var other int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM games WHERE thread = ? AND id <> ?`, thread, self).Scan(&other)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return fmt.Errorf("check thread %s: %w", thread, err)
	}
	return fmt.Errorf("thread %s already belongs to game %d", thread, other)
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// writeSeats replaces the seats of game id with ps.
func writeSeats(ctx context.Context, tx *sql.Tx, id int64, ps []storage.Player) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM seats WHERE game_id = ?`, id); err != nil {
		return fmt.Errorf("clear seats: %w", err)
	}
	for _, p := range ps {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, name, late, robot)
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
		return nil, fmt.Errorf("sqlite: game %d: %w", id, err)
	}
	return g, nil
}

// GameByThread loads the game played in thread.
func (s *Store) GameByThread(ctx context.Context, thread string) (*storage.Game, error) {
	if thread == "" {
		return nil, fmt.Errorf("sqlite: game in thread \"\": %w", storage.ErrNotFound)
	}
	g, err := s.oneGame(ctx, `WHERE thread = ?`, thread)
	if err != nil {
		return nil, fmt.Errorf("sqlite: game in thread %s: %w", thread, err)
	}
	return g, nil
}

func (s *Store) oneGame(ctx context.Context, where string, arg any) (*storage.Game, error) {
	var g *storage.Game
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		g, _, err = scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games `+where, arg))
		if errors.Is(err, sql.ErrNoRows) {
			return storage.ErrNotFound
		}
		if err != nil {
			return err
		}
		return loadPlayers(ctx, tx, []*storage.Game{g})
	})
	return g, err
}

// loadPlayers fills the Players of games in one query.
func loadPlayers(ctx context.Context, q querier, games []*storage.Game) error {
	if len(games) == 0 {
		return nil
	}
	byID := make(map[int64]*storage.Game, len(games))
	ids := make([]int64, len(games))
	for i, g := range games {
		byID[g.ID] = g
		ids[i] = g.ID
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return fmt.Errorf("encode game ids: %w", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT game_id, seat, user_id, name, late, robot FROM seats
		WHERE game_id IN (SELECT value FROM json_each(?)) ORDER BY game_id, seat`, string(list))
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
		g := byID[id]
		g.Players = append(g.Players, p)
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
		where = append(where, `status IN (`+placeholders(len(f.Statuses))+`)`)
		for _, st := range f.Statuses {
			args = append(args, string(st))
		}
	}
	if f.DueBy != nil {
		due, err := toNanos(*f.DueBy)
		if err != nil {
			return nil, fmt.Errorf("sqlite: list games: due by: %w", err)
		}
		where = append(where, `(deadline <= ? OR remind_at <= ?)`) // NULL compares false
		args = append(args, due, due)
	}
	query := `SELECT ` + gameColumns + ` FROM games`
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	query += ` ORDER BY id`
	if f.Limit > 0 {
		query += ` LIMIT ?`
		args = append(args, f.Limit)
	}

	var games []*storage.Game
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, query, args...)
		if err != nil {
			return fmt.Errorf("query: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			g, id, err := scanGame(rows)
			if err != nil {
				return fmt.Errorf("read game %d: %w", id, err)
			}
			games = append(games, g)
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read: %w", err)
		}
		return loadPlayers(ctx, tx, games)
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: list games: %w", err)
	}
	return games, nil
}

// UpdateGame writes every field of g but the log, if g.Version is still the stored version, and
// bumps g.Version and g.Updated.
func (s *Store) UpdateGame(ctx context.Context, g *storage.Game, outbox ...storage.OutboxMessage) error {
	args, err := gameArgs(g)
	if err != nil {
		return fmt.Errorf("sqlite: update game %d: %w", g.ID, err)
	}
	t := now()
	msgs, err := storage.PrepareOutbox(outbox, g.ID, t)
	if err != nil {
		return fmt.Errorf("sqlite: update game %d: %w", g.ID, err)
	}
	rows, err := outboxRows(msgs)
	if err != nil {
		return fmt.Errorf("sqlite: update game %d: %w", g.ID, err)
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		if err := checkVersion(ctx, tx, g.ID, g.Version); err != nil {
			return err
		}
		if g.Thread != "" {
			if err := threadFree(ctx, tx, g.Thread, g.ID); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, updateGameSQL, append(args, t.UnixNano(), g.ID)...); err != nil {
			return fmt.Errorf("update: %w", err)
		}
		if err := writeSeats(ctx, tx, g.ID, g.Players); err != nil {
			return err
		}
		return insertOutbox(ctx, tx, rows)
	})
	if err != nil {
		return fmt.Errorf("sqlite: update game %d: %w", g.ID, err)
	}
	g.Version++
	g.Updated = t
	return nil
}

// checkVersion returns ErrNotFound or ErrConflict unless game id is at version want. Inside a
// write transaction nobody can move the version between this check and the update.
func checkVersion(ctx context.Context, tx *sql.Tx, id, want int64) error {
	var v int64
	err := tx.QueryRowContext(ctx, `SELECT version FROM games WHERE id = ?`, id).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return storage.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("read version: %w", err)
	}
	if v != want {
		return fmt.Errorf("at version %d, not %d: %w", v, want, storage.ErrConflict)
	}
	return nil
}

// GameVersion returns the stored version of game id.
func (s *Store) GameVersion(ctx context.Context, id int64) (int64, error) {
	var v int64
	err := s.r.QueryRowContext(ctx, `SELECT version FROM games WHERE id = ?`, id).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		err = storage.ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("sqlite: version of game %d: %w", id, err)
	}
	return v, nil
}
