package autumnash

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// The move tree, one token per real decision:
//
//	[corner [entry size]] from to [size]
//
// corner is a free entry corner (a leaf of the starting colour enters there first); the entry size
// is asked only when more than one size can enter and still lead to a legal move. from is the
// moving leaf's square, to its destination one or two steps away (the route is not asked: every
// legal route ends the same way). size is asked only when the leaf can become more than one size.

type stage uint8

const (
	stRoot stage = iota
	stEntrySize
	stFrom
	stTo
	stSize
	stDone
)

type node struct {
	stage    stage
	e        entry
	from, to int
	ev       *moveEval
	size     Size
	prev     string // the last token read, for messages
}

// walk reads partial token by token and returns where it stands in the tree, or why a token does
// not fit.
func (s *state) walk(m rules.Move) (node, error) {
	n := node{stage: stRoot, e: noEntry, from: -1, to: -1}
	for i := range m {
		if err := s.read(&n, m, i); err != nil {
			return n, err
		}
	}
	return n, nil
}

// read moves n on by the token m[i] (m is the whole move, for messages).
func (s *state) read(n *node, m rules.Move, i int) error {
	tok := m[i]
	var err error
	switch n.stage {
	case stRoot:
		err = s.readRoot(n, tok)
	case stEntrySize:
		err = s.readEntrySize(n, tok)
	case stFrom:
		err = s.readFrom(n, tok)
	case stTo:
		err = s.readTo(n, tok)
	case stSize:
		err = s.readSize(n, tok)
	default:
		m := say("bad_complete", msg.Code("Move", strconv.Quote(m[:len(m)-1].String())))
		if n.ev != nil && n.ev.sizes() == 1 {
			if _, ok := parseSizeToken(tok); ok {
				m = sentences([]*msg.Message{m, say("bad_size_not_asked", pieceArg("Piece", newPiece(n.ev.next, n.size)))})
			}
		}
		err = rules.Refuse(m)
	}
	if err != nil {
		return err
	}
	n.prev = tok
	return nil
}

func parseSizeToken(tok string) (Size, bool) {
	z, err := parseSize(strings.ToLower(tok))
	return z, err == nil
}

// badSquare explains a token that is not a square where the move needs one. A size in its place
// is the usual slip, and what it means depends on where in the move it came.
func (s *state) badSquare(n *node, tok string) error {
	z, isSize := parseSizeToken(tok)
	if !isSize {
		return refuse("bad_square", msg.Code("Token", strconv.Quote(tok)), msg.Code("Files", s.fileRange()), msg.Number("Rows", s.v.rows),
			msg.Code("Example", s.v.token(s.exampleFrom())))
	}
	sc := data.startColour[s.turn]
	switch n.stage {
	case stTo:
		m := say("bad_to_order", s.sqArg("Square", n.from), msg.Code("Token", strconv.Quote(tok)))
		for _, to := range s.v.near[n.from] {
			if ev := s.full(s.eval(n.e, n.from, int(to))); ev.mask&sizeBit(z) != 0 {
				ex := s.v.token(n.from) + " " + s.v.token(int(to))
				if ev.sizes() > 1 {
					ex += " " + z.String()
				}
				m = say("bad_to_order_like", s.sqArg("Square", n.from), msg.Code("Token", strconv.Quote(tok)), msg.Code("Example", ex))
				break
			}
		}
		if s.isFieldCorner(n.from) && n.e.sq < 0 {
			// Perhaps meant as an entry at that corner.
			return refuse("bad_corner_taken_by", s.sqArg("Square", n.from), msg.Nested("Leaf", s.whose(s.b.top(n.from))),
				msg.Nested("Corners", s.freeCornersText()), msg.Nested("Order", m))
		}
		return refuse("bad_to_order_alone", msg.Nested("Order", m))
	case stFrom:
		if len(s.entrySizes(n.e.sq)) == 1 {
			pa, at := pieceArg("Piece", newPiece(sc, n.e.size)), s.sqArg("Square", n.e.sq)
			mover := *n
			mover.from, mover.stage = n.e.sq, stTo
			if next := s.next(mover); len(next) > 0 {
				return refuse("bad_entry_only_like", pa, at, msg.Code("Example", s.v.token(n.e.sq)+" "+s.v.token(n.e.sq)+" "+next[0].Token))
			}
			return refuse("bad_entry_only", pa, at)
		}
		return refuse("bad_entry_sized", colourArg("Colour", sc), s.sqArg("Square", n.e.sq), pieceArg("Piece", newPiece(sc, n.e.size)))
	}
	corners := msg.Nested("Corners", s.freeCornersText())
	if cs := s.entryCorners(); len(cs) > 0 && slices.Contains(s.entrySizes(cs[0]), z) {
		return refuse("bad_size_first_like", pieceArg("Piece", newPiece(sc, z)), msg.Code("Example", s.v.token(cs[0])+" "+z.String()+" …"), corners)
	}
	return refuse("bad_size_first", pieceArg("Piece", newPiece(sc, z)), corners)
}

