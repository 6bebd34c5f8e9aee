package bot

import (
	"context"
	"fmt"
)

// Healthy writes one small row (the time of the probe) so that a health check fails on a database
// that still answers reads but refuses writes (a full disk, a read-only file system, a lost
// primary): such an instance cannot commit a single move and should be taken out of rotation.
func (s *Service) Healthy(ctx context.Context) error {
	if err := s.store.SetSetting(ctx, "health", "probe", "at", s.now().Format("2006-01-02T15:04:05.000Z07:00")); err != nil {
		return fmt.Errorf("the database refuses writes: %w", err)
	}
	return nil
}

// Observer hears what the operator's metrics count. Its methods must be quick and safe for
// concurrent use.
type Observer interface {
	MoveApplied(kind string) // a move was committed (by a player, a robot or the forced-move rule)
	MoveRefused(kind string) // a player's move was refused, with a reason
}

type noObserver struct{}

func (noObserver) MoveApplied(string) {}
func (noObserver) MoveRefused(string) {}
