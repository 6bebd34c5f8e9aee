package sqlite

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A database file or folder the bot's user may not write because another user owns it (a
// `sudo boardbot restore`) is named as such, with the chown that fixes it, not as "read-only".
func TestCheckPlaceNamesAnotherOwner(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "b.db")
	os.WriteFile(db, nil, 0o600)
	other := os.Geteuid() + 4242
	for _, tc := range []struct {
		name      string
		denied    string // the path access refuses
		owner     int    // its owner
		want      string
		wantNoHit string
	}{
		{"file owned by another user", db, other, "database file " + db + " belongs to", ""},
		{"folder owned by another user", dir, other, "the directory " + dir + " belongs to", ""},
		{"file of this user, read-only", db, os.Geteuid(), "database file " + db + " is read-only", "belongs to"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fakeSys(t, nil, func(p string) error {
				if p == tc.denied {
					return syscall.EACCES
				}
				return nil
			})
			old := sys.owner
			sys.owner = func(p string) (int, bool) {
				if p == tc.denied {
					return tc.owner, true
				}
				return os.Geteuid(), true
			}
			defer func() { sys.owner = old }()
			err := CheckPlace(db)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CheckPlace = %v, want %q", err, tc.want)
			}
			if tc.wantNoHit != "" && strings.Contains(err.Error(), tc.wantNoHit) {
				t.Fatalf("CheckPlace = %v, should not say %q", err, tc.wantNoHit)
			}
			if tc.owner != os.Geteuid() && !strings.Contains(err.Error(), "chown ") {
				t.Fatalf("CheckPlace = %v: no fix named", err)
			}
		})
	}
}
