package ascalion

import (
	"github.com/boardbot/boardbot/rules"
)

// Determinize reseeds the generator (rules.Determinizer): the board, the stores and every offer
// are public, so the only secret is the outcome of future draws. The property suite uses it as
// its scrambler.
func (s *state) Determinize(_ rules.Seat, seed uint64) rules.State {
	c := s.clone()
	c.RNG = rules.NewRNG(seed)
	return c
}

// Evaluate rates a running game for a search's cut-off playouts (rules.Evaluator): three cities
// win, so a city weighs most, then the way to the next one (a recipe's goods gathered in a land,
// less for goods still scattered), the areas that feed and defend them and the weapons that
// swing attacks; a player who holds nothing is out.
func (s *state) Evaluate() []float64 {
	w := make([]float64, s.N)
	for p := range w {
		if !s.alive(p) {
			w[p] = -100
			continue
		}
		w[p] = 3*float64(s.cities(p)) + s.cityProgress(p) + 0.25*float64(s.countAreas(p)) + 0.2*float64(s.armed(p))
	}
	return rules.Standings(w, 2)
}
