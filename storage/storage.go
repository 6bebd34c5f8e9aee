// Package storage defines where games live: the Store interface the application uses and the
// conformance suite (storagetest) every implementation passes. storage/sqlite is the default.
package storage

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Errors every Store returns (possibly wrapped) so callers can tell the cases apart.
var (
	ErrNotFound = errors.New("storage: not found")
	// ErrConflict: the game's version is no longer the one the caller loaded; reload and retry.
	ErrConflict = errors.New("storage: version conflict")
	// ErrDuplicate: this interaction id was already recorded; the action was applied before.
	ErrDuplicate = errors.New("storage: duplicate interaction")
	// ErrPlaying: ForgetUser found the user seated (not replaced by the random player) in a game
	// in the lobby or running, and changed nothing.
	ErrPlaying = errors.New("storage: the user sits in a game still going")
)

// FormerUser is the user id a forgotten user's seat takes: one per game and seat, so that the
// finished game still has distinct players (ratings, results), and nothing links one former
// player's games to each other.
func FormerUser(game int64, seat int) string { return fmt.Sprintf("%s%d:%d", formerPrefix, game, seat) }

const formerPrefix = "former:"

// IsFormerUser reports whether a seat's user id is a forgotten user's (FormerUser).
func IsFormerUser(user string) bool { return strings.HasPrefix(user, formerPrefix) }

// Settings belong to a game when their id is the game's id ("42") or starts with it and a slash
// ("42/<user>"); DeleteGuild removes them with the game, in every scope.

// Status of a game.
type Status string

const (
	StatusLobby    Status = "lobby"    // created, seats filling
	StatusRunning  Status = "running"  // started
	StatusFinished Status = "finished" // the rules gave a result
	StatusAborted  Status = "aborted"  // ended by its creator or an admin
)

// Game is one table: its setup, where it lives on Discord, its players and its current snapshot.
type Game struct {
	ID      int64
	Kind    string // rules game id, e.g. "autumn-ash"
	Seats   int    // seat count chosen at creation
	Seed    uint64
	Options map[string]string
	Status  Status

	Guild   string // server id ("" in the console or DMs)
	Channel string // channel the lobby was posted in
	Thread  string // thread the game is played in; unique when set
	Lobby   string // lobby message id
	Creator string // user id

	Players []Player // seated users, ordered by seat

	Snapshot []byte // rules.State.Encode(); empty in the lobby
	Version  int64  // bumped by every write; optimistic concurrency
	Result   []byte // JSON of rules.Result once finished

	ClockHours    int        // hours per move; 0 = no clock
	ReminderHours int        // first reminder after this many idle hours; 0 = none
	Deadline      *time.Time // when the awaited seats' clock runs out
	RemindAt      *time.Time // next reminder
	PromptMessage string     // message id of the last prompt with buttons
	// Flow is the application's record of what the game's thread has been told (opaque here);
	// AppendMove writes it with the move, so it never disagrees with the log.
	Flow []byte

	// The log's length and its last move's seat (-1 before the first), kept by AppendMove and
	// TruncateMoves so that loading a game never reads its log. CreateGame sets 0 and -1;
	// UpdateGame ignores them.
	MoveCount int64
	LastSeat  int

	Created time.Time
	Updated time.Time
}

// Player is a user in a seat.
type Player struct {
	Seat   int
	UserID string
	Name   string
	Late   bool // clock ran out while awaited
	Robot  bool // replaced by the random player
}

// Move is one entry of a game's log.
type Move struct {
	GameID        int64
	Seq           int64 // 1, 2, 3, ... per game
	Seat          int
	Notation      string
	UserID        string
	InteractionID string // "" when none (console); unique when set
	At            time.Time
}

// OutboxMessage is a message the application must still send (to Discord). It is queued in the
// same transaction as the move that caused it, so a crash never loses or duplicates it.
type OutboxMessage struct {
	ID       int64
	GameID   int64
	Kind     string // what it is, for the sender: "turn", "reminder", "dm", ...
	Payload  []byte // the sender's own encoding
	Attempts int
	NextTry  time.Time // zero when queued: due at once
	Created  time.Time // set by the store
}

