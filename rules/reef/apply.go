package reef

import (
	"slices"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Choices answers the choice tree.
func (s *state) Choices(seat rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	_, next, complete, err := s.tree(seat, partial)
	return next, complete, err
}

// articles mends "a orange" into "an orange", for a label that has no message (none of the
// engine's: their colour terms have their article).
func articles(s string) string {
	if !strings.Contains(s, "a orange") && !strings.Contains(s, "A orange") {
		return s
	}
	return anOrange.Replace(s)
}

var anOrange = strings.NewReplacer("a orange", "an orange", "A orange", "An orange")

// Apply plays a complete path of the choice tree. The tree checks the whole move first, and exec
// cannot fail, so the move is carried out on the state itself (views copy what they show). A
// move RandomMoveFrom just drew on this state was checked by that walk and is not walked again.
func (s *state) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	ev := &events{}
	if err := s.apply(seat, m, ev); err != nil {
		return nil, err
	}
	return ev.list, nil
}

// ApplyQuiet is Apply without events and without the image's note and turn marks
// (rules.QuietApplier, for the search and the greedy player, which read none of them): the same
// refusals and the same state, the note left empty and the turn marks as they were. Building the messages and their English was a third of a move's cost.
func (s *state) ApplyQuiet(seat rules.Seat, m rules.Move) error {
	ev := events{quiet: true}
	return s.apply(seat, m, &ev)
}

func (s *state) apply(seat rules.Seat, m rules.Move, ev *events) error {
	st, drawn := s.drawnStep(seat, m)
	if !drawn {
		var next []rules.Choice
		var complete bool
		var err error
		if st, next, complete, err = s.tree(seat, m); err != nil {
			return err
		}
		if !complete {
			return illegal(say("bad_incomplete", code("Move", strconv.Quote(m.String())), nest("Next", offer(next))))
		}
	}
	if s.memo != nil {
		s.memo.drawn.Store(nil) // the state changes: the drawn move is spent
	}
	s.exec(int(seat), st, ev)
	return nil
}

// events collects what a move says, publicly or to one seat. A quiet one (ApplyQuiet) collects
// nothing, and the moves ask loud before building a message, its arguments or the note.
type events struct {
	list  []rules.Event
	quiet bool
}

// loud says whether the move's texts are wanted.
func (e *events) loud() bool { return !e.quiet }

func (e *events) pub(id string, a ...msg.Arg) {
	e.list = append(e.list, rules.Say(say(id, a...)))
}

// shows marks the latest event as showing seat's own hidden colours (rules.Event.Shows): a
// larva cube or a parrotfish polyp from behind its screen, news to the others only.
func (e *events) shows(seat int) {
	e.list[len(e.list)-1].Shows = []rules.Seat{rules.Seat(seat)}
}

// run is a public event of seat's of a kind that can repeat many times in one turn (shrimp moves,
// polyps laid).
func (e *events) run(seat int, kind, id string, a ...msg.Arg) {
	ev := rules.Say(say(id, a...))
	ev.Kind = kind
	e.list = append(e.list, ev)
}

func (e *events) reveal(id string, a ...msg.Arg) {
	ev := rules.Say(say(id, a...))
	ev.Reveals = true
	e.list = append(e.list, ev)
}

func (e *events) to(seat int, id string, a ...msg.Arg) {
	ev := rules.Say(say(id, a...))
	ev.To = []rules.Seat{rules.Seat(seat)}
	e.list = append(e.list, ev)
}

// note sets the view's few words on the latest move, as a message and its English.
func (s *state) note(id string, args ...msg.Arg) {
	s.NoteMsg = say(id, args...)
	s.Note = s.NoteMsg.English()
}

