// Package bot is the application: tables, seats, turns, notifications and clocks. It knows the
// rules, the renderers and the store, and no transport: adapters (bot/console, bot/discord) turn
// user actions into Requests and show the Replies; notices for the game's thread go through the
// store's outbox and are delivered by a Dispatcher.
package bot

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"log/slog"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/render/recap"
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// Kit is one playable game: its rules and how to draw its views.
type Kit struct {
	Game rules.Game
	// PNG draws a view with what the platform knows around it (players' names, its result).
	PNG func(view any, meta render.Meta) ([]byte, error)
	// Focus, when set, draws the part of a public view a phone must read (the last move's region,
	// the awaited player's decision) at a scale that reads; it is posted beside the board.
	Focus func(view any, meta render.Meta) ([]byte, error)
	// Image and Palette draw a view unencoded, in the game's fixed palette, for animated replays
	// and recaps; a game without them has no replay GIF.
	Image   func(view any, meta render.Meta) (image.Image, error)
	Palette color.Palette
	// Progress says what a recap charts and each seat's value in a public view: the score, or
	// what best shows progress in a game without a running one.
	Progress func(view any, lang string) (recap.Progress, error)
	// Usual is what /create and /start assume for this game: its usual table (bot/lobby.go).
	Usual Usual
}

// Options tune a Service.
type Options struct {
	Now                  func() time.Time
	Logger               *slog.Logger
	DefaultReminderHours int  // for servers that set none
	DefaultClockHours    int  // for servers that set none
	AutoForced           bool // play a seat's move itself when it has exactly one
	CacheSize            int  // games kept in memory
	// Observer hears of moves applied and refused (the metrics); nil: nobody.
	Observer Observer
	// NoAI turns the AI off: robot seats are played by the random player in the request path, and
	// /create refuses bots. By default the AI plays them through the AI queue (bot/ai.go).
	NoAI bool
	// AIIterations, when set, is the search budget of every AI level (tests keep games fast).
	AIIterations int
	// DeliverLease is how long a claim on outbox messages lasts (default 2 minutes).
	DeliverLease time.Duration
	// NonceWindow is how long Discord is trusted to remember a post's nonce (default
	// nonceWindow); a post tried before and queued longer ago is looked for before it is sent
	// again (Resender).
	NonceWindow time.Duration
	// Seed, when set, gives the seed of each new game whose creator named none (tests use it to
	// make games reproducible); by default seeds come from crypto/rand.
	Seed func() uint64
}

// Service runs every game. It is safe for concurrent use; moves to one game are serialised by a
// per-game lock and, across processes, by the store's version check.
type Service struct {
	store storage.Store
	kits  map[string]Kit
	ids   []string
	opt   Options
	log   *slog.Logger

	mu     sync.Mutex
	tables map[int64]*table
	aiq    *aiQueue
	owner  string
	langs  langCache // each server's language (bot/locale.go) // this instance's name on the outbox messages it claims
}

// table is a game loaded in memory. Its lock guards row and state.
type table struct {
	mu    sync.Mutex
	row   *storage.Game
	state rules.State // nil in the lobby
	seq   int64       // moves in the log
	kit   Kit
}

// New makes a Service for the given games, in menu order.
func New(store storage.Store, kits []Kit, opt Options) *Service {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	if opt.Observer == nil {
		opt.Observer = noObserver{}
	}
	if opt.CacheSize == 0 {
		opt.CacheSize = 512
	}
	s := &Service{store: store, kits: map[string]Kit{}, opt: opt, log: opt.Logger, tables: map[int64]*table{}, aiq: newAIQueue(),
		owner: instanceName()}
	for _, k := range kits {
		id := k.Game.Info().ID
		s.kits[id] = k
		s.ids = append(s.ids, id)
	}
	return s
}

// Games lists the registered games' descriptions in menu order.
func (s *Service) Games() []rules.Info {
	out := make([]rules.Info, 0, len(s.ids))
	for _, id := range s.ids {
		out = append(out, s.kits[id].Game.Info())
	}
	return out
}

// Kit returns a registered game.
func (s *Service) Kit(id string) (Kit, bool) {
	k, ok := s.kits[id]
	return k, ok
}

// Store exposes the store to adapters that deliver the outbox.
func (s *Service) Store() storage.Store { return s.store }

func (s *Service) now() time.Time { return s.opt.Now().UTC() }

// load returns the table for a game id, from the cache or the store, locked. The caller unlocks.
func (s *Service) load(ctx context.Context, id int64) (*table, error) {
	s.mu.Lock()
	t, ok := s.tables[id]
	if !ok {
		t = &table{}
		s.tables[id] = t
	}
	s.mu.Unlock()
	t.mu.Lock()
	if t.row != nil {
		// Another instance sharing the database may have moved the game since it was cached:
		// one cheap read of the version keeps the cache from ever serving a stale game.
		if v, err := s.store.GameVersion(ctx, id); err != nil || v != t.row.Version {
			t.row = nil
		}
	}
	if t.row == nil {
		if err := s.fill(ctx, t, id); err != nil {
			t.mu.Unlock()
			s.evict(id)
			return nil, err
		}
	}
	s.trim()
	return t, nil
}

