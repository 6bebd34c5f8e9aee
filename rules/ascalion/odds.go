package ascalion

import (
	"errors"
	"slices"
	"strconv"
	"sync"

	"github.com/boardbot/boardbot/rules"
)

// What an attack may expect (issue 36): a reader watched the normal AI attack where it could
// not win, ties and 4-seat attacks that needed every neighbour on its side. The AI attacks when
// its total with the best extra transport it can make and the neighbours it can count on beats
// the defence, or, against a player one city from victory, wherever it may win at all.

// HabitHopelessAttack is an attack declared without the odds: the attacker's total with its best
// extra transport and the neighbours it can count on (those who stand against a player one city
// from victory) does not beat the defender's (a tie loses, §12.7), and the defender is not one
// city from victory (against him an attack that may win is a deliberate sacrifice).
const HabitHopelessAttack = "hopeless_attack"

// extraLook bounds the whole extra transports read for one attack's odds: every one of a seat's
// extra transports in the positions of real games, which are few (only horses and weapons, all
// ending next to the target, §12.5); beyond it the best found so far counts.
const extraLook = 800

var errDeadEnd = errors.New("the choice tree dead-ends")

// eachMove plays p's whole moves from s depth first on scratch copies, at most limit of them,
// calling fn with each move and the state it leads to (which fn must not keep); fn returns false
// to stop. It reports whether every move was read.
func (s *state) eachMove(p, limit int, fn func(m rules.Move, after *state) bool) bool {
	var path []int // the option taken at each choice of the move, the move's end counted last
	for range limit {
		var widths []int
		pick := func(n int, complete bool) (int, bool, error) {
			w := n
			if complete {
				w++
			}
			if w == 0 {
				return 0, false, errDeadEnd
			}
			d := len(widths)
			widths = append(widths, w)
			i := 0
			if d < len(path) {
				i = path[d]
			}
			if complete && i == n {
				return 0, true, nil
			}
			return i, false, nil
		}
		x := s.scratchCopy()
		r := &rd{quiet: true, pick: pick}
		if err := x.st.play(p, r); err == nil && !r.more() {
			if !fn(r.toks, &x.st) {
				x.done()
				return false
			}
		}
		x.done()
		for len(path) < len(widths) {
			path = append(path, 0)
		}
		path = path[:len(widths)]
		i := len(path) - 1
		for i >= 0 && path[i]+1 >= widths[i] {
			i--
		}
		if i < 0 {
			return true
		}
		path[i]++
		path = path[:i+1]
	}
	return false
}

// ownTotal is p's side in an attack on t from its own areas alone: the attack bonus and the
// values of p's areas next to t (§12.7).
func (s *state) ownTotal(p, t, def int) int {
	att := 1
	for b := range s.adjs(t) {
		if s.owner(b) == p && !s.convertedBy(b, def) {
			att += s.value(b)
		}
	}
	return att
}

// bestExtra is, in p's extra transport for the declared attack (s in stExtra), the highest own
// total one extra transport reaches and the transports that reach it: skipping it alone where
// nothing raises the total (a horse brought where one stands adds nothing).
func (s *state) bestExtra(p int) (int, []rules.Move) {
	a := s.Atk
	own := s.ownTotal(p, a.Target, a.Defender)
	best := own
	var moves, skip []rules.Move
	s.eachMove(p, extraLook, func(m rules.Move, after *state) bool {
		switch v := after.ownTotal(p, a.Target, a.Defender); {
		case len(m) == 1 && m[0] == "skip":
			skip = []rules.Move{slices.Clone(m)}
		case v > best:
			best, moves = v, []rules.Move{slices.Clone(m)}
		case v == best && v > own:
			moves = append(moves, slices.Clone(m))
		}
		return true
	})
	if best == own {
		return best, skip
	}
	return best, moves
}

// SensibleMoves (ai.Sensible) leaves, for an attack's extra transport, the transports that raise
// the attacker's total most: the attack was declared on that total (odds).
func (s *state) SensibleMoves(seat rules.Seat) []rules.Move {
	if s.Stage != stExtra || s.Turn != int(seat) || s.Trip != nil || s.Atk == nil || s.Res != nil {
		return nil
	}
	_, moves := s.bestExtra(int(seat))
	return moves
}

// expects says whether p may expect to win an attack on t: its total with its best extra
// transport and, against a player one city from victory, every other neighbour (they stand
// against him, as the AI's own alliances do) beats the defender's with, where p is one city from
// victory, every other neighbour. Other neighbours stay out. The extra transports are read only
// where the certain totals and the most one could add (extraBound) leave it open, and only until
// one is enough.
func (s *state) expects(p, t int) bool {
	d := s.owner(t)
	att, def := s.ownTotal(p, t, d), 0
	if !s.convertedBy(t, p) {
		def = s.value(t)
	}
	adj := map[int]bool{}
	for b := range s.adjs(t) {
		switch o := s.owner(b); {
		case o == p:
			adj[b] = true
		case o == d && !s.convertedBy(b, p):
			def += s.value(b)
		case o >= 0 && o != d && s.nearWin(d) && !s.nearWin(p):
			att += s.value(b)
		case o >= 0 && o != d && s.nearWin(p) && !s.nearWin(d):
			def += s.value(b)
		}
	}
	if att > def {
		return true
	}
	if att+s.extraBound(p, t, adj) <= def {
		return false
	}
	x := s.scratchCopy()
	defer x.done()
	c := &x.st
	r := &rd{toks: rules.Move{"attack", s.areaToken(t)}, quiet: true}
	if err := c.play(p, r); err != nil || r.more() || c.Stage != stExtra || c.Atk == nil || c.Trip != nil {
		return false
	}
	own := s.ownTotal(p, t, d)
	win := false
	c.eachMove(p, extraLook, func(_ rules.Move, after *state) bool {
		win = att+after.ownTotal(p, t, d)-own > def
		return !win
	})
	return win
}

// hopelessAttack says whether p attacking t is a HabitHopelessAttack.
func (s *state) hopelessAttack(p, t int) bool {
	if s.nearWin(s.owner(t)) && !s.hopeless(p, t) {
		return false
	}
	key := s.PositionKey() + "\x00" + strconv.Itoa(p) + "\x00" + strconv.Itoa(t)
	oddsMemo.Lock()
	v, ok := oddsMemo.m[key]
	oddsMemo.Unlock()
	if ok {
		return v
	}
	v = !s.expects(p, t)
	oddsMemo.Lock()
	if len(oddsMemo.m) >= 256 {
		clear(oddsMemo.m)
	}
	oddsMemo.m[key] = v
	oddsMemo.Unlock()
	return v
}

// oddsMemo remembers hopelessAttack by position, seat and target: one AI decision asks it for
// every target at the attack menu, again at the target menu, and again to judge the move
// chosen, and reading the extra transports is the costly part (a turn of 3.7 s CPU in the
// arena). A position key holds the whole public state, so an entry is never stale.
var oddsMemo = struct {
	sync.Mutex
	m map[string]bool
}{m: map[string]bool{}}
