package ausonia

import (
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/boardbot/boardbot/rules"
)

// greedy is a simple bot for playouts and balance figures: it plays every card, uses what pays,
// buys the dearest card it can, and answers keywords sensibly. It only ever picks moves from the
// choice tree, so it also exercises the tree.
func greedy(s *state, seat rules.Seat) rules.Move {
	if s.Pend != nil {
		return greedyPending(s)
	}
	pl := s.P[seat]
	root := tokens(s, seat, nil)
	if slices.Contains(root, vPlay) {
		playable := tokens(s, seat, rules.Move{vPlay})
		if slices.Contains(playable, tokAll) {
			return rules.Move{vPlay, tokAll}
		}
		for _, x := range pl.Hand {
			c := s.card(x)
			if c.Kind == GemCard || hasCostAbility(c) {
				return rules.Move{vPlay, c.Code}
			}
		}
	}
	if slices.Contains(root, vBuild) {
		return complete(s, seat, rules.Move{vBuild})
	}
	if slices.Contains(root, vUnseal) {
		return complete(s, seat, rules.Move{vUnseal})
	}
	if slices.Contains(root, vUse) {
		// Free condition abilities first, then cost abilities worth their gems.
		for _, o := range s.usable(seat) {
			if o.pays == nil {
				return useMove(s, seat, o)
			}
		}
		early := s.Round <= 3
		if !early {
			if o, ok := bestUse(s, seat); ok {
				return useMove(s, seat, o)
			}
		}
	}
	if slices.Contains(root, vBuy) {
		// Alone, deny the Aspirant the card it would keep next.
		if s.Solo != nil && len(s.Offer) > 0 && aspirantKeeps(s.card(s.Offer[0])) {
			if tok := s.code(s.Offer[0]); slices.Contains(tokens(s, seat, rules.Move{vBuy}), tok) {
				return complete(s, seat, rules.Move{vBuy, tok})
			}
		}
		best, bestCost := "", -1
		for _, tok := range tokens(s, seat, rules.Move{vBuy}) {
			c, _ := CardByCode(tok)
			v := c.Cost.Total()*2 + len(c.Abilities)
			if c.Kind == PowerCard {
				v += 3
			}
			if v > bestCost {
				best, bestCost = tok, v
			}
		}
		return complete(s, seat, rules.Move{vBuy, best})
	}
	if slices.Contains(root, vUse) {
		if o, ok := bestUse(s, seat); ok {
			return useMove(s, seat, o)
		}
	}
	// Discard what is left in hand (condition cards that did not fire): a clogged hand draws nothing.
	m := rules.Move{vPass}
	for _, it := range s.passPicker().items {
		m = append(m, it.tok)
	}
	return m
}

func hasCostAbility(c *Card) bool {
	for _, a := range c.Abilities {
		if a.Kind == CondCost {
			return true
		}
	}
	return false
}

// value is what an ability is worth to the greedy bot, in influence.
func value(a *Ability) float64 {
	v := 0.0
	for _, e := range a.Do {
		switch e.Kw {
		case Influence:
			v += float64(e.X)
		case Corruption:
			v += 0.8 * float64(e.X)
		case Draw:
			v += 1.2 * float64(e.X)
		case Discard, Raise, Manipulation, Foresight:
			v += 0.6 * float64(e.X)
		case Seal:
			v += 0.3
		}
	}
	return v
}

func bestUse(s *state, seat rules.Seat) (useOpt, bool) {
	var best useOpt
	bestV := 0.99
	for _, o := range s.usable(seat) {
		a := &s.card(o.inst).Abilities[o.k]
		v := value(a) / float64(max(1, a.Gems.Total()))
		if v > bestV {
			best, bestV = o, v
		}
	}
	return best, bestV > 0.99
}

func useMove(s *state, seat rules.Seat, o useOpt) rules.Move {
	m := rules.Move{vUse, s.code(o.inst)}
	if nx := tokens(s, seat, m); len(nx) > 0 && (nx[0] == "1" || nx[0] == "2") {
		m = append(m, []string{"1", "2"}[o.k])
	}
	return complete(s, seat, m)
}

// complete finishes a move along the tree, preferring payments that keep rainbows.
func complete(s *state, seat rules.Seat, m rules.Move) rules.Move {
	for {
		cs, done, err := s.choices(seat, m, false)
		if err != nil || done || len(cs) == 0 {
			return m
		}
		best := cs[0].Token
		for _, c := range cs {
			if countR(c.Token) < countR(best) {
				best = c.Token
			}
		}
		m = append(m, best)
	}
}

func countR(tok string) int {
	n := 0
	for i := 0; i < len(tok); i++ {
		if tok[i] == 'r' {
			n++
		}
	}
	return n
}

// tokens lists the menu after m, without labels: the greedy player never reads them, and their
// texts were an eighth of a search's time.
func tokens(s *state, seat rules.Seat, m rules.Move) []string {
	cs, _, err := s.choices(seat, m, false)
	if err != nil {
		return nil
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Token
	}
	return out
}