// isFieldCorner reports whether sq is a corner of a field holding every leaf: an entry point.
func (s *state) isFieldCorner(sq int) bool {
	for _, w := range s.wins {
		if w.isCorner(sq%s.v.cols, sq/s.v.cols) {
			return true
		}
	}
	return false
}

// freeCornersText names the free entry corners now, or why there are none.
func (s *state) freeCornersText() *msg.Message {
	sc := data.startColour[s.turn]
	if s.stashed(sc, Pawn)+s.stashed(sc, Drone)+s.stashed(sc, Queen) == 0 {
		return say("corners_none_left", colourArg("Colour", sc))
	}
	cs := s.entryCorners()
	if len(cs) == 0 {
		return say("corners_taken")
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = s.v.label(c)
	}
	if len(names) > 8 {
		// Not "…, C6, …." with two stops: the message says that the list is cut.
		return say("corners_free_first", msg.Number("Shown", 8), msg.Number("Count", len(names)), msg.Code("Squares", strings.Join(names[:8], ", ")))
	}
	return say("corners_free", msg.Code("Squares", strings.Join(names, ", ")))
}

func (s *state) readRoot(n *node, tok string) error {
	sq, ok := s.v.parseSquare(tok)
	if !ok {
		return s.badSquare(n, tok)
	}
	if !s.b.vacant(sq) {
		if err := s.checkMover(noEntry, sq); err != nil {
			if s.isFieldCorner(sq) {
				// Perhaps meant as an entry: say why that cannot be either.
				first := rules.IllegalMsg(err)
				if first == nil {
					return err
				}
				return refuse("bad_corner_taken", msg.Nested("Why", first), s.sqArg("Square", sq), msg.Nested("Corners", s.freeCornersText()))
			}
			return err
		}
		n.from, n.stage = sq, stTo
		return nil
	}
	if err := s.checkEntry(sq); err != nil {
		return err
	}
	n.e.sq = sq
	if zs := s.entrySizes(sq); len(zs) == 1 {
		n.e.size, n.stage = zs[0], stFrom
	} else {
		n.stage = stEntrySize
	}
	return nil
}

