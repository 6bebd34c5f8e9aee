package reef

import (
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// Choices answers the choice tree.
func (s *state) Choices(seat rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	_, next, complete, err := s.tree(seat, partial)
	for i := range next {
		next[i].Label = articles(next[i].Label)
	}
	return next, complete, err
}

// articles mends "a orange" into "an orange": orange is the one colour that needs it.
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
	st, drawn := s.drawnStep(seat, m)
	if !drawn {
		var next []rules.Choice
		var complete bool
		var err error
		if st, next, complete, err = s.tree(seat, m); err != nil {
			return nil, err
		}
		if !complete {
			return nil, rules.Illegalf("%q is not a whole move yet. Go on with %s.", m.String(), offer(next))
		}
	}
	if s.memo != nil {
		s.memo.drawn.Store(nil) // the state changes: the drawn move is spent
	}
	ev := &events{}
	s.exec(int(seat), st, ev)
	s.Note = articles(s.Note)
	return ev.list, nil
}

// events collects what a move says, publicly or to one seat.
type events struct{ list []rules.Event }

func (e *events) pub(format string, a ...any) {
	e.list = append(e.list, rules.Event{Text: articles(fmt.Sprintf(format, a...))})
}

// run is a public event of a kind that can repeat many times in one turn (shrimp moves, polyps
// laid): many is the condensed line for a run of them, with %d for the count.
func (e *events) run(kind, many, format string, a ...any) {
	e.list = append(e.list, rules.Event{Text: articles(fmt.Sprintf(format, a...)), Kind: kind, Many: many})
}

func (e *events) reveal(format string, a ...any) {
	e.list = append(e.list, rules.Event{Text: articles(fmt.Sprintf(format, a...)), Reveals: true})
}

func (e *events) to(seat int, format string, a ...any) {
	e.list = append(e.list, rules.Event{Text: articles(fmt.Sprintf(format, a...)), To: []rules.Seat{rules.Seat(seat)}})
}

// exec carries out a step the tree accepted.
func (s *state) exec(me int, st step, ev *events) {
	s.Marks, s.Note = nil, ""
	p := &s.Players[me]
	who := who(me)
	switch st.kind {
	case kSetup:
		s.execSetup(me, st, ev)
		return
	case kPass:
		ev.pub("%s passes the last turn.", who)
		s.Note = who + " passes"
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
		ev.pub("%s plays a %s larva cube.", who, st.col)
		s.Note = fmt.Sprintf("%s plays a %s larva cube", who, st.col)
	case kTrade:
		p.Consumed[st.col]--
		s.Bag[st.col]++
		s.T.Traded = true
		// The cube comes from the supply and goes straight back when it is used.
		if st.then == kGrow {
			s.openLarva(st.col)
			ev.pub("%s trades a consumed %s polyp for a %s larva cube and plays it.", who, st.col, st.col)
			s.Note = fmt.Sprintf("%s trades for a %s larva cube", who, st.col)
		} else {
			// The consumed polyp has just gone into the bag, so the bag holds one of its colour.
			from, _ := s.buy(me, st.col)
			ev.pub("%s trades a consumed %s polyp for a %s larva cube, and the cube for a %s polyp %s.", who, st.col, st.col, st.col, from)
			s.Note = fmt.Sprintf("%s trades for a %s polyp", who, st.col)
		}
	case kBuy:
		if from, ok := s.buy(me, st.col); ok {
			p.Cubes[st.col]--
			s.CubeSupply[st.col]++
			ev.pub("%s trades a %s larva cube for a %s polyp %s.", who, st.col, st.col, from)
			s.Note = fmt.Sprintf("%s trades a cube for a %s polyp", who, st.col)
		} else {
			// As at the table: the bag is searched in front of everyone, and the trade is
			// the turn's action 8 whether or not a polyp was found.
			ev.reveal("%s wants to trade a %s larva cube for a %s polyp, but none is left in the bag or beside the open sea: the cube stays behind the screen.", who, st.col, st.col)
			s.Note = fmt.Sprintf("%s finds no %s polyp to trade for", who, st.col)
		}
	case kAlga:
		s.execAlga(me, st, ev)
	case kAdd:
		p.ShrimpsHome--
		s.Shrimp[st.sq] = int8(me)
		s.T.Introduced = true
		s.Marks = append(s.Marks, st.sq)
		ev.pub("%s introduces a shrimp on %s (%s).", who, sqWhere(st.sq), s.coralText(s.corals(), st.sq))
		s.Note = fmt.Sprintf("%s adds a shrimp on %s", who, sqWhere(st.sq))
	case kShrimp:
		s.Shrimp[st.sq] = -1
		s.Marks = append(s.Marks, st.sq)
		many := manyShrimp[me]
		if st.to < 0 {
			p.ShrimpsHome++
			ev.run("shrimp", many, "%s takes the shrimp on %s back behind the screen.", who, sqWhere(st.sq))
			s.Note = fmt.Sprintf("%s takes back the shrimp on %s", who, sqWhere(st.sq))
		} else {
			s.Shrimp[st.to] = int8(me)
			s.Marks = append(s.Marks, st.to)
			onto := "onto bare rock"
			if s.Polyp[st.to] != NoColour {
				onto = "onto " + s.coralText(s.corals(), st.to)
			}
			ev.run("shrimp", many, "%s moves a shrimp %s, %s.", who, fromTo(st.sq, st.to), onto)
			s.Note = fmt.Sprintf("%s moves a shrimp %s", who, fromTo(st.sq, st.to))
		}
	case kPlace:
		s.execPlace(me, st, ev)
	case kDone:
		ev.pub("%s ends the %s larva play.", who, s.T.Grow)
		s.Note = fmt.Sprintf("%s ends the %s larva play", who, s.T.Grow)
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
	s.T.FromScreen = 0
}

// buy is action 8: a polyp of colour c behind seat's screen, and where it came from. ok is false
// when neither the bag nor the bonus tiles hold one; the action is spent all the same.
func (s *state) buy(me int, c Colour) (from string, ok bool) {
	s.T.Bought = true
	ok, bonus := s.takeColour(c)
	if !ok {
		return "", false
	}
	s.Players[me].Screen[c]++
	if bonus {
		return "from the bonus tiles beside the open sea", true
	}
	return "from the bag", true
}

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
	ev.to(me, "You feed a %s polyp to your parrotfish and take %s.", st.col, cubePair(st.cubes))
	ev.pub("%s has made the setup choices.", who(me))
	s.Note = who(me) + " is ready"
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
		ev.reveal("%s fed a polyp to the parrotfish and took %s.", who(i), cubePair(pair))
	}
	s.Phase = phasePlay
	s.Turn = s.First
	s.T = turnState{Grow: NoColour}
	s.Note = "Everyone is ready"
	ev.pub("Everyone has chosen. %s plays first.", who(s.First))
}

