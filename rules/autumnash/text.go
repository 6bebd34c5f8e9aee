package autumnash

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// Player-facing wording for prompts and refusals.

func (s *state) promptText() string {
	var cb [maxCells]int
	entry := len(s.appendEntryCorners(cb[:0])) > 0
	if sc := s.scores[s.turn]; sc >= 0 && sc < data.target {
		return prompts[s.turn][sc][boolIndex(entry)]
	}
	return promptFor(s.turn, s.scores[s.turn], entry)
}

// prompts[seat][score][entry] is every prompt of a running game, written once: Awaiting asks for
// one at every position of a playout.
var prompts = func() (t [2][][2]string) {
	for seat := range t {
		t[seat] = make([][2]string, data.target)
		for sc := range t[seat] {
			for e := range 2 {
				t[seat][sc][e] = promptFor(rules.Seat(seat), sc, e == 1)
			}
		}
	}
	return t
}()

// promptFor is what the seat to move is asked; the platform says whom it asks.
func promptFor(seat rules.Seat, score int, entry bool) string {
	t := "Move one of your leaves one or two steps"
	if entry {
		t += " (you may first enter a " + data.startColour[seat].String() + " leaf at a free corner)" // green, clear: "a"
	}
	return t + ". You have " + strconv.Itoa(score) + " of " + strconv.Itoa(data.target) + " points."
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// owned reads "your green pawn on B1" or "{seat:1}'s white drone on A3": refusals and labels
// speak to the seat to move.
func (s *state) owned(p piece, sq int) string {
	return s.whose(p) + " " + p.name() + " on " + s.v.label(sq)
}

// whose is "your" for a leaf of the seat to move, else its owner's possessive.
func (s *state) whose(p piece) string {
	if p.owner() == s.turn {
		return "your"
	}
	return rules.SeatRef(p.owner()) + "'s"
}

func (s *state) refusalText(f refusal) string {
	v := s.v
	switch f.kind {
	case refFar:
		return fmt.Sprintf("%s is out of reach: a leaf moves one or two steps orthogonally.", v.label(int(f.at)))
	case refOutside:
		if v.cols*v.rows > v.winCols*v.winRows {
			return fmt.Sprintf("%s would spread the leaves beyond a %dx%d field.", v.label(int(f.at)), v.winCols, v.winRows)
		}
		return fmt.Sprintf("%s is off the board.", v.label(int(f.at)))
	case refInWay:
		return fmt.Sprintf("%s is in the way: leaves never jump, and a leaf that caps must stop there.", s.owned(f.p, int(f.at)))
	case refCapSize:
		return fmt.Sprintf("A %s cannot cap %s: %s.", f.mover.size(), s.owned(f.p, int(f.at)), s.capRule(f.p.size()))
	case refPawnBlock:
		return fmt.Sprintf("%s is blocked: %s keeps queens out of the squares beside it.", v.label(int(f.at)), s.owned(f.p, int(f.by)))
	case refDroneBlock:
		return fmt.Sprintf("%s is blocked: %s stops drones and queens arriving head-on.", v.label(int(f.at)), s.owned(f.p, int(f.by)))
	case refCornerReturn:
		return fmt.Sprintf("A leaf that leaves the entry corner %s cannot come back to it on the same turn.", v.label(int(f.at)))
	}
	return "That move is not allowed."
}

// capRule reads "a pawn can be capped only by a pawn or a drone".
func (s *state) capRule(top Size) string {
	var by []string
	for z := Pawn; z <= Queen; z++ {
		if s.v.canCap[top][z] {
			by = append(by, z.String())
		}
	}
	if len(by) == 0 {
		return fmt.Sprintf("a %s can never be capped", top)
	}
	return fmt.Sprintf("a %s can be capped only by a %s", top, strings.Join(by, " or a "))
}

// whyNot explains why the leaf on from may not go to to.
func (s *state) whyNot(e entry, from, to int, ev *moveEval) string {
	b := s.boardWith(e)
	mover := b.top(from)
	r := reach(s.v, &b, s.wins, e.sq, from, to) // eval kept only the route
	if !r.ok {
		first := s.refusalText(r.refs[0])
		same := true
		for _, f := range r.refs[1:r.nrefs] {
			same = same && s.refusalText(f) == first
		}
		if same {
			return first
		}
		parts := []string{fmt.Sprintf("The %s on %s cannot reach %s by any route.", mover.name(), s.v.label(from), s.v.label(to))}
		for _, f := range r.refs[:r.nrefs] {
			if f.via >= 0 {
				parts = append(parts, fmt.Sprintf("Via %s: %s", s.v.label(int(f.via)), s.refusalText(f)))
			} else {
				parts = append(parts, s.refusalText(f))
			}
		}
		return strings.Join(parts, " ")
	}
	if ev.avail == 0 {
		if r.capped {
			return fmt.Sprintf("Capping turns the leaf into %s, and you have no %s left.", newPiece(ev.next, Pawn).aName(), newPiece(ev.next, Pawn).name())
		}
		return fmt.Sprintf("The %s must turn %s, and you have no %s leaf left.", mover.name(), ev.next, ev.next)
	}
	return fmt.Sprintf("Moving the %s on %s to %s would leave %s without a legal move, which the rules forbid.",
		mover.name(), s.v.label(from), s.v.label(to), rules.SeatRef(other(s.turn)))
}