// exec carries out a step the tree accepted.
func (s *state) exec(me int, st step, ev *events) {
	s.Marks, s.Note, s.NoteMsg = nil, "", nil
	p := &s.Players[me]
	switch st.kind {
	case kSetup:
		s.execSetup(me, st, ev)
		return
	case kPass:
		s.recent(me, ev)
		if ev.loud() {
			ev.pub("ev_pass", seatArg("Seat", me))
			s.note("note_pass", seatArg("Seat", me))
		}
		s.nextLastTurn(ev)
		return
	case kEat:
		wasLast := s.Phase == phaseLast
		s.execEat(me, st.sq, ev)
		if wasLast {
			s.nextLastTurn(ev)
			return
		}
	case kGrow:
		p.Cubes[st.col]--
		s.CubeSupply[st.col]++
		s.openLarva(st.col)
		if ev.loud() {
			// The play's own line tells it with its polyps (or that none was laid).
			ev.pub("ev_grow", seatArg("Seat", me), colArg("Colour", st.col))
			ev.shows(me)
			ev.list[len(ev.list)-1].Detail = true
			s.Line = playLine{}
			s.note("note_grow", seatArg("Seat", me), colArg("Colour", st.col))
		}
	case kTrade:
		p.Consumed[st.col]--
		s.Bag[st.col]++
		s.T.Traded = true
		// The cube comes from the supply and goes straight back when it is used.
		if st.then == kGrow {
			s.openLarva(st.col)
			if ev.loud() {
				s.Line = playLine{}
				ev.pub("ev_trade_grow", seatArg("Seat", me), colArg("Colour", st.col))
				ev.shows(me)
				s.note("note_trade_cube", seatArg("Seat", me), colArg("Colour", st.col))
			}
		} else {
			// The consumed polyp has just gone into the bag, so the bag holds one of its colour.
			from, _ := s.buy(me, st.col)
			if ev.loud() {
				ev.pub("ev_trade_buy", seatArg("Seat", me), colArg("Colour", st.col), nest("From", from))
				s.note("note_trade_polyp", seatArg("Seat", me), colArg("Colour", st.col))
			}
		}
	case kBuy:
		if from, ok := s.buy(me, st.col); ok {
			p.Cubes[st.col]--
			s.CubeSupply[st.col]++
			if ev.loud() {
				ev.pub("ev_buy", seatArg("Seat", me), colArg("Colour", st.col), nest("From", from))
				s.note("note_buy", seatArg("Seat", me), colArg("Colour", st.col))
			}
		} else if ev.loud() {
			// As at the table: the bag is searched in front of everyone, and the trade is
			// the turn's action 8 whether or not a polyp was found.
			ev.reveal("ev_buy_none", seatArg("Seat", me), colArg("Colour", st.col))
			s.note("note_buy_none", seatArg("Seat", me), colArg("Colour", st.col))
		}
	case kAlga:
		s.execAlga(me, st, ev)
	case kAdd:
		p.ShrimpsHome--
		s.Shrimp[st.sq] = int8(me)
		s.T.arrive(st.sq, true)
		s.T.Introduced = true
		s.Marks = append(s.Marks, st.sq)
		if r := s.recent(me, ev); r != nil {
			r.Shrimps = append(r.Shrimps, [2]int{-1, st.sq})
		}
		if ev.loud() {
			ev.pub("ev_add", seatArg("Seat", me), whereArg("Square", st.sq), nest("Coral", s.coralText(s.corals(), st.sq)))
			s.note("note_add", seatArg("Seat", me), whereArg("Square", st.sq))
		}
	case kShrimp:
		if ev.loud() && s.T.Grow != NoColour {
			s.tellPlay(me, s.T.Grow, ev) // the polyps laid before the move, in their place
		}
		s.Shrimp[st.sq] = -1
		s.Marks = append(s.Marks, st.sq)
		s.T.arrive(st.sq, false)
		if st.to >= 0 {
			s.T.arrive(st.to, true)
		}
		if r := s.recent(me, ev); r != nil {
			r.Shrimps = append(r.Shrimps, [2]int{st.sq, st.to})
		}
		if st.to < 0 {
			p.ShrimpsHome++
			if ev.loud() {
				ev.run(me, "shrimp", "ev_shrimp_home", seatArg("Seat", me), whereArg("Square", st.sq))
				s.note("note_home", seatArg("Seat", me), whereArg("Square", st.sq))
			}
		} else {
			s.Shrimp[st.to] = int8(me)
			s.Marks = append(s.Marks, st.to)
			if !ev.loud() {
				break
			}
			if s.Polyp[st.to] != NoColour {
				ev.run(me, "shrimp", "ev_shrimp_coral", seatArg("Seat", me), nest("Route", fromToMsg(st.sq, st.to)), nest("Coral", s.coralText(s.corals(), st.to)))
			} else {
				ev.run(me, "shrimp", "ev_shrimp_rock", seatArg("Seat", me), nest("Route", fromToMsg(st.sq, st.to)))
			}
			s.note("note_shrimp", seatArg("Seat", me), nest("Route", fromToMsg(st.sq, st.to)))
		}
	case kPlace:
		s.execPlace(me, st, ev)
	case kDone:
		if ev.loud() {
			told := s.Line.Told || len(s.Line.Lays) > 0
			s.tellPlay(me, s.T.Grow, ev)
			if !told {
				ev.pub("ev_grow_nothing", seatArg("Seat", me), colArg("Colour", s.T.Grow))
			}
			ev.pub("ev_done", seatArg("Seat", me), colArg("Colour", s.T.Grow))
			ev.list[len(ev.list)-1].Detail = true
			s.note("note_done", seatArg("Seat", me), colArg("Colour", s.T.Grow))
		}
		s.T.Grow = NoColour
	case kTake:
		s.execTake(me, st.col, ev)
		return
	}
	s.T.Started = true
	s.afterAction(me, ev)
}

