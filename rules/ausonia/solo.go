package ausonia

import "github.com/boardbot/boardbot/rules"

// The solo Aspirant plays after you, in three stages: it takes the leftmost Offer Row card and
// resolves its Aspirant ability once for every gem in that card's cost (plus Influence 2 for each
// card it had kept); it keeps the card if its cost shows 3 different gems, else discards it face up;
// and when it keeps a card its kept-card ability is triggered.
func (s *state) aspirantTurn() {
	a := Aspirants[s.Asp]
	so := s.Solo
	so.Took = -1
	if len(s.Offer) == 0 {
		s.say("%s finds the Offer Row empty and does nothing.", a.Name)
		return
	}
	took := s.Offer[0]
	s.Offer = s.Offer[1:]
	so.Took = took
	c := s.card(took)
	s.say("%s takes %s (cost: %s).", a.Name, s.names([]int{took}), c.Cost.Describe("any"))
	s.refillOffer()
	// Stage 1: each gem of the cost separately, then the bonus for kept cards.
	for g := Sapphire; g <= Rainbow; g++ {
		for i := 0; i < c.Cost[g]; i++ {
			for _, e := range a.PerGem[g] {
				s.aspirantEffect(e)
			}
		}
	}
	if k := len(so.Kept); k > 0 {
		s.say("%s has %d kept card%s: Influence %d more.", a.Name, k, plural(k), 2*k)
		s.aspirantEffect(Effect{Kw: Influence, X: 2 * k})
	}
	// Stage 2: keep or discard.
	if !aspirantKeeps(c) {
		so.Discard = append(so.Discard, took)
		s.say("%s discards %s: its cost does not show 3 different gems.", a.Name, c.Name)
		return
	}
	so.Kept = append(so.Kept, took)
	s.say("%s keeps %s.", a.Name, c.Name)
	// Stage 3: the kept-card ability.
	for _, e := range a.Kept {
		s.aspirantEffect(e)
	}
}

// aspirantKeeps is the Aspirant's stage-2 rule: cards with 3 different gems in their cost.
func aspirantKeeps(c *Card) bool { return c.Cost.Kinds() >= 3 }

func (s *state) aspirantEffect(e Effect) {
	a := Aspirants[s.Asp]
	so := s.Solo
	switch e.Kw {
	case Influence:
		so.Influence += e.X
		s.say("%s gains %d influence (now %d).", a.Name, e.X, so.Influence)
		s.checkEnd(so.Influence, a.Name)
	case Corruption:
		if s.Ending {
			so.Influence += e.X
			s.say("%s's Corruption %d counts as Influence now (%d influence).", a.Name, e.X, so.Influence)
			return
		}
		s.lose(0, e.X)
	case Burn:
		s.burn(0, e.X)
	}
}

// burn puts x cards from the top of seat p's draw pile into its discard pile; each card missing
// costs 1 influence instead. Burn does not reshuffle: its own rule says what a short pile costs.
func (s *state) burn(p int, x int) {
	pl := s.P[p]
	n := min(x, len(pl.Draw))
	top := reversed(pl.Draw[len(pl.Draw)-n:])
	pl.Draw = pl.Draw[:len(pl.Draw)-n]
	pl.Discard = append(pl.Discard, top...)
	if n > 0 {
		s.sayReveal("Burn %d: %s puts %s from the draw pile into the discard pile.", x, rules.SeatRef(0), s.names(top))
	}
	if miss := x - n; miss > 0 {
		s.say("Burn %d: the draw pile is short by %d.", x, miss)
		s.lose(0, miss)
	}
}

// corruptAspirant is your Corruption against the Aspirant.
func (s *state) corruptAspirant(x int) {
	so := s.Solo
	x = min(x, so.Influence)
	so.Influence -= x
	s.say("%s loses %d influence (now %d).", Aspirants[s.Asp].Name, x, so.Influence)
}

// discardKept is your Discard against the Aspirant: a random kept card goes to its discard pile.
func (s *state) discardKept() {
	so := s.Solo
	a := Aspirants[s.Asp]
	if len(so.Kept) == 0 {
		s.say("%s has no kept card to discard.", a.Name)
		return
	}
	i := s.RNG.IntN(len(so.Kept))
	x := so.Kept[i]
	so.Kept = append(so.Kept[:i:i], so.Kept[i+1:]...)
	so.Discard = append(so.Discard, x)
	s.sayReveal("Discard: %s loses the kept card %s, chosen at random.", a.Name, s.names([]int{x}))
}
