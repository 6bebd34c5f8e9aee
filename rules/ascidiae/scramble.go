package ascidiae

import "github.com/boardbot/boardbot/rules"

// Scramble is the property suite's scrambler (rulestest.Config.Scramble), also used by the
// bot-level privacy test. Ascidiae has no hands; the only thing nobody may see is what the
// generator will draw next, so it is re-seeded.
func Scramble(st rules.State, _ rules.Seat, seed uint64) (rules.State, error) {
	c, err := rules.Clone(Game, st)
	if err != nil {
		return nil, err
	}
	c.(*State).RNG = rules.NewRNG(seed)
	return c, nil
}
