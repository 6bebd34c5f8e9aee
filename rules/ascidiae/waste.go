package ascidiae

import "github.com/boardbot/boardbot/rules"

// Three more wastes from the second play-test of issue 38, counted by the arena (Habits) and
// left out above easy where the decision has another move (SensibleMoves).

// HabitSpinInPlace is a spin paid for that leaves the card facing as it did ("paid a red to turn
// its basica on c1 to face down, how it already faced"). Rulebook, Spin: "It can stay on the same
// orientation", so it stays legal; it only throws a tadpole away.
const HabitSpinInPlace = "spin_in_place"

// HabitRootOverOwn is a root onto one of the seat's own cards while a space of its grid is empty:
// the card under it is lost for nothing ("basica, which was there, is lost"). A loaded card is
// lost_load already.
const HabitRootOverOwn = "root_over_own"

// HabitPushIntoEmpty is a spin or displace after which more of the seat's pushes go into empty
// spaces of its grid than before (rulebook, Push: "If the space is empty or outside the colony,
// the tadpoles get lost") ("moved its habilis c2→b2
// leaving its nivea and mariensis pushing into an empty c2").
const HabitPushIntoEmpty = "push_into_empty"

// spinsInPlace says whether m spins a card of the turn's seat to the facing it has.
func (g *State) spinsInPlace(m rules.Move) bool {
	if g.Turn.Wait != waitCentral || len(m) < 3 || m[0] != wSpin {
		return false
	}
	sp, ok1 := spaceByName(m[1])
	d, ok2 := dirByName(m[2])
	if !ok1 || !ok2 {
		return false
	}
	c := g.Players[g.Turn.Seat].Grid[sp]
	return c != nil && c.Orient == d
}

// rootsOverOwn says whether m roots a card onto one of the turn's seat's own cards that holds no
// tadpoles while another space of the grid is empty. Rulebook, Take root: "place that ascidia on
// any space on your board … If that space was occupied, everything there is lost".
func (g *State) rootsOverOwn(m rules.Move) bool {
	if g.Turn.Wait != waitCentral || g.setupPhase() || g.Res != nil || len(m) < 4 || m[0] != wRoot {
		return false
	}
	if p := g.pileByCard(m[1]); p < 0 || g.Piles[p].Locked {
		return false
	}
	sp, ok := spaceByName(m[2])
	if !ok {
		return false
	}
	grid := &g.Players[g.Turn.Seat].Grid
	if grid[sp] == nil || grid[sp].T.Total() > 0 {
		return false
	}
	for _, c := range grid {
		if c == nil {
			return true
		}
	}
	return false
}

// pushesIntoEmpty counts the push actions of seat's cards aimed at an empty space of its grid.
func (g *State) pushesIntoEmpty(seat int) int {
	grid := &g.Players[seat].Grid
	n := 0
	for sp, c := range grid {
		if c == nil {
			continue
		}
		for _, ab := range mustCard(c.Card).Abilities {
			for _, a := range ab.Actions {
				if a.Verb != Push {
					continue
				}
				if to := step(sp, a.Dir.Turn(c.Orient)); to >= 0 && grid[to] == nil {
					n++
				}
			}
		}
	}
	return n
}

// aimsIntoEmpty says whether m, a spin or displace of the turn's seat, leaves more of its pushes
// aimed at empty spaces than before. The grid is compared right after the card moves or turns,
// not after the activations it leads to.
func (g *State) aimsIntoEmpty(m rules.Move) bool {
	if g.Turn.Wait != waitCentral || g.setupPhase() || g.Res != nil || len(m) < 3 || (m[0] != wSpin && m[0] != wDisplace) {
		return false
	}
	seat := g.Turn.Seat
	grid := &g.Players[seat].Grid
	from, ok := spaceByName(m[1])
	if !ok || grid[from] == nil {
		return false
	}
	before := g.pushesIntoEmpty(seat)
	c := *grid[from]
	var undo func()
	if m[0] == wSpin {
		d, ok := dirByName(m[2])
		if !ok {
			return false
		}
		o := grid[from]
		grid[from] = &c
		c.Orient = d
		undo = func() { grid[from] = o }
	} else {
		to, ok := spaceByName(m[2])
		if !ok {
			return false
		}
		o, old := grid[from], grid[to]
		grid[to], grid[from] = &c, nil
		undo = func() { grid[from], grid[to] = o, old }
	}
	after := g.pushesIntoEmpty(seat)
	undo()
	return after > before
}
