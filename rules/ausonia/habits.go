package ausonia

import (
	"slices"

	"github.com/boardbot/boardbot/rules"
)

// The habits a player would laugh at (ai.HabitJudge), counted by the arena per seat and avoided
// by the AI above easy.

// HabitLapsedInfluence is a pass while an ability that gains influence and costs nothing is
// open: a condition ability lapses at the end of the turn, so the points are thrown away.
const HabitLapsedInfluence = "lapsed_influence"

// freeGain is the most influence one use move of seat gains now without spending a gem.
func (s *state) freeGain(seat rules.Seat) int {
	if s.Pend != nil || s.Res != nil || !s.anyUse(seat) {
		return 0
	}
	moves, _, err := rules.Enumerate(s, seat, 2000)
	if err != nil {
		return 0
	}
	best := 0
	for _, m := range moves {
		if m[0] != vUse {
			continue
		}
		c := s.Clone().(*state)
		if err := c.ApplyQuiet(seat, m); err != nil || c.T.Spent != s.T.Spent {
			continue
		}
		best = max(best, c.P[seat].Influence-s.P[seat].Influence)
	}
	return best
}

// anyUse says whether the menu offers use at all.
func (s *state) anyUse(seat rules.Seat) bool {
	next, _, err := s.Choices(seat, nil)
	if err != nil {
		return false
	}
	for _, c := range next {
		if c.Token == vUse {
			return true
		}
	}
	return false
}

// Habits of a whole turn, judged at its pass.
const (
	// HabitIdleTurn is a turn that played, used and bought nothing although the hand held a gem
	// card or the sources gave gems (a whole hand discarded, or kept, for nothing).
	HabitIdleTurn = "idle_turn"
	// HabitBuyNothing is a turn that ended with a market card affordable from the gems in play
	// and the gem cards still in hand, none bought: unspent gems are lost at the end of the turn.
	// Not counted in the last round, where a card bought is never played.
	HabitBuyNothing = "buy_nothing"
	// HabitPlayedUnused is a card with only cost abilities played and never used this turn
	// (Courier or Envoy put down for nothing).
	HabitPlayedUnused = "played_unused"
)

// HabitDiscardedUsable is a pass that discards a card from the hand whose ability the turn could
// still use: a condition met, or a cost that the gems in play and the gem cards in hand pay. Kept,
// the card would at least be there next turn. Gem cards do not count: discarding them to draw
// fresh cards is how a hand is cycled (the greedy player discards its whole hand). Not counted in
// the last round, when the hand no longer matters.
const HabitDiscardedUsable = "discarded_usable"

