package autumnash

import (
	"github.com/boardbot/boardbot/rules"
)

// Tactics one move deep for each side (issue 23): a player laughs at an AI that leaves points
// on the table or lets the opponent bag a line it could have stopped. For each of a seat's moves,
// the net is what it bags now minus the most the opponent can bag in reply (a win counts
// winValue). The sensible moves are those of the best net, counting the opponent's forks one move
// further (fork.go); the search chooses among them.

// Habit names of Autumn Ash.
const (
	// HabitMissedPoints is a move that bagged less than a move of a better net would have: the
	// points (or the win) were there to take.
	HabitMissedPoints = "missed_points"
	// HabitIgnoredThreat is a move that took what it could but left the opponent more to bag
	// than a move of a better net: a one-move threat not blocked.
	HabitIgnoredThreat = "ignored_threat"
)

// winValue is what winning (or letting the opponent win) counts in a net, above any bag.
const winValue = 1000

// maxTacticMoves bounds the moves compared on either side.
const maxTacticMoves = 2000

// tactic is one move and its two halves.
type tactic struct {
	m           rules.Move
	own, answer int    // what it bags (winValue: it wins), the opponent's best reply
	after       *state // the position it leads to (forkAware looks further from there)
}

func (t tactic) net() int { return t.own - t.answer }

// gained is what seat made by the move that led from s to c: its points, or winValue for a win.
func gained(s, c *state, seat rules.Seat) int {
	if c.result != nil {
		if c.result.Ranks[seat] == 1 && c.result.Ranks[other(seat)] != 1 {
			return winValue
		}
		if c.result.Ranks[seat] != 1 {
			return -winValue
		}
	}
	return c.scores[seat] - s.scores[seat]
}

// bestReply is the most seat's opponent can bag in reply in c (whose turn it is).
func bestReply(c *state, seat rules.Seat) int {
	if c.result != nil || c.turn != other(seat) {
		return 0
	}
	return c.bestBag()
}

// bestBag is the most the seat to move can bag with one move (winValue: it can win), found
// without playing the moves out (see bagScan).
func (s *state) bestBag() int {
	return s.bagScan(nil, 0)
}

// bagScan is bestBag. With zones it also appends there the zone (routeZone) of every bag worth
// more than over, each zone once: a leaf of the other seat must stand in every one of them to
// leave no such bag (in Unsettled, whose field moves with any leaf, the zone is every square).
// It looks first at which squares would make a line for which colour at all (most positions have
// none), then only at the leaves that turn into that colour and can get there. A move that would
// leave the other seat without a move is counted as if it were legal (the rules refuse it unless
// it wins): a threat is seldom one only by stalemate.
func (s *state) bagScan(zones *[]uint64, over int) (best int) {
	me := s.turn
	b := &s.b
	cells := b.cols * b.rows
	var lines [numColours]uint64 // per colour, the squares where a leaf of it would bag
	any := false
	for _, col := range data.progression[me][1:] {
		for to := 0; to < cells; to++ {
			b.push(to, newPiece(col, Pawn))
			if _, _, ok := group(s.v, b, to, col); ok {
				lines[col] |= 1 << to
				any = true
			}
			b.pop(to)
		}
	}
	if !any {
		return 0
	}
	// Every size of the starting colour left may enter: bagging moves are legal moves, so the
	// check of entrySizes that some move follows the entry is not needed.
	entries := []entry{noEntry}
	var buf [maxCells]int
	sc := data.startColour[me]
	for _, c := range s.appendEntryCorners(buf[:0]) {
		for z := Pawn; z <= Queen; z++ {
			if s.stashed(sc, z) > 0 {
				entries = append(entries, entry{sq: c, size: z})
			}
		}
	}
	unsettled := s.v.winCols != s.v.cols || s.v.winRows != s.v.rows
	// What a move bags does not depend on an entry elsewhere (the entered leaf is of the starting
	// colour, which no line is of, on a corner that was empty): bagged[from][to][size] is the
	// points plus one, 0 while unknown.
	var bagged [maxCells][maxCells][Queen + 1]uint8
	for _, e := range entries {
		movers := s.moversWith(e)
		for from := 0; from < cells; from++ {
			if movers&(1<<from) == 0 {
				continue
			}
			var next Colour
			if from == e.sq {
				next = data.next[data.startColour[me]]
			} else {
				next = data.next[b.top(from).colour()]
			}
			for to := 0; to < cells; to++ {
				if lines[next]&(1<<to) == 0 {
					continue
				}
				ev := s.eval(e, from, to)
				if !ev.reach.ok {
					continue
				}
				for z := Pawn; z <= Queen; z++ {
					if ev.avail&sizeBit(z) == 0 {
						continue
					}
					var pts int
					switch k := &bagged[from][to][z]; {
					case from == e.sq:
						pts = s.bagPoints(ev, z)
					case *k != 0:
						pts = int(*k) - 1
					default:
						pts = s.bagPoints(ev, z)
						*k = uint8(pts + 1)
					}
					if pts == 0 {
						continue
					}
					if s.scores[me]+pts >= data.target {
						pts = winValue
					}
					best = max(best, pts)
					switch {
					case zones == nil && pts == winValue:
						return winValue
					case zones == nil || pts <= over:
					case unsettled:
						*zones = addZone(*zones, ^uint64(0))
					default:
						*zones = addZone(*zones, s.routeZone(ev))
					}
				}
			}
		}
	}
	return best
}

