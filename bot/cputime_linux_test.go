package bot

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU is the processor time the calling thread has used, for benchmarks on a shared
// machine where the wall clock mostly measures the other users; lockThread keeps the benchmark
// on one thread so the figure covers all of its work.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func lockThread() func() {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
