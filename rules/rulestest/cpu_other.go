//go:build !unix

package rulestest

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