func (s *Service) fill(ctx context.Context, t *table, id int64) error {
	row, err := s.store.Game(ctx, id)
	if err != nil {
		if errors.Is(err, storage.ErrNotFound) {
			return refuseT(LangEnglish, "no_game_id", "ID", id)
		}
		return err
	}
	kit, ok := s.kits[row.Kind]
	if !ok {
		return refuseT(LangEnglish, "kind_gone", "ID", id, "Kind", row.Kind)
	}
	nameAISeats(row) // rows stored with "AI (normal)" get their names here
	// The row counts the log: a cache miss never reads the log.
	t.row, t.kit, t.state, t.seq = row, kit, nil, row.MoveCount
	if len(row.Snapshot) > 0 {
		st, err := kit.Game.Decode(row.Snapshot)
		if err != nil {
			return fmt.Errorf("game %d: decode snapshot: %w", id, err)
		}
		t.state = st
	}
	return nil
}

// reload refreshes a locked table from the store (after a conflict or a failed write).
func (s *Service) reload(ctx context.Context, t *table) error {
	id := t.row.ID
	t.row = nil
	return s.fill(ctx, t, id)
}

func (s *Service) evict(id int64) {
	s.mu.Lock()
	delete(s.tables, id)
	s.mu.Unlock()
}

// trim keeps the cache bounded, dropping tables nobody is using.
func (s *Service) trim() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, t := range s.tables {
		if len(s.tables) <= s.opt.CacheSize {
			return
		}
		if t.mu.TryLock() {
			delete(s.tables, id)
			t.mu.Unlock()
		}
	}
}

// resolve finds the game a request is about and checks it is reachable from where the request
// comes: its own thread, or its lobby channel when the request names the game (a lobby button).
func (s *Service) resolve(ctx context.Context, req Request) (*table, error) {
	s.noteGuildLocale(ctx, req)
	// Refusals are rare: the asker's language is looked up only for one.
	no := func(id string, args ...any) error { return refuseT(s.UserLanguage(ctx, req), id, args...) }
	id := req.Game
	if id == 0 {
		if req.Place.Channel == "" {
			return nil, no("use_in_thread")
		}
		row, err := s.store.GameByThread(ctx, req.Place.Channel)
		if errors.Is(err, storage.ErrNotFound) {
			return nil, no("no_game_here")
		}
		if err != nil {
			return nil, err
		}
		id = row.ID
	}
	t, err := s.load(ctx, id)
	if err != nil {
		var r *Refusal
		if errors.As(err, &r) && r.id != "" {
			return nil, no(r.id, r.args...)
		}
		return nil, err
	}
	r := t.row
	if req.Place.Channel != r.Thread && req.Place.Channel != r.Channel {
		t.mu.Unlock()
		return nil, no("own_thread")
	}
	if r.Guild != req.Place.Guild {
		t.mu.Unlock()
		return nil, no("other_server")
	}
	return t, nil
}

// seatOf returns the seats a user holds.
func seatsOf(row *storage.Game, user string) []rules.Seat {
	var out []rules.Seat
	for _, p := range row.Players {
		if p.UserID == user {
			out = append(out, rules.Seat(p.Seat))
		}
	}
	return out
}

func playerName(row *storage.Game, seat rules.Seat) string {
	for _, p := range row.Players {
		if p.Seat == int(seat) {
			return p.Name
		}
	}
	return "seat " + strconv.Itoa(int(seat))
}

// seatLabel is how every text names a seat: its player's name alone ("alice", "Ada"). The game's
// own name for the seat (a colour, a house) is said once in the start post's roster and drawn as
// a chip on the images, never added in brackets: "alice (Green)" read like a game piece.
func seatLabel(lang string, row *storage.Game, st rules.State, seat rules.Seat) string {
	return playerName(row, seat)
}

func gameTitle(t *table) string {
	return fmt.Sprintf("%s #%d", t.kit.Game.Info().Name, t.row.ID)
}

// names lists player names in seat order.
func names(row *storage.Game) []string {
	ps := append([]storage.Player{}, row.Players...)
	sort.Slice(ps, func(i, j int) bool { return ps[i].Seat < ps[j].Seat })
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

func joinNames(lang string, ns []string) string {
	switch len(ns) {
	case 0:
		return T(lang, "nobody")
	case 1:
		return ns[0]
	}
	return T(lang, "names_and", "Names", strings.Join(ns[:len(ns)-1], ", "), "Last", ns[len(ns)-1])
}

// Bound user input before any work.
const (
	maxText    = rules.MaxMoveLen
	maxName    = 64
	maxInvited = 8
)

func cleanName(n string) string {
	n = strings.Map(func(r rune) rune {
		if r < ' ' {
			return ' '
		}
		return r
	}, n)
	n = strings.TrimSpace(n)
	if len([]rune(n)) > maxName {
		n = string([]rune(n)[:maxName])
	}
	if n == "" {
		n = "player"
	}
	return n
}

var instances atomic.Int64

// instanceName names a Service uniquely among the instances sharing a database: the host, the
// process, its start and a count within the process.
func instanceName() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s/%d/%d/%d", host, os.Getpid(), time.Now().UnixNano(), instances.Add(1))
}

// seatNamer renders seat placeholders (rules.SeatRef) as seatLabel does.
func seatNamer(lang string, row *storage.Game, st rules.State) func(rules.Seat) string {
	return func(seat rules.Seat) string { return seatLabel(lang, row, st, seat) }
}
