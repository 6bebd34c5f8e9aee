package autumnash

import (
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Player-facing wording for prompts and refusals: messages of the catalogue (msgs.go).

// prompt is a prompt's message, built once.
type prompt struct {
	msg *msg.Message
}

func (s *state) promptMsg() prompt {
	var cb [maxCells]int
	corners := s.appendEntryCorners(cb[:0])
	entry := len(corners) > 0
	if entry && s.v.cols*s.v.rows > s.v.winCols*s.v.winRows && s.b.empty() {
		// Unsettled's empty chessboard shows no corners: the first prompt names where a leaf
		// may enter (issue #40).
		return s.firstPrompt(corners)
	}
	if sc := s.scores[s.turn]; sc >= 0 && sc < data.target {
		return prompts[s.turn][sc][boolIndex(entry)]
	}
	return promptFor(s.turn, s.scores[s.turn], entry)
}

// prompts[seat][score][entry] is every prompt of a running game, written once: Awaiting asks for
// one at every position of a playout.
var prompts = func() (t [2][][2]prompt) {
	for seat := range t {
		t[seat] = make([][2]prompt, data.target)
		for sc := range t[seat] {
			for e := range 2 {
				t[seat][sc][e] = promptFor(rules.Seat(seat), sc, e == 1)
			}
		}
	}
	return t
}()

// promptFor is what the seat to move is asked; the platform says whom it asks.
func promptFor(seat rules.Seat, score int, entry bool) prompt {
	pts := []msg.Arg{msg.Number("Score", score), msg.Number("Target", data.target)}
	m := say("prompt", pts...)
	if entry {
		m = say("prompt_entry", append(pts, colourArg("Colour", data.startColour[seat]))...)
	}
	return prompt{msg: m}
}

// firstPrompt asks for the first move on an empty board, naming the entry squares: whole ranks
// ("1, 2, 3, 6, 7, 8") when they are whole ranks, else the squares themselves.
func (s *state) firstPrompt(corners []int) prompt {
	pts := []msg.Arg{msg.Number("Score", s.scores[s.turn]), msg.Number("Target", data.target), colourArg("Colour", data.startColour[s.turn])}
	field := msg.Code("Field", strconv.Itoa(s.v.winCols)+"x"+strconv.Itoa(s.v.winRows))
	perRow := make([]int, s.v.rows)
	for _, c := range corners {
		perRow[c/s.v.cols]++
	}
	var ranks []string
	whole := true
	for r, n := range perRow {
		switch n {
		case s.v.cols:
			ranks = append(ranks, strconv.Itoa(r+1))
		case 0:
		default:
			whole = false
		}
	}
	if whole {
		return prompt{msg: say("prompt_first_ranks", append(pts, field, msg.Code("Ranks", strings.Join(ranks, ", ")))...)}
	}
	names := make([]string, len(corners))
	for i, c := range corners {
		names[i] = s.v.label(c)
	}
	return prompt{msg: say("prompt_first_squares", append(pts, field, msg.Code("Squares", strings.Join(names, ", ")))...)}
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// owned reads "your green pawn on B1" or "{seat:1}'s white drone on A3": refusals and labels
// speak to the seat to move.
func (s *state) owned(p piece, sq int) *msg.Message {
	return say("piece_on", msg.Nested("Leaf", s.whose(p)), s.sqArg("Square", sq))
}

// whose is "your green pawn" for a leaf of the seat to move, else "{seat:1}'s green pawn".
func (s *state) whose(p piece) *msg.Message {
	if p.owner() == s.turn {
		return say("your_piece", pieceArg("Piece", p))
	}
	return say("seat_piece", seatArg("Seat", p.owner()), pieceArg("Piece", p))
}

func (s *state) refusalText(f refusal) *msg.Message {
	v := s.v
	at := s.sqArg("Square", int(f.at))
	switch f.kind {
	case refFar:
		return say("ref_far", at)
	case refOutside:
		if v.cols*v.rows > v.winCols*v.winRows {
			return say("ref_outside_field", at, msg.Code("Field", strconv.Itoa(v.winCols)+"x"+strconv.Itoa(v.winRows)))
		}
		return say("ref_outside", at)
	case refInWay:
		return say("ref_in_way", msg.Nested("Leaf", s.owned(f.p, int(f.at))))
	case refCapSize:
		return say("ref_cap_size", sizeArg("Size", f.mover.size()), msg.Nested("Leaf", s.owned(f.p, int(f.at))), msg.Nested("Rule", s.capRule(f.p.size())))
	case refPawnBlock:
		return say("ref_pawn_block", at, msg.Nested("Leaf", s.owned(f.p, int(f.by))))
	case refDroneBlock:
		return say("ref_drone_block", at, msg.Nested("Leaf", s.owned(f.p, int(f.by))))
	case refCornerReturn:
		return say("ref_corner_return", at)
	}
	return say("ref_not_allowed")
}

// capRule reads "a pawn can be capped only by a pawn or a drone".
func (s *state) capRule(top Size) *msg.Message {
	var by []Size
	for z := Pawn; z <= Queen; z++ {
		if s.v.canCap[top][z] {
			by = append(by, z)
		}
	}
	switch len(by) {
	case 0:
		return say("cap_never", sizeArg("Size", top))
	case 1:
		return say("cap_by1", sizeArg("Size", top), sizeArg("By", by[0]))
	case 2:
		return say("cap_by2", sizeArg("Size", top), sizeArg("By", by[0]), sizeArg("Or", by[1]))
	}
	return say("cap_by3", sizeArg("Size", top), sizeArg("By", by[0]), sizeArg("Or", by[1]), sizeArg("Or2", by[2]))
}

// whyNot explains why the leaf on from may not go to to.
func (s *state) whyNot(e entry, from, to int, ev *moveEval) *msg.Message {
	b := s.boardWith(e)
	mover := b.top(from)
	r := reach(s.v, &b, s.wins, e.sq, from, to) // eval kept only the route
	if !r.ok {
		first := s.refusalText(r.refs[0])
		same := true
		for _, f := range r.refs[1:r.nrefs] {
			same = same && s.refusalText(f).English() == first.English()
		}
		if same {
			return first
		}
		parts := []*msg.Message{say("ref_no_route", pieceArg("Piece", mover), s.sqArg("From", from), s.sqArg("To", to))}
		for _, f := range r.refs[:r.nrefs] {
			if f.via >= 0 {
				parts = append(parts, say("ref_via", s.sqArg("Square", int(f.via)), msg.Nested("Why", s.refusalText(f))))
			} else {
				parts = append(parts, s.refusalText(f))
			}
		}
		return sentences(parts)
	}
	if ev.avail == 0 {
		if r.capped {
			return say("ref_cap_none_left", pieceArg("Piece", newPiece(ev.next, Pawn)))
		}
		return say("ref_turn_none_left", pieceArg("Piece", mover), colourArg("Colour", ev.next))
	}
	return say("ref_stalemate_move", pieceArg("Piece", mover), s.sqArg("From", from), s.sqArg("To", to), seatArg("Seat", other(s.turn)))
}

// sentences joins messages that are sentences, with a space.
func sentences(parts []*msg.Message) *msg.Message {
	m := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		m = say("two_sentences", msg.Nested("First", parts[i]), msg.Nested("Second", m))
	}
	return m
}

// sizeList is the size tokens a player may type, or the word for none.
func sizeList(name string, zs []Size) msg.Arg {
	names := make([]string, len(zs))
	for i, z := range zs {
		names[i] = z.String()
	}
	if len(names) == 0 {
		return msg.Term(name, "none")
	}
	return msg.Code(name, strings.Join(names, ", "))
}

// promptText is the English prompt of the seat to move.
func (s *state) promptText() string { return s.promptMsg().msg.English() }
