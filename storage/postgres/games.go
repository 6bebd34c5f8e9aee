package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/boardbot/boardbot/storage"
)

const gameColumns = `id, kind, seats, seed, options, status, guild, channel, thread, lobby, creator,
	snapshot, version, result, clock_hours, reminder_hours, deadline, remind_at, prompt_message,
	flow, created, updated, move_count, last_seat`

// scanGame reads and checks one games row; it returns the row's id with a decoding error, so a
// listing can say which game is damaged.
func scanGame(row pgx.Row) (*storage.Game, int64, error) {
	var g storage.Game
	var seed int64
	var options, status string
	if err := row.Scan(&g.ID, &g.Kind, &g.Seats, &seed, &options, &status, &g.Guild, &g.Channel,
		&g.Thread, &g.Lobby, &g.Creator, &g.Snapshot, &g.Version, &g.Result, &g.ClockHours,
		&g.ReminderHours, &g.Deadline, &g.RemindAt, &g.PromptMessage, &g.Flow, &g.Created, &g.Updated,
		&g.MoveCount, &g.LastSeat); err != nil {
		return nil, g.ID, err
	}
	opts, err := storage.DecodeOptions(options)
	if err != nil {
		return nil, g.ID, err
	}
	g.Options, g.Seed, g.Status = opts, uint64(seed), storage.Status(status)
	if !g.Status.Valid() {
		return nil, g.ID, fmt.Errorf("unknown status %q", status)
	}
	if g.Snapshot == nil {
		g.Snapshot = []byte{}
	}
	g.Deadline, g.RemindAt = utc(g.Deadline), utc(g.RemindAt)
	g.Created, g.Updated = g.Created.UTC(), g.Updated.UTC()
	return &g, g.ID, nil
}

// gameWriteColumns are the columns CreateGame and UpdateGame write, in gameArgs' order.
var gameWriteColumns = []string{"kind", "seats", "seed", "options", "status", "guild", "channel",
	"thread", "lobby", "creator", "snapshot", "result", "clock_hours", "reminder_hours", "deadline",
	"remind_at", "prompt_message", "flow"}

var (
	insertGameSQL = `INSERT INTO games (` + strings.Join(gameWriteColumns, ", ") +
		`, version, created, updated) VALUES (` + params(1, len(gameWriteColumns)+3) + `) RETURNING id`
	updateGameSQL = func() string {
		sets := make([]string, len(gameWriteColumns))
		for i, c := range gameWriteColumns {
			sets[i] = c + " = $" + strconv.Itoa(i+1)
		}
		n := len(gameWriteColumns)
		return `UPDATE games SET ` + strings.Join(sets, ", ") + `, version = version + 1, updated = $` +
			strconv.Itoa(n+1) + ` WHERE id = $` + strconv.Itoa(n+2)
	}()
)

// params lists $from .. $(from+n-1).
func params(from, n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = "$" + strconv.Itoa(from+i)
	}
	return strings.Join(ps, ", ")
}

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
	snapshot, flow := g.Snapshot, g.Flow
	if snapshot == nil {
		snapshot = []byte{}
	}
	if flow == nil {
		flow = []byte{}
	}
	return []any{g.Kind, g.Seats, int64(g.Seed), opts, string(g.Status), g.Guild, g.Channel,
		g.Thread, g.Lobby, g.Creator, snapshot, g.Result, g.ClockHours, g.ReminderHours,
		g.Deadline, g.RemindAt, g.PromptMessage, flow}, nil
}

// CreateGame inserts g and sets its ID, Version, Created, Updated and empty log summary.
func (s *Store) CreateGame(ctx context.Context, g *storage.Game) (int64, error) {
	if g.Status == "" {
		g.Status = storage.StatusLobby
	}
	args, err := gameArgs(g)
	if err != nil {
		return 0, fmt.Errorf("postgres: create game: %w", err)
	}
	t := now()
	var id int64
	err = s.write(ctx, func(tx pgx.Tx) error {
		if g.Thread != "" {
			if err := threadFree(ctx, tx, g.Thread, 0); err != nil {
				return err
			}
		}
		if err := tx.QueryRow(ctx, insertGameSQL, append(args, 1, t, t)...).Scan(&id); err != nil {
			return fmt.Errorf("insert: %w", err)
		}
		return writeSeats(ctx, tx, id, g.Players)
	})
	if err != nil {
		return 0, fmt.Errorf("postgres: create game: %w", err)
	}
	g.ID, g.Version, g.Created, g.Updated = id, 1, t, t
	g.MoveCount, g.LastSeat = 0, -1
	return id, nil
}

// threadFree refuses a thread another game already lives in, naming it.
func threadFree(ctx context.Context, tx pgx.Tx, thread string, self int64) error {
	var other int64
	err := tx.QueryRow(ctx, `SELECT id FROM games WHERE thread = $1 AND id <> $2`, thread, self).Scan(&other)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil
	case err != nil:
		return fmt.Errorf("check thread %s: %w", thread, err)
	}
	return fmt.Errorf("thread %s already belongs to game %d", thread, other)
}

// writeSeats replaces the seats of game id with ps.
func writeSeats(ctx context.Context, tx pgx.Tx, id int64, ps []storage.Player) error {
	if _, err := tx.Exec(ctx, `DELETE FROM seats WHERE game_id = $1`, id); err != nil {
		return fmt.Errorf("clear seats: %w", err)
	}
	for _, p := range ps {
		if _, err := tx.Exec(ctx, `INSERT INTO seats (game_id, seat, user_id, name, late, robot)
			VALUES ($1, $2, $3, $4, $5, $6)`, id, p.Seat, p.UserID, p.Name, p.Late, p.Robot); err != nil {
			return fmt.Errorf("insert seat %d: %w", p.Seat, err)
		}
	}
	return nil
}

