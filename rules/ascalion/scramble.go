package ascalion

import (
	"github.com/boardbot/boardbot/rules"
)

// Scramble is the property suite's scrambler (rulestest.Config.Scramble), also used by the
// bot-level privacy test. It re-seeds the generator: the only thing nobody may see is what it
// will draw next (face-down source types are drawn when they are turned over).
func Scramble(st rules.State, _ rules.Seat, seed uint64) (rules.State, error) {
	c := st.(*state).clone()
	c.RNG = rules.NewRNG(seed)
	return c, nil
}