// openLarva starts a larva play of colour c (actions 2 and 3).
func (s *state) openLarva(c Colour) {
	s.T.Larva++
	s.T.Grow = c
	s.T.Spent = 0
	s.T.FromScreen = 0
	s.T.PlayLaid = 0
}

// buy is action 8: a polyp of colour c behind seat's screen, and where it came from. ok is false
// when neither the bag nor the bonus tiles hold one; the action is spent all the same.
func (s *state) buy(me int, c Colour) (from *msg.Message, ok bool) {
	s.T.Bought = true
	ok, bonus := s.takeColour(c)
	if !ok {
		return nil, false
	}
	s.Players[me].Screen[c]++
	if bonus {
		return fromBonus, true
	}
	return fromBag, true
}

var fromBonus, fromBag = say("from_bonus"), say("from_bag")

// execSetup keeps a seat's setup choice secret until every seat has made its own: the polyp and
// the cubes go behind the chooser's screen at once (counts are public, colours are not), and the
// cube supply, which everyone sees, gives up the cubes only when the last seat has chosen.
func (s *state) execSetup(me int, st step, ev *events) {
	p := &s.Players[me]
	p.Screen[st.col]--
	p.Fish[st.col]++
	for _, c := range st.cubes {
		p.Cubes[c]++
	}
	p.Ready = true
	if ev.loud() {
		ev.to(me, "ev_setup_mine", colArg("Colour", st.col), nest("Cubes", cubePair(st.cubes)))
		ev.pub("ev_setup_made", seatArg("Seat", me))
		s.note("note_ready", seatArg("Seat", me))
	}
	for _, q := range s.Players {
		if !q.Ready {
			return
		}
	}
	// Everyone has chosen: the cubes come out of the supply and are shown. Before its first turn
	// a player holds only the two setup cubes, so they are read back from behind the screen.
	for i := range s.Players {
		q := &s.Players[i]
		var pair [2]Colour
		k := 0
		for c, n := range q.Cubes {
			s.CubeSupply[c] -= n
			for ; n > 0 && k < 2; n-- {
				pair[k] = Colour(c)
				k++
			}
		}
		if ev.loud() {
			ev.reveal("ev_setup_shown", seatArg("Seat", i), nest("Cubes", cubePair(pair)))
		}
	}
	s.Phase = phasePlay
	s.Turn = s.First
	s.T = turnState{Grow: NoColour}
	if ev.loud() {
		s.note("note_all_ready")
		ev.pub("ev_setup_done", seatArg("Seat", s.First))
	}
}

// cubePair writes two larva cubes: "a grey and a yellow larva cube", "two white larva cubes".
func cubePair(c [2]Colour) *msg.Message {
	if c[0] == c[1] {
		return say("cubes_two", colArg("Colour", c[0]))
	}
	return say("cubes_pair", colArg("First", c[0]), colArg("Second", c[1]))
}

