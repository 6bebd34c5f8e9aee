//go:build !unix

package main

// lockFile is a no-op where flock is missing: restore then relies on the admin having stopped the
// bot, as the README says.
func lockFile(string, bool) (func(), error) { return func() {}, nil }
