//go:build unix

package ausonia

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the test process has used, for BenchmarkAITurn's figures (the
// machine is shared, so wall time says little).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