// cubePair writes two larva cubes: "a grey and a yellow larva cube", "two white larva cubes".
func cubePair(c [2]Colour) string {
	if c[0] == c[1] {
		return fmt.Sprintf("two %s larva cubes", c[0])
	}
	return fmt.Sprintf("a %s and a %s larva cube", c[0], c[1])
}

func (s *state) execEat(me int, sq int, ev *events) {
	p := &s.Players[me]
	cm := s.corals()
	id := cm.id[sq]
	col, size := cm.colour[id], cm.size[id]
	for _, x := range cm.members(id) {
		s.Polyp[x] = NoColour
		s.Marks = append(s.Marks, x)
	}
	back := min(size, s.eatReturn())
	s.Bag[col] += back
	p.Fish[col] += size - back
	s.Shrimp[sq] = -1
	p.ShrimpsEaten++
	shrimp := "the shrimp goes into the parrotfish too"
	if p.ShrimpsEaten == 1 {
		shrimp = "the shrimp goes onto the open-sea board: from now on its owner may cover coral tiles"
	}
	ev.pub("%s's parrotfish eats the %s coral of %s on %s: %d go back to the bag, %d into the parrotfish, and %s.",
		who(me), col, nPolyps(size), sqWhere(sq), back, size-back, shrimp)
	s.Note = fmt.Sprintf("%s's parrotfish eats the %s coral of %s", who(me), col, nPolyps(size))
	if s.Phase == phasePlay && p.ShrimpsEaten >= data.ShrimpsPerPlayer {
		s.trigger(me, fmt.Sprintf("%s has fed all %d shrimps to the parrotfish", who(me), data.ShrimpsPerPlayer), ev)
	}
}

func (s *state) execPlace(me int, st step, ev *events) {
	p := &s.Players[me]
	x := s.T.Grow
	who := who(me)
	src := "from behind the screen"
	if st.consumed {
		p.Consumed[x]--
		src = "from the consumed polyps"
	} else {
		p.Screen[x]--
		s.T.FromScreen++
	}
	text := fmt.Sprintf("%s lays a %s polyp %s on %s", who, x, src, sqWhere(st.sq))
	if v := s.Polyp[st.sq]; v != NoColour {
		p.Consumed[v]++
		cm := s.corals()
		owner := ""
		switch sh := int(cm.shrimp[cm.id[st.sq]]); {
		case sh == me:
			owner = " (a coral their own shrimp guards)"
		case sh >= 0:
			owner = " (a coral guarded by " + rules.SeatRef(rules.Seat(sh)) + "'s shrimp)"
		}
		text += fmt.Sprintf(", overgrowing the %s polyp there%s, which %s keeps as a consumed polyp", v, owner, who)
		s.Note = fmt.Sprintf("%s: %s overgrows %s on %s", who, x, v, sqWhere(st.sq))
	} else {
		s.Note = fmt.Sprintf("%s lays %s on %s", who, x, sqWhere(st.sq))
	}
	s.Polyp[st.sq] = x
	s.Marks = append(s.Marks, st.sq)
	if g := s.extraGrowth(st.sq, x); g != "" {
		text += "; " + g
	}
	// The play closes by itself once nothing more of its colour can be laid.
	closed := (s.T.FromScreen >= data.MaxPerCube || p.Screen[x] == 0) && p.Consumed[x] == 0
	if closed {
		s.T.Grow = NoColour
		text += fmt.Sprintf(". The %s larva play is complete", x)
	}
	ev.run("lay", manyLaid[me], "%s.", text)
}

