package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
	"github.com/boardbot/boardbot/storage"
)

// AI players. A seat filled by /create bots=N belongs to the user id "ai:<level>" and is named
// like a person (nameAISeats); it is a robot seat (nobody is pinged for it). A seat whose player resigned or ran
// out of time is also a robot seat, and the AI plays it at the game's level (that of its AI seats,
// else normal). The search never runs in the request path: autoplay hands the game to the AI
// queue, and a worker (RunAI, or PlayAI in tests and the console) loads it, searches on a copy
// without holding the game, and commits the move like any other, recorded under AIUser. Its seed
// is derived from the game's seed and the move's place in the log, so a replay is exact and
// a retry picks the same move.

// AIUser is the user id recorded for moves the AI makes.
const AIUser = "ai"

const aiPrefix = "ai:"

// DefaultAILevel plays seats handed over in games that have no AI seat of their own.
const DefaultAILevel = "normal"

// aiQueue is the set of games with an AI seat to play, in the order they were handed over.
type aiQueue struct {
	mu      sync.Mutex
	pending []int64
	queued  map[int64]bool
	wake    chan struct{}
	// turns carries each AI seat's turn across its consecutive decisions (ai.Turn), so that a
	// turn of many decisions (Ausonia, Reef Encounter) shares one budget, as in the arena. A Turn
	// is taken out while a search uses it and put back only while the same seat is still due
	// after its move; a restart in the middle of a turn gives the next decision a fresh budget.
	turns map[aiTurnKey]*ai.Turn
	// observe, when set (tests), sees every AI decision with the Turn it used.
	observe func(id int64, seat rules.Seat, turn *ai.Turn, stats ai.Stats)
}

// aiTurnKey names one AI seat of one game.
type aiTurnKey struct {
	game int64
	seat rules.Seat
}

func newAIQueue() *aiQueue {
	return &aiQueue{queued: map[int64]bool{}, wake: make(chan struct{}, 1), turns: map[aiTurnKey]*ai.Turn{}}
}

// takeTurn removes and returns the seat's Turn, or a new one for level.
func (q *aiQueue) takeTurn(id int64, seat rules.Seat, level string) *ai.Turn {
	q.mu.Lock()
	defer q.mu.Unlock()
	k := aiTurnKey{id, seat}
	if t, ok := q.turns[k]; ok {
		delete(q.turns, k)
		return t
	}
	return ai.NewTurn(level)
}

// keepTurn stores the seat's Turn for its next decision of the same turn.
func (q *aiQueue) keepTurn(id int64, seat rules.Seat, t *ai.Turn) {
	q.mu.Lock()
	q.turns[aiTurnKey{id, seat}] = t
	q.mu.Unlock()
}

// dropTurns forgets every Turn of a game (nothing of it is due, or it ended).
func (q *aiQueue) dropTurns(id int64) {
	q.mu.Lock()
	for k := range q.turns {
		if k.game == id {
			delete(q.turns, k)
		}
	}
	q.mu.Unlock()
}

func (q *aiQueue) add(id int64) {
	q.mu.Lock()
	if !q.queued[id] {
		q.queued[id] = true
		q.pending = append(q.pending, id)
	}
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *aiQueue) pop() (int64, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.pending) == 0 {
		return 0, false
	}
	id := q.pending[0]
	q.pending = q.pending[1:]
	delete(q.queued, id)
	return id, true
}

// isAIUser reports whether a seat's user id is an AI seat created with the game.
func isAIUser(id string) bool { return strings.HasPrefix(id, aiPrefix) }

// aiSeatPlayer is the lobby entry of an AI seat, still to be named (nameAISeats).
func aiSeatPlayer(seat int, level string) storage.Player {
	return storage.Player{Seat: seat, UserID: aiPrefix + level, Robot: true}
}

// aiLevelOf is the level of an AI seat's user id ("normal"), "" for anyone else.
func aiLevelOf(userID string) string {
	if !isAIUser(userID) {
		return ""
	}
	return strings.TrimPrefix(userID, aiPrefix)
}

// hasAISeats reports whether the game was created with AI players.
func hasAISeats(row *storage.Game) bool {
	for _, p := range row.Players {
		if isAIUser(p.UserID) {
			return true
		}
	}
	return false
}

// gameAILevel is the level the AI plays a seat at: the seat's own (an AI seat), else that of the
// game's first AI seat, else the default.
func gameAILevel(row *storage.Game, seat rules.Seat) string {
	for _, p := range row.Players {
		if p.Seat == int(seat) && isAIUser(p.UserID) {
			return strings.TrimPrefix(p.UserID, aiPrefix)
		}
	}
	for _, p := range row.Players {
		if isAIUser(p.UserID) {
			return strings.TrimPrefix(p.UserID, aiPrefix)
		}
	}
	return DefaultAILevel
}

// handToAI queues the game for the AI worker when a robot seat is awaited; false when the service
// runs without the AI, and the random player moves instead.
func (s *Service) handToAI(t *table) bool {
	if s.opt.NoAI {
		return false
	}
	s.aiq.add(t.row.ID)
	return true
}