func (s *state) readEntrySize(n *node, tok string) error {
	z, ok := parseSizeToken(tok)
	if !ok {
		if sq, isSquare := s.v.parseSquare(tok); isSquare {
			// The usual slip: a move written without the entry (on an empty board, every move
			// starts with one).
			return refuse("bad_entry_needs_size", s.sqArg("Square", n.e.sq), colourArg("Colour", data.startColour[s.turn]), sizeList("Sizes", s.entrySizes(n.e.sq)),
				msg.Code("Example", s.v.token(n.e.sq)+" "+s.entrySizes(n.e.sq)[0].String()+" "+s.v.token(n.e.sq)+" "+s.v.token(sq)))
		}
		return refuse("bad_entry_size", msg.Code("Token", strconv.Quote(tok)), colourArg("Colour", data.startColour[s.turn]), sizeList("Sizes", s.entrySizes(n.e.sq)))
	}
	for _, ok := range s.entrySizes(n.e.sq) {
		if ok == z {
			n.e.size, n.stage = z, stFrom
			return nil
		}
	}
	p := newPiece(data.startColour[s.turn], z)
	if s.stashed(p.colour(), z) == 0 {
		return refuse("bad_entry_none_left", pieceArg("Piece", p))
	}
	return refuse("bad_entry_stuck", pieceArg("Piece", p), s.sqArg("Square", n.e.sq))
}

func (s *state) readFrom(n *node, tok string) error {
	sq, ok := s.v.parseSquare(tok)
	if !ok {
		return s.badSquare(n, tok)
	}
	if err := s.checkMover(n.e, sq); err != nil {
		return err
	}
	n.from, n.stage = sq, stTo
	return nil
}

func (s *state) readTo(n *node, tok string) error {
	sq, ok := s.v.parseSquare(tok)
	if !ok {
		return s.badSquare(n, tok)
	}
	ev := s.full(s.eval(n.e, n.from, sq))
	if ev.mask == 0 {
		return rules.Refuse(s.whyNot(n.e, n.from, sq, ev))
	}
	n.to, n.ev = sq, ev
	if ev.sizes() == 1 {
		n.size, n.stage = ev.only(), stDone
	} else {
		n.stage = stSize
	}
	return nil
}

func (s *state) readSize(n *node, tok string) error {
	z, ok := parseSizeToken(tok)
	if !ok {
		// Name what was typed when it is a word of the game that is not a size (a colour: the
		// leaf's colour follows from its move, it is never chosen).
		if isColourWord(tok) {
			return refuse("bad_size_colour", msg.Code("Token", strconv.Quote(tok)), sizeList("Sizes", maskSizes(n.ev.mask)))
		}
		if sq, ok := s.v.parseSquare(tok); ok {
			// The route as the board prints it ("d6 c6 c5"): a move names only where it ends.
			return refuse("bad_size_square", msg.Code("Token", strconv.Quote(tok)),
				msg.Code("Example", s.v.token(n.from)+" "+s.v.token(sq)), sizeList("Sizes", maskSizes(n.ev.mask)))
		}
		return refuse("bad_size_word", msg.Code("Token", strconv.Quote(tok)), sizeList("Sizes", maskSizes(n.ev.mask)))
	}
	if n.ev.mask&sizeBit(z) != 0 {
		n.size, n.stage = z, stDone
		return nil
	}
	p := newPiece(n.ev.next, z)
	switch {
	case n.ev.reach.capped && z != Pawn:
		return refuse("bad_size_capping", pieceArg("Piece", p))
	case n.ev.stale&sizeBit(z) != 0:
		return refuse("bad_size_stalemate", pieceArg("Piece", p), seatArg("Seat", other(s.turn)))
	default:
		return refuse("bad_size_none_left", pieceArg("Piece", p))
	}
}

// checkEntry says whether an empty square may take an entering leaf.
func (s *state) checkEntry(sq int) error {
	isCorner := false
	for _, w := range s.wins {
		isCorner = isCorner || w.isCorner(sq%s.v.cols, sq/s.v.cols)
	}
	if !isCorner {
		if s.v.cols*s.v.rows > s.v.winCols*s.v.winRows {
			return refuse("bad_empty_not_corner", s.sqArg("Square", sq), msg.Code("Field", strconv.Itoa(s.v.winCols)+"x"+strconv.Itoa(s.v.winRows)))
		}
		return refuse("bad_empty_square", s.sqArg("Square", sq), colourArg("Colour", data.startColour[s.turn]))
	}
	sc := data.startColour[s.turn]
	if s.stashed(sc, Pawn)+s.stashed(sc, Drone)+s.stashed(sc, Queen) == 0 {
		return refuse("bad_corner_none_left", colourArg("Colour", sc), s.sqArg("Square", sq))
	}
	if len(s.entrySizes(sq)) == 0 {
		return refuse("bad_corner_stuck", s.sqArg("Square", sq))
	}
	return nil
}

