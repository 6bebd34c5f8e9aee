package rulestest

import (
	"os"
	"testing"
)

// LongEnv names the environment variable that opts into the long test tier: AI ladders, whole-game
// arenas and thousands of random games. The default suite runs a short deterministic version of
// each, so `go test ./...` stays within minutes; CI sets BOARDBOT_LONG=1 where time allows.
const LongEnv = "BOARDBOT_LONG"

// Long reports whether the long tier was asked for.
func Long() bool { return os.Getenv(LongEnv) == "1" }

// Scale returns long when the long tier was asked for and short otherwise: the count of games,
// seeds or positions a statistical test runs.
func Scale(short, long int) int {
	if Long() {
		return long
	}
	return short
}

// NeedLong skips t unless the long tier was asked for, saying how to run it.
func NeedLong(t testing.TB) {
	t.Helper()
	if !Long() {
		t.Skipf("long tier: run with %s=1", LongEnv)
	}
}