func (s *state) execEat(me int, sq int, ev *events) {
	p := &s.Players[me]
	cm := s.corals()
	id := cm.id[sq]
	col, size := cm.colour[id], cm.size[id]
	r := s.recent(me, ev)
	for _, x := range cm.members(id) {
		s.Polyp[x] = NoColour
		s.Marks = append(s.Marks, x)
		if r != nil {
			s.touch(me, x)
			r.Eaten = append(r.Eaten, x)
		}
	}
	back := min(size, s.eatReturn())
	s.Bag[col] += back
	p.Fish[col] += size - back
	s.Shrimp[sq] = -1
	p.ShrimpsEaten++
	if ev.loud() {
		evID := "ev_eat"
		if p.ShrimpsEaten == 1 {
			evID = "ev_eat_first"
		}
		ev.pub(evID, seatArg("Seat", me), colArg("Colour", col), polypsArg("Polyps", size), whereArg("Square", sq), num("Back", back), nest("Fish", say("eat_fish", msg.Count("N", size-back))))
		s.note("note_eat", seatArg("Seat", me), colArg("Colour", col), polypsArg("Polyps", size))
	}
	if s.Phase == phasePlay && p.ShrimpsEaten >= data.ShrimpsPerPlayer {
		s.trigger(me, endFedAll(me), ev)
	}
}

func (s *state) execPlace(me int, st step, ev *events) {
	p := &s.Players[me]
	x := s.T.Grow
	src := fromScreen
	if st.consumed {
		p.Consumed[x]--
		src = fromConsumed
	} else {
		p.Screen[x]--
		s.T.FromScreen++
	}
	s.T.PlayLaid++
	over := code("Over", "")
	v := s.Polyp[st.sq]
	if v != NoColour {
		p.Consumed[v]++
	}
	lay := playLay{Sq: st.sq, Consumed: st.consumed, Victim: v, Guard: -1}
	switch {
	case !ev.loud():
	case v != NoColour:
		cm := s.corals()
		owner := code("Owner", "")
		lay.Guard = cm.shrimp[cm.id[st.sq]]
		switch sh := int(lay.Guard); {
		case sh == me:
			owner = nest("Owner", say("over_own"))
		case sh >= 0:
			owner = nest("Owner", say("over_guarded", seatArg("Guard", sh)))
		}
		over = nest("Over", say("over", colArg("Colour", v), owner, seatArg("Seat", me)))
		s.note("note_overgrow", seatArg("Seat", me), colArg("Colour", x), colArg("Victim", v), whereArg("Square", st.sq))
	default:
		s.note("note_lay", seatArg("Seat", me), colArg("Colour", x), whereArg("Square", st.sq))
	}
	s.Polyp[st.sq] = x
	s.Marks = append(s.Marks, st.sq)
	r := s.recent(me, ev)
	if r != nil {
		s.touch(me, st.sq)
		if v != NoColour {
			r.Over = append(r.Over, st.sq)
		} else {
			r.Laid = append(r.Laid, st.sq)
		}
	}
	gsq := s.growthSquare(st.sq / perBoard)
	empty := s.Polyp[gsq] == NoColour
	lay.Growth = s.extraGrowth(st.sq, x)
	lay.GrowthSq = gsq
	if r != nil && empty && s.Polyp[gsq] != NoColour {
		s.touch(me, gsq)
		r.Laid = append(r.Laid, gsq)
	}
	// The play closes by itself once nothing more of its colour can be laid.
	closed := (s.T.FromScreen >= data.MaxPerCube || p.Screen[x] == 0) && p.Consumed[x] == 0
	if closed {
		s.T.Grow = NoColour
		s.T.Spent = int8(x) + 1
	}
	if !ev.loud() {
		return
	}
	end := code("Closed", "")
	if closed {
		end = nest("Closed", say("lay_closed", colArg("Colour", x)))
	}
	growth := code("Growth", "")
	if lay.Growth != growthNo {
		growth = nest("Growth", growthMsg(lay.Growth, x, gsq))
	}
	// Each polyp's own line is for the history; the posts tell the whole play in one line.
	ev.run(me, "lay", "ev_lay", seatArg("Seat", me), colArg("Colour", x), nest("From", src), whereArg("Square", st.sq), over, growth, end)
	ev.list[len(ev.list)-1].Detail = true
	s.Line.Lays = append(slices.Clip(s.Line.Lays), lay)
	if closed || s.emptyRock() == 0 {
		s.tellPlay(me, x, ev)
	}
}

var fromScreen, fromConsumed = say("from_screen"), say("from_consumed")

