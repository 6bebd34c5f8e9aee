package reef

import (
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// afterAction ends the game at once when no rock space is left for a polyp.
func (s *state) afterAction(me int, ev *events) {
	if s.Phase != phasePlay {
		return
	}
	if s.emptyRock() == 0 {
		s.finish("No rock space is left for a polyp", ev)
	}
}

// trigger starts the end: all coral tiles covered, or a parrotfish has eaten all its shrimps.
// The turn stops at once, and every other player in turn order gets a last turn to eat.
func (s *state) trigger(me int, reason string, ev *events) {
	s.sendRockShrimpsHome(ev)
	s.T.Grow = NoColour
	s.EndReason = reason
	s.Phase = phaseLast
	s.LastTurns = s.LastTurns[:0]
	for k := 1; k < s.Seats; k++ {
		s.LastTurns = append(s.LastTurns, (me+k)%s.Seats)
	}
	ev.pub("%s: the game is ending. Every other player has one last turn, in which the parrotfish may eat one coral (%d polyps go back to the bag).",
		reason, s.eatReturn())
	s.skipLastTurns(ev)
}

// skipLastTurns passes over players who have nothing to eat (eating only removes corals, so a
// player with nothing now will have nothing later), and scores when nobody is left.
func (s *state) skipLastTurns(ev *events) {
	cm := s.corals()
	keep := s.LastTurns[:0]
	for _, seat := range s.LastTurns {
		if len(s.eatTargets(cm, seat)) == 0 {
			ev.pub("%s has no guarded coral of %d or more polyps to eat.", who(seat), data.MinEat)
			continue
		}
		keep = append(keep, seat)
	}
	s.LastTurns = keep
	if len(s.LastTurns) == 0 {
		s.finish(s.EndReason, ev)
		return
	}
	s.Turn = s.LastTurns[0]
}

func (s *state) nextLastTurn(ev *events) {
	s.LastTurns = s.LastTurns[1:]
	if len(s.LastTurns) == 0 {
		s.finish(s.EndReason, ev)
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
			ev.pub("%s's shrimp on bare rock at %s goes back behind the screen.", who(int(sh)), sqWhere(sq))
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

// finish scores the game and reveals every parrotfish.
func (s *state) finish(reason string, ev *events) {
	s.sendRockShrimpsHome(ev)
	s.T.Grow = NoColour
	s.Phase = phaseOver
	s.LastTurns = nil
	s.EndReason = reason
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
	var vals []string
	for _, c := range Colours {
		vals = append(vals, fmt.Sprintf("%s %d", c, s.colourValue(c)))
	}
	ev.reveal("%s. The game is over. Each polyp in a parrotfish scores: %s.", reason, strings.Join(vals, ", "))
	for i := 0; i < n; i++ {
		ev.reveal("%s's parrotfish holds %s: %s.", who(i), polypList(s.Players[i].Fish), plural(scores[i], "point", "points"))
	}
	var win []string
	for i, r := range ranks {
		if r == 1 {
			win = append(win, who(i))
		}
	}
	verb := "wins"
	if len(win) > 1 {
		verb = "share the win"
	}
	ev.pub("%s %s.", strings.Join(win, " and "), verb)
	s.Res = &rules.Result{Ranks: ranks, Scores: scores, Reason: reason}
}
