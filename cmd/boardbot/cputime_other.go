//go:build !linux

package main

import "time"

// threadCPU is unavailable here: the arena then reports wall time only.
func threadCPU() (time.Duration, bool) { return 0, false }

func lockThread() func() { return func() {} }
