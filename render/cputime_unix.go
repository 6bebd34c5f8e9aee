//go:build unix

package render

import (
	"syscall"
	"time"
)

// ProcessCPU is the processor time this process has used, all threads (the garbage collector's
// and the PNG workers' too). Benchmarks report it per image (CPUPerOp): on a shared machine it
// measures the work, where the wall clock also measures the waiting.
func ProcessCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