// What a polyp laid did to its board's extra-growth space.
const (
	growthNo      int8 = iota // the space was not concerned
	growthGrew                // the coral grew into it
	growthGuarded             // it would have joined two guarded corals
	growthEmpty               // no polyp of the colour was left for it
)

// growthMsg is the clause of the per-polyp line on the extra growth.
func growthMsg(kind int8, x Colour, g int) *msg.Message {
	switch kind {
	case growthGuarded:
		return say("growth_guarded", code("Cell", sqCell(g)), colArg("Colour", x))
	case growthEmpty:
		return say("growth_none", colArg("Colour", x), code("Cell", sqCell(g)))
	}
	return say("growth", colArg("Colour", x), code("Cell", sqCell(g)))
}

// extraGrowth: a polyp laid next to an empty extra-growth space makes its coral grow into it at
// once, with a polyp from beside the open sea, unless that would join two guarded corals. It
// says what happened to the space.
func (s *state) extraGrowth(sq int, x Colour) int8 {
	if s.Advanced {
		return growthNo
	}
	g := s.growthSquare(sq / perBoard)
	if !adjacent(sq, g) || s.Polyp[g] != NoColour || s.Shrimp[g] >= 0 {
		return growthNo
	}
	if s.joinsGuarded(s.corals(), x, g) {
		return growthGuarded
	}
	ok, _ := s.takeColour(x)
	if !ok {
		return growthEmpty
	}
	s.Polyp[g] = x
	s.Marks = append(s.Marks, g)
	return growthGrew
}

// tellPlay is the one public line of the polyps of me's larva play of colour x laid since its
// last line: every square by board, with what each did ("grows pink on board 4: C4, C3
// (overgrowing a yellow polyp)"). A play cut by a shrimp move is told in parts, in order.
func (s *state) tellPlay(me int, x Colour, ev *events) {
	if len(s.Line.Lays) == 0 {
		return
	}
	// By board, boards in the order first played on, squares in the order laid.
	var order []int
	cells := map[int][]*msg.Message{}
	for _, l := range s.Line.Lays {
		b := l.Sq / perBoard
		if _, ok := cells[b]; !ok {
			order = append(order, b)
		}
		var notes []*msg.Message
		if l.Consumed {
			notes = append(notes, say("pc_consumed"))
		}
		if l.Victim != NoColour {
			switch g := int(l.Guard); {
			case g == me:
				notes = append(notes, say("pc_over_own", colArg("Victim", l.Victim)))
			case g >= 0:
				notes = append(notes, say("pc_over_guarded", colArg("Victim", l.Victim), seatArg("Guard", g)))
			default:
				notes = append(notes, say("pc_over", colArg("Victim", l.Victim)))
			}
		}
		switch l.Growth {
		case growthGrew:
			notes = append(notes, say("pc_growth", code("Cell", sqCell(l.GrowthSq))))
		case growthGuarded:
			notes = append(notes, say("pc_growth_guarded", code("Cell", sqCell(l.GrowthSq))))
		case growthEmpty:
			notes = append(notes, say("pc_growth_none", colArg("Colour", x), code("Cell", sqCell(l.GrowthSq))))
		}
		if len(notes) == 0 {
			cells[b] = append(cells[b], token(sqCell(l.Sq)))
		} else {
			cells[b] = append(cells[b], say("play_cell", code("Cell", sqCell(l.Sq)), nest("Notes", commas(notes))))
		}
	}
	boards := make([]*msg.Message, len(order))
	for i, b := range order {
		boards[i] = say("play_board", code("Board", strconv.Itoa(b+1)), nest("Cells", commas(cells[b])))
	}
	id := "ev_grew"
	if s.Line.Told {
		id = "ev_grew_more"
	}
	ev.pub(id, seatArg("Seat", me), colArg("Colour", x), nest("Boards", semis(boards)))
	ev.list[len(ev.list)-1].Summary = true // the history tells each polyp's own line instead
	s.Line.Lays, s.Line.Told = nil, true
}