// Game loads one game with its players.
func (s *Store) Game(ctx context.Context, id int64) (*storage.Game, error) {
	g, err := s.oneGame(ctx, `WHERE id = $1`, id)
	if err != nil {
		return nil, fmt.Errorf("postgres: game %d: %w", id, err)
	}
	return g, nil
}

// GameByThread loads the game played in thread.
func (s *Store) GameByThread(ctx context.Context, thread string) (*storage.Game, error) {
	if thread == "" {
		return nil, fmt.Errorf("postgres: game in thread \"\": %w", storage.ErrNotFound)
	}
	g, err := s.oneGame(ctx, `WHERE thread = $1`, thread)
	if err != nil {
		return nil, fmt.Errorf("postgres: game in thread %s: %w", thread, err)
	}
	return g, nil
}

func (s *Store) oneGame(ctx context.Context, where string, arg any) (*storage.Game, error) {
	var g *storage.Game
	err := s.read(ctx, func(tx pgx.Tx) error {
		var err error
		g, _, err = scanGame(tx.QueryRow(ctx, `SELECT `+gameColumns+` FROM games `+where, arg))
		if errors.Is(err, pgx.ErrNoRows) {
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
func loadPlayers(ctx context.Context, tx pgx.Tx, games []*storage.Game) error {
	if len(games) == 0 {
		return nil
	}
	byID := make(map[int64]*storage.Game, len(games))
	ids := make([]int64, len(games))
	for i, g := range games {
		byID[g.ID] = g
		ids[i] = g.ID
	}
	rows, err := tx.Query(ctx, `SELECT game_id, seat, user_id, name, late, robot FROM seats
		WHERE game_id = ANY($1) ORDER BY game_id, seat`, ids)
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

// Games lists the games matching f, in creation order.
func (s *Store) Games(ctx context.Context, f storage.GameFilter) ([]*storage.Game, error) {
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if f.UserID != "" {
		where = append(where, `id IN (SELECT game_id FROM seats WHERE user_id = `+arg(f.UserID)+`)`)
	}
	if f.Guild != "" {
		where = append(where, `guild = `+arg(f.Guild))
	}
	if f.Kind != "" {
		where = append(where, `kind = `+arg(f.Kind))
	}
	if len(f.Statuses) > 0 {
		sts := make([]string, len(f.Statuses))
		for i, st := range f.Statuses {
			sts[i] = string(st)
		}
		where = append(where, `status = ANY(`+arg(sts)+`)`)
	}
	if f.DueBy != nil {
		due := arg(*f.DueBy)
		where = append(where, `(deadline <= `+due+` OR remind_at <= `+due+`)`) // NULL compares false
	}
	query := `SELECT ` + gameColumns + ` FROM games`
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, ` AND `)
	}
	query += ` ORDER BY id`
	if f.Limit > 0 {
		query += ` LIMIT ` + arg(f.Limit)
	}

	var games []*storage.Game
	err := s.read(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, query, args...)
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
		return nil, fmt.Errorf("postgres: list games: %w", err)
	}
	return games, nil
}

// GameIDs returns the id of every stored game in order.
func (s *Store) GameIDs(ctx context.Context) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM games ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("postgres: game ids: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("postgres: game ids: %w", err)
	}
	return ids, nil
}

// UpdateGame writes every field of g but the log if g.Version is still the stored version.
func (s *Store) UpdateGame(ctx context.Context, g *storage.Game, outbox ...storage.OutboxMessage) error {
	args, err := gameArgs(g)
	if err != nil {
		return fmt.Errorf("postgres: update game %d: %w", g.ID, err)
	}
	t := now()
	msgs, err := storage.PrepareOutbox(outbox, g.ID, t)
	if err != nil {
		return fmt.Errorf("postgres: update game %d: %w", g.ID, err)
	}
	err = s.write(ctx, func(tx pgx.Tx) error {
		if _, err := lockVersion(ctx, tx, g.ID, g.Version); err != nil {
			return err
		}
		if g.Thread != "" {
			if err := threadFree(ctx, tx, g.Thread, g.ID); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, updateGameSQL, append(args, t, g.ID)...); err != nil {
			return fmt.Errorf("update: %w", err)
		}
		if err := writeSeats(ctx, tx, g.ID, g.Players); err != nil {
			return err
		}
		return insertOutbox(ctx, tx, msgs)
	})
	if err != nil {
		return fmt.Errorf("postgres: update game %d: %w", g.ID, err)
	}
	g.Version++
	g.Updated = t
	return nil
}

// lockVersion locks game id's row until the transaction ends and returns its version:
// ErrNotFound without a row, ErrConflict when want >= 0 and the version differs. The lock is what
// makes the check hold between instances: a second writer waits here, then sees the new version.
func lockVersion(ctx context.Context, tx pgx.Tx, id, want int64) (int64, error) {
	var v int64
	err := tx.QueryRow(ctx, `SELECT version FROM games WHERE id = $1 FOR UPDATE`, id).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
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
	err := s.pool.QueryRow(ctx, `SELECT version FROM games WHERE id = $1`, id).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		err = storage.ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("postgres: version of game %d: %w", id, err)
	}
	return v, nil
}
