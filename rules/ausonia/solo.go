package ausonia

import "github.com/boardbot/boardbot/rules/msg"

// The solo Aspirant plays after you, in three stages: it takes the leftmost Offer Row card and
// resolves its Aspirant ability once for every gem in that card's cost (plus Influence 2 for each
// card it had kept); it keeps the card if its cost shows 3 different gems, else discards it face up;
// and when it keeps a card its kept-card ability is triggered.
func (s *state) aspirantTurn() {
	a := Aspirants[s.Asp]
	so := s.Solo
	so.Took = -1
	if len(s.Offer) == 0 {
		s.say(func() *msg.Message { return say("ev_asp_empty", s.aspArg("Asp")) })
		return
	}
	took := s.Offer[0]
	s.Offer = s.Offer[1:]
	so.Took = took
	c := s.card(took)
	s.say(func() *msg.Message {
		return say("ev_asp_takes", s.aspArg("Asp"), msg.Nested("Card", s.namesMsg([]int{took})), msg.Nested("Cost", gemsMsg(c.Cost, true)))
	})
	s.refillOffer()
	// Stage 1: each gem of the cost separately, then the bonus for kept cards. The Burns of the
	// gems are burnt at once after the others: the same cards and the same loss (Burn reads
	// nothing the other effects change), told once instead of "Burn 1: …" for every gem.
	// Its gains, likewise, are one line naming the card they come from, not "gains 1 influence"
	// for every gem with no reason given; they still count gem by gem (the end may come between).
	burn, gained := 0, 0
	for g := Sapphire; g <= Rainbow; g++ {
		for i := 0; i < c.Cost[g]; i++ {
			for _, e := range a.PerGem[g] {
				switch e.Kw {
				case Burn:
					burn += e.X
					continue
				case Influence:
					gained += e.X
					so.Influence += e.X
					s.checkEnd(so.Influence, s.aspArg("Who"))
					continue
				}
				s.aspirantEffect(e)
			}
		}
	}
	if gained > 0 {
		s.say(func() *msg.Message {
			return say("ev_asp_gains_cost", s.aspArg("Asp"), msg.Number("X", gained), cardTerm("Card", c), msg.Number("Now", so.Influence))
		})
	}
	if burn > 0 {
		s.burn(0, burn)
	}
	if k := len(so.Kept); k > 0 {
		s.say(func() *msg.Message {
			return say("ev_asp_kept", s.aspArg("Asp"), msg.Count("N", k), msg.Number("X", 2*k))
		})
		s.aspirantEffect(Effect{Kw: Influence, X: 2 * k})
	}
	// Stage 2: keep or discard.
	if !aspirantKeeps(c) {
		so.Discard = append(so.Discard, took)
		s.say(func() *msg.Message { return say("ev_asp_discards", s.aspArg("Asp"), cardTerm("Card", c)) })
		return
	}
	so.Kept = append(so.Kept, took)
	s.say(func() *msg.Message { return say("ev_asp_keeps", s.aspArg("Asp"), cardTerm("Card", c)) })
	// Stage 3: the kept-card ability.
	for _, e := range a.Kept {
		s.aspirantEffect(e)
	}
}

// aspirantKeeps is the Aspirant's stage-2 rule: cards with 3 different gems in their cost.
func aspirantKeeps(c *Card) bool { return c.Cost.Kinds() >= 3 }

func (s *state) aspirantEffect(e Effect) {
	so := s.Solo
	switch e.Kw {
	case Influence:
		so.Influence += e.X
		s.say(func() *msg.Message {
			return say("ev_asp_gains", s.aspArg("Asp"), msg.Number("X", e.X), msg.Number("Now", so.Influence))
		})
		s.checkEnd(so.Influence, s.aspArg("Who"))
	case Corruption:
		if s.Ending {
			so.Influence += e.X
			s.say(func() *msg.Message {
				return say("ev_asp_corruption", s.aspArg("Asp"), msg.Number("X", e.X), msg.Number("Now", so.Influence))
			})
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
	miss := x - n
	if miss == 0 {
		if n > 0 {
			s.sayReveal(func() *msg.Message {
				return say("ev_burn", msg.Count("X", x), seatArg("Seat", 0), msg.Nested("Cards", s.namesMsg(top)))
			})
		}
		return
	}
	// A short pile is told in the one line of the Burn, with the influence it costs.
	lost := s.loss(0, miss)
	now := pl.Influence
	id := "ev_burn_short"
	if n == 0 {
		id = "ev_burn_empty"
	}
	m := func() *msg.Message {
		return say(id, msg.Count("X", x), seatArg("Seat", 0), msg.Nested("Cards", s.namesMsg(top)),
			msg.Number("Lost", lost), msg.Number("Now", now))
	}
	if n > 0 {
		s.sayReveal(m)
	} else {
		s.say(m)
	}
}

// corruptAspirant is your Corruption against the Aspirant.
func (s *state) corruptAspirant(x int) {
	so := s.Solo
	x = min(x, so.Influence)
	so.Influence -= x
	s.note(step{K: stDealAsp, X: x, Now: so.Influence})
	s.say(func() *msg.Message {
		return say("ev_asp_loses", s.aspArg("Asp"), msg.Number("X", x), msg.Number("Now", so.Influence))
	})
}

// discardKept is your Discard against the Aspirant: a random kept card goes to its discard pile.
func (s *state) discardKept() {
	so := s.Solo
	if len(so.Kept) == 0 {
		s.say(func() *msg.Message { return say("ev_asp_no_kept", s.aspArg("Asp")) })
		return
	}
	i := s.RNG.IntN(len(so.Kept))
	x := so.Kept[i]
	so.Kept = append(so.Kept[:i:i], so.Kept[i+1:]...)
	so.Discard = append(so.Discard, x)
	s.sayReveal(func() *msg.Message {
		return say("ev_asp_lose_kept", s.aspArg("Asp"), msg.Nested("Card", s.namesMsg([]int{x})))
	})
}

// Rival is the Aspirant and its influence (rules.SoloRival), told beside the player's score.
func (s *state) Rival() (*msg.Message, int, bool) {
	if s.Solo == nil {
		return nil, 0, false
	}
	return msg.New(catName, "asp_"+Aspirants[s.Asp].Code), s.Solo.Influence, true
}
