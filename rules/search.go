package rules

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
// so a search can cut random playouts short in long games. It must read only public information
// and each seat's own (Determinize has already made hidden parts a sample).
type Evaluator interface {
	Evaluate() []float64
}
