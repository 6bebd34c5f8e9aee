package autumnash

import (
	"math"
)

// Evaluate rates a running game for a search's cut-off playouts (rules.Evaluator): the race to
// the target, as a logistic of the point gap measured against what remains to be scored, so the
// same lead counts more near the end.
func (s *state) Evaluate() []float64 {
	if s.result != nil {
		v0 := 0.5
		switch s.result.Ranks[0] {
		case 1:
			if s.result.Ranks[1] != 1 {
				v0 = 1
			}
		default:
			v0 = 0
		}
		return []float64{v0, 1 - v0}
	}
	left := float64(2*data.target - s.scores[0] - s.scores[1])
	gap := float64(s.scores[0] - s.scores[1])
	v0 := 1 / (1 + math.Exp(-4*gap/math.Max(left, 1)))
	return []float64{v0, 1 - v0}
}
