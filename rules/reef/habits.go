package reef

import (
	"encoding/json"

	"github.com/boardbot/boardbot/rules"
)

// The habits a player would laugh at (ai.HabitJudge, ai.EndJudge, ai.Keyer), counted by the
// arena per seat and avoided by the AI above easy.

// Habit names of Reef Encounter.
const (
	// HabitPolypsLeft counts the polyps left behind a seat's screen when the game ends: they score
	// nothing (they only break ties), so an AI that hoards them has played them for nothing.
	HabitPolypsLeft = "polyps_left"
	// HabitLastShrimpLosing is an eat that feeds a seat's last shrimp to its parrotfish, and so
	// ends the game, while another seat scores more.
	HabitLastShrimpLosing = "last_shrimp_losing"
	// HabitShrimpShuffle is a shrimp moved on from a square it arrived on earlier in the same turn
	// (introduced on E5, moved to A4, then to D5): one move would have done.
	HabitShrimpShuffle = "shrimp_shuffle"
	// HabitCubeNothingLaid is a larva play ended with no polyp laid: the cube is spent for
	// nothing.
	HabitCubeNothingLaid = "cube_nothing_laid"
	// HabitGrowRival is a polyp laid into a coral another seat's shrimp guards: only that seat's
	// parrotfish may eat it, so the polyp is a gift of points to a rival (play-test: normal grew a
	// rival's guarded coral, which the rival then ate).
	HabitGrowRival = "grow_rival_coral"
)

// PositionKey is the position without what only says what the last moves did (the image's marks,
// note and turn marks) and without the flag that an action was taken this turn, so that a shrimp
// moved to and fro is seen as the same position.
func (s *state) PositionKey() string {
	c := s.clone()
	c.Marks, c.Note, c.NoteMsg, c.T.Started, c.Recent = nil, "", nil, false, nil
	c.T.Arrived, c.T.PlayLaid, c.Line = [3]uint64{}, 0, playLine{}
	b, err := json.Marshal(c)
	if err != nil {
		return ""
	}
	return string(b)
}

// Habits names the habits seat showed by playing m (ai.HabitJudge).
func (s *state) Habits(seat rules.Seat, m rules.Move, _ []rules.Event, after rules.State) []string {
	a, ok := after.(*state)
	if !ok || len(m) == 0 || s.Phase != phasePlay {
		return nil
	}
	switch {
	case m[0] == vShrimp && s.shuffles(m):
		return []string{HabitShrimpShuffle}
	case m[0] == vDone && s.T.Grow != NoColour && s.T.PlayLaid == 0:
		return []string{HabitCubeNothingLaid}
	case s.growsRivalWith(m):
		return []string{HabitGrowRival}
	case m[0] != vEat:
		return nil
	}
	me := int(seat)
	if a.Players[me].ShrimpsEaten < data.ShrimpsPerPlayer || s.Players[me].ShrimpsEaten >= data.ShrimpsPerPlayer {
		return nil
	}
	for o := range a.Players {
		if o != me && a.score(o) > a.score(me) {
			return []string{HabitLastShrimpLosing}
		}
	}
	return nil
}

// shuffles says whether the shrimp move m moves on a shrimp that arrived this turn.
func (s *state) shuffles(m rules.Move) bool {
	sq, ok := (&walker{m: m}).peekSquare(s, 1)
	return ok && s.T.arrived(sq)
}

// laidOn is the square the move m lays a polyp on in the open larva play ("2 d 4", "cp 2 d 4").
func (s *state) laidOn(m rules.Move) (int, bool) {
	if s.T.Grow == NoColour || len(m) == 0 {
		return 0, false
	}
	k := 0
	if m[0] == vCP {
		k = 1
	}
	return (&walker{m: m}).peekSquare(s, k)
}

// growsRivalWith says whether m lays a polyp into a coral another seat's shrimp guards.
func (s *state) growsRivalWith(m rules.Move) bool {
	sq, ok := s.laidOn(m)
	return ok && s.growsRival(s.corals(), s.Turn, s.T.Grow, sq)
}

