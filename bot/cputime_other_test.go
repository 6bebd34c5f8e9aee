//go:build !linux

package bot

import "time"

// threadCPU is not measured outside Linux: benchmarks then report 0 cpu-ms.
func threadCPU() time.Duration { return 0 }

func lockThread() func() { return func() {} }