func (s *state) execAlga(me int, st step, ev *events) {
	p := &s.Players[me]
	p.Consumed[st.col]--
	s.Bag[st.col]++
	s.AlgaSupply[st.alga]--
	r := s.recent(me, ev)
	if r != nil {
		if st.tile < 0 {
			r.SeaAlga = true
		} else {
			r.Covered = append(r.Covered, st.tile)
		}
	}
	if st.tile < 0 {
		if s.SeaAlga != NoAlga {
			s.AlgaSupply[s.SeaAlga]++
		}
		s.SeaAlga = st.alga
		if ev.loud() {
			ev.pub("ev_alga_sea", seatArg("Seat", me), colArg("Colour", st.col), algaArg("Alga", st.alga))
		}
	} else {
		s.Tiles[st.tile].Cover = st.alga
		s.T.Covered = true
		if ev.loud() {
			strong, weak := s.tileColours(st.tile)
			ev.pub("ev_alga_tile", seatArg("Seat", me), colArg("Colour", st.col), algaArg("Alga", st.alga), num("Tile", st.tile+1), colArg("Strong", strong), colArg("Weak", weak))
		}
	}
	var flipped []*msg.Message
	for t := range s.Tiles {
		if large, _ := s.tileAlgae(t); t != st.tile && s.Tiles[t].Cover == NoAlga && large == st.alga {
			s.Tiles[t].SideB = !s.Tiles[t].SideB
			if r != nil {
				r.Flipped = append(r.Flipped, t)
			}
			if ev.loud() {
				strong, weak := s.tileColours(t)
				flipped = append(flipped, say("flipped_tile", num("Tile", t+1), colArg("Strong", strong), colArg("Weak", weak)))
			}
		}
	}
	switch {
	case !ev.loud():
	case len(flipped) > 0:
		ev.pub("ev_flipped", nest("Tiles", commas(flipped)))
	default:
		ev.pub("ev_no_flip", algaArg("Alga", st.alga))
	}
	switch {
	case !ev.loud():
	case st.tile >= 0:
		s.note("note_alga_tile", seatArg("Seat", me), algaArg("Alga", st.alga), num("Tile", st.tile+1))
	default:
		s.note("note_alga", seatArg("Seat", me), algaArg("Alga", st.alga))
	}
	if s.uncovered() == 0 {
		s.trigger(me, endTiles, ev)
	}
}

// execTake is action 10: the open-sea space's cube and polyps go behind the screen, the open sea
// is refilled, and the turn passes.
func (s *state) execTake(me int, c Colour, ev *events) {
	p := &s.Players[me]
	i := s.seaIndex(c)
	sp := &s.Sea[i]
	got := sp.Polyps
	for k, n := range sp.Polyps {
		p.Screen[k] += n
	}
	p.Cubes[c]++
	sp.Polyps = [NumColours]int{}
	sp.Cube = false
	if r := s.recent(me, ev); r != nil {
		r.Took = append(r.Took, c)
	}
	if ev.loud() {
		ev.pub("ev_take", seatArg("Seat", me), colArg("Colour", c), nest("Polyps", polypList(got)))
		s.note("note_take", seatArg("Seat", me), colArg("Colour", c))
	}
	// Refill: a cube of the same colour, then one polyp on each space holding fewer than 3,
	// clockwise from the space just emptied.
	if s.CubeSupply[c] == 0 {
		s.finish(endNoCube(c), ev)
		return
	}
	s.CubeSupply[c]--
	sp.Cube = true
	var added []*msg.Message
	for k := 0; k < int(NumColours); k++ {
		x := &s.Sea[(i+k)%int(NumColours)]
		if x.count() >= 3 {
			continue
		}
		d := s.draw()
		if d == NoColour {
			s.finish(endBag, ev)
			return
		}
		x.Polyps[d]++
		if ev.loud() {
			added = append(added, say("refill_one", colArg("Colour", d), colArg("Space", x.Colour)))
		}
	}
	if ev.loud() {
		ev.reveal("ev_refill", nest("Polyps", commas(added)))
	}
	s.topUpBonus()
	s.nextTurn(ev)
}

func (s *state) seaIndex(c Colour) int {
	for i, sp := range s.Sea {
		if sp.Colour == c {
			return i
		}
	}
	panic("reef: no open-sea space for " + c.String())
}

// nextTurn passes the turn on.
func (s *state) nextTurn(ev *events) {
	s.Turn = (s.Turn + 1) % s.Seats
	s.T = turnState{Grow: NoColour}
	if ev.loud() {
		ev.pub("ev_turn", seatArg("Seat", s.Turn))
		ev.list[len(ev.list)-1].Routine = true // a post's blocks already show whose turn it was
	}
}