// growsRival says whether a polyp of colour col laid on sq joins a coral guarded by a shrimp of
// a seat other than me (HabitGrowRival). Overgrowing, like laying on bare rock, joins the
// neighbours of the same colour.
func (s *state) growsRival(cm *corals, me int, col Colour, sq int) bool {
	hit := false
	neighbours(sq, func(n int) {
		if s.Polyp[n] == col {
			if sh := int(cm.shrimp[cm.id[n]]); sh >= 0 && sh != me {
				hit = true
			}
		}
	})
	return hit
}

// fairTargets are the squares where seat me may lay a polyp of colour col without growing a
// rival's guarded coral.
func (s *state) fairTargets(cm *corals, me int, col Colour) []int {
	var out []int
	for _, sq := range s.targets(cm, col) {
		if !s.growsRival(cm, me, col, sq) {
			out = append(out, sq)
		}
	}
	return out
}

// LastTurnHabits counts, move by move, the polyps from behind seat's screen that the move gave
// up laying in this turn (ai.LastTurnJudge): the watch keeps the sum of the seat's last turn.
// A move gives up what it lowers layable by beyond the polyps it lays: a take or a move that ends
// the game gives up all that was still layable, a done the rest of its play, a larva play of a
// colour with fewer polyps behind the screen the difference to the best play, a polyp bought with
// a cube the cube's play. An eat that ends the game at the start of a turn is no laying turn: the
// seat's turn before stays its last.
func (s *state) LastTurnHabits(seat rules.Seat, m rules.Move, after rules.State) map[string]int {
	a, ok := after.(*state)
	me := int(seat)
	if !ok || len(m) == 0 || s.Phase != phasePlay || s.Turn != me {
		return nil
	}
	if m[0] == vEat && a.Phase != phasePlay {
		return nil
	}
	return map[string]int{HabitPolypsLeft: s.givesUp(me, m, a, s.layable(me))}
}

// givesUp is how many polyps seat me's move m, which led to a, gave up laying this turn, where
// layBefore is s.layable(me).
func (s *state) givesUp(me int, m rules.Move, a *state, layBefore int) int {
	rest := 0
	if a.Phase == phasePlay && a.Turn == me {
		rest = a.layable(me)
	}
	laid := max(0, sum(s.Players[me].Screen[:])-sum(a.Players[me].Screen[:]))
	if m[0] == vTake {
		laid = 0 // the take adds to the screen and lays nothing
	}
	return max(0, layBefore-rest-laid)
}

// layable is how many polyps from behind seat's screen it could still lay in this turn: the rest
// of the open larva play, then the best larva plays it has left (its cubes, and a consumed
// polyp traded for a cube), up to 4 polyps each, and never into the reef's last free space
// (that ends the game). Only what seat may know is read.
func (s *state) layable(me int) int {
	p := &s.Players[me]
	room := s.emptyRock() - 1
	if room <= 0 || s.Phase != phasePlay {
		return 0
	}
	screen := p.Screen
	n := 0
	if x := s.T.Grow; x != NoColour {
		k := 0
		if s.T.FromScreen < data.MaxPerCube {
			k = min(data.MaxPerCube-s.T.FromScreen, screen[x])
		}
		n += k
		screen[x] -= k
	}
	plays := 2 - s.T.Larva
	if s.T.Grow != NoColour {
		plays = min(plays, 1) // the open play is one of the two
	}
	if plays > 0 {
		// The plays open to the seat, by colour: a cube each (two are as many as can be used),
		// and one traded for a consumed polyp.
		var avail [NumColours]int
		for c := range avail {
			avail[c] = min(p.Cubes[c], 2)
			if !s.T.Traded && p.Consumed[c] > 0 && s.CubeSupply[c] > 0 && avail[c] < 2 {
				avail[c]++
			}
		}
		gain := func(c, k int) int { return min(k*data.MaxPerCube, screen[c]) }
		best := 0
		for a := range avail {
			if avail[a] == 0 {
				continue
			}
			best = max(best, gain(a, 1))
			if plays < 2 {
				continue
			}
			if avail[a] >= 2 {
				best = max(best, gain(a, 2))
			}
			for b := a + 1; b < len(avail); b++ {
				if avail[b] > 0 && !(s.T.Traded || p.Cubes[a] > 0 || p.Cubes[b] > 0) {
					continue // two plays both from trades: only one trade a turn
				}
				if avail[b] > 0 {
					best = max(best, gain(a, 1)+gain(b, 1))
				}
			}
		}
		n += best
	}
	return min(n, room)
}

