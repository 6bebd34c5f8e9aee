package ascidiae

import (
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/boardbot/boardbot/rules"
)

// The AI's look at its own turn (issue 38). A turn is one seat's decisions until the current
// has passed its last card, so a win that needs several of them (a card moved one space ahead so
// that it activates again, then claims) is found by searching the turn itself, not by rollouts
// of the greedy player, which never plans that far.

// HabitLostLoad is a root or displace onto one of the seat's own cards that holds tadpoles: the
// card and its tadpoles are lost.
const HabitLostLoad = "lost_load"

// winSearchPlays bounds the plays of one search of the seat's turn for a win. Counted in plays,
// never time, so a decision stays a function of the position. A play costs about 50 µs, so a
// search costs at most about a third of a second.
const winSearchPlays = 6000

// winLine returns the first move of a line of seat's own decisions that wins before its turn
// ends (solo: the turn ends in a victory), or nil. It searches every decision of the turn except
// rooting a new card (about nine in ten of the moves, and a fresh card cannot gather a colony's
// tadpoles in the turn it is rooted), with positions already seen cut off, until winSearchPlays.
// Multiplayer it looks only when the seat is one claim from the target: two claims in one turn
// are left to the rollouts.
func (g *State) winLine(seat int) rules.Move {
	if g.Res != nil || g.setupPhase() || g.Turn.Seat != seat || g.Turn.Wait == "" {
		return nil
	}
	if !g.solo() && len(g.Players[seat].Colonies) < g.winTarget()-1 {
		return nil
	}
	if g.solo() && (g.Turn.Claims == 0 || g.unclaimed() < 1) {
		return nil // the first of two claims is the rollouts' to find, as at the target less two
	}
	root := g.noWinKey()
	noWins.Lock()
	known := noWins.m[root]
	noWins.Unlock()
	if known {
		return nil
	}
	s := &turnSearch{seat: seat, turns: g.Players[seat].Turns, seen: map[string]bool{}, left: winSearchPlays}
	m, out := s.find(g)
	if m == nil && !out {
		// Searched to the end without a win: no position of it has one, and the turn's next
		// decisions start from them.
		prefix := root[:len(root)-len(g.turnKey())]
		noWins.Lock()
		if len(noWins.m) > 1<<15 { // about 8 MB of keys
			clear(noWins.m)
		}
		noWins.m[root] = true
		for k := range s.seen {
			noWins.m[prefix+k] = true
		}
		noWins.Unlock()
	}
	return m
}

// noWins remembers the positions a finished win search found no win from, by noWinKey: the
// AI's next decisions of the turn begin from them. Shared by every game of the process; a key
// holds the colonies and piles, so two games meet in one only in the same position.
var noWins = struct {
	sync.Mutex
	m map[string]bool
}{m: map[string]bool{}}

// noWinKey is turnKey with what makes a win of the turn: the seat, the target, the colonies.
func (g *State) noWinKey() string {
	b := fmt.Appendf(nil, "%d %d %d %d %d|", g.Turn.Seat, g.Seats, g.winTarget(), g.Players[g.Turn.Seat].Turns, g.Round)
	for _, c := range g.Colonies {
		b = append(b, c.ID...)
		b = append(b, ',')
	}
	return string(b) + "|" + g.turnKey()
}

// turnSearch is one search of a seat's turn for a win.
type turnSearch struct {
	seat, turns int
	seen        map[string]bool
	left        int // plays still allowed
}

// find returns a first move of g's decision that leads to a win within the turn, and whether the
// search ran out of plays.
func (s *turnSearch) find(g *State) (rules.Move, bool) {
	moves := g.movesBut(s.seat, 4000, wRoot)
	// Claims first, then the moves that put a card where it activates again.
	slices.SortStableFunc(moves, func(a, b rules.Move) int { return searchRank(a) - searchRank(b) })
	for _, m := range moves {
		if s.left <= 0 {
			return nil, true
		}
		s.left--
		c := g.clone()
		c.play(rules.Seat(s.seat), m)
		if c.Res != nil {
			if c.Res.Ranks[s.seat] == 1 && firstsOf(c.Res.Ranks) == 1 {
				return m, false
			}
			continue
		}
		if c.setupPhase() || c.Turn.Seat != s.seat || c.Players[s.seat].Turns != s.turns {
			continue
		}
		k := c.turnKey()
		if s.seen[k] {
			continue
		}
		s.seen[k] = true
		if w, out := s.find(c); w != nil {
			return m, false
		} else if out {
			return nil, true
		}
	}
	return nil, false
}

