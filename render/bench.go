package render

import "time"

// BenchReporter is the part of testing.B that CPUPerOp needs.
type BenchReporter interface {
	ReportMetric(n float64, unit string)
}

// CPUPerOp starts counting processor time and returns the function that reports it per op as
// "cpu-ms/op", for n ops: call it after the benchmark's loop.
func CPUPerOp(b BenchReporter) func(n int) {
	c0, ok := ProcessCPU()
	return func(n int) {
		c1, _ := ProcessCPU()
		if ok && n > 0 {
			b.ReportMetric(float64(c1-c0)/float64(time.Millisecond)/float64(n), "cpu-ms/op")
		}
	}
}