// extraGrowth: a polyp laid next to an empty extra-growth space makes its coral grow into it at
// once, with a polyp from beside the open sea, unless that would join two guarded corals. It
// says what happened, or "" when the space was not concerned.
func (s *state) extraGrowth(sq int, x Colour) string {
	if s.Advanced {
		return ""
	}
	g := s.growthSquare(sq / perBoard)
	if !adjacent(sq, g) || s.Polyp[g] != NoColour || s.Shrimp[g] >= 0 {
		return ""
	}
	if s.joinsGuarded(s.corals(), x, g) {
		return fmt.Sprintf("no extra growth on %s: it would join two guarded %s corals", sqCell(g), x)
	}
	ok, _ := s.takeColour(x)
	if !ok {
		return fmt.Sprintf("no %s polyp is left for the extra growth on %s", x, sqCell(g))
	}
	s.Polyp[g] = x
	s.Marks = append(s.Marks, g)
	return fmt.Sprintf("extra growth: the %s coral grows into %s", x, sqCell(g))
}

func (s *state) execAlga(me int, st step, ev *events) {
	p := &s.Players[me]
	who := who(me)
	p.Consumed[st.col]--
	s.Bag[st.col]++
	s.AlgaSupply[st.alga]--
	if st.tile < 0 {
		if s.SeaAlga != NoAlga {
			s.AlgaSupply[s.SeaAlga]++
		}
		s.SeaAlga = st.alga
		ev.pub("%s trades a consumed %s polyp for a %s alga cylinder and puts it on the open sea.", who, st.col, st.alga)
	} else {
		s.Tiles[st.tile].Cover = st.alga
		s.T.Covered = true
		strong, weak := s.tileColours(st.tile)
		ev.pub("%s trades a consumed %s polyp for a %s alga cylinder and covers coral tile %d: %s beats %s for the rest of the game.", who, st.col, st.alga, st.tile+1, strong, weak)
	}
	var flipped []string
	for t := range s.Tiles {
		if large, _ := s.tileAlgae(t); t != st.tile && s.Tiles[t].Cover == NoAlga && large == st.alga {
			s.Tiles[t].SideB = !s.Tiles[t].SideB
			strong, weak := s.tileColours(t)
			flipped = append(flipped, fmt.Sprintf("tile %d (now %s beats %s)", t+1, strong, weak))
		}
	}
	if len(flipped) > 0 {
		ev.pub("Flipped: %s.", strings.Join(flipped, ", "))
	} else {
		ev.pub("No uncovered coral tile shows a large %s alga: nothing flips.", st.alga)
	}
	s.Note = fmt.Sprintf("%s: %s alga", who, st.alga)
	if st.tile >= 0 {
		s.Note += fmt.Sprintf(" on tile %d", st.tile+1)
	}
	if s.uncovered() == 0 {
		s.trigger(me, "All ten coral tiles are covered", ev)
	}
}

// execTake is action 10: the open-sea space's cube and polyps go behind the screen, the open sea
// is refilled, and the turn passes.
func (s *state) execTake(me int, c Colour, ev *events) {
	p := &s.Players[me]
	who := who(me)
	i := s.seaIndex(c)
	sp := &s.Sea[i]
	got := sp.Polyps
	for k, n := range sp.Polyps {
		p.Screen[k] += n
	}
	p.Cubes[c]++
	sp.Polyps = [NumColours]int{}
	sp.Cube = false
	ev.pub("%s takes the %s open-sea space: a %s larva cube and %s.", who, c, c, polypList(got))
	s.Note = fmt.Sprintf("%s takes the %s space", who, c)
	// Refill: a cube of the same colour, then one polyp on each space holding fewer than 3,
	// clockwise from the space just emptied.
	if s.CubeSupply[c] == 0 {
		s.finish(fmt.Sprintf("The open sea cannot be refilled: no %s larva cube is left in the supply", c), ev)
		return
	}
	s.CubeSupply[c]--
	sp.Cube = true
	var added []string
	for k := 0; k < int(NumColours); k++ {
		x := &s.Sea[(i+k)%int(NumColours)]
		if x.count() >= 3 {
			continue
		}
		d := s.draw()
		if d == NoColour {
			s.finish("The open sea cannot be refilled: the bag is empty", ev)
			return
		}
		x.Polyps[d]++
		added = append(added, fmt.Sprintf("a %s polyp on the %s space", d, x.Colour))
	}
	ev.reveal("The open sea is refilled: %s.", strings.Join(added, ", "))
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
	ev.pub("%s's turn.", who(s.Turn))
}
