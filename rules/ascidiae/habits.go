package ascidiae

import (
	"slices"

	"github.com/boardbot/boardbot/rules"
)

// The habits a player would laugh at (issue 23), counted by the arena per seat (ai.HabitJudge)
// and left out of the moves the levels above easy consider (ai.Sensible).
//
// The AI's generic undo check compares whole positions, but here a spin or a displace costs a
// tadpole, so turning a card and turning it back never repeats a position: the game names that
// undo itself, from the places the turn's cards had before it changed them (Cursor.Was).

// HabitUndo is ai.HabitUndo (the engines do not import the AI): the arena counts it with the
// positions it finds repeated.
const HabitUndo = "undo"

// HabitMissedWin is a move that does not win while another move of the same decision claims
// the winning colony now (or chooses the ability that offers that claim next).
const HabitMissedWin = "missed_win"

// remember records card c on space sp before the turn first spins or displaces it.
func (t *Cursor) remember(c *Placed, sp int) {
	if c == nil || slices.ContainsFunc(t.Was, func(w Was) bool { return w.UID == c.UID }) {
		return
	}
	t.Was = append(slices.Clip(t.Was), Was{UID: c.UID, Space: sp, Orient: c.Orient})
}

// forget drops what was remembered of card uid: it activates where it now is, so moving it back
// afterwards is a plan (it acted once turned or moved), not a move undone.
func (t *Cursor) forget(uid int) {
	if len(t.Was) == 0 {
		return
	}
	if i := slices.IndexFunc(t.Was, func(w Was) bool { return w.UID == uid }); i >= 0 {
		t.Was = slices.Delete(slices.Clone(t.Was), i, i+1)
	}
}

// undoes says whether m, at a central decision of the turn's seat, spins or displaces a card back
// to the place and facing it had before this turn changed them, with no activation of it since.
func (g *State) undoes(m rules.Move) bool {
	t := &g.Turn
	if len(t.Was) == 0 || t.Wait != waitCentral || len(m) < 3 || (m[0] != wSpin && m[0] != wDisplace) {
		return false
	}
	sp, ok := spaceByName(m[1])
	if !ok {
		return false
	}
	c := g.Players[t.Seat].Grid[sp]
	if c == nil {
		return false
	}
	to, o := sp, c.Orient
	if m[0] == wSpin {
		o, ok = dirByName(m[2])
	} else {
		to, ok = spaceByName(m[2])
	}
	if !ok {
		return false
	}
	return slices.ContainsFunc(t.Was, func(w Was) bool { return w.UID == c.UID && w.Space == to && w.Orient == o })
}

// winsNow says whether seat's move m ends the game in its win at once, or leads to a decision of
// the same activation that offers the winning claim (an ability whose think can colonize).
func (g *State) winsNow(seat int, m rules.Move) bool {
	c := g.clone()
	c.play(rules.Seat(seat), m)
	if c.Res != nil {
		firsts := 0
		for _, r := range c.Res.Ranks {
			if r == 1 {
				firsts++
			}
		}
		return c.Res.Ranks[seat] == 1 && firsts == 1
	}
	if c.Turn.Seat != seat || c.Turn.Active != g.Turn.Active || c.Turn.Wait != waitCentral {
		return false
	}
	for _, n := range c.moves(seat, 4000) {
		if n[0] == wColonize {
			return true // a claim by one short of the target wins
		}
	}
	return false
}

// mayWin says cheaply whether a move of seat's current decision might win: a multiplayer game,
// the seat one colony short and an open colony that the activating card could pay for.
func (g *State) mayWin(seat int) bool {
	if g.solo() || g.Res != nil || g.setupPhase() || g.Turn.Seat != seat || g.Turn.Active == 0 ||
		len(g.Players[seat].Colonies) != g.winTarget()-1 || (g.Turn.Wait != waitCentral && g.Turn.Wait != waitAbility) {
		return false
	}
	c, _ := g.activeCard()
	if c == nil {
		return false
	}
	for i := range g.Colonies {
		if g.canColonize(c, i) {
			return true
		}
	}
	return false
}

