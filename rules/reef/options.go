package reef

import (
	"strconv"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// This file answers "what may this seat do now" for each action; the tree offers exactly these.

// eatReturn is how many polyps of an eaten coral go back to the bag.
func (s *state) eatReturn() int {
	switch {
	case s.Advanced && s.Phase == phaseLast:
		return data.AdvancedEatReturnLast
	case s.Advanced:
		return data.AdvancedEatReturn
	case s.Phase == phaseLast:
		return data.EatReturnLast
	}
	return data.EatReturn
}

// eatTargets are the squares of seat's shrimps on corals big enough to eat.
func (s *state) eatTargets(cm *corals, me int) []int {
	var out []int
	for sq := range s.Shrimp {
		if s.eatable(cm, me, sq) {
			out = append(out, sq)
		}
	}
	return out
}

// canEat: eatTargets is not empty.
func (s *state) canEat(cm *corals, me int) bool {
	for sq := range s.Shrimp {
		if s.eatable(cm, me, sq) {
			return true
		}
	}
	return false
}

func (s *state) eatable(cm *corals, me, sq int) bool {
	return int(s.Shrimp[sq]) == me && s.Polyp[sq] != NoColour && cm.size[cm.id[sq]] >= data.MinEat
}

func (s *state) coralText(cm *corals, sq int) *msg.Message {
	id := cm.id[sq]
	if cm.size[id] == 1 {
		return say("lone_polyp", colArg("Colour", cm.colour[id]))
	}
	return say("coral_of", colArg("Colour", cm.colour[id]), num("N", cm.size[id]))
}

func (s *state) eatPicker(cm *corals, me int, targets []int) squarePicker {
	return squarePicker{
		sqs:  targets,
		what: whatFish,
		label: func(sq int) *msg.Message {
			n := cm.size[cm.id[sq]]
			back := min(n, s.eatReturn())
			// What the polyps are worth now starts the menu line (Gain): not repeated here.
			return say("lb_eat_square", whereArg("Square", sq), nest("Coral", s.coralText(cm, sq)), num("Back", back), polypsArg("Polyps", n-back))
		},
		why: func(sq int) *msg.Message {
			switch {
			case int(s.Shrimp[sq]) != me:
				return say("bad_eat_not_yours", whereArg("Square", sq))
			case s.Polyp[sq] == NoColour:
				return say("bad_eat_rock", whereArg("Square", sq))
			}
			return say("bad_eat_small", colArg("Colour", cm.colour[cm.id[sq]]), whereArg("Square", sq), polypsArg("Polyps", cm.size[cm.id[sq]]), num("Min", data.MinEat))
		},
	}
}

// growColours are the colours seat may open a larva play with, from a cube behind the screen.
func (s *state) growColours(me int) []Colour {
	p := &s.Players[me]
	var out []Colour
	if s.T.Larva >= 2 {
		return nil
	}
	for _, c := range Colours {
		if p.Cubes[c] > 0 && (p.Screen[c] > 0 || p.Consumed[c] > 0) {
			out = append(out, c)
		}
	}
	return out
}

// canGrowAfterTrade: a cube bought with a consumed polyp of colour c can open a larva play.
func (s *state) canGrowAfterTrade(me int, c Colour) bool {
	p := &s.Players[me]
	return s.T.Larva < 2 && (p.Screen[c] > 0 || p.Consumed[c] >= 2)
}

// canBuy: action 8 for colour c, with a cube from behind the screen or straight from a trade.
// Whether the bag still holds that colour is secret: the menu offers every colour the seat has a
// cube of, and the move itself finds out (exec). After a trade the bag surely holds one: the
// consumed polyp that paid for the cube has just gone into it.
func (s *state) canBuy(me int, c Colour, viaTrade bool) bool {
	return !s.T.Bought && (viaTrade || s.Players[me].Cubes[c] > 0)
}

func (s *state) buyColours(me int) []Colour {
	var out []Colour
	for _, c := range Colours {
		if s.canBuy(me, c, false) {
			out = append(out, c)
		}
	}
	return out
}

func (s *state) tradeColours(me int) []Colour {
	p := &s.Players[me]
	if s.T.Traded {
		return nil
	}
	var out []Colour
	for _, c := range Colours {
		if p.Consumed[c] > 0 && s.CubeSupply[c] > 0 && (s.canGrowAfterTrade(me, c) || s.canBuy(me, c, true)) {
			out = append(out, c)
		}
	}
	return out
}

// ownOnBoard counts seat's shrimps on board b (on corals or bare rock).
func (s *state) ownOnBoard(me, b int) int {
	n := 0
	for sq := b * perBoard; sq < (b+1)*perBoard; sq++ {
		if int(s.Shrimp[sq]) == me {
			n++
		}
	}
	return n
}

// ownPerBoard counts seat's shrimps on each board.
func (s *state) ownPerBoard(me int) (n [4]int) {
	for sq, sh := range s.Shrimp {
		if int(sh) == me {
			n[sq/perBoard]++
		}
	}
	return n
}

// shrimpsOf lists the squares of seat's shrimps on the reef.
func (s *state) shrimpsOf(me int) []int {
	var out []int
	for sq, sh := range s.Shrimp {
		if int(sh) == me {
			out = append(out, sq)
		}
	}
	return out
}

// shrimpOnReef: shrimpsOf is not empty.
func (s *state) shrimpOnReef(me int) bool {
	for _, sh := range s.Shrimp {
		if int(sh) == me {
			return true
		}
	}
	return false
}

// shrimpOnRock is the square of one of seat's shrimps resting on bare rock, or -1.
func (s *state) shrimpOnRock(me int) int {
	for sq, sh := range s.Shrimp {
		if int(sh) == me && s.Polyp[sq] == NoColour {
			return sq
		}
	}
	return -1
}

// addTargets: polyps of corals without a shrimp, on boards holding fewer than two of seat's shrimps.
func (s *state) addTargets(cm *corals, me int) []int {
	var out []int
	own := s.ownPerBoard(me)
	for sq := range s.Polyp {
		if s.addable(cm, &own, sq) {
			out = append(out, sq)
		}
	}
	return out
}

// canAdd: addTargets is not empty.
func (s *state) canAdd(cm *corals, me int) bool {
	own := s.ownPerBoard(me)
	for sq := range s.Polyp {
		if s.addable(cm, &own, sq) {
			return true
		}
	}
	return false
}

// addable: sq is a polyp of a coral without a shrimp, on a board where own (seat's shrimps per
// board) leaves room.
func (s *state) addable(cm *corals, own *[4]int, sq int) bool {
	return s.Polyp[sq] != NoColour && own[sq/perBoard] < data.MaxShrimpsPerBoard && cm.shrimp[cm.id[sq]] < 0
}

func (s *state) addPicker(cm *corals, me int, targets []int) squarePicker {
	return squarePicker{
		sqs:  targets,
		what: whatNewShrimp,
		label: func(sq int) *msg.Message {
			return say("lb_add_on", whereArg("Square", sq), nest("Coral", s.coralText(cm, sq)))
		},
		why: func(sq int) *msg.Message { return s.shrimpWhy(cm, me, -1, sq) },
	}
}

// shrimpTargets are the squares a shrimp of seat on from may move to (besides home): another
// polyp of its coral, a coral without a shrimp, or bare rock, within two shrimps per board.
func (s *state) shrimpTargets(cm *corals, me, from int) []int {
	var out []int
	fromCoral := int16(-1)
	if s.Polyp[from] != NoColour {
		fromCoral = cm.id[from]
	}
	fb := from / perBoard
	own := s.ownPerBoard(me)
	for sq := 0; sq < s.numSquares(); sq++ {
		if sq == from || !s.isRock(sq) || s.Shrimp[sq] >= 0 {
			continue
		}
		if b := sq / perBoard; b != fb && own[b] >= data.MaxShrimpsPerBoard {
			continue
		}
		if s.Polyp[sq] != NoColour {
			if id := cm.id[sq]; id != fromCoral && cm.shrimp[id] >= 0 {
				continue
			}
		}
		out = append(out, sq)
	}
	return out
}

// shrimpWhy explains why a shrimp (from -1: a new one) may not go to sq.
func (s *state) shrimpWhy(cm *corals, me, from, sq int) *msg.Message {
	name := whereArg("Square", sq)
	switch {
	case !s.isRock(sq):
		return say("bad_sand", name)
	case int(s.Shrimp[sq]) == me:
		return say("bad_shrimp_there", name)
	case s.Shrimp[sq] >= 0:
		return say("bad_other_shrimp", seatArg("Seat", int(s.Shrimp[sq])), name)
	case from < 0 && s.Polyp[sq] == NoColour:
		return say("bad_add_rock", name)
	}
	b := sq / perBoard
	if (from < 0 || from/perBoard != b) && s.ownOnBoard(me, b) >= data.MaxShrimpsPerBoard {
		return say("bad_board_shrimps", num("Max", data.MaxShrimpsPerBoard), num("Board", b+1))
	}
	if s.Polyp[sq] != NoColour && cm.shrimp[cm.id[sq]] >= 0 {
		return say("bad_coral_guarded", colArg("Colour", cm.colour[cm.id[sq]]), name)
	}
	return say("bad_shrimp_to", name)
}

var whatFish, whatNewShrimp, whatShrimp = say("what_fish"), say("what_new_shrimp"), say("what_shrimp")

// shrimpMove reads "<from square> <to square>|home".
func (s *state) shrimpMove(w *walker, cm *corals, me int, mine []int, st *step) {
	from := squarePicker{
		sqs:  mine,
		what: whatShrimp,
		label: func(sq int) *msg.Message {
			if s.Polyp[sq] == NoColour {
				return say("lb_shrimp_rock", whereArg("Square", sq))
			}
			return say("lb_shrimp_on", whereArg("Square", sq), nest("Coral", s.coralText(cm, sq)))
		},
		why: func(sq int) *msg.Message { return say("bad_no_shrimp_on", whereArg("Square", sq)) },
	}
	sq, ok := from.square(w, s)
	if !ok {
		return
	}
	st.sq = sq
	to := squarePicker{
		sqs:  s.shrimpTargets(cm, me, sq),
		what: whatShrimp,
		label: func(t int) *msg.Message {
			switch {
			case s.Polyp[t] == NoColour:
				return say("lb_to_rock", whereArg("Square", t))
			case s.Polyp[sq] != NoColour && cm.id[t] == cm.id[sq]:
				return say("lb_to_same", whereArg("Square", t))
			}
			return say("lb_to_coral", whereArg("Square", t), nest("Coral", s.coralText(cm, t)))
		},
		why: func(t int) *msg.Message {
			if t == sq {
				return say("bad_shrimp_there", whereArg("Square", t))
			}
			return s.shrimpWhy(cm, me, sq, t)
		},
	}
	opts := to.boards(w)
	opts = append(opts, shrimpHome)
	t, ok := w.pick(opts, func(tok string) *msg.Message {
		if t, ok := w.peekSquare(s, w.i); ok {
			return to.why(t)
		}
		why := to.whyBoard(s, tok)
		if _, err := strconv.Atoi(tok); err != nil {
			why = say("or_home", nest("Why", why))
		}
		return why
	})
	if !ok {
		return
	}
	if t == vHome {
		st.to = -1
		return
	}
	b, _ := strconv.Atoi(t)
	st.to, _ = to.rest(w, s, b)
}

// canAlga: a consumed polyp to pay with and a cylinder in the supply.
func (s *state) canAlga(me int) bool {
	return sum(s.Players[me].Consumed[:]) > 0 && sum(s.AlgaSupply[:]) > 0
}

func (s *state) uncovered() int {
	n := 0
	for _, t := range s.Tiles {
		if t.Cover == NoAlga {
			n++
		}
	}
	return n
}

// tileOpen says whether seat may put a cylinder of colour a on coral tile t, and when why is
// set, why not (listing the open tiles needs no reasons).
func (s *state) tileOpen(me, t int, a Alga, why bool) (bool, *msg.Message) {
	p := &s.Players[me]
	large, _ := s.tileAlgae(t)
	var id string
	switch {
	case p.ShrimpsEaten == 0:
		id = "bad_tile_not_eaten"
	case s.Tiles[t].Cover != NoAlga:
		id = "bad_tile_covered"
	case s.T.Covered:
		id = "bad_tile_twice"
	case large != a:
		id = "bad_tile_alga"
	case s.uncovered() == 1 && sum(p.Fish[:]) < 2:
		id = "bad_tile_last"
	default:
		return true, nil
	}
	if !why {
		return false, nil
	}
	switch id {
	case "bad_tile_covered":
		return false, say(id, num("Tile", t+1))
	case "bad_tile_alga":
		return false, say(id, num("Tile", t+1), algaArg("Large", large), algaArg("Alga", a))
	}
	return false, say(id)
}

// algaTree reads "<consumed colour> <cylinder colour> sea|<tile>".
func (s *state) algaTree(w *walker, me int, st *step) {
	p := &s.Players[me]
	var pay []Colour
	for _, c := range Colours {
		if p.Consumed[c] > 0 {
			pay = append(pay, c)
		}
	}
	opts := colourChoices(w, pay, func(c Colour) *msg.Message {
		return say("lb_pay", colArg("Colour", c), num("Held", p.Consumed[c]))
	})
	c, ok := w.pick(opts, func(tok string) *msg.Message {
		return whyColour(tok, opts, func(c Colour) *msg.Message { return say("bad_no_consumed", colArg("Colour", c)) })
	})
	if !ok {
		return
	}
	st.col, _ = colourByToken(c)
	var cyl []rules.Choice
	for a := Alga(0); a < NumAlgae; a++ {
		if s.AlgaSupply[a] > 0 {
			c := rules.Choice{Token: a.String()}
			if w.listing() {
				c = choice(c.Token, say("lb_cylinder", algaArg("Alga", a), num("Left", s.AlgaSupply[a])))
			}
			cyl = append(cyl, c)
		}
	}
	at, ok := w.pick(cyl, func(tok string) *msg.Message {
		if a, ok := algaByName(tok); ok {
			return say("bad_no_cylinder", algaArg("Alga", a))
		}
		return say("bad_cylinder", code("Token", strconv.Quote(tok)), nest("Tokens", tokenList(cyl)))
	})
	if !ok {
		return
	}
	st.alga, _ = algaByName(at)
	opts = []rules.Choice{{Token: vSea}}
	if w.listing() {
		opts[0] = choice(vSea, say("lb_on_sea", nest("Flips", s.flipText(st.alga, -1))))
	}
	for t := 0; t < NumTiles; t++ {
		if ok, _ := s.tileOpen(me, t, st.alga, false); ok {
			c := rules.Choice{Token: strconv.Itoa(t + 1)}
			if w.listing() {
				strong, weak := s.tileColours(t)
				c = choice(c.Token, say("lb_on_tile", num("Tile", t+1), colArg("Strong", strong), colArg("Weak", weak), nest("Flips", s.flipText(st.alga, t))))
			}
			opts = append(opts, c)
		}
	}
	tt, ok := w.pick(opts, func(tok string) *msg.Message {
		n, err := strconv.Atoi(tok)
		if err != nil || n < 1 || n > NumTiles {
			return say("bad_cylinder_place", code("Token", strconv.Quote(tok)), num("Tiles", NumTiles))
		}
		_, why := s.tileOpen(me, n-1, st.alga, true)
		return why
	})
	if !ok {
		return
	}
	st.tile = -1
	if tt != vSea {
		st.tile, _ = strconv.Atoi(tt)
		st.tile--
	}
}

// flipText says which uncovered coral tiles a cylinder of colour a flips (all but tile skip).
func (s *state) flipText(a Alga, skip int) *msg.Message {
	var flips []*msg.Message
	for t := range s.Tiles {
		if large, _ := s.tileAlgae(t); t != skip && s.Tiles[t].Cover == NoAlga && large == a {
			flips = append(flips, token(strconv.Itoa(t+1)))
		}
	}
	switch len(flips) {
	case 0:
		return say("flips_none")
	case 1:
		return say("flips_one", nest("Tile", flips[0]))
	}
	return say("flips_many", nest("Tiles", andList(flips)))
}
