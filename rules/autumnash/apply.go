package autumnash

import (
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

func (s *state) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	return s.apply(seat, m, false)
}

// ApplyQuiet is Apply without events (rules.QuietApplier), for search: the same moves accepted
// and refused, the same state after, except that the last move (drawn on the board) is left
// empty. The events' messages and their English cost more than the move itself.
func (s *state) ApplyQuiet(seat rules.Seat, m rules.Move) error {
	_, err := s.apply(seat, m, true)
	return err
}

// AwaitedSeats names the seat Awaiting would, without its prompt (rules.SeatsAwaiter).
func (s *state) AwaitedSeats() []rules.Seat {
	if s.result != nil {
		return nil
	}
	return []rules.Seat{s.turn}
}

func (s *state) apply(seat rules.Seat, m rules.Move, quiet bool) ([]rules.Event, error) {
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
	if quiet {
		s.carry(n)
		s.last, s.prev = nil, nil
		s.endTurn(nil)
		return nil, nil
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

// carried is what a move did, for its events and the last move.
type carried struct {
	entered   piece // the leaf that entered, if any
	old, np   piece // the leaf that moved, and what it became
	capped    piece // the top it covered, if it capped one
	bg        bagged
	pts, pips int
}

// carry plays a complete, checked move on the board: entry, move, bag, scores. The turn does
// not pass yet (endTurn).
func (s *state) carry(n node) (c carried) {
	b := &s.b // played in place; the counts follow each leaf instead of a recount
	s.enter(n.e)
	if n.e.sq >= 0 {
		s.counts[data.startColour[s.turn]][n.e.size]++
		c.entered = b.top(n.e.sq)
	}
	c.old = b.pop(n.from)
	c.np = newPiece(n.ev.next, n.size)
	s.counts[c.old.colour()][c.old.size()]--
	s.counts[c.np.colour()][c.np.size()]++
	if n.ev.reach.capped {
		c.capped = b.top(n.to)
	}
	b.push(n.to, c.np)
	c.pts = bag(s.v, b, n.to, c.np.colour(), &c.bg)
	for _, p := range c.bg.pieces {
		s.counts[p.colour()][p.size()]--
		c.pips += int(p.size())
	}
	s.scores[s.turn] += c.pts
	return c
}

// play carries out a complete, checked move and tells it.
func (s *state) play(n node) []rules.Event {
	side := seatArg("Seat", s.turn)
	evs := make([]rules.Event, 0, 4) // entry, move, bag, end
	// Every move of every playout writes these; msg renders the English by concatenation.
	tell := func(m *msg.Message) { evs = append(evs, rules.Say(m)) }
	ar := arena{args: make([]msg.Arg, 0, 8), msgs: make([]msg.Message, 0, 2)}
	last := &LastMove{Seat: s.turn}
	c := s.carry(n)
	if n.e.sq >= 0 {
		q := s.v.square(n.e.sq)
		last.Entered = &q
		tell(ar.say("ev_enter", side, pieceArg("Piece", c.entered), s.sqArg("Square", n.e.sq)))
	}
	last.Path = append(make([]Square, 0, 3), s.v.square(n.from))
	via := "" // the route reads "B1-B2-B3" or "D3-D4"
	if n.ev.reach.via >= 0 {
		last.Path = append(last.Path, s.v.square(n.ev.reach.via))
		via = "-" + s.v.label(n.ev.reach.via)
	}
	last.Path = append(last.Path, s.v.square(n.to))
	last.Became, last.Capped = c.np.public(), c.capped != 0
	route := msg.Code("Route", s.v.label(n.from)+via+"-"+s.v.label(n.to))
	switch {
	case c.capped == 0:
		tell(ar.say("ev_move", side, pieceArg("Piece", c.old), route, pieceArg("New", c.np)))
	case c.capped.owner() == s.turn:
		tell(ar.say("ev_move_cap_own", side, pieceArg("Piece", c.old), route, pieceArg("Capped", c.capped), pieceArg("New", c.np)))
	default:
		tell(ar.say("ev_move_cap", side, pieceArg("Piece", c.old), route, seatArg("Owner", c.capped.owner()), pieceArg("Capped", c.capped), pieceArg("New", c.np)))
	}
	if c.pts > 0 {
		// The squares are named so a reader can find the group on the board ("C4, D5, E6").
		where := make([]string, 0, len(c.bg.squares))
		for _, q := range c.bg.squares {
			last.Bagged = append(last.Bagged, s.v.square(q))
			where = append(where, s.v.label(q))
		}
		last.Points = c.pts
		how := ar.say("how_bonus", msg.Number("Pips", c.pips), msg.Number("Bonus", c.pts-c.pips))
		if c.pts == c.pips {
			how = ar.say("how_pips")
		}
		// Past the target "32 of 21" reads wrong: the score is then said against its target.
		key := "ev_bag"
		if s.scores[s.turn] >= data.target {
			key = "ev_bag_target"
		}
		tell(ar.say(key, side, msg.Count("Leaves", len(c.bg.pieces)), colourArg("Colour", c.np.colour()),
			msg.Code("Squares", strings.Join(where, ", ")), msg.Number("Points", c.pts),
			msg.Nested("How", how), msg.Number("Score", s.scores[s.turn]), msg.Number("Target", data.target)))
	}
	s.prev, s.last = s.last, last
	if end := s.endTurn(&ar); end != nil {
		tell(end)
	}
	return evs
}

// endTurn ends the game if the mover reached the target, else passes the turn and ends the game
// if the next seat cannot move, returning the reason of an end. Its message is built in ar, or
// on its own for a quiet move (nil ar): once a game, for the result's reason.
func (s *state) endTurn(ar *arena) *msg.Message {
	say := say
	if ar != nil {
		say = ar.say
	}
	s.rederive()
	if s.scores[s.turn] >= data.target {
		s.finish(s.turn, say("res_wins", seatArg("Seat", s.turn), msg.Number("Points", s.scores[s.turn])))
		return s.result.ReasonMsg
	}
	s.turn = other(s.turn)
	if !s.hasLegalMove() {
		s.finish(other(s.turn), say("res_stuck", seatArg("Seat", s.turn)))
		return s.result.ReasonMsg
	}
	return nil
}

func (s *state) finish(winner rules.Seat, reason *msg.Message) {
	ranks := []int{2, 2}
	ranks[winner] = 1
	s.result = &rules.Result{Ranks: ranks, Scores: []int{s.scores[0], s.scores[1]}, ReasonMsg: reason}
	s.turn = rules.Spectator
	s.memo = evalMemo{}
}
