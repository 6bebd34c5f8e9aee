package sqlstore

import (
	"database/sql"
	"fmt"
	"sync"
	"time"
)

// syncMap is a string cache safe for concurrent use.
type syncMap struct{ m sync.Map }

func (c *syncMap) Load(k string) (string, bool) {
	v, ok := c.m.Load(k)
	if !ok {
		return "", false
	}
	return v.(string), true
}

func (c *syncMap) Store(k, v string) { c.m.Store(k, v) }

// TimeCol scans a time column of either database: unix nanoseconds (SQLite) or a timestamp
// (PostgreSQL), always returned in UTC. A NULL leaves the zero time.
type TimeCol struct{ T *time.Time }

func (c TimeCol) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*c.T = time.Time{}
	case int64:
		*c.T = time.Unix(0, v).UTC()
	case time.Time:
		*c.T = v.UTC()
	default:
		return fmt.Errorf("a time column holds %T", src)
	}
	return nil
}

// NullTimeCol scans a nullable time column: NULL gives nil.
type NullTimeCol struct{ T **time.Time }

func (c NullTimeCol) Scan(src any) error {
	if src == nil {
		*c.T = nil
		return nil
	}
	var t time.Time
	if err := (TimeCol{&t}).Scan(src); err != nil {
		return err
	}
	*c.T = &t
	return nil
}

// NullInt scans a nullable integer: NULL gives 0.
type NullInt struct{ V *int64 }

func (c NullInt) Scan(src any) error {
	var n sql.NullInt64
	if err := n.Scan(src); err != nil {
		return err
	}
	*c.V = n.Int64
	return nil
}
