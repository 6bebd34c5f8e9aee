package autumnash

import (
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

func (s *state) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	if err := s.allowed(seat); err != nil {
		return nil, err
	}
	if len(m) == 0 {
		return nil, refuse("bad_empty", msg.Code("Example", s.exampleMove()))
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
		return nil, refuse("bad_incomplete", msg.Code("Move", strconv.Quote(m.String())), msg.Nested("Next", say(s.stageWord(n.stage))), msg.Code("Tokens", strings.Join(toks, ", ")))
	}
	return s.play(n), nil
}

func (s *state) stageWord(st stage) string {
	switch st {
	case stEntrySize:
		return "next_entry_size"
	case stFrom:
		return "next_from"
	case stTo:
		return "next_to"
	case stSize:
		return "next_size"
	}
	return "next_root"
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
	side := seatArg("Seat", s.turn)
	evs := make([]rules.Event, 0, 4) // entry, move, bag, end
	// Every move of every playout writes these; msg renders the English by concatenation.
	tell := func(m *msg.Message) { evs = append(evs, rules.Say(m)) }
	ar := arena{args: make([]msg.Arg, 0, 8), msgs: make([]msg.Message, 0, 2)}
	last := &LastMove{Seat: s.turn}
	b := &s.b // played in place; the counts follow each leaf instead of a recount
	s.enter(n.e)
	if n.e.sq >= 0 {
		s.counts[data.startColour[s.turn]][n.e.size]++
		q := s.v.square(n.e.sq)
		last.Entered = &q
		tell(ar.say("ev_enter", side, pieceArg("Piece", b.top(n.e.sq)), s.sqArg("Square", n.e.sq)))
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
	via := "" // the route reads "B1-B2-B3" or "D3-D4"
	if n.ev.reach.via >= 0 {
		last.Path = append(last.Path, s.v.square(n.ev.reach.via))
		via = "-" + s.v.label(n.ev.reach.via)
	}
	last.Path = append(last.Path, s.v.square(n.to))
	last.Became, last.Capped = np.public(), capped != 0
	route := msg.Code("Route", s.v.label(n.from)+via+"-"+s.v.label(n.to))
	switch {
	case capped == 0:
		tell(ar.say("ev_move", side, pieceArg("Piece", old), route, pieceArg("New", np)))
	case capped.owner() == s.turn:
		tell(ar.say("ev_move_cap_own", side, pieceArg("Piece", old), route, pieceArg("Capped", capped), pieceArg("New", np)))
	default:
		tell(ar.say("ev_move_cap", side, pieceArg("Piece", old), route, seatArg("Owner", capped.owner()), pieceArg("Capped", capped), pieceArg("New", np)))
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
		how := ar.say("how_bonus", msg.Number("Pips", pips), msg.Number("Bonus", pts-pips))
		if pts == pips {
			how = ar.say("how_pips")
		}
		tell(ar.say("ev_bag", side, msg.Count("Leaves", len(bg.pieces)), colourArg("Colour", np.colour()), msg.Number("Points", pts),
			msg.Nested("How", how), msg.Number("Score", s.scores[s.turn]), msg.Number("Target", data.target)))
	}
	s.last = last
	s.rederive()
	if s.scores[s.turn] >= data.target {
		s.finish(s.turn, ar.say("res_wins", side, msg.Number("Points", s.scores[s.turn])))
		tell(s.result.ReasonMsg)
		return evs
	}
	s.turn = other(s.turn)
	if !s.hasLegalMove() {
		s.finish(other(s.turn), ar.say("res_stuck", seatArg("Seat", s.turn)))
		tell(s.result.ReasonMsg)
	}
	return evs
}

func (s *state) finish(winner rules.Seat, reason *msg.Message) {
	ranks := []int{2, 2}
	ranks[winner] = 1
	s.result = &rules.Result{Ranks: ranks, Scores: []int{s.scores[0], s.scores[1]}, Reason: reason.English(), ReasonMsg: reason}
	s.turn = rules.Spectator
	s.memo = evalMemo{}
}