// MoveWrite appends one move and the snapshot it produced, atomically: when AppendMove fails,
// nothing of it is written (not even the interaction id).
type MoveWrite struct {
	GameID        int64
	ExpectVersion int64 // the version the caller loaded; ErrConflict if it moved
	Move          Move  // Seq is assigned by the store
	Snapshot      []byte
	Status        Status          // new status (running or finished); "" keeps the current one
	Result        []byte          // set when finished
	Deadline      *time.Time      // written as given: nil clears
	RemindAt      *time.Time      // written as given: nil clears
	Players       []Player        // when non-nil, replaces the seats (late flags cleared, robots)
	Flow          []byte          // the game's new Flow, written as given
	Outbox        []OutboxMessage // a message with GameID 0 belongs to this game
}

// GameFilter selects games for listings. Zero fields do not filter; the fields that are set must
// all match. Games returns the matches in creation order (by ID).
type GameFilter struct {
	UserID   string     // games this user sits in
	Guild    string     // games of this server
	Kind     string     // games of this kind
	Statuses []Status   // any of these
	DueBy    *time.Time // games whose Deadline or RemindAt is at or before it
	Limit    int
}

// Store keeps games, their logs, settings, idempotency keys and the outbox. Implementations are
// safe for concurrent use, return times in UTC, and pass the conformance suite in storagetest.
type Store interface {
	// CreateGame inserts g (ID, Version=1, Created, Updated are set by the store) and returns its id.
	CreateGame(ctx context.Context, g *Game) (int64, error)
	Game(ctx context.Context, id int64) (*Game, error)
	GameByThread(ctx context.Context, thread string) (*Game, error)
	// GameIDs lists every stored game's id in order, so a check can load games one by one and
	// report a damaged row without stopping.
	GameIDs(ctx context.Context) ([]int64, error)
	Games(ctx context.Context, f GameFilter) ([]*Game, error)
	// UpdateGame writes every field of g but the log if g.Version is still the stored one, and
	// bumps g.Version. Used for the lobby, starting, aborting, clocks and prompt ids. The outbox
	// messages are queued in the same transaction (GameID 0: g's), so a change and its notices are
	// written together or not at all: an instance that loses the version check queues nothing.
	UpdateGame(ctx context.Context, g *Game, outbox ...OutboxMessage) error
	// AppendMove commits a move: ErrConflict if the version moved, ErrDuplicate if the interaction
	// id was seen. It returns the new version. ErrNotFound is checked first, then ErrDuplicate
	// (a replayed click usually carries a stale version too), then ErrConflict.
	AppendMove(ctx context.Context, w MoveWrite) (int64, error)
	Moves(ctx context.Context, gameID int64) ([]Move, error)
	// TruncateMoves removes moves with Seq > keep and writes the snapshot for what stays (undo).
	// The interaction ids of the removed moves stay remembered: a replayed click cannot redo them.
	TruncateMoves(ctx context.Context, gameID, expectVersion, keep int64, snapshot []byte) (int64, error)

	// Idempotency for actions that are not moves (joins, buttons): Remember returns ErrDuplicate if
	// key was already remembered. Its keys are kept apart from the interaction ids of moves.
	Remember(ctx context.Context, key string) error
	// Remembered reports whether key was remembered (by Remember or by a write under WithDoneKey).
	Remembered(ctx context.Context, key string) (bool, error)

	// Spend takes one unit of budget name in time slot (a number the caller derives from the
	// clock) when fewer than limit were taken there, atomically across every instance on the
	// store, and reports whether it got one. With fill, it uses the slot up instead (nothing may
	// be taken there any more) and reports false. Slots far behind are forgotten.
	Spend(ctx context.Context, name string, slot int64, limit int, fill bool) (bool, error)

	Setting(ctx context.Context, scope, id, key string) (string, bool, error)
	SetSetting(ctx context.Context, scope, id, key, value string) error
	Settings(ctx context.Context, scope, id string) (map[string]string, error)

	Enqueue(ctx context.Context, msgs ...OutboxMessage) error
	// Pending returns up to limit messages whose NextTry is at or before now, oldest first
	// (by NextTry, then by queue order); limit <= 0 returns them all.
	Pending(ctx context.Context, now time.Time, limit int) ([]OutboxMessage, error)
	// MarkSent removes a sent message; ErrNotFound if there is no such message.
	MarkSent(ctx context.Context, id int64) error
	// Retry counts a failed attempt and puts the message off until next, releasing any claim on
	// it; ErrNotFound as MarkSent.
	Retry(ctx context.Context, id int64, next time.Time) error
	// Claim gives owner up to limit messages due at now (oldest first, as Pending) that nobody
	// holds, and holds them for owner until now+lease: while the lease lasts no other Claim
	// returns them, so each message goes to one sender. A claim whose lease ran out (its sender
	// died) is taken over, and counts as an attempt: the dead sender may have sent it. MarkSent or Retry end the claim. limit must be positive. A game's
	// messages go out in queue order: one is not claimed while an earlier message of its game is
	// held (by anyone) or put off by Retry; messages of no game are independent.
	Claim(ctx context.Context, owner string, now time.Time, lease time.Duration, limit int) ([]OutboxMessage, error)

	// GameVersion returns a game's stored version alone, cheaply, so that a cache can check that
	// what it holds is current before using it.
	GameVersion(ctx context.Context, id int64) (int64, error)
	// HasMove reports whether the log of game holds a move made by this interaction id.
	HasMove(ctx context.Context, game int64, interaction string) (bool, error)

	// ForgetUser erases a user (a request to be forgotten): their settings (scope "user") and
	// the per-game settings whose id ends in "/<user>" go; in every game they sat in, their seat
	// takes the user id FormerUser(game, seat) and the name rename gives (it runs inside the
	// store's transaction and must not use the store), their moves that id too, and the games
	// they created lose their creator. Each game changed gets a new version. It returns
	// ErrPlaying, and changes nothing, when the user sits in a lobby or running game other than
	// as a seat replaced by the random player; else the number of games changed.
	ForgetUser(ctx context.Context, user string, rename func(game int64, guild string, seat int) string) (int, error)
	// DeleteGuild deletes a server's data: every game of guild (any status) with its seats, log,
	// queued messages and settings, and the server's settings (scope "guild"). It returns the
	// number of games deleted. guild must not be empty (the console's games have none).
	DeleteGuild(ctx context.Context, guild string) (int, error)

	// Stats counts what an operator watches (the metrics endpoint reads it at every scrape).
	Stats(ctx context.Context) (Stats, error)

	// Ready reports whether the store can do its work now, for a readiness probe: nil, or an
	// *Unavailable whose Part says what is wrong (PartDisk, PartDatabase, PartTimeout) and whose
	// message names it without SQL. It never writes: it reads under a short timeout and adds what
	// the start checks and the last real writes learned (a full or read-only disk, a write that
	// does not finish). It returns within ReadyTimeout, or ctx's deadline if sooner, even when the
	// disk or the database hangs.
	Ready(ctx context.Context) error

	Close() error
}

// Key is a remembered idempotency key: scope "move" for the interaction ids of moves, "action"
// for the keys given to Remember.
type Key struct {
	Scope, Key string
	Created    time.Time
}

// Setting is one stored setting.
type Setting struct{ Scope, ID, Key, Value string }

// Copier receives the whole contents of an installation, to copy it to another store (`boardbot
// migrate-db`): every game with its log, every key, setting and queued message, each written as
// it was (ids, versions and times included).
type Copier interface {
	CopyGame(ctx context.Context, g *Game, log []Move) error
	CopyKeys(ctx context.Context, keys []Key) error
	CopySettings(ctx context.Context, settings []Setting) error
	CopyOutbox(ctx context.Context, msgs []OutboxMessage) error
}

// Stats are a store's figures for monitoring.
type Stats struct {
	Running map[string]int // running games by kind (never nil)
	Queued  int            // outbox messages waiting, due or not
	Oldest  time.Time      // when the oldest of them was queued; zero when none is
}
