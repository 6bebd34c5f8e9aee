package ausonia

import "github.com/boardbot/boardbot/rules"

// Scramble is the property suite's scrambler (rulestest.Config.Scramble), also used by the
// bot-level privacy test: it is the search's sampler (Determinize, sample.go), so both suites
// prove that the sampler re-deals only what viewer may not see.
func Scramble(st rules.State, viewer rules.Seat, seed uint64) (rules.State, error) {
	return st.(*state).Determinize(viewer, seed), nil
}
