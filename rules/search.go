package rules

import "math"

// Optional interfaces a State may implement so that a search player (rules/ai) runs faster or
// plays hidden-information games fairly. A game that implements none of them is still searched:
// copies are made with Encode and Decode, and the state is treated as fully visible.

// Cloner makes an independent copy of a state, cheaper than Encode + Decode.
type Cloner interface {
	Clone() State
}

// Determinizer samples a complete state consistent with what viewer may know: everything viewer
// cannot see (other hands, screens, bag and deck orders, the generator behind future draws) is
// re-dealt from seed. The result must depend only on viewer's information and seed, never on the
// hidden parts of the receiver, so that a search reading it cannot learn any secret. The receiver
// is left unchanged.
type Determinizer interface {
	Determinize(viewer Seat, seed uint64) State
}

// Evaluator estimates, for a running game, each seat's chance of winning as a number in [0,1],
// one value per seat (a solo game gives one: the search reads that as solo), so a search can cut
// random playouts short in long games. It must read only public information
// and each seat's own (Determinize has already made hidden parts a sample).
type Evaluator interface {
	Evaluate() []float64
}

// Standings turns each seat's estimated strength (points, or points plus potential) into
// Evaluator values: a logistic of the seat's lead over the best of the others, scale being the
// lead that makes a win about three times as likely as a loss. One seat: use SoloChance.
func Standings(strength []float64, scale float64) []float64 {
	out := make([]float64, len(strength))
	for i, v := range strength {
		best := math.Inf(-1)
		for j, w := range strength {
			if j != i && w > best {
				best = w
			}
		}
		out[i] = 1 / (1 + math.Exp(-(v-best)/scale))
	}
	return out
}

// SoloChance is Evaluator's value in a solo game: a logistic of the distance to the target.
func SoloChance(score, target, scale float64) []float64 {
	return []float64{1 / (1 + math.Exp(-(score-target)/scale))}
}