// winning lists the moves of seat's decision that win now (nil: none).
func (g *State) winning(seat int, moves []rules.Move) []rules.Move {
	if !g.mayWin(seat) {
		return nil
	}
	var out []rules.Move
	for _, m := range moves {
		if g.winsNow(seat, m) {
			out = append(out, m)
		}
	}
	return out
}

// Habits names a spin or displace that undoes one of the turn's own, a move that lets a win of
// this decision go, and a root or displace that loses one of the seat's own loaded cards, unless
// it is part of a win in the turn (ai.HabitJudge).
func (g *State) Habits(seat rules.Seat, m rules.Move, _ []rules.Event, _ rules.State) []string {
	if g.setupPhase() || g.Res != nil || int(seat) != g.Turn.Seat {
		return nil
	}
	var hs []string
	if g.undoes(m) {
		hs = append(hs, HabitUndo)
	}
	if g.mayWin(int(seat)) && !g.winsNow(int(seat), m) && len(g.winning(int(seat), g.moves(int(seat), 4000))) > 0 {
		hs = append(hs, HabitMissedWin)
	}
	if g.losesLoad(m) && !g.winsTurn(int(seat), m) {
		hs = append(hs, HabitLostLoad)
	}
	if g.spinsInPlace(m) {
		hs = append(hs, HabitSpinInPlace)
	}
	if g.rootsOverOwn(m) {
		hs = append(hs, HabitRootOverOwn)
	}
	off, empty, purges := g.aimsOffGrid(m), g.aimsIntoEmpty(m), g.purgesOwn(int(seat), m)
	if (off || empty || purges) && !g.winsTurn(int(seat), m) && g.wastedAmong(int(seat), m) {
		// Counted, as left out, only where the decision had a move that wastes none of this and
		// is no other habit.
		if off {
			hs = append(hs, HabitPushOffGrid)
		}
		if empty {
			hs = append(hs, HabitPushIntoEmpty)
		}
		if purges {
			hs = append(hs, HabitPurgeOverflow)
		}
	}
	return hs
}

// SensibleMoves lists the moves the levels above easy choose from (ai.Sensible); nil when
// nothing is left out. The opening placement is the greedy player's, which varies with the game;
// a decision with a winning move keeps only those, and a turn with a win a few decisions on keeps
// only the first move of it (winLine); otherwise it leaves out the spins and displaces that undo
// the turn's own, the roots and displaces onto the seat's own loaded cards, the spins in place
// and the roots over an own card while a space is empty. When the next
// player can win in its turn after some claim and another claim stops it, only the claims that
// stop it are kept (claimsLeavingAWin).
func (g *State) SensibleMoves(seat rules.Seat) []rules.Move {
	s := int(seat)
	if g.setupPhase() {
		if !g.Players[s].Placed {
			return g.placementFor(s)
		}
		return nil
	}
	if g.Res != nil || s != g.Turn.Seat {
		return nil
	}
	moves := g.moves(s, 4000)
	if win := g.winning(s, moves); len(win) > 0 {
		if len(win) == len(moves) {
			return nil
		}
		return win
	}
	if w := g.winLine(s); w != nil {
		return []rules.Move{w}
	}
	if unsafe := g.claimsLeavingAWin(s, moves); len(unsafe) > 0 {
		// The next player wins after some claim, and would after no claim (the colony it needs
		// stays open, and nothing else of this turn touches its grid): only the claims that stop
		// it are worth considering.
		return slices.DeleteFunc(slices.Clone(moves), func(m rules.Move) bool {
			return m[0] != wColonize || slices.ContainsFunc(unsafe, m.Equal)
		})
	}
	out := g.plainMoves(moves)
	if len(out) == 0 {
		return nil
	}
	// Then the moves that purge one of the seat's own cards or aim a push off the grid, when
	// another move is left.
	if waste := g.wasteful(s, out); waste != nil {
		i := 0
		out = slices.DeleteFunc(out, func(rules.Move) bool { i++; return waste[i-1] })
	}
	if len(out) == len(moves) {
		return nil
	}
	return out
}

// HabitPurgeOverflow is a move after which one of the seat's own cards purges, before the seat
// decides anything again, while another move of the decision purges none (issue 38: "habilis on
// b3 purges all 7 tadpoles").
const HabitPurgeOverflow = "purge_overflow"

