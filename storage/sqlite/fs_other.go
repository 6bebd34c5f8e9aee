//go:build !linux

package sqlite

// Elsewhere the start checks are skipped: SQLite's own errors still name the failure, less clearly.
func statfsOS(string) (fsInfo, error) { return fsInfo{}, errNoStatfs }

func accessOS(string) error { return nil }

func ownerOS(string) (int, bool) { return 0, false }
