package ascalion

// Production (§9, with followers §15.2 and books §16.3): every source adds its resource to its
// land for the land's owner; horses need a free land; cities and books double.

func (s *state) startProduction() {
	s.Phase = 3
	s.dieCheck(3)
}

func (s *state) runProduction() {
	s.Place = nil
	for _, p := range s.order() {
		if s.Opt.Expansion && s.Forfeit == p && s.TempleRnd == s.Round {
			s.emit("ev_poverty", seatArg("Seat", p))
			continue
		}
		var got Goods
		for l := range s.Lands {
			if s.Lands[l].Owner == p && s.Lands[l].Source >= 0 {
				s.produce(l, &got)
			}
		}
		if got.total() > 0 {
			s.emitKind("produce", "", say("ev_produce", seatArg("Seat", p), nested("Goods", goodsText(got))))
		}
	}
	if s.Opt.Expansion {
		for _, p := range s.order() {
			for rel := 0; rel < 2; rel++ {
				if s.templeOwner(rel) != p {
					continue
				}
				for i := 0; i < 2; i++ {
					s.Place = append(s.Place, pending{Kind: placeFollower, Seat: p, Rel: rel})
				}
			}
		}
		for _, p := range s.order() {
			if s.Univ[p] >= 0 {
				s.Place = append(s.Place, pending{Kind: placeBook, Seat: p})
			}
		}
	}
	s.nextPlacement()
}

// doubled: a city in the land or in an adjacent land of the same owner (§9.2), or a book (§16.3c).
func (s *state) doubled(l int) bool {
	L := s.Lands[l]
	if L.City || (s.Opt.Expansion && L.Book) {
		return true
	}
	for _, n := range board.Lands[l].Adj {
		if s.Lands[n].Owner == L.Owner && s.Lands[n].City {
			return true
		}
	}
	return false
}

func (s *state) produce(l int, got *Goods) {
	L := &s.Lands[l]
	k := L.Source
	if k != Horse {
		want := 1
		if s.doubled(l) {
			want = 2
		}
		n := want - L.Goods[k]
		if n > s.Sup[k] {
			n = s.Sup[k]
		}
		if n > 0 {
			L.Goods[k] += n
			s.Sup[k] -= n
			got[k] += n
		}
		return
	}
	// Horses: always one foal; a book (not a city) makes it two (§9.2, §16.3c).
	n := 1
	if s.Opt.Expansion && L.Book {
		n = 2
	}
	for i := 0; i < n; i++ {
		switch {
		case s.Sup[Horse] == 0:
			s.Place = append(s.Place, pending{Kind: placeHorse, Seat: L.Owner, Source: l, Owed: true})
		case L.Goods[Horse] == 0:
			L.Goods[Horse] = 1
			s.Sup[Horse]--
			got[Horse]++
		default:
			s.Sup[Horse]--
			s.Place = append(s.Place, pending{Kind: placeHorse, Seat: L.Owner, Source: l})
		}
	}
}

// horseSpots: own horse-less lands next to the unbroken group of own horse lands that holds the
// source (§9.1).
func (s *state) horseSpots(p, src int) []int {
	seen := map[int]bool{src: true}
	stack := []int{src}
	spots := map[int]bool{}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range board.Lands[x].Adj {
			if seen[n] || s.Lands[n].Owner != p {
				continue
			}
			if s.Lands[n].Goods[Horse] > 0 {
				seen[n] = true
				stack = append(stack, n)
			} else {
				spots[n] = true
			}
		}
	}
	return keys(spots)
}

// followerSpots: foreign areas next to an own area, or next to a foreign area that already holds
// one of the player's followers; never where a follower or a book is (§15.2, §16.3a).
func (s *state) followerSpots(t int) []int {
	base := map[int]bool{}
	for a := range s.areas(t) {
		base[a] = true // own lands and, by §12.8, own boats and ships
	}
	for _, a := range s.allAreas() {
		if o := s.owner(a); o != t && o >= 0 && s.convertedBy(a, t) {
			base[a] = true
		}
	}
	spots := map[int]bool{}
	for b := range base {
		for n := range s.adjs(b) {
			o := s.owner(n)
			if o < 0 || o == t || s.follower(n) >= 0 || s.hasBook(n) {
				continue
			}
			spots[n] = true
		}
	}
	return keys(spots)
}

func (s *state) allAreas() []int {
	var out []int
	for l := range s.Lands {
		if s.Lands[l].Owner >= 0 {
			out = append(out, l)
		}
	}
	for _, v := range s.Ships {
		out = append(out, vesselArea+v.ID)
	}
	return out
}

func (s *state) bookSpots(p int) []int {
	var out []int
	for a := range s.areas(p) {
		if !s.hasBook(a) {
			out = append(out, a)
		}
	}
	return out
}