// endNear says, from public information only, whether the game may end before seat's next
// laying turn: a parrotfish one shrimp from the end (another's eats at its turn's start, seat's
// own would end its next turn at once), few uncovered coral tiles (one can be covered each
// turn), little free rock, a nearly empty bag, or a larva cube colour nearly gone from the
// supply (a take of it that finds none left ends the game).
func (s *state) endNear() bool {
	if s.Phase != phasePlay {
		return true
	}
	for _, p := range s.Players {
		if p.ShrimpsEaten >= data.ShrimpsPerPlayer-1 {
			return true
		}
	}
	if s.uncovered() <= s.Seats || s.emptyRock() <= 12*s.Seats || sum(s.Bag[:]) <= 6*s.Seats {
		return true
	}
	for _, n := range s.CubeSupply {
		if n <= s.Seats {
			return true
		}
	}
	return false
}

// laysOut says whether seat, in its own turn, should lay all it can before anything else: the end
// may come before its next turn and polyps behind the screen score nothing.
func (s *state) laysOut(me int) bool {
	return s.Phase == phasePlay && s.Turn == me && s.endNear() && s.layable(me) > 0
}

// keepsLaying says whether m, played by seat in a turn where it lays out, gives up no polyp it
// could lay and moves the laying on: an eat (only the turn's first action), a larva play, a
// polyp laid from behind the screen, or a done that loses nothing. Shrimp moves, shrimps
// introduced, alga cylinders and consumed polyps wait until the screen is laid out.
func (s *state) keepsLaying(seat rules.Seat, m rules.Move) bool {
	switch {
	case m[0] == vEat:
		return true
	case stalls(m):
		return false
	}
	c := s.clone()
	if err := c.ApplyQuiet(seat, m); err != nil {
		return false
	}
	return s.givesUp(int(seat), m, c, s.layable(int(seat))) == 0
}

// stalls says whether m is a move that lays nothing and can wait while the seat lays out.
func stalls(m rules.Move) bool {
	switch m[0] {
	case vShrimp, vAdd, vAlga, vCP, vTake, vPass:
		return true
	}
	return false
}

// SensibleMoves (ai.Sensible) leaves out, where the end may come before the seat's next turn
// (endNear, from public information), every move that gives up laying a polyp it could still lay
// this turn (so what stays behind its screen at the end is what it could not lay), and an eat
// that feeds the seat's last shrimp to its parrotfish, ending the game, unless the seat then
// expects to lead. At the start of a turn with a big coral to eat (bigEats) and not the last
// shrimp, only such eats are left. nil when nothing is left out, which is most of the game. The
// others' parrotfish are secret: each is estimated from public counts (eatLeads), so the choice
// reads nothing hidden.
func (s *state) SensibleMoves(seat rules.Seat) []rules.Move {
	me := int(seat)
	if s.Phase == phaseLast && len(s.LastTurns) > 0 && s.LastTurns[0] == me {
		return s.lastTurnBest(me)
	}
	if s.Phase != phasePlay || s.Turn != me || s.Res != nil {
		return nil
	}
	if m := s.certainWin(me); m != nil {
		return []rules.Move{m}
	}
	// A larva play with nothing laid yet must lay (HabitCubeNothingLaid), and a shrimp that
	// arrived this turn stays, nor goes onto bare rock, which it would have to leave again
	// (HabitShrimpShuffle): rules on a few menus, so looked at before the costlier ones.
	wasteful := (s.T.Grow != NoColour && s.T.PlayLaid == 0) || len(s.shrimpsOf(me)) > 0 || s.growsNothing(me) || s.giftsOpen(me)
	lastEat := !s.T.Started && s.Players[me].ShrimpsEaten == data.ShrimpsPerPlayer-1 && s.canEat(s.corals(), me)
	layOut := s.laysOut(me)
	var cm *corals // for the big-eat rule only: most decisions need none
	if !s.T.Started && s.Players[me].ShrimpsEaten < data.ShrimpsPerPlayer-1 {
		cm = s.corals()
	}
	bigEat := cm != nil && s.bigEats(cm, me)
	if !lastEat && !layOut && !bigEat && !wasteful {
		return nil
	}
	moves, _, err := rules.Enumerate(s, seat, 5000)
	if err != nil {
		return nil
	}
	var out []rules.Move
	for _, m := range moves {
		if lastEat && m[0] == vEat && !s.eatLeads(seat, m) {
			continue
		}
		if layOut && !s.keepsLaying(seat, m) {
			continue
		}
		if bigEat && (m[0] != vEat || s.eatSize(cm, m) < s.bigCoral()) {
			continue
		}
		if wasteful && s.wastes(m) {
			continue
		}
		out = append(out, m)
	}
	if len(out) == len(moves) || len(out) == 0 {
		return nil
	}
	return out
}