// RunAI plays the AI's moves as games are handed to it, until ctx ends. Run it beside the
// adapters; the console and tests call PlayAI instead.
func (s *Service) RunAI(ctx context.Context) {
	if err := s.requeueAI(ctx); err != nil {
		s.log.Error("ai: finding the games it plays", "err", err)
	}
	for {
		if _, err := s.PlayAI(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("ai", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-s.aiq.wake:
		}
	}
}

// PlayAI plays every AI move that is due now, game after game, and returns how many it played.
// Errors of one game are logged and do not stop the others.
func (s *Service) PlayAI(ctx context.Context) (int, error) {
	played := 0
	for ctx.Err() == nil {
		id, ok := s.aiq.pop()
		if !ok {
			return played, nil
		}
		n, err := s.playAIGame(ctx, id)
		played += n
		if err != nil {
			s.log.Error("ai move", "game", id, "err", err)
		}
	}
	return played, ctx.Err()
}

// aiObserver is an Observer that also hears how long the AI thought over a move (the metrics).
type aiObserver interface {
	AIThought(kind string, d time.Duration)
}

// maxAIRetries bounds how often a search is redone because a human moved meanwhile.
const maxAIRetries = 3

// playAIGame plays the AI's move in one game, if one is still due.
func (s *Service) playAIGame(ctx context.Context, id int64) (int, error) {
	for attempt := 0; attempt < maxAIRetries; attempt++ {
		t, err := s.load(ctx, id)
		if err != nil {
			return 0, err
		}
		seat, ok := aiSeatDue(t)
		if !ok {
			t.mu.Unlock()
			s.aiq.dropTurns(id) // a human is awaited or the game is over: the AI's turns ended
			return 0, nil
		}
		row := t.row
		level := gameAILevel(row, seat)
		cfg, err := ai.ForLevel(level, ai.MoveSeed(row.Seed, t.seq, seat))
		if err != nil {
			level = DefaultAILevel
			cfg, _ = ai.ForLevel(level, ai.MoveSeed(row.Seed, t.seq, seat))
		}
		// The Turn notices by itself when this decision begins a new turn (the position is not
		// the one its last decision led to) and then starts afresh.
		cfg.Turn = s.aiq.takeTurn(id, seat, level)
		if s.opt.AIIterations > 0 {
			cfg.Iterations = s.opt.AIIterations
		}
		seq := t.seq
		g := t.kit.Game
		copyState, err := ai.Clone(g, t.state)
		t.mu.Unlock()
		if err != nil {
			return 0, fmt.Errorf("game %d: copy for the AI: %w", id, err)
		}
		start := time.Now()
		m, stats, err := ai.Choose(g, copyState, seat, cfg)
		if o, ok := s.opt.Observer.(aiObserver); ok {
			o.AIThought(row.Kind, time.Since(start))
		}
		if err != nil {
			return 0, fmt.Errorf("game %d seat %d: %w", id, seat, err)
		}
		if s.aiq.observe != nil {
			s.aiq.observe(id, seat, cfg.Turn, stats)
		}
		t, err = s.load(ctx, id)
		if err != nil {
			return 0, err
		}
		if t.seq != seq || t.state == nil || t.state.Result() != nil || !rules.IsAwaited(t.state, seat) || !isRobot(t.row, seat) {
			t.mu.Unlock()
			continue // the game moved on while the AI thought: think again on the new position
		}
		if _, err := s.commit(ctx, t, seat, m, AIUser, ""); err != nil {
			t.mu.Unlock()
			if errors.Is(err, storage.ErrConflict) {
				continue
			}
			return 0, err
		}
		if err := s.autoplay(ctx, t); err != nil {
			s.log.Error("autoplay after ai", "game", id, "err", err)
		}
		if next, ok := aiSeatDue(t); ok && next == seat {
			s.aiq.keepTurn(id, seat, cfg.Turn) // the seat decides again: its turn may go on
		}
		t.mu.Unlock()
		return 1, nil
	}
	s.aiq.add(id) // still contended: try again on the next round
	return 0, nil
}

// aiSeatDue is the first awaited robot seat of a running game.
func aiSeatDue(t *table) (rules.Seat, bool) {
	if t.state == nil || t.state.Result() != nil || t.row.Status != storage.StatusRunning {
		return 0, false
	}
	for _, p := range t.state.Awaiting() {
		if isRobot(t.row, p.Seat) {
			return p.Seat, true
		}
	}
	return 0, false
}

// checkBots validates /create's bots and level against the seats, refusing in lang.
func checkBots(lang string, bots, seats int, level string) error {
	if bots == 0 {
		return nil
	}
	if bots < 0 || bots > seats-1 {
		if seats == 2 {
			return refuseT(lang, "bots_two")
		}
		return refuseT(lang, "bots_range", "Seats", seats, "Max", seats-1)
	}
	if _, err := ai.ForLevel(level, 0); err != nil {
		return refuseT(lang, "bots_no_level", "Level", level, "Levels", strings.Join(ai.Levels, ", "))
	}
	return nil
}

// humansIn counts the seats held by people (not AI seats).
func humansIn(ps []storage.Player) int {
	n := 0
	for _, p := range ps {
		if !isAIUser(p.UserID) {
			n++
		}
	}
	return n
}

func firstHuman(ps []storage.Player) string {
	for _, p := range ps {
		if !isAIUser(p.UserID) {
			return p.UserID
		}
	}
	return ""
}

// requeueAI queues every running game with a robot seat, so moves the AI owed when the process
// stopped are played after a restart (a game with nothing due is simply skipped).
func (s *Service) requeueAI(ctx context.Context) error {
	if s.opt.NoAI {
		return nil
	}
	rows, err := s.store.Games(ctx, storage.GameFilter{Statuses: []storage.Status{storage.StatusRunning}})
	if err != nil {
		return err
	}
	for _, row := range rows {
		for _, p := range row.Players {
			if p.Robot {
				s.aiq.add(row.ID)
				break
			}
		}
	}
	return nil
}
