package ausonia

import (
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// resolve works through the queued keywords of the ability in hand until one needs a decision.
func (s *state) resolve() {
	for s.Pend == nil && len(s.Queue) > 0 {
		e := s.Queue[0]
		s.Queue = s.Queue[1:]
		s.effect(e)
	}
}

// opponents of the active player, in turn order after it.
func (s *state) opponents() []rules.Seat {
	var out []rules.Seat
	for i := 1; i < s.N; i++ {
		out = append(out, rules.Seat((int(s.Turn)+i)%s.N))
	}
	return out
}

func (s *state) effect(e Effect) {
	p := s.Turn
	pl := s.P[p]
	switch e.Kw {
	case Influence:
		// The ability's own line said "Influence X" already: the gain is its detail.
		at := len(s.ev)
		s.gain(p, e.X)
		if at < len(s.ev) {
			s.ev[at].Detail = true
		}
	case Corruption:
		switch {
		case s.Ending:
			s.say(func() *msg.Message { return say("ev_corruption_ending", msg.Number("X", e.X)) })
			s.gain(p, e.X)
		case s.Solo != nil:
			s.corruptAspirant(e.X)
		case s.N == 2:
			s.lose(s.opponents()[0], e.X)
		default:
			s.Pend = &pending{Kind: pendTarget, Seat: p, By: p, Kw: Corruption, X: e.X}
		}
	case Discard:
		switch {
		case s.Solo != nil:
			s.discardKept()
		case s.N == 2:
			s.forceDiscard(s.opponents()[0], e.X)
		default:
			s.Pend = &pending{Kind: pendTarget, Seat: p, By: p, Kw: Discard, X: e.X}
		}
	case Draw:
		s.draw(p, e.X)
	case Manipulation:
		if len(pl.Discard) > 0 {
			s.Pend = &pending{Kind: pendManipulation, Seat: p, By: p, X: e.X}
		}
	case Foresight:
		looked := s.takeTop(p, e.X)
		if len(looked) > 0 {
			s.say(func() *msg.Message { return say("ev_looks", seatArg("Seat", p), msg.Count("N", len(looked))) })
			s.tell(p, func() *msg.Message { return say("ev_foresight_shows", msg.Nested("Cards", s.inOrderMsg(looked))) })
			s.Pend = &pending{Kind: pendForesight, Seat: p, By: p, X: e.X, Looked: looked}
		}
	case Raise:
		if len(pl.Hand)+len(pl.Discard) > 0 {
			s.Pend = &pending{Kind: pendRaise, Seat: p, By: p, X: e.X}
		}
	case Seal:
		if len(s.sealable(p)) > 0 {
			s.Pend = &pending{Kind: pendSeal, Seat: p, By: p, X: 1}
		}
	}
}

// forceDiscard makes seat q discard x cards of its choice; when there is nothing to choose (too
// few cards, or all alike) it happens at once.
func (s *state) forceDiscard(q rules.Seat, x int) {
	h := s.P[q].Hand
	if len(h) == 0 {
		s.say(func() *msg.Message { return say("ev_no_discard", seatArg("Seat", q)) })
		return
	}
	alike := true
	for _, c := range h {
		if s.kinds[c] != s.kinds[h[0]] {
			alike = false
		}
	}
	if len(h) <= x || alike {
		s.discardFromHand(q, append([]int(nil), h[:min(x, len(h))]...))
		return
	}
	s.Pend = &pending{Kind: pendDiscard, Seat: q, By: s.Turn, X: x}
}

func (s *state) discardFromHand(q rules.Seat, cards []int) {
	pl := s.P[q]
	for _, c := range cards {
		pl.Hand = remove(pl.Hand, c)
	}
	pl.Discard = append(pl.Discard, cards...)
	s.sayReveal(func() *msg.Message {
		return say("ev_discards", seatArg("Seat", q), msg.Nested("Cards", s.namesMsg(cards)))
	})
	s.shown(q)
}

// sealable lists the favour cards seat p may seal: in the play area, not unsealed this turn.
func (s *state) sealable(p rules.Seat) []int {
	var out []int
	for _, x := range s.P[p].Play {
		if s.card(x).IsFavour() && !contains(s.T.Unsealed, x) {
			out = append(out, x)
		}
	}
	return out
}

// pendingPicker describes the cards the pending decision chooses among.
func (s *state) pendingPicker() picker {
	pd := s.Pend
	pl := s.P[pd.Seat]
	switch pd.Kind {
	case pendDiscard:
		return picker{items: s.items(pl.Hand, "", ""), min: pd.X, max: pd.X, sorted: true, what: "what_discard"}
	case pendManipulation:
		return picker{items: s.items(pl.Discard, "", "lbl_from_pile"), max: pd.X, none: true, what: "what_top"}
	case pendForesight:
		return picker{items: s.items(pd.Looked, "", ""), max: len(pd.Looked), none: true, what: "what_back"}
	case pendRaise:
		items := s.items(pl.Hand, "", "lbl_from_hand")
		for _, it := range s.items(pl.Discard, "d", "lbl_from_pile") {
			it.ord += len(Cards)
			items = append(items, it)
		}
		return picker{items: items, max: pd.X, sorted: true, none: true, what: "what_raise"}
	case pendSeal:
		return picker{items: s.items(s.sealable(pd.Seat), "", ""), max: 1, none: true, what: "what_seal"}
	}
	return picker{}
}

// items turns card instances into pick items, sorted by card type so menus read well.
func (s *state) items(insts []int, prefix, from string) []pickItem {
	// Sort the instances, not the items: the same stable order, moving ints instead of structs.
	// Hands and piles are short, so an insertion sort in a buffer on the stack does.
	var buf [48]int
	order := append(buf[:0], insts...)
	for i := 1; i < len(order); i++ {
		x := order[i]
		j := i
		for ; j > 0 && s.kinds[order[j-1]] > s.kinds[x]; j-- {
			order[j] = order[j-1]
		}
		order[j] = x
	}
	out := make([]pickItem, 0, len(insts))
	for _, x := range order {
		k := s.kinds[x]
		tok, fam := Cards[k].Code, cardFamilies()[k]
		if prefix != "" {
			tok = prefix + tok
			fam = family(tok)
		}
		out = append(out, pickItem{tok: tok, kind: k, from: from, inst: x, ord: k, family: fam})
	}
	return out
}

// Foresight keeps the looked-at cards in their drawn order in the menu (top first): sorting would
// hide which card was on top. items sorts, so foresight builds its own.
func (s *state) foresightItems() []pickItem {
	var out []pickItem
	for _, x := range s.Pend.Looked {
		c := s.card(x)
		out = append(out, pickItem{tok: c.Code, kind: s.kinds[x], inst: x, ord: s.kinds[x], family: family(c.Code)})
	}
	return out
}

// pendingChoices is the choice tree of a pending decision.
func (s *state) pendingChoices(m rules.Move) ([]rules.Choice, bool, error) {
	pd := s.Pend
	if pd.Kind == pendTarget {
		var next []rules.Choice
		for _, q := range s.opponents() {
			tok := houseToken(s.house(q))
			next = append(next, choice(tok, say("lbl_target", seatArg("Seat", q), msg.Number("X", s.P[q].Influence), msg.Count("N", len(s.P[q].Hand)))))
		}
		if len(m) == 0 {
			return next, false, nil
		}
		if len(m) > 1 {
			return nil, false, refusal("ref_one_opponent", msg.Nested("Houses", orTokensMsg(tokensOf(next))))
		}
		for _, c := range next {
			if c.Token == m[0] {
				return nil, true, nil
			}
		}
		return nil, false, refusal("ref_not_opponent", quoted("Tok", m[0]), msg.Nested("Houses", orTokensMsg(tokensOf(next))))
	}
	next, complete, _, err := s.pendingPickerItems().walk(m)
	return next, complete, err
}

// pendingPickerItems is the pending decision's picker; foresight keeps the looked-at cards in
// drawn order.
func (s *state) pendingPickerItems() picker {
	pk := s.pendingPicker()
	if s.Pend.Kind == pendForesight {
		pk.items = s.foresightItems()
	}
	return pk
}

var houseTokens = []string{"i", "ii", "iii", "iv"}

func houseToken(h int) string { return houseTokens[h] }

// applyPending carries out a complete answer to the pending decision.
// applyPending carries out the answer m to the pending decision; picked are the cards it picks.
func (s *state) applyPending(m rules.Move, picked []int) {
	pd := s.Pend
	s.Pend = nil
	defer s.detailUnlessAsking(len(s.ev))
	if pd.Kind == pendTarget {
		var q rules.Seat
		for h, t := range houseTokens {
			if t == m[0] {
				q = s.seatOfHouse(h)
			}
		}
		s.say(func() *msg.Message { return say("ev_targets", seatArg("Seat", pd.By), seatArg("Target", q)) })
		if pd.Kw == Corruption {
			s.lose(q, pd.X)
		} else {
			s.forceDiscard(q, pd.X)
		}
		s.resolve()
		return
	}
	pl := s.P[pd.Seat]
	switch pd.Kind {
	case pendDiscard:
		s.discardFromHand(pd.Seat, picked)
	case pendManipulation:
		for _, x := range picked {
			pl.Discard = remove(pl.Discard, x)
		}
		pl.Draw = append(pl.Draw, reversed(picked)...)
		if len(picked) > 0 {
			s.note(step{K: stManip, C: picked})
			s.say(func() *msg.Message {
				return say("ev_manipulation", seatArg("Seat", pd.Seat), msg.Nested("Cards", s.inOrderMsg(picked)))
			})
		} else {
			s.say(func() *msg.Message { return say("ev_manipulation_none", seatArg("Seat", pd.Seat)) })
		}
	case pendForesight:
		var rest []int
		for _, x := range pd.Looked {
			if !contains(picked, x) {
				rest = append(rest, x)
			}
		}
		pl.Draw = append(pl.Draw, reversed(picked)...)
		pl.Discard = append(pl.Discard, rest...)
		s.say(func() *msg.Message {
			return say("ev_foresight_back", seatArg("Seat", pd.Seat), msg.Count("N", len(picked)))
		})
		if len(rest) > 0 {
			s.note(step{K: stDiscard, C: rest})
			s.sayReveal(func() *msg.Message {
				return say("ev_discards", seatArg("Seat", pd.Seat), msg.Nested("Cards", s.namesMsg(rest)))
			})
			s.shown(pd.Seat) // the cards Foresight showed pd.Seat alone
		}
	case pendRaise:
		var fromHand, fromPile []int
		for _, x := range picked {
			if contains(pl.Hand, x) {
				pl.Hand = remove(pl.Hand, x)
				fromHand = append(fromHand, x)
			} else {
				pl.Discard = remove(pl.Discard, x)
				fromPile = append(fromPile, x)
			}
			pl.Raise = append(pl.Raise, x)
		}
		if len(picked) > 0 {
			s.note(step{K: stRaise, A: len(fromHand), C: fromPile})
		}
		switch {
		case len(picked) == 0:
			s.say(func() *msg.Message { return say("ev_raise_none", seatArg("Seat", pd.Seat)) })
		default:
			var from []*msg.Message
			if len(fromHand) > 0 {
				from = append(from, say("raise_from_hand", msg.Number("N", len(fromHand))))
			}
			if len(fromPile) > 0 {
				from = append(from, say("raise_from_pile", msg.Nested("Cards", s.namesMsg(fromPile))))
			}
			s.say(func() *msg.Message {
				return say("ev_raises", seatArg("Seat", pd.Seat), msg.Count("N", len(picked)), msg.Nested("From", listMsg(from)))
			})
			if len(fromHand) > 0 {
				s.tell(pd.Seat, func() *msg.Message { return say("ev_you_raised", msg.Nested("Cards", s.namesMsg(fromHand))) })
				s.shown(pd.Seat)
			}
		}
	case pendSeal:
		for _, x := range picked {
			pl.Play = remove(pl.Play, x)
			pl.Seal = append(pl.Seal, x)
			s.T.Sealed = append(s.T.Sealed, x)
			s.note(step{K: stSeal, C: []int{x}})
			s.say(func() *msg.Message {
				return say("ev_seals", seatArg("Seat", pd.Seat), msg.Nested("Card", s.namesMsg([]int{x})))
			})
		}
		if len(picked) == 0 {
			s.say(func() *msg.Message { return say("ev_seal_none", seatArg("Seat", pd.Seat)) })
		}
	}
	s.resolve()
}

func reversed(xs []int) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[len(xs)-1-i] = x
	}
	return out
}
