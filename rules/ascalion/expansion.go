package ascalion

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
	w, err := r.word("temple or no", "temple", "Found a temple (no resources for you this round)", "no", "Pass the offer on")
	if err != nil {
		return err
	}
	if w == "no" {
		s.emit("%s declines the temple.", s.seatName(p))
		s.Queue = s.Queue[1:]
		if len(s.Queue) > 0 {
			s.Turn = s.Queue[0]
			return nil
		}
		s.startUnivPlacement()
		return nil
	}
	l, err := s.readArea(r, s.templeSpots(p), "a land of yours for the temple")
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
	s.emit("%s founds the temple of the %s in %s.", s.seatName(p), religionName[rel], board.Lands[l].Name)
	s.startUnivPlacement()
	return nil
}

var religionName = [2]string{"sisters", "brothers"}

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
	s.emit("The temple of the %s in %s is dissolved; its followers leave the land.", religionName[rel], board.Lands[l].Name)
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
	l, err := s.readArea(r, s.univSpots(p), "a land of yours for the university")
	if err != nil {
		return err
	}
	s.Lands[l].Univ = true
	s.Univ[p] = l
	s.emit("%s opens a university in %s.", s.seatName(p), board.Lands[l].Name)
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
	w, err := r.word("univ or attack", "univ", "Found a university: pay 2 resources, no attacks this round", "attack", "Attack as usual")
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
		a, err := s.readArea(r, src, "an area of yours to pay a resource from")
		if err != nil {
			return err
		}
		k, _, err := r.kind(*s.goods(a), resOnly, "the resource to pay", false)
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
	s.emit("%s endows a university with %s and gives up attacking this round.", s.seatName(p), goodsText(paid))
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
			s.emit("%s, without a university, loses %s.", s.seatName(p), count(len(books), "book", "books"))
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
		a, err := s.readArea(r, s.booksOf(p), "one of your areas with a book")
		if err != nil {
			return err
		}
		s.setBook(a, false)
		s.Sup[supBook]++
	}
	s.emit("%s, without a university, removes two books.", s.seatName(p))
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
