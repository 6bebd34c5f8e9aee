package bot

import (
	"context"
	"fmt"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/storage"
)

// Preview returns the public thread messages that seat playing m would queue now, rendered as
// Deliver would, without playing it: the move is applied to a copy of the game, transform (when
// set) replaces the copy after the move, and nothing is written. The privacy property uses it to
// check that everything the bot posts depends only on public information.
func (s *Service) Preview(ctx context.Context, game int64, seat rules.Seat, m rules.Move, transform func(rules.State) (rules.State, error)) ([]Outgoing, error) {
	t, st, evs, err := s.previewMove(ctx, game, seat, m)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	if transform != nil {
		if st, err = transform(st); err != nil {
			return nil, err
		}
	}
	_, msgs := s.afterMove(t, st, t.seq+1, evs, seat, userOf(t.row, seat))
	var out []Outgoing
	for _, msg := range msgs {
		n, _, err := decodeNotice(msg)
		if err != nil {
			return nil, err
		}
		o := Outgoing{Notice: n}
		if n.Board {
			if o.Image, err = s.render(t.kit, t.row, st, rules.Spectator, n.Seq, s.threadLang(t.row)); err != nil {
				return nil, err
			}
		}
		out = append(out, o)
	}
	return out, nil
}

// HistoryPreview returns the /history line that seat playing m now would get, as read by every
// other seat and by a spectator, without playing it. The privacy property uses it to check that
// history shows others nothing a move keeps secret.
func (s *Service) HistoryPreview(ctx context.Context, game int64, seat rules.Seat, m rules.Move) ([]string, error) {
	t, _, evs, err := s.previewMove(ctx, game, seat, m)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	mv := storage.Move{Seq: t.seq + 1, Seat: int(seat), UserID: userOf(t.row, seat), Notation: m.String()}
	written := rules.MovesArePublic(t.kit.Game)
	open := gameEnded(t.row) || written
	out := []string{historyLine(s.threadLang(t.row), t.row, mv, evs, nil, open, written)}
	for r := range t.row.Seats {
		if reader := rules.Seat(r); reader != seat {
			out = append(out, historyLine(s.threadLang(t.row), t.row, mv, evs, []rules.Seat{reader}, open, written))
		}
	}
	return out, nil
}

// previewMove applies m for seat to a copy of the game and returns the table, still locked, with
// the copy and the move's events; on error nothing is left locked.
func (s *Service) previewMove(ctx context.Context, game int64, seat rules.Seat, m rules.Move) (*table, rules.State, []rules.Event, error) {
	t, err := s.load(ctx, game)
	if err != nil {
		return nil, nil, nil, err
	}
	st, evs, err := func() (rules.State, []rules.Event, error) {
		if t.state == nil {
			return nil, nil, fmt.Errorf("game %d has not started", game)
		}
		st, err := rules.Clone(t.kit.Game, t.state)
		if err != nil {
			return nil, nil, err
		}
		evs, err := st.Apply(seat, m)
		return st, evs, err
	}()
	if err != nil {
		t.mu.Unlock()
		return nil, nil, nil, err
	}
	return t, st, evs, nil
}
