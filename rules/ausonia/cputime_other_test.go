//go:build !unix

package ausonia

import "time"

func processCPU() time.Duration { return 0 }
