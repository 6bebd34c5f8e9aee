//go:build !unix

package render

import "time"

// ProcessCPU is unavailable here: benchmarks report wall time only.
func ProcessCPU() (time.Duration, bool) { return 0, false }