// checkMover says whether the top leaf on sq (after the entry) may move this turn.
func (s *state) checkMover(e entry, sq int) error {
	if s.moversWith(e)&(1<<sq) != 0 && s.pieceHasMove(e, sq) {
		return nil // the usual answer, without building the board for the refusals below
	}
	b := s.boardWith(e)
	t := b.top(sq)
	switch {
	case t == 0 && e.sq >= 0:
		return refuse("bad_from_empty_entered", s.sqArg("Square", sq), pieceArg("Piece", b.top(e.sq)), s.sqArg("Entered", e.sq))
	case t == 0:
		return refuse("bad_from_empty", s.sqArg("Square", sq))
	case t.owner() != s.turn:
		return refuse("bad_from_not_yours", s.sqArg("Square", sq), msg.Nested("Leaf", s.whose(t)))
	case data.burnt[t.colour()]:
		return refuse("bad_from_burnt", pieceArg("Piece", t), s.sqArg("Square", sq))
	}
	next := data.next[t.colour()]
	if s.stashed(next, Pawn)+s.stashed(next, Drone)+s.stashed(next, Queen) == 0 {
		return refuse("bad_from_none_left", pieceArg("Piece", t), s.sqArg("Square", sq), colourArg("Colour", next))
	}
	if s.pieceHasMove(e, sq) {
		return nil
	}
	stale := false
	for _, to := range s.v.near[sq] {
		if s.full(s.eval(e, sq, int(to))).stale != 0 {
			stale = true
		}
	}
	if stale {
		return refuse("bad_from_stalemate", pieceArg("Piece", t), s.sqArg("Square", sq), seatArg("Seat", other(s.turn)))
	}
	return refuse("bad_from_stuck", pieceArg("Piece", t), s.sqArg("Square", sq))
}

// findPieceMove reports whether the leaf on from has a legal move after entry e, and one legal
// destination; first, when not -1, is tried before the others (pieceHasMove remembers the
// answer without entry).
func (s *state) findPieceMove(e entry, from, first int) (int, bool) {
	if first >= 0 && s.anyLegal(s.eval(e, from, first)) {
		return first, true
	}
	for _, to := range s.v.nearFirst[from] {
		if int(to) != first && s.anyLegal(s.eval(e, from, int(to))) {
			return int(to), true
		}
	}
	return -1, false
}

// entryCorners lists the free corners of the playfield(s), in board order, when the player has a
// leaf of the starting colour to enter.
func (s *state) entryCorners() []int {
	var buf [maxCells]int
	return slices.Clone(s.appendEntryCorners(buf[:0]))
}

// appendEntryCorners is entryCorners appended to out: a buffer on the caller's stack spares the
// menu and the checks an allocation.
func (s *state) appendEntryCorners(out []int) []int {
	sc := data.startColour[s.turn]
	if s.stashed(sc, Pawn)+s.stashed(sc, Drone)+s.stashed(sc, Queen) == 0 {
		return out
	}
	var seen [maxCells]bool
	for _, w := range s.wins {
		for _, c := range w.corners(s.v) {
			if s.b.vacant(c) {
				seen[c] = true
			}
		}
	}
	for i := 0; i < s.b.n(); i++ {
		if seen[i] {
			out = append(out, i)
		}
	}
	return out
}

