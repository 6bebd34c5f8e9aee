package autumnash

import (
	"math/rand/v2"
	"testing"
)

// The evaluation table finds what was put, across growth, and nothing after a reset, including
// when the position stamp wraps around.
func TestEvalMemo(t *testing.T) {
	var m evalMemo
	r := rand.New(rand.NewPCG(1, 2))
	for round, n := range []int{0, 1, 100, 1000, 5000} {
		want := map[uint32]int32{}
		for len(want) < n {
			k := r.Uint32() >> r.IntN(32) // small keys and large, as memoKey makes
			if _, ok := want[k]; !ok {
				want[k] = int32(len(want))
				m.put(k, want[k])
			}
		}
		for k, at := range want {
			if got, ok := m.get(k); !ok || got != at {
				t.Fatalf("round %d: key %#x gives %d, %v; want %d", round, k, got, ok, at)
			}
		}
		for i := 0; i < 1000; i++ {
			k := r.Uint32()
			if _, put := want[k]; !put {
				if _, ok := m.get(k); ok {
					t.Fatalf("round %d: key %#x found but never put", round, k)
				}
			}
		}
		if len(m.slots) < 2*n {
			t.Fatalf("round %d: %d entries in %d slots", round, n, len(m.slots))
		}
		if round == 3 {
			m.gen = ^uint32(0) // the next reset wraps
		}
		m.reset()
		for k := range want {
			if _, ok := m.get(k); ok {
				t.Fatalf("round %d: key %#x found after a reset", round, k)
			}
		}
	}
}
