package bot

import (
	"context"
	"fmt"

	"github.com/boardbot/boardbot/rules"
)

// Preview returns the public thread messages that seat playing m would queue now, rendered as
// Deliver would, without playing it: the move is applied to a copy of the game, transform (when
// set) replaces the copy after the move, and nothing is written. The privacy property uses it to
// check that everything the bot posts depends only on public information.
func (s *Service) Preview(ctx context.Context, game int64, seat rules.Seat, m rules.Move, transform func(rules.State) (rules.State, error)) ([]Outgoing, error) {
	t, err := s.load(ctx, game)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	if t.state == nil {
		return nil, fmt.Errorf("game %d has not started", game)
	}
	st, err := rules.Clone(t.kit.Game, t.state)
	if err != nil {
		return nil, err
	}
	evs, err := st.Apply(seat, m)
	if err != nil {
		return nil, err
	}
	if transform != nil {
		if st, err = transform(st); err != nil {
			return nil, err
		}
	}
	_, msgs := s.afterMove(t, st, t.seq+1, evs, seat)
	var out []Outgoing
	for _, msg := range msgs {
		n, _, err := decodeNotice(msg)
		if err != nil {
			return nil, err
		}
		o := Outgoing{Notice: n}
		if n.Board {
			if o.Image, err = s.render(t.kit, t.row, st, rules.Spectator, n.Seq); err != nil {
				return nil, err
			}
		}
		out = append(out, o)
	}
	return out, nil
}
