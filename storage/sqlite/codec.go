package sqlite

import (
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