// bigCoral is the smallest coral whose eat is taken at once: from it on the parrotfish gets at
// least as many polyps as go back to the bag. Waiting a turn to grow it adds a polyp or two and
// gives the others a turn to cut it down. Hard looking 4 opponent moves ahead judged the eat as
// good a turn later (its own greedy next turn eats it) and took an open-sea space instead.
func (s *state) bigCoral() int { return max(data.MinEat, 2*s.eatReturn()) }

// bigEats says whether seat can eat a coral of bigCoral or more.
func (s *state) bigEats(cm *corals, me int) bool {
	for _, sq := range s.eatTargets(cm, me) {
		if cm.size[cm.id[sq]] >= s.bigCoral() {
			return true
		}
	}
	return false
}

// eatSize is the size of the coral the eat m names (0 if it names none).
func (s *state) eatSize(cm *corals, m rules.Move) int {
	sq, ok := (&walker{m: m}).peekSquare(s, 1)
	if !ok {
		return 0
	}
	return cm.size[cm.id[sq]]
}

// eatLeads says whether seat, after eating with m, scores at least the most each other seat can
// score: every polyp of its parrotfish at the best colour value (their colours are secret; only
// the count is public), plus what its last turn's eat could feed it. The mean colour value was
// not enough: a parrotfish full of a strong colour outscored the estimate and the AI fed its last
// shrimp behind (arena, 26 Nov).
func (s *state) eatLeads(seat rules.Seat, m rules.Move) bool {
	c := s.clone()
	if err := c.ApplyQuiet(seat, m); err != nil {
		return false
	}
	best := 0
	for col := Colour(0); col < NumColours; col++ {
		best = max(best, c.colourValue(col))
	}
	mine := c.score(int(seat))
	cm := c.corals()
	for o := range c.Players {
		if o == int(seat) {
			continue
		}
		last := 0
		for id, size := range cm.size {
			if int(cm.shrimp[id]) == o && size >= data.MinEat {
				last = max(last, max(0, size-c.eatReturn())*c.colourValue(cm.colour[id]))
			}
		}
		if sum(c.Players[o].Fish[:])*best+last > mine {
			return false
		}
	}
	return true
}

// giftsOpen says whether the open larva play could lay a polyp into a rival's guarded coral.
func (s *state) giftsOpen(me int) bool {
	if s.T.Grow == NoColour {
		return false
	}
	cm := s.corals()
	for _, sq := range s.targets(cm, s.T.Grow) {
		if s.growsRival(cm, me, s.T.Grow, sq) {
			return true
		}
	}
	return false
}

// wastes says whether m spends an action for nothing or for a rival: a larva play ended with
// nothing laid, a cube played (or traded for to play) in a colour that can be laid nowhere but
// into a rival's guarded coral, a polyp laid there (HabitGrowRival), a shrimp moved on from where
// it arrived this turn, or one moved onto bare rock (it would have to move again).
func (s *state) wastes(m rules.Move) bool {
	if s.growsRivalWith(m) {
		return true
	}
	switch m[0] {
	case vDone:
		return s.T.Grow != NoColour && s.T.PlayLaid == 0
	case vShrimp:
		if s.shuffles(m) {
			// A shrimp left on bare rock must go on all the same.
			sq, _ := (&walker{m: m}).peekSquare(s, 1)
			return s.Polyp[sq] != NoColour
		}
		to, ok := (&walker{m: m}).peekSquare(s, 4)
		return ok && s.Polyp[to] == NoColour
	case vGrow:
		c, ok := colourByToken(m[len(m)-1])
		return ok && len(s.fairTargets(s.corals(), s.Turn, c)) == 0
	case vTrade:
		if len(m) == 3 && m[2] == vGrow {
			c, ok := colourByToken(m[1])
			return ok && len(s.fairTargets(s.corals(), s.Turn, c)) == 0
		}
	}
	return false
}