// findEntrySizes is a bit per size that may enter at corner c and still lead to a legal move
// (entrySizes remembers its answer).
func (s *state) findEntrySizes(c int) uint8 {
	sc := data.startColour[s.turn]
	var out uint8
	for z := Pawn; z <= Queen; z++ {
		if s.stashed(sc, z) == 0 {
			continue
		}
		if s.anyMoveAfter(entry{sq: c, size: z}) {
			out |= sizeBit(z)
		}
	}
	return out
}

// anyMoveAfter reports whether some leaf has a legal move after entry e. Leaves known to have a
// move without the entry are asked first (an entry seldom takes it away), then the rest.
func (s *state) anyMoveAfter(e entry) bool {
	var known uint64
	for m := s.b.movers[s.turn]; m != 0; m &= m - 1 {
		if from := bits.TrailingZeros64(m); s.hasMove[from] >= moverFound {
			known |= 1 << from
		}
	}
	all := s.moversWith(e)
	for _, set := range [2]uint64{known, all &^ known} {
		for m := set; m != 0; m &= m - 1 {
			if s.pieceHasMove(e, bits.TrailingZeros64(m)) {
				return true
			}
		}
	}
	return false
}

// next lists the tokens that may follow node n.
func (s *state) next(n node) []rules.Choice { return s.nextChoices(n, true, nil) }

// nextChoices is next, with the labels only when asked: random play and search never read them.
// The list is appended to out[:0], so a caller that drops each list before asking for the next can
// keep one buffer.
func (s *state) nextChoices(n node, labels bool, out []rules.Choice) []rules.Choice {
	if out == nil {
		out = make([]rules.Choice, 0, 16)
	}
	out = out[:0]
	add := func(tok int, label func() *msg.Message) {
		c := rules.Choice{Token: s.v.token(tok)}
		if labels {
			c.Msg = label()
		}
		out = append(out, c)
	}
	switch n.stage {
	case stRoot:
		for m := s.b.movers[s.turn]; m != 0; m &= m - 1 {
			if from := bits.TrailingZeros64(m); s.pieceHasMove(noEntry, from) {
				add(from, func() *msg.Message { return say("lb_from", s.sqArg("Square", from), pieceArg("Piece", s.b.top(from))) })
			}
		}
		var cb [maxCells]int
		for _, c := range s.appendEntryCorners(cb[:0]) {
			if len(s.entrySizes(c)) > 0 {
				add(c, func() *msg.Message {
					return say("lb_enter_at", colourArg("Colour", data.startColour[s.turn]), s.sqArg("Square", c))
				})
			}
		}
	case stEntrySize:
		for _, z := range s.entrySizes(n.e.sq) {
			c := rules.Choice{Token: z.String()}
			if labels {
				c.Msg = say("lb_enter", pieceArg("Piece", newPiece(data.startColour[s.turn], z)))
			}
			out = append(out, c)
		}
	case stFrom:
		for m := s.moversWith(n.e); m != 0; m &= m - 1 {
			if from := bits.TrailingZeros64(m); s.pieceHasMove(n.e, from) {
				add(from, func() *msg.Message {
					b := s.boardWith(n.e)
					if from == n.e.sq {
						return say("lb_from_entered", s.sqArg("Square", from), pieceArg("Piece", b.top(from)))
					}
					return say("lb_from", s.sqArg("Square", from), pieceArg("Piece", b.top(from)))
				})
			}
		}
	case stTo:
		for _, to := range s.v.near[n.from] {
			ev := s.eval(n.e, n.from, int(to))
			if labels {
				ev = s.full(ev) // the label tells the sizes and a win
			}
			// anyLegal is full(ev).mask != 0, simulating only until one size is legal: a token
			// list needs no more, and readTo decides the rest for the destination chosen.
			if s.anyLegal(ev) {
				add(int(to), func() *msg.Message { return s.destLabel(n.e, n.from, int(to), ev) })
			}
		}
	case stSize:
		for _, z := range sizeLists[n.ev.mask] {
			c := rules.Choice{Token: z.String()}
			if labels {
				// A size ends the move: menus say its points and a win first (Gain), so the
				// label does not repeat them.
				bagging := msg.Code("Bag", "")
				if k, _ := s.bagPreview(n.ev, z); k > 0 {
					// The leaves bagged are of the colour the label just named.
					bagging = msg.Nested("Bag", say("lb_bagged_same", msg.Count("Leaves", k)))
				}
				c.Msg = say("lb_as", pieceArg("Piece", newPiece(n.ev.next, z)), bagging)
			}
			out = append(out, c)
		}
	}
	return out
}

