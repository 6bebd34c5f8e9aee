package autumnash

import (
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

func (s *state) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := s.allowed(seat); err != nil {
		return nil, err
	}
	if len(m) == 0 {
		return nil, rules.Illegalf("The move is empty: name the leaf to move and where it goes, like %s.", s.exampleMove())
	}
	n, err := s.walk(m)
	if err != nil {
		return nil, err
	}
	if n.stage != stDone {
		next := s.next(n)
		toks := make([]string, 0, len(next))
		for i, c := range next {
			if i == 8 {
				toks = append(toks, "…")
				break
			}
			toks = append(toks, c.Token)
		}
		return nil, rules.Illegalf("%q is not a whole move yet: %s comes next (%s).", m.String(), s.stageWord(n.stage), strings.Join(toks, ", "))
	}
	return s.play(n), nil
}

func (s *state) stageWord(st stage) string {
	switch st {
	case stEntrySize:
		return "the size of the entering leaf"
	case stFrom:
		return "the leaf to move"
	case stTo:
		return "its destination"
	case stSize:
		return "the size it becomes"
	}
	return "the leaf to move, or a corner to enter at"
}

func (s *state) exampleMove() string {
	for _, c := range s.next(node{stage: stRoot, e: noEntry}) {
		n, err := s.walk(rules.Move{c.Token})
		if err == nil && n.stage == stTo {
			if nx := s.next(n); len(nx) > 0 {
				return c.Token + " " + nx[0].Token
			}
		}
	}
	return "c2 c3"
}

// play carries out a complete, checked move.
func (s *state) play(n node) []rules.Event {
	side := rules.SeatRef(s.turn)
	evs := make([]rules.Event, 0, 4) // entry, move, bag, end
	// Every move of every playout writes these: concatenation, not fmt, where it is short.
	say := func(text string) { evs = append(evs, rules.Event{Text: text}) }
	last := &LastMove{Seat: s.turn}
	b := &s.b // played in place; the counts follow each leaf instead of a recount
	s.enter(n.e)
	if n.e.sq >= 0 {
		s.counts[data.startColour[s.turn]][n.e.size]++
		q := s.v.square(n.e.sq)
		last.Entered = &q
		say(side + " enters " + b.top(n.e.sq).aName() + " at " + s.v.label(n.e.sq) + ".")
	}
	old := b.pop(n.from)
	np := newPiece(n.ev.next, n.size)
	s.counts[old.colour()][old.size()]--
	s.counts[np.colour()][np.size()]++
	var capped piece
	if n.ev.reach.capped {
		capped = b.top(n.to)
	}
	b.push(n.to, np)
	last.Path = append(make([]Square, 0, 3), s.v.square(n.from))
	via := "" // the route reads "B1-B2-B3" or "D3-D4", written in one concatenation below
	if n.ev.reach.via >= 0 {
		last.Path = append(last.Path, s.v.square(n.ev.reach.via))
		via = s.v.label(n.ev.reach.via) + "-"
	}
	last.Path = append(last.Path, s.v.square(n.to))
	last.Became, last.Capped = np.public(), capped != 0
	mover, from, to := old.name(), s.v.label(n.from), s.v.label(n.to)
	if capped != 0 {
		whose := "their own "
		if capped.owner() != s.turn {
			whose = rules.SeatRef(capped.owner()) + "'s "
		}
		say(side + " moves the " + mover + " " + from + "-" + via + to + ", capping " + whose + capped.name() + ", and it becomes " + np.aName() + ".")
	} else {
		say(side + " moves the " + mover + " " + from + "-" + via + to + " and it becomes " + np.aName() + ".")
	}
	var bg bagged
	pts := bag(s.v, b, n.to, np.colour(), &bg)
	for _, p := range bg.pieces {
		s.counts[p.colour()][p.size()]--
	}
	if pts > 0 {
		for _, q := range bg.squares {
			last.Bagged = append(last.Bagged, s.v.square(q))
		}
		pips := 0
		for _, p := range bg.pieces {
			pips += int(p.size())
		}
		s.scores[s.turn] += pts
		last.Points = pts
		how := fmt.Sprintf("%d pips + %d bonus", pips, pts-pips)
		if pts == pips {
			how = "their pips"
		}
		say(fmt.Sprintf("%s bags %d %s leaves for %d points (%s): %d of %d.",
			side, len(bg.pieces), np.colour(), pts, how, s.scores[s.turn], data.target))
	}
	s.last = last
	s.rederive()
	if s.scores[s.turn] >= data.target {
		s.finish(s.turn, fmt.Sprintf("%s reaches %d points and wins.", side, s.scores[s.turn]))
		say(s.result.Reason)
		return evs
	}
	s.turn = other(s.turn)
	if !s.hasLegalMove() {
		s.finish(other(s.turn), rules.SeatRef(s.turn)+" has no legal move and loses.")
		say(s.result.Reason)
	}
	return evs
}

func (s *state) finish(winner rules.Seat, reason string) {
	ranks := []int{2, 2}
	ranks[winner] = 1
	s.result = &rules.Result{Ranks: ranks, Scores: []int{s.scores[0], s.scores[1]}, Reason: reason}
	s.turn = rules.Spectator
	s.memo = evalMemo{}
}
