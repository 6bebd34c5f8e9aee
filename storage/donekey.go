package storage

import (
	"context"
	"sync"
)

// An action that is not a move (a join, an undo, a button) is recorded as done in the same
// transaction as its effect, so that a crash between the two can neither leave it done without
// its effect nor let a second delivery of the same interaction apply it again. The caller puts
// the action's key on the context; the store's next write transaction under that context records
// it (as Remember would) and fails with ErrDuplicate, changing nothing, when it was recorded
// before. Only the first write that commits takes the key: the action's later writes go through.

type doneKeyCtx struct{}

type doneKey struct {
	mu    sync.Mutex
	key   string
	taken bool
}

// WithDoneKey returns a context whose first committed write records key.
func WithDoneKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, doneKeyCtx{}, &doneKey{key: key})
}

// PendingDoneKey is for store implementations: the key a write transaction under ctx must record
// ("" when none is pending), and the function to call once that transaction has committed.
func PendingDoneKey(ctx context.Context) (key string, committed func()) {
	d, _ := ctx.Value(doneKeyCtx{}).(*doneKey)
	if d == nil {
		return "", func() {}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.taken {
		return "", func() {}
	}
	return d.key, func() {
		d.mu.Lock()
		d.taken = true
		d.mu.Unlock()
	}
}