// growsNothing says whether a larva cube the seat could play now has nowhere to lay a polyp.
func (s *state) growsNothing(me int) bool {
	if s.T.Grow != NoColour || s.T.Larva >= 2 {
		return false
	}
	p := &s.Players[me]
	var cm *corals
	for _, c := range Colours {
		if (p.Cubes[c] > 0 || (!s.T.Traded && p.Consumed[c] > 0)) && (p.Screen[c] > 0 || p.Consumed[c] > 0) {
			if cm == nil {
				cm = s.corals()
			}
			if len(s.fairTargets(cm, me, c)) == 0 {
				return true
			}
		}
	}
	return false
}

// lastTurnBest is the one move of seat's last turn that does best for it, worked out exactly:
// nothing it does changes what the others can do (each eats only a coral its own shrimp guards),
// and the colour values are fixed, so the move that leaves its standing (score, then the
// tie-breaks) highest is best whatever they do. An eat never scores less than passing; only a
// meal worth nothing loses to passing, on the last tie-break (polyps in corals it guards).
func (s *state) lastTurnBest(me int) []rules.Move {
	cm := s.corals()
	moves := []rules.Move{{vPass}}
	for _, sq := range s.eatTargets(cm, me) {
		t := squareTokens(sq)
		moves = append(moves, rules.Move{vEat, t[0], t[1], t[2]})
	}
	var best rules.Move
	var bestStand [5]int
	for _, m := range moves {
		c := s.clone()
		if err := c.ApplyQuiet(rules.Seat(me), m); err != nil {
			continue
		}
		stand := c.tieBreak(c.corals(), me)
		if best == nil || better(stand, bestStand) {
			best, bestStand = m, stand
		}
	}
	if best == nil {
		return nil
	}
	return []rules.Move{best}
}

// certainWin is an eat at the start of seat's turn that feeds its last shrimp to its parrotfish,
// ending the game, after which no other seat can reach its standing whatever it holds and however
// it spends its last turn: each other parrotfish counted at the best colour value (their colours
// are secret), plus the best meal its last turn can give, against the seat's score and public
// tie-breaks. nil when there is none. The game then ends in the seat's favour, so it is played.
func (s *state) certainWin(me int) rules.Move {
	if s.T.Started || s.Players[me].ShrimpsEaten != data.ShrimpsPerPlayer-1 {
		return nil
	}
	cm := s.corals()
	var win rules.Move
	var winStand [5]int
	for _, sq := range s.eatTargets(cm, me) {
		t := squareTokens(sq)
		m := rules.Move{vEat, t[0], t[1], t[2]}
		c := s.clone()
		if err := c.ApplyQuiet(rules.Seat(me), m); err != nil {
			continue
		}
		ccm := c.corals()
		mine := c.tieBreak(ccm, me)
		if !c.nobodyReaches(ccm, me, mine) {
			continue
		}
		if win == nil || better(mine, winStand) {
			win, winStand = m, mine
		}
	}
	return win
}

// nobodyReaches says whether no seat but me can end with a standing of mine or better: each
// one's parrotfish at the best colour value, and each of its possible last turns (a pass, or an
// eat of a coral its shrimp guards) with the tie-breaks it would leave.
func (s *state) nobodyReaches(cm *corals, me int, mine [5]int) bool {
	best := 0
	for c := Colour(0); c < NumColours; c++ {
		best = max(best, s.colourValue(c))
	}
	for o := range s.Players {
		if o == me {
			continue
		}
		stand := s.tieBreak(cm, o)
		stand[0] = sum(s.Players[o].Fish[:]) * best
		if !better(mine, stand) {
			return false
		}
		for _, sq := range s.eatTargets(cm, o) {
			id := cm.id[sq]
			n := cm.size[id]
			after := stand
			after[0] += max(0, n-s.eatReturn()) * best
			after[4] -= n
			if !better(mine, after) {
				return false
			}
		}
	}
	return true
}
