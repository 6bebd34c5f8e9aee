package sqlite

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/boardbot/boardbot/storage"
)

// Times are stored as UTC unix nanoseconds: integers compare and index correctly, which
// RFC3339Nano text (variable width) does not. The range is the years 1678 to 2262.
var (
	minTime = time.Unix(0, math.MinInt64)
	maxTime = time.Unix(0, math.MaxInt64)
)

func toNanos(t time.Time) (int64, error) {
	if t.Before(minTime) || t.After(maxTime) {
		return 0, fmt.Errorf("time %v cannot be stored: outside 1678-2262", t)
	}
	return t.UnixNano(), nil
}

func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }

// toNullNanos stores a nil time as NULL.
func toNullNanos(t *time.Time) (sql.NullInt64, error) {
	if t == nil {
		return sql.NullInt64{}, nil
	}
	n, err := toNanos(*t)
	if err != nil {
		return sql.NullInt64{}, err
	}
	return sql.NullInt64{Int64: n, Valid: true}, nil
}

func fromNullNanos(n sql.NullInt64) *time.Time {
	if !n.Valid {
		return nil
	}
	t := fromNanos(n.Int64)
	return &t
}

// now is the store's clock, truncated to microseconds so that a store on a database with
// microsecond timestamps (PostgreSQL) would return the same values.
func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// The seed is a uint64; SQLite integers are signed, so the bits are stored as they are.
func seedToDB(s uint64) int64   { return int64(s) }
func seedFromDB(s int64) uint64 { return uint64(s) }

func encodeOptions(o map[string]string) (string, error) {
	if len(o) == 0 {
		return "{}", nil
	}
	b, err := json.Marshal(o) // sorted keys: the same map always gives the same text
	if err != nil {
		return "", fmt.Errorf("encode options: %w", err)
	}
	return string(b), nil
}

// decodeOptions never returns a nil map, so callers can add options to a loaded game.
func decodeOptions(s string) (map[string]string, error) {
	o := map[string]string{}
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		return nil, fmt.Errorf("decode options %q: %w", s, err)
	}
	if o == nil { // the text "null"
		o = map[string]string{}
	}
	return o, nil
}

func validStatus(s storage.Status) bool {
	switch s {
	case storage.StatusLobby, storage.StatusRunning, storage.StatusFinished, storage.StatusAborted:
		return true
	}
	return false
}

// checkPlayers refuses seats the table cannot hold, before anything is written.
func checkPlayers(ps []storage.Player) error {
	seen := make(map[int]bool, len(ps))
	for _, p := range ps {
		if p.Seat < 0 {
			return fmt.Errorf("player %q: negative seat %d", p.UserID, p.Seat)
		}
		if seen[p.Seat] {
			return fmt.Errorf("seat %d given twice", p.Seat)
		}
		seen[p.Seat] = true
	}
	return nil
}
