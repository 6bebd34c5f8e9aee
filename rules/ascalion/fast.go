package ascalion

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/boardbot/boardbot/rules"
)

// The fast paths for search and random play (see rules/fast.go); rulestest.CheckFast proves they
// agree with Choices, RandomMove's walk and Decode.

// Clone is an independent copy (the search's rules.Cloner).
func (s *state) Clone() rules.State { return s.clone() }

// ChoiceTokens is Choices without labels.
func (s *state) ChoiceTokens(seat rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	return s.choices(seat, partial, true)
}

// RandomMoveFrom reads a random move in one pass of the reader, which draws a token wherever the
// move runs out, instead of one pass per token: the same draws as rules.RandomMove, so the same
// move.
func (s *state) RandomMoveFrom(seat rules.Seat, partial rules.Move, r *rand.Rand) (rules.Move, error) {
	return s.readWith(int(seat), partial, true, func(n int, complete bool) (int, bool, error) {
		return rules.DrawIndex(n, complete, r)
	})
}

// firstMove is the move that takes the first option wherever there is a choice and stops as
// soon as the move is complete, read in one pass; nil when there is none.
func (s *state) firstMove(p int) rules.Move {
	m, err := s.readWith(p, nil, false, func(n int, complete bool) (int, bool, error) {
		if !complete && n == 0 {
			return 0, false, fmt.Errorf("the choice tree dead-ends")
		}
		return 0, complete, nil
	})
	if err != nil || len(m) == 0 {
		return nil
	}
	return m
}

// readWith reads a whole move for seat p in one pass, pick choosing wherever partial runs out.
// With keep, the state the move leads to is kept for Apply (drawn).
func (s *state) readWith(p int, partial rules.Move, keep bool, pick func(n int, complete bool) (int, bool, error)) (rules.Move, error) {
	if err := s.mayMove(p); err != nil {
		return nil, fmt.Errorf("choices for %q: %w", partial.String(), err)
	}
	toks := make(rules.Move, len(partial), len(partial)+16)
	copy(toks, partial)
	rd := &rd{toks: toks, quiet: true, pick: pick}
	if checkOptional {
		rd.look = func(prefix rules.Move) ([]rules.Choice, bool, error) {
			return s.ChoiceTokens(rules.Seat(p), prefix)
		}
	}
	x := s.scratchCopy()
	err := x.st.play(p, rd)
	if err == nil && rd.more() {
		err = fmt.Errorf("%q is already a whole move", rd.toks[:rd.i].String())
	} else if _, ok := err.(*stop); ok {
		err = fmt.Errorf("choice tree dead-ends after %q", rd.toks[:rd.i].String())
	} else if err != nil {
		err = fmt.Errorf("choices for %q: %w", rd.toks[:rd.i].String(), err)
	}
	if err == nil && !rd.ended {
		_, _, err = pick(0, true) // where nothing may follow, the last choice is to stop
	}
	if err != nil || !keep || s.drawn == nil {
		x.done()
		if err != nil {
			return nil, err
		}
		return rd.toks, nil
	}
	if old := s.drawn.Swap(&drawnMove{seat: p, m: slices.Clone(rd.toks), x: x}); old != nil {
		old.x.done()
	}
	return rd.toks, nil
}

// drawnMove is a move RandomMoveFrom read on a state, and the scratch copy it was played on: the
// state that move leads to, so Apply, given the same move next, keeps that copy instead of
// playing the move again (random play and the search's rollouts always draw, then apply). A
// state changes only through Apply, which takes the drawn move out whatever it plays.
type drawnMove struct {
	seat int
	m    rules.Move
	x    *scratch
}

// drawnBox holds a state's drawn move; atomic, since reading a state from several goroutines is
// allowed: whoever swaps a drawn move out owns its scratch.
type drawnBox struct{ atomic.Pointer[drawnMove] }

// takeDrawn returns the scratch m leads to when m is the move last drawn for seat p, or nil; the
// drawn move is spent either way.
func (s *state) takeDrawn(p int, m rules.Move) *scratch {
	if s.drawn == nil {
		return nil
	}
	d := s.drawn.Swap(nil)
	if d == nil {
		return nil
	}
	if d.seat != p || !d.m.Equal(m) {
		d.x.done()
		return nil
	}
	return d.x
}

