package ascalion

import "github.com/boardbot/boardbot/rules/msg"

// Setup (§4.0, §4.1): hidden sources, then warriors one at a time, or the quick deal.

// sourceSet is the source mix by player count (§4.0): wood, horse, gold, coal, iron.
func sourceSet(n int) [5]int {
	if n >= 5 {
		return [5]int{5, 4, 4, 4, 4}
	}
	return [5]int{4, 3, 3, 3, 3}
}

// setupNext is the next placer: setup runs counter-clockwise (§4.1).
func (s *state) setupNext(p int) int { return (p - 1 + s.N) % s.N }

func (s *state) startSetup() {
	s.SetupFirst = s.RNG.IntN(s.N)
	s.reveal("ev_setup_first", seatArg("Seat", s.SetupFirst))
	set := sourceSet(s.N)
	s.SrcPool = set
	total := 0
	for _, x := range set {
		total += x
	}
	// Deal the face-down sources one at a time in setup order (A06).
	s.SrcLeft = make([]int, s.N)
	p := s.SetupFirst
	for i := 0; i < total; i++ {
		s.SrcLeft[p]++
		p = s.setupNext(p)
	}
	if s.Opt.Quick {
		s.quickDeal()
		return
	}
	s.Stage = stSources
	s.Turn = s.SetupFirst
}

func (s *state) freeSourceLands() []int {
	var out []int
	for l := range s.Lands {
		if s.inPlay(l) && s.Lands[l].Source == -1 {
			out = append(out, l)
		}
	}
	return out
}

func (s *state) playSource(p int, r *rd) error {
	l, err := s.readArea(r, s.freeSourceLands(), wLandNoSource)
	if err != nil {
		return err
	}
	s.Lands[l].Source = -2
	s.SrcLeft[p]--
	s.emit("ev_source_placed", seatArg("Seat", p), landArg("Land", l))
	q := s.setupNext(p)
	for i := 0; i < s.N && s.SrcLeft[q] == 0; i++ {
		q = s.setupNext(q)
	}
	if s.SrcLeft[q] > 0 {
		s.Turn = q
		return nil
	}
	s.revealSources()
	s.Stage = stWarriors
	s.Turn = s.SetupFirst
	return nil
}

// revealSources turns the face-down sources over. Nobody saw them, so their types are drawn
// now from the pool: the same odds as a shuffled face-down deal, with nothing secret to keep.
func (s *state) revealSources() {
	var pool []int
	for k, n := range s.SrcPool {
		for i := 0; i < n; i++ {
			pool = append(pool, k)
		}
	}
	s.RNG.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	var names []M
	for l := range s.Lands {
		if s.Lands[l].Source == -2 {
			s.Lands[l].Source = pool[0]
			pool = pool[1:]
			names = append(names, say("land_source", landArg("Land", l), msg.Term("Source", sourceTerm[s.Lands[l].Source])))
		}
	}
	s.SrcPool = [5]int{}
	s.SrcLeft = nil
	s.reveal("ev_sources_revealed", nested("Sources", msgList(names)))
}

func (s *state) freeLands() []int {
	var out []int
	for l := range s.Lands {
		if s.inPlay(l) && s.Lands[l].Owner < 0 {
			out = append(out, l)
		}
	}
	return out
}

func (s *state) playWarrior(p int, r *rd) error {
	l, err := s.readArea(r, s.freeLands(), wLandFree)
	if err != nil {
		return err
	}
	s.Lands[l].Owner = p
	s.emit("ev_settles", seatArg("Seat", p), landArg("Land", l))
	if len(s.freeLands()) > 0 {
		s.Turn = s.setupNext(p)
		return nil
	}
	s.finishSetup(p)
	return nil
}

// finishSetup records the start land counts and makes the last placer the first start player.
func (s *state) finishSetup(last int) {
	s.Start = make([]int, s.N)
	for p := range s.Start {
		s.Start[p] = s.countAreas(p)
	}
	s.SP = last
	s.Phase = 1
	s.startRound()
}

// quickDeal deals lands evenly in setup order and scatters the sources at random.
func (s *state) quickDeal() {
	var lands []int
	for l := range s.Lands {
		if s.inPlay(l) {
			lands = append(lands, l)
		}
	}
	s.RNG.Shuffle(len(lands), func(i, j int) { lands[i], lands[j] = lands[j], lands[i] })
	p := s.SetupFirst
	last := p
	for _, l := range lands {
		s.Lands[l].Owner = p
		last = p
		p = s.setupNext(p)
	}
	s.RNG.Shuffle(len(lands), func(i, j int) { lands[i], lands[j] = lands[j], lands[i] })
	k := 0
	for l := range lands {
		_ = l
	}
	for kind, n := range s.SrcPool {
		for i := 0; i < n; i++ {
			s.Lands[lands[k]].Source = kind
			k++
		}
	}
	s.SrcPool = [5]int{}
	s.SrcLeft = nil
	s.reveal("ev_quick_start")
	s.finishSetup(last)
}
