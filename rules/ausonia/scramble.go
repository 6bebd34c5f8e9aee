package ausonia

import (
	"github.com/boardbot/boardbot/rules"
	"math/rand/v2"
)

// Scramble is the property suite's scrambler (rulestest.Config.Scramble), also used by the bot-
// level privacy test. It re-deals everything viewer may not see: every other seat's hand, draw
// pile, face-down raise area, foundations and looked-at cards are pooled and dealt back in the same
// sizes; the viewer's own draw order, the Favour deck, the Power deck below its top and the
// generator change.
func Scramble(st rules.State, viewer rules.Seat, seed uint64) (rules.State, error) {
	c, err := rules.Clone(Game, st)
	if err != nil {
		return nil, err
	}
	s := c.(*state)
	r := rand.New(rand.NewPCG(seed, 3))
	shuffle := func(xs []int) { r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] }) }
	for i, pl := range s.P {
		if rules.Seat(i) == viewer {
			shuffle(pl.Draw)
			continue
		}
		zones := []*[]int{&pl.Hand, &pl.Draw, &pl.Raise}
		var found []int
		for _, src := range pl.Sources {
			found = append(found, src.Foundation)
		}
		zones = append(zones, &found)
		if s.Pend != nil && s.Pend.Seat == rules.Seat(i) && s.Pend.Looked != nil {
			zones = append(zones, &s.Pend.Looked)
		}
		var all []int
		for _, z := range zones {
			all = append(all, *z...)
		}
		shuffle(all)
		for _, z := range zones {
			n := len(*z)
			*z = append([]int(nil), all[:n]...)
			all = all[n:]
		}
		for k := range pl.Sources {
			pl.Sources[k].Foundation = found[k]
		}
	}
	shuffle(s.FavourDeck)
	if n := len(s.PowerDeck); n > 1 {
		shuffle(s.PowerDeck[:n-1])
	}
	s.RNG = rules.NewRNG(r.Uint64())
	return s, nil
}
