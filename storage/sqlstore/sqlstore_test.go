package sqlstore

import (
	"testing"
	"time"
)

func TestRebind(t *testing.T) {
	for _, tc := range []struct {
		dollar  bool
		in, out string
	}{
		{false, `SELECT a FROM t WHERE b = ? AND c = ?`, `SELECT a FROM t WHERE b = ? AND c = ?`},
		{true, `SELECT a FROM t WHERE b = ? AND c = ?`, `SELECT a FROM t WHERE b = $1 AND c = $2`},
		{true, `SELECT 1`, `SELECT 1`},
		{true, `INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			`INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`},
	} {
		d := Dialect{Dollar: tc.dollar}
		if got := d.Rebind(tc.in); got != tc.out {
			t.Errorf("Rebind(%q) dollar=%v = %q, want %q", tc.in, tc.dollar, got, tc.out)
		}
	}
}

// TestTimeColumns: both databases' time columns read back as the same UTC time, and NULL as no
// time.
func TestTimeColumns(t *testing.T) {
	want := time.Date(2026, 12, 7, 18, 30, 1, 123456000, time.UTC)
	berlin := want.In(time.FixedZone("CET", 3600))
	for _, src := range []any{want.UnixNano(), berlin, want} {
		var got time.Time
		if err := (TimeCol{&got}).Scan(src); err != nil || !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("TimeCol.Scan(%T %v) = %v, %v; want %v in UTC", src, src, got, err, want)
		}
		var p *time.Time
		if err := (NullTimeCol{&p}).Scan(src); err != nil || p == nil || !p.Equal(want) {
			t.Errorf("NullTimeCol.Scan(%T) = %v, %v", src, p, err)
		}
	}
	p := &want
	if err := (NullTimeCol{&p}).Scan(nil); err != nil || p != nil {
		t.Errorf("NullTimeCol.Scan(nil) = %v, %v; want nil", p, err)
	}
	var zero time.Time = want
	if err := (TimeCol{&zero}).Scan(nil); err != nil || !zero.IsZero() {
		t.Errorf("TimeCol.Scan(nil) = %v, %v; want the zero time", zero, err)
	}
	if err := (TimeCol{&zero}).Scan("yesterday"); err == nil {
		t.Error("TimeCol.Scan of text: no error")
	}
	var n int64 = 7
	if err := (NullInt{&n}).Scan(nil); err != nil || n != 0 {
		t.Errorf("NullInt.Scan(nil) = %d, %v", n, err)
	}
}