// HabitPushOffGrid is a root, spin or displace that leaves a card facing so that one of its
// pushes goes off the grid, where its tadpoles are lost every time it activates, when another
// facing there pushes nowhere off it (issue 38: socer rooted facing up on a1).
const HabitPushOffGrid = "push_off_grid"

// purgesOwn says whether seat's move m makes one of seat's own cards purge before the next
// decision.
func (g *State) purgesOwn(seat int, m rules.Move) bool {
	c := g.clone()
	c.watch = &watch{}
	c.play(rules.Seat(seat), m)
	return slices.ContainsFunc(c.watch.purges, func(p purge) bool { return p.seat == seat })
}

// pushesOff says whether card id on space sp facing o pushes off the grid in one of its own
// abilities.
func pushesOff(id string, sp int, o Dir) bool {
	for _, ab := range mustCard(id).Abilities {
		for _, a := range ab.Actions {
			if a.Verb == Push && step(sp, a.Dir.Turn(o)) < 0 {
				return true
			}
		}
	}
	return false
}

// aimsOffGrid says whether m, at a central decision of the turn's seat, roots, spins or
// displaces a card so that it pushes off the grid, while some facing on that space would not.
func (g *State) aimsOffGrid(m rules.Move) bool {
	t := &g.Turn
	if t.Wait != waitCentral || g.setupPhase() || g.Res != nil || len(m) < 3 {
		return false
	}
	grid := &g.Players[t.Seat].Grid
	var id string
	var sp int
	var o Dir
	var ok bool
	switch {
	case m[0] == wRoot && len(m) >= 4:
		id = m[1]
		if sp, ok = spaceByName(m[2]); !ok {
			return false
		}
		if o, ok = dirByName(m[3]); !ok {
			return false
		}
	case m[0] == wSpin:
		from, ok1 := spaceByName(m[1])
		d, ok2 := dirByName(m[2])
		if !ok1 || !ok2 || grid[from] == nil {
			return false
		}
		id, sp, o = grid[from].Card, from, d
	case m[0] == wDisplace:
		from, ok1 := spaceByName(m[1])
		to, ok2 := spaceByName(m[2])
		if !ok1 || !ok2 || grid[from] == nil {
			return false
		}
		id, sp, o = grid[from].Card, to, grid[from].Orient
	default:
		return false
	}
	if _, known := Card(id); !known || !pushesOff(id, sp, o) {
		return false
	}
	for d := Up; d <= Left; d++ {
		if !pushesOff(id, sp, d) {
			return true
		}
	}
	return false
}

// plainMoves is moves without the spins and displaces that undo the turn's own, the roots and
// displaces onto the seat's own loaded cards, the spins in place and the roots over an own card
// while a space is empty.
func (g *State) plainMoves(moves []rules.Move) []rules.Move {
	return slices.DeleteFunc(slices.Clone(moves), func(m rules.Move) bool {
		return g.undoes(m) || g.losesLoad(m) || g.spinsInPlace(m) || g.rootsOverOwn(m)
	})
}

// wastedAmong says whether SensibleMoves leaves m out as wasteful: it is among the plain moves of
// seat's decision, and wasteful flags it.
func (g *State) wastedAmong(seat int, m rules.Move) bool {
	out := g.plainMoves(g.moves(seat, 4000))
	i := slices.IndexFunc(out, m.Equal)
	return i >= 0 && g.wasteful(seat, out)[i]
}

// wasteful lists the moves of seat's decision that purge one of its own cards or aim a push off
// the grid or more pushes into empty spaces; nil when every move does (then none is worse than another for it).
func (g *State) wasteful(seat int, moves []rules.Move) map[int]bool {
	if len(moves) > 1500 {
		return nil // a play costs about 50 µs: watching each of more would pass 75 ms
	}
	out := map[int]bool{}
	for i, m := range moves {
		if g.aimsOffGrid(m) || g.aimsIntoEmpty(m) || g.purgesOwn(seat, m) {
			out[i] = true
		}
	}
	if len(out) == len(moves) {
		return nil
	}
	return out
}
