package reef

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// walker reads a move token by token against the options of each level of the choice tree.
// When the move runs out, short is set and next holds the options for the following token.
type walker struct {
	m     rules.Move
	i     int
	short bool
	next  []rules.Choice
	err   error
	// bare: err only lists the tokens (no rule explained it), so tree rewrites it with labels.
	bare bool
	// quiet: no labels are wanted (ChoiceTokens). draw: when the move runs out, a token is drawn
	// from draw instead, so a random move is built in one walk (RandomMoveFrom).
	quiet bool
	draw  *rand.Rand
}

// listing reports whether the move ends at the current level, so its options will be returned
// and need labels; when only checking a move, labels are never built.
func (w *walker) listing() bool {
	return w.err == nil && !w.short && w.i >= len(w.m) && !w.quiet && w.draw == nil
}

// pick offers opts at the current level. It returns the move's token there when it is one of
// them; otherwise it records either the options (move too short) or the refusal.
func (w *walker) pick(opts []rules.Choice, why func(tok string) *msg.Message) (string, bool) {
	if w.err != nil || w.short {
		return "", false
	}
	if w.i >= len(w.m) && w.draw != nil && len(opts) > 0 {
		// The same draw rules.RandomMove makes from these options.
		w.m = append(w.m, opts[w.draw.IntN(len(opts))].Token)
	}
	if w.i >= len(w.m) {
		w.short, w.next = true, opts
		return "", false
	}
	tok := w.m[w.i]
	for _, o := range opts {
		if o.Token == tok {
			w.i++
			return tok, true
		}
	}
	var reason *msg.Message
	if why != nil {
		reason = why(tok)
	}
	if reason == nil {
		reason, w.bare = notAChoice(tok, opts), true
	}
	w.err = illegal(reason)
	return "", false
}