// A scratch is a pooled copy of the state to play a move on: Choices, the random and first
// moves and the prompts' defaults and answers only look at the result, Apply keeps it (swap).
// Filling it reuses the memory of its last use, where a clone allocates the whole state again.
type scratch struct {
	st   state
	rng  *rules.RNG
	atk  attack
	give []int  // backing of the offers' Give lists
	rows []bool // backing of the Permits and Asks rows
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// scratchCopy returns a pooled copy of s to play on; give it back with done.
func (s *state) scratchCopy() *scratch {
	x := scratches.Get().(*scratch)
	old := x.st
	c := &x.st
	*c = *s
	c.events = old.events[:0]
	if x.rng == nil {
		x.rng = s.RNG.Clone()
	} else {
		x.rng.CopyFrom(s.RNG)
	}
	c.RNG = x.rng
	c.Lands = reuse(old.Lands, s.Lands)
	c.Ships = reuse(old.Ships, s.Ships)
	c.Start = reuse(old.Start, s.Start)
	c.Queue = reuse(old.Queue, s.Queue)
	c.SrcLeft = reuse(old.SrcLeft, s.SrcLeft)
	c.Votes = reuse(old.Votes, s.Votes)
	c.Place = reuse(old.Place, s.Place)
	c.Done = reuse(old.Done, s.Done)
	c.Offered = reuse(old.Offered, s.Offered)
	c.Receipts = reuse(old.Receipts, s.Receipts)
	c.Left = reuse(old.Left, s.Left)
	c.Univ = reuse(old.Univ, s.Univ)
	c.UnivLost = reuse(old.UnivLost, s.UnivLost)
	c.UnivLostRd = reuse(old.UnivLostRd, s.UnivLostRd)
	// Offers filtered in place share Give arrays between elements, so the lists are copied into
	// one backing array, each capped so that an append moves it out.
	c.Offers = append(old.Offers[:0], s.Offers...)
	if c.Offers == nil {
		c.Offers = []offer{} // as clone has it
	}
	n := 0
	for _, o := range s.Offers {
		n += len(o.Give)
	}
	if cap(x.give) < n {
		x.give = make([]int, 0, n)
	}
	g := x.give[:0]
	for i, o := range s.Offers {
		c.Offers[i].Give = nil // as clone has an empty list
		if len(o.Give) > 0 {
			k := len(g)
			g = append(g, o.Give...)
			c.Offers[i].Give = g[k:len(g):len(g)]
		}
	}
	n = 0
	for _, r := range s.Permits {
		n += len(r)
	}
	for _, r := range s.Asks {
		n += len(r)
	}
	if cap(x.rows) < n {
		x.rows = make([]bool, 0, n)
	}
	rows := x.rows[:0]
	c.Permits, rows = reuseRows(old.Permits, s.Permits, rows)
	c.Asks, _ = reuseRows(old.Asks, s.Asks, rows)
	c.Trip = s.Trip.clone() // rare between moves: only while a passage is asked
	if s.Atk != nil {
		a := x.atk
		x.atk = *s.Atk
		x.atk.Sides = reuse(a.Sides, s.Atk.Sides)
		x.atk.Asked = reuse(a.Asked, s.Atk.Asked)
		c.Atk = &x.atk
	}
	// Log and Res are replaced whole, never changed in place, and a scratch never becomes a
	// state: sharing them is safe.
	return x
}

func (x *scratch) done() { scratches.Put(x) }

// swap makes the played copy the state s, and s's old memory the scratch's. What s now holds of
// the scratch's own (its attack, the offers' and rows' backing) leaves the scratch, and what
// views may keep of a state (Log, Res, the attack's and the passage's lists) is never reused.
func (x *scratch) swap(s *state) {
	old := *s
	*s = x.st
	if s.Atk == &x.atk {
		a := x.atk
		s.Atk = &a
		x.atk = attack{}
	}
	x.give, x.rows = nil, nil
	x.rng = old.RNG
	x.st = old
	x.st.Log, x.st.LogMsg, x.st.Res, x.st.Atk, x.st.Trip = nil, nil, nil, nil, nil
	x.done()
}

// reuse copies src into dst's memory. Like clone, it makes an empty list nil, so a state
// played on a scratch encodes as one played on a clone ("vessels": null after the last sinks).
func reuse[T any](dst, src []T) []T {
	if len(src) == 0 {
		return nil
	}
	return append(dst[:0], src...)
}

// reuseRows copies a [][]bool into rows cut from buf (capped), returning what is left of buf.
func reuseRows(dst, src [][]bool, buf []bool) ([][]bool, []bool) {
	if src == nil {
		return nil, buf
	}
	if dst == nil {
		dst = make([][]bool, 0, len(src))
	}
	dst = dst[:0]
	for _, r := range src {
		k := len(buf)
		buf = append(buf, r...)
		dst = append(dst, buf[k:len(buf):len(buf)])
	}
	return dst, buf
}