// usableInHand lists the cards in the active player's hand, gem cards aside, whose ability could
// still be used this turn (see HabitDiscardedUsable).
func (s *state) usableInHand() []int {
	pl := s.P[s.Turn]
	if s.Ending || s.Pend != nil || len(pl.Hand) == 0 {
		return nil
	}
	most := s.pool()
	for _, x := range pl.Hand {
		if c := s.card(x); c.Kind == GemCard {
			most = most.Add(c.Gives)
		}
	}
	var out []int
	for _, x := range pl.Hand {
		c := s.card(x)
		if c.Kind == GemCard {
			continue
		}
		for k := range c.Abilities {
			a := &c.Abilities[k]
			if !s.used(x, k) && (a.Kind == CondCost && canPay(a.Gems, most) || a.Kind != CondCost && s.condMet(a)) {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// discardsAny says whether pass move m discards one of cards xs from the active player's hand.
func (s *state) discardsAny(m rules.Move, xs []int) bool {
	if len(xs) == 0 || len(m) < 2 || m[0] != vPass {
		return false
	}
	_, picked := s.legal(s.Turn, m)
	for _, x := range picked {
		if slices.Contains(xs, x) {
			return true
		}
	}
	return false
}

// passHabits are the habits a pass by the active player shows now.
func (s *state) passHabits() []string {
	var out []string
	did, bought := false, false
	played := map[int]bool{}
	for _, st := range s.T.Log {
		switch st.K {
		case stPlay:
			did = true
			for _, x := range st.C {
				if c := s.card(x); c.Kind != GemCard && onlyCosts(c) {
					played[x] = true
				}
			}
		case stUse:
			did = true
			delete(played, st.C[0])
		case stBuy:
			did, bought = true, true
		case stBuild, stUnseal:
			did = true
		}
	}
	most, gemCards := s.pool(), false
	for _, x := range s.P[s.Turn].Hand {
		if c := s.card(x); c.Kind == GemCard {
			most, gemCards = most.Add(c.Gives), true
		}
	}
	switch {
	case !did && !s.Ending && (gemCards || most.Total() > 0):
		out = append(out, HabitIdleTurn)
	case !bought && !s.Ending && s.affordable(most):
		out = append(out, HabitBuyNothing)
	}
	if len(played) > 0 {
		out = append(out, HabitPlayedUnused)
	}
	return out
}

// onlyCosts says whether every ability of c costs gems (none fires by a condition).
func onlyCosts(c *Card) bool {
	for k := range c.Abilities {
		if c.Abilities[k].Kind != CondCost {
			return false
		}
	}
	return len(c.Abilities) > 0
}

// affordable says whether some card for sale could be paid with gems g.
func (s *state) affordable(g Gems) bool {
	for _, x := range s.market() {
		if canPay(s.card(x).Cost, g) {
			return true
		}
	}
	return false
}

// uselessPlay says whether the AI should not play card x from the hand now: every ability costs
// gems that the gems in play cannot pay. Gem cards still in hand are played first; a card put
// down before its gems are there was too often left unused when they went on a purchase.
func (s *state) uselessPlay(x int) bool {
	c := s.card(x)
	if c.Kind == GemCard || !onlyCosts(c) {
		return false
	}
	for k := range c.Abilities {
		if canPay(c.Abilities[k].Gems, s.pool()) {
			return false
		}
	}
	return true
}

// unusedUsable says whether a card played this turn and not used can still be used now.
func (s *state) unusedUsable() bool {
	used := map[int]bool{}
	for _, st := range s.T.Log {
		if st.K == stUse {
			used[st.C[0]] = true
		}
	}
	for _, o := range s.usable(s.Turn) {
		if c := s.card(o.inst); c.Kind != GemCard && onlyCosts(c) && !used[o.inst] {
			return true
		}
	}
	return false
}

// waitingUse lists the cards with only paid abilities the active player has played this turn,
// not used yet, and can still pay for.
func (s *state) waitingUse() []int {
	used := map[int]bool{}
	played := map[int]bool{}
	for _, st := range s.T.Log {
		switch st.K {
		case stUse:
			used[st.C[0]] = true
		case stPlay:
			for _, x := range st.C {
				played[x] = true
			}
		}
	}
	var out []int
	for _, o := range s.usable(s.Turn) {
		if c := s.card(o.inst); played[o.inst] && !used[o.inst] && c.Kind != GemCard && onlyCosts(c) {
			out = append(out, o.inst)
		}
	}
	return out
}

// strands says whether move m of seat spends the gems a card in waiting needs without using it:
// the card was played for its ability and would end the turn unused (HabitPlayedUnused), which
// the AI above easy no longer chooses (the third session's arena counted it 53 times in 10 games).
func (s *state) strands(seat rules.Seat, m rules.Move, waiting []int) bool {
	c := s.clone()
	if c.ApplyQuiet(seat, m) != nil {
		return false
	}
	// A question the move puts (the target of a Corruption, which a game of three or four asks;
	// an opponent's discard) changes no gem of the mover: answered by default, it is passed.
	for i := 0; c.Pend != nil && i < 4; i++ {
		if c.ApplyQuiet(c.Pend.Seat, c.pendingDefault()) != nil {
			return false
		}
	}
	if c.Pend != nil || c.Turn != seat {
		return false
	}
	still := c.waitingUse()
	for _, x := range waiting {
		usedNow := false
		for _, st := range c.T.Log {
			usedNow = usedNow || (st.K == stUse && st.C[0] == x)
		}
		if !usedNow && !slices.Contains(still, x) {
			return true
		}
	}
	return false
}

// SensibleMoves, in a seat's last turn, is the first moves of its best lines (lastTurnBest).
// Otherwise it leaves out pass while a free use gains influence or the pass would be an idle
// turn or leave a card affordable, and the play of a card that can do nothing this turn
// (ai.Sensible); nil when nothing is left out.
func (s *state) SensibleMoves(seat rules.Seat) []rules.Move {
	if best := s.lastTurnBest(seat); best != nil {
		return best // the last turn, searched exactly (lastturn.go)
	}
	if s.Pend != nil || s.Turn != seat || !s.anyHabitAhead(seat) {
		return nil
	}
	moves, _, err := rules.Enumerate(s, seat, 2000)
	if err != nil {
		return nil
	}
	if out := s.withoutHabits(seat, moves); len(out) < len(moves) {
		return out
	}
	return nil
}

// anyHabitAhead says whether some move of seat now would show a habit that withoutHabits leaves
// out; when none would, there is nothing to filter.
func (s *state) anyHabitAhead(seat rules.Seat) bool {
	if s.freeGain(seat) > 0 || len(s.waitingUse()) > 0 || len(s.usableInHand()) > 0 {
		return true
	}
	for _, h := range s.passHabits() {
		if h == HabitIdleTurn || h == HabitBuyNothing || h == HabitPlayedUnused {
			return true
		}
	}
	return slices.ContainsFunc(s.P[seat].Hand, s.uselessPlay)
}

// withoutHabits is moves (seat's, in its turn) without those the AI above easy does not play:
// a pass while a free use gains influence, or that would be an idle turn, leave a card
// affordable or leave a card played for its ability unused that could still be used; the play
// of a card that can do nothing this turn, or of a second card for its paid ability while one
// waits to be used; a buy or use that spends the gems a waiting card needs; a pass that discards
// a card the turn could still use. It is moves itself when that would leave nothing.
func (s *state) withoutHabits(seat rules.Seat, moves []rules.Move) []rules.Move {
	if s.Pend != nil || s.Turn != seat {
		return moves
	}
	noPass := s.freeGain(seat) > 0
	for _, h := range s.passHabits() {
		noPass = noPass || h == HabitIdleTurn || h == HabitBuyNothing || (h == HabitPlayedUnused && s.unusedUsable())
	}
	useless := slices.ContainsFunc(s.P[seat].Hand, s.uselessPlay)
	waiting := s.waitingUse()
	keep := s.usableInHand() // never discarded by the AI above easy (HabitDiscardedUsable)
	if !noPass && !useless && len(waiting) == 0 && len(keep) == 0 {
		return moves
	}
	var out []rules.Move
	for _, m := range moves {
		if noPass && m[0] == vPass || s.discardsAny(m, keep) {
			continue
		}
		if useless && m[0] == vPlay && len(m) == 2 && m[1] != tokAll {
			if x := s.findCode(s.P[seat].Hand, m[1]); x >= 0 && s.uselessPlay(x) {
				continue
			}
		}
		if len(waiting) > 0 && (m[0] == vBuy || m[0] == vUse) && s.strands(seat, m, waiting) {
			continue
		}
		// One card played for its paid ability at a time: a second one played before the first
		// is used may leave one of them unused when their gems run short.
		if len(waiting) > 0 && m[0] == vPlay && len(m) == 2 && m[1] != tokAll {
			if x := s.findCode(s.P[seat].Hand, m[1]); x >= 0 && s.card(x).Kind != GemCard && onlyCosts(s.card(x)) {
				continue
			}
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return moves
	}
	return out
}

// Habits names what a pass shows (ai.HabitJudge): a free influence ability let lapse, an idle
// turn, gems left unspent on an affordable card, a card played for nothing.
func (s *state) Habits(seat rules.Seat, m rules.Move, _ []rules.Event, _ rules.State) []string {
	if len(m) == 0 || m[0] != vPass || s.Pend != nil || s.Turn != seat {
		return nil
	}
	out := s.passHabits()
	if s.freeGain(seat) > 0 {
		out = append(out, HabitLapsedInfluence)
	}
	if s.discardsAny(lowered(m), s.usableInHand()) {
		out = append(out, HabitDiscardedUsable)
	}
	return out
}