func addZone(zones []uint64, z uint64) []uint64 {
	for _, y := range zones {
		if y == z {
			return zones
		}
	}
	return append(zones, z)
}

// bagPoints is what the move of ev bags with the leaf becoming size z, played on the board and
// taken back (as decide does).
func (s *state) bagPoints(ev *moveEval, z Size) int {
	b := &s.b
	s.enter(ev.e)
	old := b.pop(ev.from)
	b.push(ev.to, newPiece(ev.next, z))
	pts := 0
	if _, _, ok := group(s.v, b, ev.to, ev.next); ok {
		cp := *b
		pts = bag(s.v, &cp, ev.to, ev.next, nil)
	}
	b.pop(ev.to)
	b.push(ev.from, old)
	s.unenter(ev.e)
	return pts
}

// tactics rates every move of seat.
func (s *state) tactics(seat rules.Seat) []tactic {
	moves, _, err := rules.Enumerate(s, seat, maxTacticMoves)
	if err != nil {
		return nil
	}
	out := make([]tactic, 0, len(moves))
	for _, m := range moves {
		c := s.Clone().(*state)
		if err := c.ApplyQuiet(seat, m); err != nil { // the copy's events are never read
			continue
		}
		out = append(out, tactic{m: m, own: gained(s, c, seat), answer: bestReply(c, seat), after: c})
	}
	return out
}

// SensibleMoves are the moves of the best net, forks counted (ai.Sensible), in menu order.
func (s *state) SensibleMoves(seat rules.Seat) []rules.Move {
	if s.result != nil || seat != s.turn {
		return nil
	}
	ts := s.tactics(seat)
	if len(ts) == 0 {
		return nil
	}
	return s.forkAware(ts)
}

// Habits names what seat's move m left undone (ai.HabitJudge): points or a win it could have
// taken, or a threat it could have stopped, by a move of a better net.
func (s *state) Habits(seat rules.Seat, m rules.Move, _ []rules.Event, after rules.State) []string {
	a, ok := after.(*state)
	if !ok || s.result != nil || seat != s.turn {
		return nil
	}
	played := tactic{m: m, own: gained(s, a, seat), answer: bestReply(a, seat)}
	var best *tactic
	ts := s.tactics(seat)
	for i := range ts {
		if best == nil || ts[i].net() > best.net() {
			best = &ts[i]
		}
	}
	if best == nil || played.net() >= best.net() {
		return nil
	}
	// Giving up a small bag now to stop a bigger fork next turn is no habit.
	for _, sm := range s.forkAware(ts) {
		if sm.String() == m.String() {
			return nil
		}
	}
	if played.own < best.own {
		return []string{HabitMissedPoints}
	}
	return []string{HabitIgnoredThreat}
}
