package rules

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
)

// RNG is the seeded generator kept inside a game state: every random outcome in a game comes
// from it, and it serialises with the snapshot, so setup + moves always replay the same game.
// The zero value is not usable; make one with NewRNG.
type RNG struct {
	src *rand.PCG
	r   *rand.Rand
}

// NewRNG seeds a generator. The two PCG words are derived from one seed so a Setup needs one
// number only.
func NewRNG(seed uint64) *RNG {
	src := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	return &RNG{src: src, r: rand.New(src)}
}

// IntN returns a uniform int in [0,n).
func (g *RNG) IntN(n int) int { return g.r.IntN(n) }

// Shuffle permutes n elements with swap.
func (g *RNG) Shuffle(n int, swap func(i, j int)) { g.r.Shuffle(n, swap) }

// Uint64 returns a uniform 64-bit value.
func (g *RNG) Uint64() uint64 { return g.r.Uint64() }

// Clone returns an independent generator in the same state.
func (g *RNG) Clone() *RNG {
	src := *g.src // a PCG is two words; rand.Rand keeps no state of its own
	return &RNG{src: &src, r: rand.New(&src)}
}

// CopyFrom puts g in o's state without allocating (g stays independent of o).
func (g *RNG) CopyFrom(o *RNG) { *g.src = *o.src }

// MarshalJSON stores the generator state as base64 of PCG's binary form.
func (g *RNG) MarshalJSON() ([]byte, error) {
	b, err := g.src.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(base64.StdEncoding.EncodeToString(b))
}

// UnmarshalJSON restores a generator written by MarshalJSON.
func (g *RNG) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("rng: %w", err)
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return fmt.Errorf("rng: %w", err)
	}
	src := &rand.PCG{}
	if err := src.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("rng: %w", err)
	}
	g.src, g.r = src, rand.New(src)
	return nil
}
