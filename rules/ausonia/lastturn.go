package ausonia

import (
	"slices"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// The last turn, searched exactly (issue 37). Rulebook, end of the game: "When a player reaches
// 60 influence, the round is finished ... the most influence wins"; so once s.Ending is set, the
// turn under way is its player's last. A bought card is never played again, nothing carries over,
// and what counts is the influence at the turn's end (alone: against the Aspirant's, after its
// last take). The turn is a few plays, uses, buys and answers, small enough to try every line of:
// a sampled search can miss the one order of uses that wins, where exactly one does.

const (
	// lastTurnNodes bounds the positions one exact search may visit, over all its samples; past
	// it the search gives up and the AI plays as in any other turn.
	lastTurnNodes = 12000
	// lastTurnSamples is how many re-deals of what the seat cannot see a line is judged on, when
	// the turn meets a hidden card (a draw, a card refilling the Offer Row or the Power deck).
	lastTurnSamples = 4
	// unusedCost is what a card played for its paid abilities and never used costs a line: an
	// equal line without it is preferred (the habit played_unused), never a point of influence.
	unusedCost = 1e-3
)

// lastTurnBest is the set of seat's first moves that lead to the best end of its last turn,
// judged by trying every line of the turn; nil when this is not the last turn of seat or the turn
// is too big to search within lastTurnNodes. Each line is judged on re-deals of what seat cannot
// see (the first only, when no line meets a hidden card), so the answer reads nothing secret.
func (s *state) lastTurnBest(seat rules.Seat) []rules.Move {
	if !s.Ending || s.Res != nil || s.Turn != seat || (s.Pend != nil && s.Pend.Seat != seat) {
		return nil
	}
	// The exact search judges every line on re-deals it sees whole, so a card played for its
	// paid ability "in case a draw pays it" costs it nothing there, and in the game it is often
	// left unused (played_unused): the first moves are those the AI plays in any turn.
	roots := s.withoutHabits(seat, s.turnMoves(seat, true))
	if len(roots) < 2 {
		return roots
	}
	x := &exact{seat: seat, left: lastTurnNodes}
	sums := make([]float64, len(roots))
	for k := uint64(0); k < lastTurnSamples; k++ {
		det := s.Determinize(seat, 0x1a57+k).(*state)
		x.memo, x.draw, x.favour, x.power = map[string]float64{}, len(det.P[seat].Draw), len(det.FavourDeck), len(det.PowerDeck)
		for i, m := range roots {
			v, ok := x.after(det, m)
			if !ok {
				return nil
			}
			sums[i] += v
		}
		if !x.hidden {
			break // every sample plays the same: nothing hidden is met
		}
	}
	best := slices.Max(sums)
	var out []rules.Move
	for i, m := range roots {
		if sums[i] >= best-unusedCost/2 {
			out = append(out, m)
		}
	}
	return out
}

// exact is one exact search of a last turn.
type exact struct {
	seat   rules.Seat
	left   int                // positions it may still visit
	memo   map[string]float64 // best value from a position (of the current sample)
	hidden bool               // a line met a card the seat cannot know in advance
	// the seat's draw pile, the favour deck and the power deck at the start, in the sample
	draw, favour, power int
}

// after is the best value of the turn after seat plays m in st (st is not changed); false when
// the search is out of positions.
func (x *exact) after(st *state, m rules.Move) (float64, bool) {
	if x.left <= 0 {
		return 0, false
	}
	x.left--
	c := st.clone()
	unused := 0
	if len(m) > 0 && m[0] == vPass && c.Pend == nil {
		unused = c.playedUnused()
	}
	if err := c.ApplyQuiet(x.seat, m); err != nil {
		return -1e9, true // never: the moves come from the sample's own menu
	}
	v, ok := x.best(c)
	return v - unusedCost*float64(unused), ok
}

// best is the value of st when seat plays the rest of its turn as well as it can.
func (x *exact) best(st *state) (float64, bool) {
	if st.Res != nil || st.Turn != x.seat {
		return x.value(st), true
	}
	if st.Pend != nil && st.Pend.Seat != x.seat {
		// An opponent answers inside the turn (a Discard): what it keeps does not change the
		// seat's influence.
		return x.after(st, st.pendingDefault())
	}
	// A card drawn is hidden; so is a card refilling the market, where it may still be bought
	// for a condition, or taken by the Aspirant.
	if len(st.P[x.seat].Draw) != x.draw ||
		(len(st.FavourDeck) != x.favour || len(st.PowerDeck) != x.power) && (st.Solo != nil || st.gemsMayCount(x.seat)) {
		x.hidden = true
	}
	key := st.turnKey(x.seat)
	if v, ok := x.memo[key]; ok {
		return v, true
	}
	best := -1e9
	for _, m := range st.turnMoves(x.seat, false) {
		v, ok := x.after(st, m)
		if !ok {
			return 0, false
		}
		best = max(best, v)
	}
	x.memo[key] = best
	return best, true
}

// value is what the end of the turn is worth to the seat: its influence, alone less the
// Aspirant's.
func (x *exact) value(st *state) float64 {
	v := float64(st.P[x.seat].Influence)
	if st.Solo != nil {
		v -= float64(st.Solo.Influence)
	}
	return v
}

// turnMoves lists seat's complete moves now for the exact search, leaving out those that cannot
// change the turn's end: pass is tried once (what it discards is never drawn again); a sealing
// Seal is no better than none (a sealed card is out of play); a target is any opponent (at the
// end Corruption gives its user influence, and a Discard's cards do not count); the play of a
// card that brings gems or has a free ability comes first and alone, as playing it can only add
// to what the turn may do; a card whose paid abilities cannot be paid yet waits; with others, a
// card is bought only while gems spent may still meet a condition (a bought card is never
// played; alone, what is bought changes what the Aspirant takes). At the root
// (all) every move stays but the useless plays, so that each first move of a best line is known.
func (s *state) turnMoves(seat rules.Seat, all bool) []rules.Move {
	if s.Pend != nil {
		switch s.Pend.Kind {
		case pendTarget:
			if !all {
				return []rules.Move{s.pendingDefault()}
			}
		case pendSeal:
			if !all && rules.Check(s, seat, rules.Move{"none"}) == nil {
				return []rules.Move{{"none"}}
			}
		case pendManipulation, pendForesight:
			// The draw pile's top matters only to a draw still to come this turn.
			if !all && !s.mayDrawLater(seat) {
				return []rules.Move{s.pendingDefault()}
			}
		}
		moves, _, err := rules.Enumerate(s, seat, lastTurnNodes)
		if err != nil {
			return nil
		}
		if s.Pend.Kind == pendRaise && !all {
			moves = s.raiseClasses(moves)
		}
		return moves
	}
	verbs := tokens(s, seat, nil)
	var out []rules.Move
	for _, v := range verbs {
		switch v {
		case vPass:
			out = append(out, rules.Move{vPass})
		case vPlay:
			plays := tokens(s, seat, rules.Move{vPlay})
			if !all {
				if slices.Contains(plays, tokAll) {
					return []rules.Move{{vPlay, tokAll}}
				}
				for _, tok := range plays {
					if x := s.findCode(s.P[seat].Hand, tok); x >= 0 && !onlyCosts(s.card(x)) {
						return []rules.Move{{vPlay, tok}}
					}
				}
			}
			for _, tok := range plays {
				if x := s.findCode(s.P[seat].Hand, tok); tok == tokAll || (x >= 0 && !s.uselessPlay(x)) {
					out = append(out, rules.Move{vPlay, tok})
				}
			}
		case vBuy:
			if s.Solo != nil || s.gemsMayCount(seat) {
				s.walkMoves(seat, rules.Move{v}, &out)
			}
		default:
			s.walkMoves(seat, rules.Move{v}, &out)
		}
	}
	return out
}

// gemsMayCount says whether spending gems may still fire something this turn: an ability of a
// card of seat's hand, play area or seal area not used yet whose condition is gems used and not
// met yet.
func (s *state) gemsMayCount(seat rules.Seat) bool {
	pl := s.P[seat]
	for _, pile := range [][]int{pl.Play, pl.Hand, pl.Seal} {
		for _, x := range pile {
			c := s.card(x)
			for k := range c.Abilities {
				if a := &c.Abilities[k]; a.Kind == CondGems && !s.used(x, k) && !s.condMet(a) {
					return true
				}
			}
		}
	}
	return false
}

// mayDrawLater says whether seat may still draw this turn: a Draw waits in the ability being
// resolved, or an ability of a card in its hand, play area or seal area not used yet draws.
func (s *state) mayDrawLater(seat rules.Seat) bool {
	for _, e := range s.Queue {
		if e.Kw == Draw {
			return true
		}
	}
	pl := s.P[seat]
	for _, pile := range [][]int{pl.Play, pl.Hand, pl.Seal} {
		for _, x := range pile {
			c := s.card(x)
			for k := range c.Abilities {
				if s.used(x, k) {
					continue
				}
				for _, e := range c.Abilities[k].Do {
					if e.Kw == Draw {
						return true
					}
				}
			}
		}
	}
	return false
}

// raiseClasses keeps one Raise of each kind: in the last turn a raised card serves only to build
// a source at once, where any card that is no star gem card is as good a foundation as another,
// and the discard pile is never drawn again unless a Manipulation puts cards back (then all stay).
func (s *state) raiseClasses(moves []rules.Move) []rules.Move {
	for _, e := range s.Queue {
		if e.Kw == Manipulation {
			return moves
		}
	}
	seen := map[string]bool{}
	var out []rules.Move
	for _, m := range moves {
		key := make([]byte, 0, 16)
		for _, tok := range m {
			if c, ok := CardByCode(strings.TrimPrefix(tok, "d")); ok && strings.HasPrefix(tok, "d") && !c.Star {
				tok = "d*"
			}
			key = append(append(key, tok...), ' ')
		}
		if !seen[string(key)] {
			seen[string(key)] = true
			out = append(out, m)
		}
	}
	return out
}

// walkMoves appends every complete move that starts with m.
func (s *state) walkMoves(seat rules.Seat, m rules.Move, out *[]rules.Move) {
	next, complete, err := s.choices(seat, m, false)
	if err != nil {
		return
	}
	if complete {
		*out = append(*out, slices.Clone(m))
	}
	for _, c := range next {
		s.walkMoves(seat, append(m, c.Token), out)
	}
}

// playedUnused counts the cards with only paid abilities played this turn and not used.
func (s *state) playedUnused() int {
	played := map[int]bool{}
	for _, st := range s.T.Log {
		switch st.K {
		case stPlay:
			for _, x := range st.C {
				if c := s.card(x); c.Kind != GemCard && onlyCosts(c) {
					played[x] = true
				}
			}
		case stUse:
			delete(played, st.C[0])
		}
	}
	return len(played)
}

// turnKey names a position inside seat's last turn for the exact search: what can still change
// how the turn ends. Piles whose order does not matter are sorted, so the same cards played,
// used and bought in another order meet again.
func (s *state) turnKey(seat rules.Seat) string {
	b := make([]byte, 0, 256)
	ints := func(xs []int, sorted bool) {
		if sorted {
			xs = slices.Sorted(slices.Values(xs))
		}
		for _, x := range xs {
			b = strconv.AppendInt(b, int64(x), 36)
			b = append(b, ',')
		}
		b = append(b, '|')
	}
	pl := s.P[seat]
	ints(pl.Hand, true)
	ints(pl.Play, true)
	ints(pl.Bought, true)
	ints(pl.Raise, true)
	ints(pl.Seal, true)
	ints(pl.Discard, false)
	ints(pl.Draw, false)
	for _, src := range pl.Sources {
		b = strconv.AppendInt(b, int64(src.Gem), 36)
		b = append(b, ',')
	}
	b = append(b, '|')
	for _, p := range s.P {
		b = strconv.AppendInt(b, int64(p.Influence), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(len(p.Hand)), 10)
		b = append(b, ',')
	}
	ints(s.Offer, false)
	ints([]int{len(s.FavourDeck), len(s.PowerDeck), int(s.T.Kw), int(s.T.Guilds)}, false)
	ints(s.T.Gems[:], false)
	ints(s.T.Spent[:], false)
	ints(s.T.Used, true)
	ints(s.T.Unsealed, true)
	ints(s.T.Sealed, true)
	for _, e := range s.Queue {
		b = strconv.AppendInt(b, int64(e.Kw), 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(e.X), 10)
		b = append(b, ',')
	}
	b = append(b, '|')
	if pd := s.Pend; pd != nil {
		b = append(b, pd.Kind...)
		ints([]int{int(pd.Seat), int(pd.By), int(pd.Kw), pd.X}, false)
		ints(pd.Looked, false)
	}
	if s.Solo != nil {
		ints([]int{s.Solo.Influence, len(s.Solo.Kept), len(s.Solo.Discard)}, false)
	}
	if s.Ending {
		b = append(b, 'E')
	}
	return string(b)
}