func notAChoice(tok string, opts []rules.Choice) *msg.Message {
	var b strings.Builder
	more := code("More", "")
	for i, o := range opts {
		if i == 10 {
			more = nest("More", say("in_all", num("N", len(opts))))
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(o.Token)
	}
	return say("bad_choice", code("Token", strconv.Quote(tok)), code("Tokens", b.String()), more)
}

// squarePicker reads a square as three tokens (board, column, row) among sqs. The board level can
// share its menu with other tokens (extra), so the caller picks that level itself with boardLevel.
type squarePicker struct {
	sqs   []int
	label func(sq int) *msg.Message // label of a square at the row level
	why   func(sq int) *msg.Message // why a square that exists is not among sqs
	what  *msg.Message              // what is being placed, for refusals: "a white polyp"
}

var boardTokens = [4]string{"1", "2", "3", "4"}

func (p squarePicker) boards(w *walker) []rules.Choice {
	out := make([]rules.Choice, 0, 4)
	last := -1
	for _, sq := range p.sqs { // sqs are ascending, so boards come in order
		if b := sq / perBoard; b != last {
			last = b
			c := rules.Choice{Token: boardTokens[b]}
			if w.listing() {
				c = choice(boardTokens[b], boardLabels[b])
			}
			out = append(out, c)
		}
	}
	return out
}

// whyBoard explains a board token that is not offered.
func (p squarePicker) whyBoard(s *state, tok string) *msg.Message {
	b, err := strconv.Atoi(tok)
	if err != nil || b < 1 || b > len(s.Layouts) {
		var boards []string
		last := -1
		for _, sq := range p.sqs {
			if sq/perBoard != last {
				last = sq / perBoard
				boards = append(boards, boardTokens[last])
			}
		}
		if len(boards) == 0 {
			return say("bad_no_space", nest("What", p.what))
		}
		return say("bad_board", code("Token", strconv.Quote(tok)), nest("What", p.what), code("Example", boards[0]+" c 4"), code("Boards", strings.Join(boards, ", ")))
	}
	return say("bad_board_full", num("Board", b), nest("What", p.what))
}

// rest reads column and row once the board token (1-based) is known.
func (p squarePicker) rest(w *walker, s *state, board int) (int, bool) {
	if sq, ok := w.peekSquare(s, w.i-1); ok && !containsInt(p.sqs, sq) {
		w.err = illegal(p.why(sq))
		return 0, false
	}
	b := board - 1
	var cols []rules.Choice
	seen, only := [Cols]int{}, [Cols]int{}
	for _, sq := range p.sqs {
		if sq/perBoard == b {
			seen[sq%perBoard%Cols]++
			only[sq%perBoard%Cols] = sq
		}
	}
	for c := 0; c < Cols; c++ {
		if seen[c] > 0 {
			ch := rules.Choice{Token: colTokens[c : c+1]}
			switch {
			case w.listing() && seen[c] == 1:
				// One square in the column: the menu plays its row at once, so it tells that
				// square's effect ("E1 on board 1: start a new orange coral").
				ch = choice(ch.Token, p.label(only[c]))
			case w.listing():
				ch = choice(ch.Token, say("lb_column", code("Column", string(rune('A'+c))), num("Board", board)))
			}
			cols = append(cols, ch)
		}
	}
	ct, ok := w.pick(cols, func(tok string) *msg.Message {
		if len(tok) == 1 && tok[0] >= 'a' && tok[0] < 'a'+Cols {
			return say("bad_column_full", code("Column", strings.ToUpper(tok)), num("Board", board), nest("What", p.what))
		}
		return say("bad_column", code("Token", strconv.Quote(tok)), num("Board", board), nest("What", p.what), nest("Columns", tokenList(cols)))
	})
	if !ok {
		return 0, false
	}
	c := int(ct[0] - 'a')
	var rows []rules.Choice
	for _, sq := range p.sqs {
		if sq/perBoard == b && sq%perBoard%Cols == c {
			r := sq % perBoard / Cols
			ch := rules.Choice{Token: rowTokens[r : r+1]}
			if w.listing() {
				ch = choice(ch.Token, p.label(sq))
			}
			rows = append(rows, ch)
		}
	}
	rt, ok := w.pick(rows, func(tok string) *msg.Message {
		r, err := strconv.Atoi(tok)
		if err != nil || r < 1 || r > Rows {
			return say("bad_row", code("Token", strconv.Quote(tok)), num("Max", Rows), code("Column", string(rune('A'+c))), num("Board", board), nest("What", p.what), nest("Rows", tokenList(rows)))
		}
		return p.why(b*perBoard + (r-1)*Cols + c)
	})
	if !ok {
		return 0, false
	}
	r, _ := strconv.Atoi(rt)
	return b*perBoard + (r-1)*Cols + c, true
}

// peekSquare reads the square written from token k on without consuming it, so a refusal can
// name the very square the player meant.
func (w *walker) peekSquare(s *state, k int) (int, bool) {
	if k+3 > len(w.m) {
		return 0, false
	}
	b, err1 := strconv.Atoi(w.m[k])
	r, err2 := strconv.Atoi(w.m[k+2])
	c := w.m[k+1]
	if err1 != nil || err2 != nil || b < 1 || b > len(s.Layouts) || r < 1 || r > Rows || len(c) != 1 || c[0] < 'a' || c[0] >= 'a'+Cols {
		return 0, false
	}
	return (b-1)*perBoard + (r-1)*Cols + int(c[0]-'a'), true
}

const (
	colTokens = "abcdefg"
	rowTokens = "123456"
)

// square reads a whole square (board, column, row).
func (p squarePicker) square(w *walker, s *state) (int, bool) {
	if sq, ok := w.peekSquare(s, w.i); ok && !containsInt(p.sqs, sq) {
		w.err = illegal(p.why(sq))
		return 0, false
	}
	bt, ok := w.pick(p.boards(w), func(tok string) *msg.Message { return p.whyBoard(s, tok) })
	if !ok {
		return 0, false
	}
	b, _ := strconv.Atoi(bt)
	return p.rest(w, s, b)
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// tokenList writes the tokens of cs: "a, c or d".
func tokenList(cs []rules.Choice) *msg.Message {
	parts := make([]*msg.Message, len(cs))
	for i, c := range cs {
		parts[i] = token(c.Token)
	}
	return orList(parts)
}

var boardLabels = [4]*msg.Message{say("lb_board", num("N", 1)), say("lb_board", num("N", 2)), say("lb_board", num("N", 3)), say("lb_board", num("N", 4))}
