package storage

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// What part of a store is not well, in an Unavailable.
const (
	PartDisk     = "disk"     // the file system: full, read-only, or not finishing writes
	PartDatabase = "database" // the database itself: unreachable, out of connections, read-only
	PartTimeout  = "timeout"  // the check did not answer within its bound
)

// ReadyTimeout bounds Ready when its context allows longer (or has no deadline).
const ReadyTimeout = 2 * time.Second

// Unavailable is why a store cannot do its work: the disk is full, the file or its file system is
// read-only, the database is out of connections or does not answer. Its message names the cause
// in words an admin acts on (a path, a number of bytes), never SQL; Answer is the short text a
// player gets when a write fails so. Err, when set, is the driver's own error for the log.
type Unavailable struct {
	Part   string // PartDisk, PartDatabase or PartTimeout
	Reason string // "disk full: 512 bytes free on /data", "database file /data/b.db is read-only"
	Err    error
}

func (u *Unavailable) Error() string { return u.Part + ": " + u.Reason }

func (u *Unavailable) Unwrap() error { return u.Err }

// Answer is what a player is told when their action could not be saved for this reason. Nothing
// was written: every store write is one transaction.
func (u *Unavailable) Answer() string {
	if u.Part == PartDisk {
		return "Nothing was saved: the bot cannot write to its disk right now. The bot's admin has been told; try again later."
	}
	return "Nothing was saved: the bot's database is too busy or not answering right now. Try again in a minute."
}

// AsUnavailable returns the Unavailable in err's chain, if any.
func AsUnavailable(err error) (*Unavailable, bool) {
	var u *Unavailable
	ok := errors.As(err, &u)
	return u, ok
}

// Prober runs a store's readiness check so that a hung disk or database cannot hang the caller:
// the check runs in its own goroutine, the caller waits at most the bound, and while a check is
// still stuck no second one is started (probes every few seconds would otherwise pile up
// goroutines on a frozen disk); later callers wait on the same check.
type Prober struct {
	mu     sync.Mutex
	flight *flight // the check still running; nil when none runs
}

type flight struct {
	done  chan struct{} // closed when the check ends
	err   error         // its result, set before done closes
	since time.Time
}

// Probe runs check (or joins the one still running) and returns its error, or an Unavailable
// with PartTimeout when it has not answered within ReadyTimeout or ctx's deadline, whichever is
// sooner. check gets a context that ends with ReadyTimeout; it should honour it, but need not.
func (p *Prober) Probe(ctx context.Context, check func(context.Context) error) error {
	bound := ReadyTimeout
	if d, ok := ctx.Deadline(); ok && time.Until(d) < bound {
		bound = time.Until(d)
	}
	p.mu.Lock()
	f := p.flight
	if f == nil {
		f = &flight{done: make(chan struct{}), since: time.Now()}
		p.flight = f
		// The check's own context is not the caller's: a check that outlives this caller
		// still serves the next one, and ends when its own bound does.
		cctx, cancel := context.WithTimeout(context.Background(), ReadyTimeout)
		go func() {
			defer cancel()
			f.err = check(cctx)
			p.mu.Lock()
			p.flight = nil
			p.mu.Unlock()
			close(f.done)
		}()
	}
	p.mu.Unlock()

	t := time.NewTimer(bound)
	defer t.Stop()
	select {
	case <-f.done:
		return f.err
	case <-t.C:
	case <-ctx.Done():
	}
	return &Unavailable{Part: PartTimeout, Reason: fmt.Sprintf("the store has not answered its check for %s", time.Since(f.since).Round(100*time.Millisecond))}
}

// Sticky remembers a write's failure that Ready cannot see without writing (a full disk, a
// read-only server) until a write succeeds, for both stores' Ready and logs.
type Sticky struct {
	mu     sync.Mutex
	failed *Unavailable
	at     time.Time
}

// Clear records a successful write and returns the failure it ends (nil when none).
func (s *Sticky) Clear() *Unavailable {
	s.mu.Lock()
	defer s.mu.Unlock()
	was := s.failed
	s.failed = nil
	return was
}

// Set records u and reports whether its cause is new (not the one already recorded), so that a
// store logs a cause once rather than at every write it refuses.
func (s *Sticky) Set(u *Unavailable) (first bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	first = s.failed == nil || s.failed.Reason != u.Reason
	s.failed, s.at = u, time.Now()
	return first
}

// Failed returns the recorded failure, however old.
func (s *Sticky) Failed() *Unavailable {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failed
}

// Err returns the recorded failure while it is younger than d, and nil otherwise.
func (s *Sticky) Err(d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failed != nil && time.Since(s.at) < d {
		return s.failed
	}
	return nil
}
