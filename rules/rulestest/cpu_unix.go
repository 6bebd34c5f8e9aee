//go:build unix

package rulestest

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used (all threads, so the garbage collector's work
// counts): on a shared machine it measures the work, where wall time also measures the waiting.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