func greedyPending(s *state) rules.Move {
	pd := s.Pend
	seat := pd.Seat
	switch pd.Kind {
	case pendTarget:
		best, bestInf := "", -1
		for _, q := range s.opponents() {
			if s.P[q].Influence > bestInf {
				best, bestInf = houseToken(s.house(q)), s.P[q].Influence
			}
		}
		return rules.Move{best}
	case pendDiscard:
		return s.pendingDefault()
	case pendForesight:
		// Keep gem cards and favour cards on top, discard the house cards.
		var m rules.Move
		for _, x := range pd.Looked {
			if s.card(x).Kind != HouseCard {
				m = append(m, s.code(x))
			}
		}
		if len(m) == 0 {
			return rules.Move{"none"}
		}
		return m
	case pendManipulation:
		// The dearest favour cards back on top.
		items := s.items(s.P[seat].Discard, "", "")
		sort.SliceStable(items, func(i, j int) bool {
			return s.card(items[i].inst).Cost.Total() > s.card(items[j].inst).Cost.Total()
		})
		var m rules.Move
		for _, it := range items {
			if len(m) < pd.X && s.card(it.inst).IsFavour() && s.card(it.inst).Kind != HouseCard {
				m = append(m, it.tok)
			}
		}
		if len(m) == 0 {
			return rules.Move{"none"}
		}
		if _, ok, _ := s.Choices(seat, m); !ok {
			return rules.Move{"none"}
		}
		return m
	case pendRaise:
		// Star gem cards to become sources, and house cards as foundations (thinning the deck).
		pk := s.pendingPicker()
		var m rules.Move
		for _, it := range pk.items {
			c := s.card(it.inst)
			if len(m) < pd.X && (c.Star || c.Kind == HouseCard) {
				m = append(m, it.tok)
			}
		}
		if len(m) == 0 {
			return rules.Move{"none"}
		}
		if _, ok, err := s.Choices(seat, m); err != nil || !ok {
			return rules.Move{"none"}
		}
		return m
	}
	return rules.Move{"none"}
}

// GreedyMove is the greedy player as the AI's easy level (ai.Greeder). It reads only what seat
// may know (its own hand, play area, raise area and discard pile, the cards it looked at, and
// what is public), so it plays on the real state: the sample it once drew first changed nothing
// of its move (TestGreedyBlind) and was a third of a search's time. A move the rules refuse (a
// bug) falls back to the seat's own menu.
func (s *state) GreedyMove(seat rules.Seat, seed uint64) rules.Move {
	if m := greedy(s, seat); m != nil && s.accepts(seat, m) {
		return m
	}
	m, _ := rules.RandomMove(s, seat, rand.New(rand.NewPCG(seed, 0x9eed)))
	return m
}

// RolloutBudget sizes the AI's rollouts (ai.Budgeter): the greedy player takes microseconds, so
// each simulation plays the game out (a two-seat game is about 230 moves). Two seats get 40
// simulations per candidate at normal: with 20 the AI won 67.5% of 80 games against the greedy
// player, with 40 79% of 24, at about 1 s of one core at p99. Solo and at 3-4 seats, 20 already
// win nearly every game measured, and at 4 seats they cost 1.1 s at p99. At two seats
// LevelBudget sizes both levels instead (a shorter look).
func (s *state) RolloutBudget() (simulations, horizon int) {
	if s.N == 2 {
		return 320, 300
	}
	return 160, 300
}

// LevelBudget sizes each level's rollouts (ai.LevelBudgeter). At two seats both levels look
// ahead until the opponent has made 20 moves (about four of its turns) and judge by the
// evaluation there, instead of playing each simulation out: a game played out by the greedy
// player turns on the far future's draws as much as on the move, so 40 or 80 samples a
// candidate rarely told two moves apart. Played out, normal (8 x 40) won 13 of 24 games against
// the greedy player and hard (12 x 80) 14 of 25 against normal; looking 20 moves ahead, normal
// (8 x 60) won 19 of 24 against greedy at a fifth of the time, and hard (12 x 120, its turn
// spread over more decisions: TurnShare) won most games against the old normal (docs/ai.md,
// seventh round). Elsewhere normal plays RolloutBudget and hard three times it.
//
// At three and four seats the same short look (20 moves of each opponent, so 40 and 60) replaced
// playing out in the third session (issue 37): over the same seeds, normal won 6 of 10 three-seat
// games against two greedy players (4 of 12 played out) and 3 of 8 four-seat games against three,
// at a turn p99 of 0.52 and 0.64 s of CPU. Hard keeps three times normal's simulations there.
// Solo still plays out (RolloutBudget).
func (s *state) LevelBudget(scale float64) (candidates, simulations, horizon int) {
	sims, h := s.RolloutBudget()
	switch {
	case s.N >= 2 && scale <= 1:
		return 0, 480, 20 * (s.N - 1)
	case s.N >= 2:
		return 0, 1440, 20 * (s.N - 1)
	}
	return 0, max(1, int(scale*float64(sims))), h
}

// TurnShare is the AI's budget for a whole turn in multiples of its dearest decision
// (ai.TurnSharer): a turn is many decisions, most of them cheap, and one decision at full budget
// costs about 1 s of one core at p99 at two seats, so 2.5 keeps a turn under 3 s. Hard at two
// seats gives 5 of its decisions' budget to a turn, so more of the turn is searched than the
// two or three decisions at full budget that 2.5 allows (LevelBudget).
func (s *state) TurnShare(scale float64) float64 {
	if scale > 1 && s.N == 2 {
		return 5
	}
	return 2.5
}