func (s *state) placeSpots(pl pending) []int {
	switch pl.Kind {
	case placeHorse:
		if pl.Owed && s.Sup[Horse] == 0 {
			return nil
		}
		return s.horseSpots(pl.Seat, pl.Source)
	case placeFollower:
		if s.Fol[pl.Rel] == 0 || s.templeOwner(pl.Rel) != pl.Seat {
			return nil
		}
		return s.followerSpots(pl.Seat)
	default:
		if s.Sup[supBook] == 0 {
			return nil
		}
		return s.bookSpots(pl.Seat)
	}
}

// nextPlacement resolves queued pieces: none possible drops it, a single spot places it.
func (s *state) nextPlacement() {
	for len(s.Place) > 0 {
		pl := s.Place[0]
		if pl.Owed && s.Sup[Horse] > 0 && s.Lands[pl.Source].Goods[Horse] == 0 {
			// A foal owed to a horse-less source land goes there, as it would have at once.
			s.doPlace(pl, pl.Source)
			s.Place = s.Place[1:]
			continue
		}
		spots := s.placeSpots(pl)
		switch {
		case len(spots) == 0:
			switch {
			case pl.Kind != placeHorse:
			case !pl.Owed:
				s.Sup[Horse]++
				s.emit("ev_foal_lost", seatArg("Seat", pl.Seat), landArg("Land", pl.Source))
			case s.Sup[Horse] > 0:
				s.emit("ev_foal_lost", seatArg("Seat", pl.Seat), landArg("Land", pl.Source))
			}
			s.Place = s.Place[1:]
		case len(spots) == 1 && pl.Kind != placeFollower:
			s.doPlace(pl, spots[0])
			s.Place = s.Place[1:]
		default:
			s.Stage = stPlace
			return
		}
	}
	s.startTrade()
}

func (s *state) doPlace(pl pending, a int) {
	switch pl.Kind {
	case placeHorse:
		s.Lands[a].Goods[Horse]++
		if pl.Owed {
			s.Sup[Horse]--
		}
		s.emit("ev_foal", seatArg("Seat", pl.Seat), landArg("Land", a))
	case placeFollower:
		s.setFollower(a, pl.Rel)
		s.Fol[pl.Rel]--
		s.emit("ev_convert", seatArg("Seat", pl.Seat), nested("Area", s.areaName(a)))
	default:
		s.setBook(a, true)
		s.Sup[supBook]--
		s.emit("ev_book", seatArg("Seat", pl.Seat), nested("Area", s.areaName(a)))
		if f := s.follower(a); f >= 0 {
			s.setFollower(a, -1)
			s.Fol[f]++
			s.emit("ev_book_drives", nested("Area", s.areaName(a)))
		}
	}
}

func (s *state) playPlace(p int, r *rd) error {
	pl := s.Place[0]
	spots := s.placeSpots(pl)
	if pl.Kind == placeFollower {
		m := menu{toks: []string{"place", "skip"}, what: fixed("w_place_skip")}
		m.label = func(i int) M {
			return fixed([]string{"lb_follower_place", "lb_follower_skip"}[i])
		}
		k, err := r.need(m)
		if err != nil {
			return err
		}
		if k == 1 {
			s.emit("ev_follower_given_up", seatArg("Seat", p))
			s.Place = s.Place[1:]
			s.nextPlacement()
			return nil
		}
	}
	what := map[int]M{placeHorse: wFoalLand, placeFollower: wConvertArea, placeBook: wBookArea}[pl.Kind]
	var why func(a int) M
	if pl.Kind == placeHorse {
		why = s.whyNotFoal(pl, spots)
	}
	a, err := s.readAreaWhy(r, spots, what, s.areaLabel, why)
	if err != nil {
		return err
	}
	s.doPlace(pl, a)
	s.Place = s.Place[1:]
	s.nextPlacement()
	return nil
}

// whyNotFoal refuses a foal on the player's own land in words (it is already theirs, and holds a
// horse or lies beyond the horses' chain): "Comorium (Red's) is not a free land of yours" named
// the player's own colour as if it were someone else's. The lands that fit follow.
func (s *state) whyNotFoal(pl pending, spots []int) func(a int) M {
	toks := make([]string, len(spots))
	for i, a := range spots {
		toks[i] = s.areaToken(a)
	}
	return func(a int) M {
		if a < 0 || a >= vesselArea || s.owner(a) != pl.Seat {
			return nil
		}
		key := "why_foal_far"
		if s.Lands[a].Goods[Horse] > 0 {
			key = "why_foal_horse"
		}
		w := say(key, nested("Area", s.areaName(a)), nested("Source", s.areaName(pl.Source)))
		return say("bad_why_write", nested("Why", w), nested("Choices", short(toks, 6)))
	}
}
