package bot

import (
	"context"
	"errors"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// nonceWindow is how long after a post Discord is trusted to merge a second one under the same
// nonce (enforce_nonce holds "for the past few minutes"): less than the few minutes, to be safe.
const nonceWindow = 2 * time.Minute

// Resender is a Sender that can tell whether a message is already posted before it posts it
// again: the outbox uses it for a message that was tried before (it may have gone out, and its
// sent-mark been lost) and was queued longer ago than Discord remembers nonces, where sending it
// blindly could post it twice.
type Resender interface {
	SendAgain(ctx context.Context, o Outgoing) error
}

// markTries and markBackoff bound how hard a sent-mark is retried before the claim is left to
// lapse: a mark that fails (the database out of connections for a moment) would otherwise leave
// a post that went out to be sent again by the next instance once the lease is over.
const (
	markTries   = 5
	markBackoff = 200 * time.Millisecond
)

// markSent records ids as sent, each tried markTries times with a doubling pause, so that a
// post that reached Discord is not resent for a passing database error. It returns the last
// error when every try failed.
func (s *Service) markSent(ctx context.Context, ids ...int64) error {
	for _, id := range ids {
		wait := markBackoff
		var err error
		for try := 1; try <= markTries; try++ {
			err = s.store.MarkSent(ctx, id)
			if err == nil || try > 1 && errors.Is(err, storage.ErrNotFound) {
				// Gone on a later try: the earlier one committed, though its answer was lost.
				err = nil
				break
			}
			if try < markTries {
				s.log.Warn("outbox: recording a sent message failed; trying again", "id", id, "try", try, "err", err)
				select {
				case <-ctx.Done():
					return err
				case <-time.After(wait):
				}
				wait *= 2
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}