func (s *state) destLabel(e entry, from, to int, ev *moveEval) *msg.Message {
	where := say("lb_to", s.sqArg("Square", to))
	if to == from {
		where = say("lb_back_to", s.sqArg("Square", to))
	} else if ev.reach.capped {
		where = say("lb_onto", s.sqArg("Square", to))
	}
	via, caps, becoming, bagging := msg.Code("Via", ""), msg.Code("Caps", ""), msg.Code("Becoming", ""), msg.Code("Bag", "")
	if ev.reach.via >= 0 {
		via = msg.Nested("Via", say("lb_via", s.sqArg("Square", ev.reach.via)))
	}
	if ev.reach.capped {
		bb := s.boardWith(e)
		t := bb.top(to)
		if to == from {
			t = bb.second(to)
		}
		// The colour says whose leaf it is (the two autumns share none), so a label leaves the
		// owner out: it must fit a menu line.
		caps = msg.Nested("Caps", say("lb_caps", pieceArg("Leaf", t)))
		if t.owner() == s.turn {
			caps = msg.Nested("Caps", say("lb_caps_own", pieceArg("Leaf", t)))
		}
	}
	if ev.sizes() == 1 {
		becoming = msg.Nested("Becoming", say("lb_becoming", pieceArg("Piece", newPiece(ev.next, ev.only()))))
	}
	// What it bags. Its points and a win start the menu line (Gain: the move's own, or the best
	// of a destination whose size is still to choose), so the label does not repeat them.
	for _, z := range maskSizes(ev.mask) {
		if n, _ := s.bagPreview(ev, z); n > 0 {
			bagging = msg.Nested("Bag", say("lb_bagged", msg.Count("Leaves", n), colourArg("Colour", ev.next)))
			if ev.sizes() == 1 { // "becoming a black pawn" named the colour already
				bagging = msg.Nested("Bag", say("lb_bagged_same", msg.Count("Leaves", n)))
			}
		}
	}
	return say("lb_dest", msg.Nested("Where", where), via, caps, becoming, bagging)
}

// bagPreview is what the move of ev with the leaf becoming size z would bag: how many leaves, for
// how many points. Only labels ask, so it plays the move on a copy of the board.
func (s *state) bagPreview(ev *moveEval, z Size) (leaves, points int) {
	b := s.boardWith(ev.e)
	b.pop(ev.from)
	b.push(ev.to, newPiece(ev.next, z))
	var bg bagged
	points = bag(s.v, &b, ev.to, ev.next, &bg)
	return len(bg.pieces), points
}

func maskSizes(m uint8) []Size {
	var out []Size
	for z := Pawn; z <= Queen; z++ {
		if m&sizeBit(z) != 0 {
			out = append(out, z)
		}
	}
	return out
}

func (s *state) fileRange() string {
	return fmt.Sprintf("a-%c", 'a'+s.v.cols-1)
}

// exampleFrom picks a square for messages: one of the mover's leaves, else a1.
func (s *state) exampleFrom() int {
	for i := 0; i < s.b.n(); i++ {
		if movable(&s.b, i, s.turn) {
			return i
		}
	}
	return 0
}

// isColourWord reports whether tok names a leaf colour.
func isColourWord(tok string) bool {
	return slices.Contains(colourNames[:], strings.ToLower(tok))
}
