package sqlite

import (
	"database/sql"
	"fmt"
	"math"
	"time"
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
