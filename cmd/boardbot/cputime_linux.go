package main

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU is the CPU time the calling OS thread has used; with the goroutine locked to its
// thread it measures one player's thinking on one core, whatever else loads the machine.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

func lockThread() func() {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