// searchRank orders the win search's moves: claims, then displaces and spins, then the rest.
func searchRank(m rules.Move) int {
	switch m[0] {
	case wColonize:
		return 0
	case wDisplace:
		return 1
	case wSpin:
		return 2
	}
	return 3
}

// firstsOf counts the seats ranked first.
func firstsOf(ranks []int) int {
	n := 0
	for _, r := range ranks {
		if r == 1 {
			n++
		}
	}
	return n
}

// losesLoad says whether m, at a central decision of the turn's seat, roots a card onto or
// displaces a card onto one of the seat's own cards that holds tadpoles.
func (g *State) losesLoad(m rules.Move) bool {
	t := &g.Turn
	if t.Wait != waitCentral || g.setupPhase() || g.Res != nil {
		return false
	}
	var to string
	switch {
	case m[0] == wRoot && len(m) >= 4:
		if p := g.pileByCard(m[1]); p < 0 || g.Piles[p].Locked {
			return false // unlocking a pile places nothing
		}
		to = m[2]
	case m[0] == wDisplace && len(m) >= 3:
		to = m[2]
	default:
		return false
	}
	sp, ok := spaceByName(to)
	if !ok {
		return false
	}
	c := g.Players[t.Seat].Grid[sp]
	return c != nil && c.T.Total() > 0
}

// placementFor is the opening placement the levels above easy play: the greedy player's, which
// varies with the game (greedyPlacement). Rollouts from the set-up cost hard 5.5 s and chose
// the same placement in every game.
func (g *State) placementFor(seat int) []rules.Move {
	return []rules.Move{greedyPlacement(g, seat)}
}

// turnKey is what the win search needs to tell two positions of one seat's turn apart: the
// seat's grid, the claims, the piles and where the current is. Encode would do, at ten times the
// cost.
func (g *State) turnKey() string {
	t := &g.Turn
	b := make([]byte, 0, 160)
	b = fmt.Appendf(b, "%d %d %d %s %d %d|", t.Pos, t.Active, t.Act, t.Wait, t.Claims, t.Space)
	if t.Ab != nil {
		b = fmt.Appendf(b, "%v|", *t.Ab)
	}
	for _, c := range g.Players[t.Seat].Grid {
		if c == nil {
			b = append(b, '-')
			continue
		}
		// By hand, not fmt: a win search builds this key for every position it reaches.
		b = strconv.AppendInt(b, int64(c.UID), 10)
		b = append(b, '.', '0'+byte(c.Orient&3), '.')
		for _, n := range c.T {
			b = strconv.AppendInt(b, int64(n), 10)
			b = append(b, ',')
		}
		b = append(b, ';')
	}
	for _, c := range g.Colonies {
		b = strconv.AppendInt(b, int64(c.By), 10)
	}
	for _, p := range g.Piles {
		b = fmt.Appendf(b, ",%d%v", p.Count, p.Locked)
	}
	b = fmt.Appendf(b, "|%v", t.Moved)
	return string(b)
}

// claimsLeavingAWin lists the claims among moves after which the next player can win in its
// very next turn (the rest of this turn played by the greedy player, the next player's turn
// searched by winLine), when at least one claim leaves it none: taking the colony it needs
// comes first. Only when the next player is one colony short; nil otherwise.
func (g *State) claimsLeavingAWin(seat int, moves []rules.Move) []rules.Move {
	next := (seat + 1) % g.Seats
	if g.solo() || g.Turn.Wait != waitCentral || len(g.Players[next].Colonies) < g.winTarget()-1 {
		return nil
	}
	var bad []rules.Move
	safe := false
	for _, m := range moves {
		if m[0] != wColonize {
			continue
		}
		c := g.clone()
		c.play(rules.Seat(seat), m)
		for c.Res == nil && c.Turn.Seat == seat {
			turn := c.Players[seat].Turns
			c.play(rules.Seat(seat), greedyMove(c, seat))
			if c.Players[seat].Turns != turn {
				break
			}
		}
		if c.Res == nil && c.Turn.Seat == next && c.winLine(next) != nil {
			bad = append(bad, m)
		} else {
			safe = true
		}
	}
	if !safe {
		return nil
	}
	return bad
}

// winsTurn says whether seat's move m wins the game at once or leaves a win within the turn
// that winLine finds.
func (g *State) winsTurn(seat int, m rules.Move) bool {
	c := g.clone()
	c.play(rules.Seat(seat), m)
	if c.Res != nil {
		return c.Res.Ranks[seat] == 1 && firstsOf(c.Res.Ranks) == 1
	}
	return c.Turn.Seat == seat && c.winLine(seat) != nil
}
