package reef

import (
	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// afterAction ends the game at once when no rock space is left for a polyp.
func (s *state) afterAction(me int, ev *events) {
	if s.Phase != phasePlay {
		return
	}
	if s.emptyRock() == 0 {
		s.finish(endNoRock, ev)
	}
}

// trigger starts the end: all coral tiles covered, or a parrotfish has eaten all its shrimps.
// The turn stops at once, and every other player in turn order gets a last turn to eat.
func (s *state) trigger(me int, reason *msg.Message, ev *events) {
	s.sendRockShrimpsHome(ev)
	s.T.Grow = NoColour
	s.EndReason = reason.English()
	s.Phase = phaseLast
	s.LastTurns = s.LastTurns[:0]
	for k := 1; k < s.Seats; k++ {
		s.LastTurns = append(s.LastTurns, (me+k)%s.Seats)
	}
	// The ending is told only when a last turn follows; otherwise the result line that closes the
	// game tells the reason, and the post said it once (play-test: the same reason three times).
	if ev.loud() && s.anyLastTurn() {
		ev.pub("ev_ending", nest("Reason", reason), num("Back", s.eatReturn()))
	}
	s.skipLastTurns(ev)
}

// anyLastTurn says whether a seat owed a last turn has a coral to eat in it.
func (s *state) anyLastTurn() bool {
	cm := s.corals()
	for _, seat := range s.LastTurns {
		if len(s.eatTargets(cm, seat)) > 0 {
			return true
		}
	}
	return false
}

// skipLastTurns passes over players who have nothing to eat (eating only removes corals, so a
// player with nothing now will have nothing later), and scores when nobody is left.
func (s *state) skipLastTurns(ev *events) {
	cm := s.corals()
	keep := s.LastTurns[:0]
	for _, seat := range s.LastTurns {
		if len(s.eatTargets(cm, seat)) == 0 {
			if ev.loud() {
				ev.pub("ev_nothing_to_eat", seatArg("Seat", seat), num("Min", data.MinEat))
			}
			continue
		}
		keep = append(keep, seat)
	}
	s.LastTurns = keep
	if len(s.LastTurns) == 0 {
		s.finish(reasonMsg(s.EndReason), ev)
		return
	}
	s.Turn = s.LastTurns[0]
}

func (s *state) nextLastTurn(ev *events) {
	s.LastTurns = s.LastTurns[1:]
	if len(s.LastTurns) == 0 {
		s.finish(reasonMsg(s.EndReason), ev)
		return
	}
	s.Turn = s.LastTurns[0]
}

// sendRockShrimpsHome: a shrimp never stays on bare rock once a turn is over.
func (s *state) sendRockShrimpsHome(ev *events) {
	for sq, sh := range s.Shrimp {
		if sh >= 0 && s.Polyp[sq] == NoColour {
			s.Shrimp[sq] = -1
			s.Players[sh].ShrimpsHome++
			if !ev.loud() {
				continue
			}
			ev.pub("ev_rock_home", seatArg("Seat", int(sh)), whereArg("Square", sq))
		}
	}
}

// ColourValue is what one polyp of colour c in a parrotfish scores: 1, plus 1 for each coral tile
// on which c is the stronger colour.
func (s *state) colourValue(c Colour) int {
	v := 1
	for t := range s.Tiles {
		if strong, _ := s.tileColours(t); strong == c {
			v++
		}
	}
	return v
}

func (s *state) score(me int) int {
	n := 0
	for c, k := range s.Players[me].Fish {
		n += k * s.colourValue(Colour(c))
	}
	return n
}

// tieBreak is a player's standing: score, then consumed polyps, larva cubes, polyps behind the
// screen, and polyps on the reef in corals guarded by the player's own shrimps.
func (s *state) tieBreak(cm *corals, me int) [5]int {
	p := &s.Players[me]
	guarded := 0
	for id := range cm.size {
		if int(cm.shrimp[id]) == me {
			guarded += cm.size[id]
		}
	}
	return [5]int{s.score(me), sum(p.Consumed[:]), sum(p.Cubes[:]), sum(p.Screen[:]), guarded}
}

func better(a, b [5]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return false
}

// Conclude reveals and scores every parrotfish in the views, as at the rules' own end, when the
// platform has ended the game (rules.Concluder).
func (s *state) Conclude() { s.Concluded = true }

// finish scores the game and reveals every parrotfish.
func (s *state) finish(reason *msg.Message, ev *events) {
	s.sendRockShrimpsHome(ev)
	s.T.Grow = NoColour
	s.Phase = phaseOver
	s.LastTurns = nil
	s.EndReason = reason.English()
	cm := s.corals()
	n := s.Seats
	stand := make([][5]int, n)
	scores := make([]int, n)
	for i := 0; i < n; i++ {
		stand[i] = s.tieBreak(cm, i)
		scores[i] = stand[i][0]
	}
	ranks := make([]int, n)
	for i := range ranks {
		ranks[i] = 1
		for j := range ranks {
			if better(stand[j], stand[i]) {
				ranks[i]++
			}
		}
	}
	s.Res = &rules.Result{Ranks: ranks, Scores: scores, ReasonMsg: reason}
	if !ev.loud() {
		return
	}
	vals := make([]*msg.Message, 0, NumColours)
	for _, c := range Colours {
		vals = append(vals, say("colour_value", colArg("Colour", c), num("Value", s.colourValue(c))))
	}
	// The reason is the result's (told by the result line), not this event's.
	ev.reveal("ev_over", nest("Values", commas(vals)))
	for i := 0; i < n; i++ {
		ev.reveal("ev_fish", seatArg("Seat", i), nest("Polyps", polypList(s.Players[i].Fish)), pointsArg("Points", scores[i]))
	}
	var win []*msg.Message
	for i, r := range ranks {
		if r == 1 {
			win = append(win, say("seat", seatArg("Seat", i)))
		}
	}
	if len(win) > 1 {
		ev.pub("ev_share", nest("Seats", joinList(win, "list_and")))
	} else {
		ev.pub("ev_wins", seatArg("Seat", win[0].Args[0].Int))
	}
}

// The reasons a game ends. EndReason keeps the English text in the snapshot; reasonMsg reads
// the message back from it, so a decoded game speaks every language too.
var (
	endNoRock = say("end_no_rock")
	endTiles  = say("end_tiles")
	endBag    = say("end_bag")
)

func endFedAll(me int) *msg.Message {
	return say("end_fed_all", seatArg("Seat", me), num("Shrimps", data.ShrimpsPerPlayer))
}

func endNoCube(c Colour) *msg.Message { return say("end_no_cube", colArg("Colour", c)) }

// reasonMsg is the message whose English is reason (any reason the engine writes).
func reasonMsg(reason string) *msg.Message {
	for _, m := range []*msg.Message{endNoRock, endTiles, endBag} {
		if m.English() == reason {
			return m
		}
	}
	for _, c := range Colours {
		if m := endNoCube(c); m.English() == reason {
			return m
		}
	}
	for seat := range seatNames {
		if m := endFedAll(seat); m.English() == reason {
			return m
		}
	}
	return say("token", code("Token", reason))
}
