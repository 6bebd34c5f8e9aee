package ascalion

import "github.com/boardbot/boardbot/rules/msg"

// The expansion (§14-16): temples offered at the start of development, universities founded
// instead of attacking and placed next development, books removed after losing a university.

// templeOffers starts the temple round; false when no temple can be founded now.
func (s *state) templeOffers() bool {
	if s.TempleRnd == s.Round || (s.Temples[0] >= 0 && s.Temples[1] >= 0) {
		return false
	}
	s.Queue = nil
	for _, p := range s.order() {
		if len(s.templeSpots(p)) > 0 {
			s.Queue = append(s.Queue, p)
		}
	}
	if len(s.Queue) == 0 {
		return false
	}
	s.Stage = stTemple
	s.Turn = s.Queue[0]
	return true
}

func (s *state) templeSpots(p int) []int {
	var out []int
	for l := range s.Lands {
		if s.Lands[l].Owner == p && s.Lands[l].Temple < 0 {
			out = append(out, l)
		}
	}
	return out
}

func (s *state) playTemple(p int, r *rd) error {
	w, err := r.word(wTempleNo, "temple", "lb_temple", "no", "lb_temple_no")
	if err != nil {
		return err
	}
	if w == "no" {
		s.emit("ev_temple_declined", seatArg("Seat", p))
		s.Queue = s.Queue[1:]
		if len(s.Queue) > 0 {
			s.Turn = s.Queue[0]
			return nil
		}
		s.startUnivPlacement()
		return nil
	}
	l, err := s.readArea(r, s.templeSpots(p), wTempleLand)
	if err != nil {
		return err
	}
	rel := 0
	if s.Temples[0] >= 0 {
		rel = 1
	}
	s.Temples[rel] = l
	s.Lands[l].Temple = rel
	s.TempleRnd = s.Round
	s.Forfeit = p
	s.emit("ev_temple", seatArg("Seat", p), msg.Term("Religion", religionTerm[rel]), landArg("Land", l))
	s.startUnivPlacement()
	return nil
}

// dissolveTemple removes a conquered temple and all its followers (§15.4).
func (s *state) dissolveTemple(rel int) {
	l := s.Temples[rel]
	s.Lands[l].Temple = -1
	s.Temples[rel] = -1
	for i := range s.Lands {
		if s.Lands[i].Follower == rel {
			s.Lands[i].Follower = -1
			s.Fol[rel]++
		}
	}
	for i := range s.Ships {
		if s.Ships[i].Follower == rel {
			s.Ships[i].Follower = -1
			s.Fol[rel]++
		}
	}
	s.emit("ev_temple_dissolved", msg.Term("Religion", religionTerm[rel]), landArg("Land", l))
}

func (s *state) startUnivPlacement() {
	s.Queue = nil
	if s.Opt.Expansion {
		for _, p := range s.order() {
			if s.Univ[p] == -2 && len(s.univSpots(p)) > 0 {
				s.Queue = append(s.Queue, p)
			}
		}
	}
	if len(s.Queue) == 0 {
		s.startBuilds()
		return
	}
	s.Stage = stUnivPlace
	s.Turn = s.Queue[0]
}

func (s *state) univSpots(p int) []int {
	var out []int
	for l := range s.Lands {
		if s.Lands[l].Owner == p && !s.Lands[l].Univ {
			out = append(out, l)
		}
	}
	return out
}

func (s *state) playUnivPlace(p int, r *rd) error {
	l, err := s.readArea(r, s.univSpots(p), wUnivLand)
	if err != nil {
		return err
	}
	s.Lands[l].Univ = true
	s.Univ[p] = l
	s.emit("ev_univ_opens", seatArg("Seat", p), landArg("Land", l))
	s.Queue = s.Queue[1:]
	if len(s.Queue) > 0 {
		s.Turn = s.Queue[0]
		return nil
	}
	s.startBuilds()
	return nil
}

// startUnivRound asks, from the start player, whether someone founds a university instead of
// attacking (§16.1); false when nobody can.
func (s *state) startUnivRound() bool {
	if s.UnivRnd == s.Round || s.Sup[supUniv] == 0 {
		return false
	}
	s.Queue = nil
	for _, p := range s.order() {
		if s.Univ[p] == -1 && s.resourceCount(p) >= 2 {
			s.Queue = append(s.Queue, p)
		}
	}
	if len(s.Queue) == 0 {
		return false
	}
	s.Stage = stUnivChoice
	s.Turn = s.Queue[0]
	return true
}

func (s *state) resourceCount(p int) int {
	n := 0
	for a := range s.areas(p) {
		n += s.goods(a).resources()
	}
	return n
}

func (s *state) playUnivChoice(p int, r *rd) error {
	w, err := r.word(wUnivAttack, "univ", "lb_univ", "attack", "lb_univ_attack")
	if err != nil {
		return err
	}
	if w == "attack" {
		s.Queue = s.Queue[1:]
		if len(s.Queue) > 0 {
			s.Turn = s.Queue[0]
			return nil
		}
		s.startAttackTurns()
		return nil
	}
	var paid Goods
	for i := 0; i < 2; i++ {
		var src []int
		for a := range s.areas(p) {
			if s.goods(a).resources() > 0 {
				src = append(src, a)
			}
		}
		a, err := s.readArea(r, src, wPayArea)
		if err != nil {
			return err
		}
		k, _, err := r.kind(*s.goods(a), resOnly, wPayResource, false)
		if err != nil {
			return err
		}
		s.spend(s.goods(a), k, 1)
		paid[k]++
	}
	s.Univ[p] = -2
	s.UnivRnd = s.Round
	s.UnivLost[p] = false
	s.Sup[supUniv]--
	s.UnivFounder = p
	s.emit("ev_univ_founded", seatArg("Seat", p), nested("Goods", goodsText(paid)))
	s.startAttackTurns()
	return nil
}

// startBookLoss makes players who lost their university give up two books at the end of every
// later attack phase (§16.5, A42); false when nobody must.
func (s *state) startBookLoss() bool {
	s.Queue = nil
	for _, p := range s.order() {
		if !s.UnivLost[p] || s.UnivLostRd[p] >= s.Round || s.Univ[p] != -1 {
			continue
		}
		books := s.booksOf(p)
		if len(books) == 0 {
			continue
		}
		if len(books) <= 2 {
			for _, a := range books {
				s.setBook(a, false)
				s.Sup[supBook]++
			}
			s.emit("ev_books_lost", seatArg("Seat", p), nested("Books", count(len(books), "n_books")))
			continue
		}
		s.Queue = append(s.Queue, p)
	}
	if len(s.Queue) == 0 {
		return false
	}
	s.Stage = stBookLoss
	s.Turn = s.Queue[0]
	return true
}

func (s *state) booksOf(p int) []int {
	var out []int
	for a := range s.areas(p) {
		if s.hasBook(a) {
			out = append(out, a)
		}
	}
	return out
}

func (s *state) playBookLoss(p int, r *rd) error {
	for i := 0; i < 2; i++ {
		a, err := s.readArea(r, s.booksOf(p), wBookLossArea)
		if err != nil {
			return err
		}
		s.setBook(a, false)
		s.Sup[supBook]++
	}
	s.emit("ev_books_removed", seatArg("Seat", p))
	s.Queue = s.Queue[1:]
	if len(s.Queue) > 0 {
		s.Turn = s.Queue[0]
		return nil
	}
	s.checkVictory()
	if s.Res == nil {
		s.startRound()
	}
	return nil
}
