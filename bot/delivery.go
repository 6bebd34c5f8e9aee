package bot

import (
	"cmp"
	"context"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// ThreadRefused is a Sender's error for a post or edit that the game's thread refuses until
// someone fixes it: the thread was deleted or locked, or the bot lost a permission there.
// Reason says so for the players ("I may not attach files there"): a message id of the
// platform's catalogue, so each reader gets it in their language (text that is no id is shown
// as it is: a refusal stored by an older version).
type ThreadRefused struct {
	Reason string
	// Where says where the players can still follow the game meanwhile (a message id, as
	// Reason), or "" when nowhere (a deleted thread); it goes in the direct message each of
	// them gets.
	Where string
}

func (e *ThreadRefused) Error() string {
	return "the game's thread refuses posts: " + textOrID(LangEnglish, e.Reason)
}

// textOrID is message id in lang, or s itself when it is no message (words stored before the
// catalogue).
func textOrID(lang, s string) string {
	if HasText(s) {
		return T(lang, s)
	}
	return s
}

// refusedProbe is how often a refused thread is tried again: each try costs Discord one request
// it counts as invalid, so it is rare, yet an admin's fix shows within minutes.
const refusedProbe = 10 * time.Minute

// Settings scope and key where a game's refused thread is noted, shared by every instance.
const (
	scopeGame  = "game"
	keyRefused = "thread_refused"
)

// ThreadRefusal says why the game in thread cannot be posted to, in lang, or "" while it can.
func (s *Service) ThreadRefusal(ctx context.Context, lang, thread string) string {
	row, err := s.store.GameByThread(ctx, thread)
	if err != nil || row == nil {
		return ""
	}
	v, ok, err := s.store.Setting(ctx, scopeGame, strconv.FormatInt(row.ID, 10), keyRefused)
	if err != nil || !ok || v == "" {
		return ""
	}
	return textOrID(lang, v)
}

// refusedAndOver reports whether game has ended while its thread refused its posts (for a
// direct message: whether the game was never opened, see Unopened).
// The refusal is read first: it is almost always absent, so a post costs one read here.
func (s *Service) refusedAndOver(ctx context.Context, game int64, dm bool) bool {
	v, ok, err := s.store.Setting(ctx, scopeGame, strconv.FormatInt(game, 10), keyRefused)
	if err != nil || !ok || v == "" || dm && v != keyUnopened {
		return false
	}
	row, err := s.store.Game(ctx, game)
	return err == nil && row.Status != storage.StatusRunning && row.Status != storage.StatusLobby
}

// threadRefused handles a game's message that its thread refused: the game's posts stop (the
// message stays first in its lane, tried again every refusedProbe), its clocks stop, and the
// first time the players are told in the lobby channel where the game was opened. It returns
// when to try again; zero when the message is dropped (the game is over: nothing waits for it).
func (s *Service) threadRefused(ctx context.Context, game int64, r *ThreadRefused) (time.Time, error) {
	reason := r.Reason
	t, err := s.load(ctx, game)
	if err != nil {
		return time.Time{}, err
	}
	defer t.mu.Unlock()
	id := strconv.FormatInt(game, 10)
	if t.row.Status != storage.StatusRunning && t.row.Status != storage.StatusLobby {
		return time.Time{}, s.store.SetSetting(ctx, scopeGame, id, keyRefused, "")
	}
	prev, known, err := s.store.Setting(ctx, scopeGame, id, keyRefused)
	if err != nil {
		return time.Time{}, err
	}
	next := s.now().Add(refusedProbe)
	if known && prev != "" {
		return next, nil
	}
	s.log.Error("outbox: the game's thread refuses its posts; the game is paused until it is fixed", "game", game, "thread", t.row.Thread, "reason", textOrID(LangEnglish, reason))
	if o, ok := s.opt.Observer.(interface{ ThreadRefused(kind string) }); ok {
		o.ThreadRefused(t.row.Kind)
	}
	if err := s.store.SetSetting(ctx, scopeGame, id, keyRefused, reason); err != nil {
		return time.Time{}, err
	}
	name := t.row.Kind
	if t.kit.Game != nil {
		name = t.kit.Game.Info().Name
	}
	lang := s.threadLang(t.row)
	text := T(lang, "thread_refused", "Game", name, "ID", game, "Thread", t.row.Thread, "Reason", textOrID(lang, reason))
	t.row.Deadline, t.row.RemindAt = nil, nil
	if err := s.store.UpdateGame(ctx, t.row); err != nil {
		_ = s.reload(ctx, t)
		return time.Time{}, err
	}
	if t.row.Channel != "" && t.row.Channel != t.row.Thread {
		// A message of no game (UpdateGame would give it this game's lane, behind the refused
		// post), to the channel the game was opened in.
		if err := s.store.Enqueue(ctx, s.notice(Notice{Kind: "text", Channel: t.row.Channel, Text: text, Lang: lang})); err != nil {
			return time.Time{}, err
		}
	}
	// Each human player is also told once by direct message (of no game too): they may not read
	// the lobby channel, and the thread may be gone. A closed DM is the transport's to drop.
	told := map[string]bool{}
	for _, p := range t.row.Players {
		if p.Robot || p.UserID == "" || told[p.UserID] {
			continue
		}
		told[p.UserID] = true
		// A DM reads the player's own language, as their last interaction told it.
		ul := s.userLang(ctx, p.UserID, "")
		dm := T(ul, "dm_thread_gone", "Game", name, "ID", game, "Thread", t.row.Thread, "Reason", textOrID(ul, reason))
		if r.Where != "" {
			dm = T(ul, "dm_thread_refused", "Game", name, "ID", game, "Thread", t.row.Thread, "Reason", textOrID(ul, reason), "Where", textOrID(ul, r.Where))
		}
		if err := s.store.Enqueue(ctx, s.notice(Notice{Kind: "dm", User: p.UserID, Text: dm, Lang: ul})); err != nil {
			return time.Time{}, err
		}
	}
	return next, nil
}

// threadWorks notes that a game's thread took a message again: a refusal is lifted and the
// clocks start afresh (the players were not pinged while it lasted).
func (s *Service) threadWorks(ctx context.Context, game int64) error {
	id := strconv.FormatInt(game, 10)
	v, ok, err := s.store.Setting(ctx, scopeGame, id, keyRefused)
	if err != nil || !ok || v == "" {
		return err
	}
	t, err := s.load(ctx, game)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	if err := s.store.SetSetting(ctx, scopeGame, id, keyRefused, ""); err != nil {
		return err
	}
	s.log.Info("outbox: the game's thread takes posts again; clocks restarted", "game", game)
	if t.row.Status != storage.StatusRunning || t.state == nil {
		return nil
	}
	f := readFlow(t.row)
	s.setClocks(s.gameTimes(ctx, t.row), t.row, t.state, &f)
	t.row.Flow = f.encode()
	if err := s.store.UpdateGame(ctx, t.row); err != nil {
		_ = s.reload(ctx, t)
		return err
	}
	return nil
}

// refusedBy reports whether err is a thread's refusal.
func refusedBy(err error) (*ThreadRefused, bool) {
	var r *ThreadRefused
	return r, errors.As(err, &r)
}

// DeliverLoop delivers the outbox until ctx ends, each game's messages in order and the games
// independently: every `every` it claims what is due and hands each game's lane to one of a
// bounded set of workers (Parallel(), else 1), without waiting for the lanes already going. A
// thread that makes its sender wait (a rate limit, a slow answer) holds its own worker and its
// own game only; the store never hands out a game's message while an earlier one is claimed, so
// a game's lanes cannot overlap. A worker that finishes wakes the loop at once, so a busy outbox
// does not wait for the next tick. It returns once the lanes in flight are done.
func (s *Service) DeliverLoop(ctx context.Context, sender Sender, every time.Duration, limit int) {
	workers := 1
	if p, ok := sender.(Parallel); ok {
		workers = max(1, p.Parallel())
	}
	limit = max(1, limit)
	lease := cmp.Or(s.opt.DeliverLease, deliverLease)
	sem := make(chan struct{}, workers)
	wake := make(chan struct{}, 1)
	var wg sync.WaitGroup
	defer wg.Wait()
	tick := time.NewTicker(every)
	defer tick.Stop()
	var sent atomic.Int64
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-wake:
		}
		if len(sem) == cap(sem) {
			continue // every worker is busy: claim nothing that would wait for one
		}
		claimed := s.now()
		msgs, err := s.store.Claim(ctx, s.owner, claimed, lease, limit)
		if err != nil {
			if ctx.Err() == nil {
				s.log.Error("outbox delivery", "err", err)
			}
			continue
		}
		until := claimed.Add(lease / 2)
		lanes := lanesOf(msgs)
		for k, lane := range lanes {
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				// Stopping: the lanes not started are released for the next instance.
				for _, l := range lanes[k:] {
					if err := s.release(context.WithoutCancel(ctx), l); err != nil {
						s.log.Error("outbox: releasing claims", "err", err)
					}
				}
				return
			}
			wg.Go(func() {
				defer func() {
					<-sem
					select {
					case wake <- struct{}{}:
					default:
					}
				}()
				if err := s.deliverLane(ctx, sender, lane, &sent, until); err != nil {
					s.log.Error("outbox delivery", "game", lane[0].GameID, "err", err)
				}
			})
		}
		if len(msgs) == limit {
			select { // more may be due: claim again without waiting for the tick
			case wake <- struct{}{}:
			default:
			}
		}
	}
}

// keyArchive notes that a finished game's thread was set to archive itself.
const keyArchive = "archive_set"

// ArchiveOnce reports whether game is over and its thread has not yet been set to archive
// itself, and notes that it now is: the caller then shortens the thread's auto-archive delay,
// once per game. A thread archived by Discord frees one of the server's 1,000 active-thread
// slots; a later post reopens it.
func (s *Service) ArchiveOnce(ctx context.Context, game int64) (bool, error) {
	t, err := s.load(ctx, game)
	if err != nil {
		return false, err
	}
	status, thread := t.row.Status, t.row.Thread
	t.mu.Unlock()
	if status == storage.StatusRunning || status == storage.StatusLobby || thread == "" {
		return false, nil
	}
	id := strconv.FormatInt(game, 10)
	if v, ok, err := s.store.Setting(ctx, scopeGame, id, keyArchive); err != nil || ok && v != "" {
		return false, err
	}
	return true, s.store.SetSetting(ctx, scopeGame, id, keyArchive, "1")
}
