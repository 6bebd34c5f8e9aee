package reef

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
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

func (s *state) coralText(cm *corals, sq int) string {
	id := cm.id[sq]
	if cm.size[id] == 1 {
		return fmt.Sprintf("a lone %s polyp", cm.colour[id])
	}
	return fmt.Sprintf("the %s coral of %d polyps", cm.colour[id], cm.size[id])
}

func (s *state) eatPicker(cm *corals, me int, targets []int) squarePicker {
	return squarePicker{
		sqs:  targets,
		what: "your parrotfish",
		label: func(sq int) string {
			n := cm.size[cm.id[sq]]
			back := min(n, s.eatReturn())
			v := s.colourValue(cm.colour[cm.id[sq]])
			return fmt.Sprintf("%s: eat %s (%d back to the bag, %s into your parrotfish, worth %s now)", sqWhere(sq), s.coralText(cm, sq), back, nPolyps(n-back), plural((n-back)*v, "point", "points"))
		},
		why: func(sq int) string {
			switch {
			case int(s.Shrimp[sq]) != me:
				return fmt.Sprintf("Your parrotfish eats only a coral guarded by your own shrimp; there is none of yours on %s.", sqWhere(sq))
			case s.Polyp[sq] == NoColour:
				return fmt.Sprintf("Your shrimp on %s sits on bare rock, not on a coral.", sqWhere(sq))
			}
			return fmt.Sprintf("The %s coral on %s has only %s; a parrotfish eats corals of at least %d.", cm.colour[cm.id[sq]], sqWhere(sq), nPolyps(cm.size[cm.id[sq]]), data.MinEat)
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
		sqs:   targets,
		what:  "a new shrimp",
		label: func(sq int) string { return fmt.Sprintf("%s: on %s", sqWhere(sq), s.coralText(cm, sq)) },
		why:   func(sq int) string { return s.shrimpWhy(cm, me, -1, sq) },
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
func (s *state) shrimpWhy(cm *corals, me, from, sq int) string {
	name := sqWhere(sq)
	switch {
	case !s.isRock(sq):
		return fmt.Sprintf("%s is sand.", name)
	case int(s.Shrimp[sq]) == me:
		return fmt.Sprintf("Your shrimp is already on %s.", name)
	case s.Shrimp[sq] >= 0:
		return fmt.Sprintf("%s's shrimp is already on %s.", who(int(s.Shrimp[sq])), name)
	case from < 0 && s.Polyp[sq] == NoColour:
		return fmt.Sprintf("A new shrimp goes onto a coral; %s is bare rock.", name)
	}
	b := sq / perBoard
	if (from < 0 || from/perBoard != b) && s.ownOnBoard(me, b) >= data.MaxShrimpsPerBoard {
		return fmt.Sprintf("You already have %d shrimps on board %d.", data.MaxShrimpsPerBoard, b+1)
	}
	if s.Polyp[sq] != NoColour && cm.shrimp[cm.id[sq]] >= 0 {
		return fmt.Sprintf("The %s coral on %s already has a shrimp; never two shrimps on one coral.", cm.colour[cm.id[sq]], sqWhere(sq))
	}
	return fmt.Sprintf("Your shrimp may not go to %s now.", name)
}

// shrimpMove reads "<from square> <to square>|home".
func (s *state) shrimpMove(w *walker, cm *corals, me int, mine []int, st *step) {
	from := squarePicker{
		sqs:  mine,
		what: "your shrimp",
		label: func(sq int) string {
			if s.Polyp[sq] == NoColour {
				return fmt.Sprintf("Your shrimp on bare rock at %s", sqWhere(sq))
			}
			return fmt.Sprintf("Your shrimp on %s (%s)", sqWhere(sq), s.coralText(cm, sq))
		},
		why: func(sq int) string { return fmt.Sprintf("You have no shrimp on %s.", sqWhere(sq)) },
	}
	sq, ok := from.square(w, s)
	if !ok {
		return
	}
	st.sq = sq
	to := squarePicker{
		sqs:  s.shrimpTargets(cm, me, sq),
		what: "your shrimp",
		label: func(t int) string {
			switch {
			case s.Polyp[t] == NoColour:
				return fmt.Sprintf("%s: bare rock (leave it before your turn ends)", sqWhere(t))
			case s.Polyp[sq] != NoColour && cm.id[t] == cm.id[sq]:
				return fmt.Sprintf("%s: another polyp of the same coral", sqWhere(t))
			}
			return fmt.Sprintf("%s: onto %s", sqWhere(t), s.coralText(cm, t))
		},
		why: func(t int) string {
			if t == sq {
				return fmt.Sprintf("Your shrimp is already on %s.", sqWhere(t))
			}
			return s.shrimpWhy(cm, me, sq, t)
		},
	}
	opts := to.boards(w)
	opts = append(opts, rules.Choice{Token: vHome, Label: "Back behind your screen"})
	t, ok := w.pick(opts, func(tok string) string {
		if t, ok := w.peekSquare(s, w.i); ok {
			return to.why(t)
		}
		why := to.whyBoard(s, tok)
		if _, err := strconv.Atoi(tok); err != nil {
			why += " Or write home to take the shrimp back behind your screen."
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

// tileOpen says whether seat may put a cylinder of colour a on coral tile t, or why not.
func (s *state) tileOpen(me, t int, a Alga) (bool, string) {
	p := &s.Players[me]
	large, _ := s.tileAlgae(t)
	switch {
	case p.ShrimpsEaten == 0:
		return false, "Only a player whose parrotfish has eaten a coral may put cylinders on coral tiles; use the open sea (sea)."
	case s.Tiles[t].Cover != NoAlga:
		return false, fmt.Sprintf("Coral tile %d is already covered.", t+1)
	case s.T.Covered:
		return false, "You have already covered a coral tile this turn."
	case large != a:
		return false, fmt.Sprintf("Coral tile %d shows a large %s alga, not %s.", t+1, large, a)
	case s.uncovered() == 1 && sum(p.Fish[:]) < 2:
		return false, "You may not cover the last uncovered coral tile unless your parrotfish holds at least 2 polyps."
	}
	return true, ""
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
	opts := colourChoices(w, pay, func(c Colour) string {
		return fmt.Sprintf("Pay with a consumed %s polyp (you have %d)", c, p.Consumed[c])
	})
	c, ok := w.pick(opts, func(tok string) string {
		return whyColour(tok, opts, func(c Colour) string { return fmt.Sprintf("You have no consumed %s polyp.", c) })
	})
	if !ok {
		return
	}
	st.col, _ = colourByToken(c)
	var cyl []rules.Choice
	for a := Alga(0); a < NumAlgae; a++ {
		if s.AlgaSupply[a] > 0 {
			cyl = append(cyl, rules.Choice{Token: a.String(), Label: fmt.Sprintf("A %s cylinder (%d left)", a, s.AlgaSupply[a])})
		}
	}
	at, ok := w.pick(cyl, func(tok string) string {
		if a, ok := algaByName(tok); ok {
			return fmt.Sprintf("No %s cylinder is left in the supply.", a)
		}
		return fmt.Sprintf("%q is not a cylinder colour: write %s.", tok, tokenList(cyl))
	})
	if !ok {
		return
	}
	st.alga, _ = algaByName(at)
	opts = []rules.Choice{{Token: vSea}}
	if w.listing() {
		opts[0].Label = "On the open sea: " + s.flipText(st.alga, -1)
	}
	for t := 0; t < NumTiles; t++ {
		if ok, _ := s.tileOpen(me, t, st.alga); ok {
			c := rules.Choice{Token: strconv.Itoa(t + 1)}
			if w.listing() {
				strong, weak := s.tileColours(t)
				c.Label = fmt.Sprintf("On coral tile %d, locking %s over %s; %s", t+1, strong, weak, s.flipText(st.alga, t))
			}
			opts = append(opts, c)
		}
	}
	tt, ok := w.pick(opts, func(tok string) string {
		n, err := strconv.Atoi(tok)
		if err != nil || n < 1 || n > NumTiles {
			return fmt.Sprintf("%q is not a place for the cylinder: write sea, or the number of a coral tile (1 to %d).", tok, NumTiles)
		}
		_, why := s.tileOpen(me, n-1, st.alga)
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
func (s *state) flipText(a Alga, skip int) string {
	var flips []string
	for t := range s.Tiles {
		if large, _ := s.tileAlgae(t); t != skip && s.Tiles[t].Cover == NoAlga && large == a {
			flips = append(flips, strconv.Itoa(t+1))
		}
	}
	switch len(flips) {
	case 0:
		return "no tile flips"
	case 1:
		return "tile " + flips[0] + " flips"
	}
	return "tiles " + strings.Join(flips[:len(flips)-1], ", ") + " and " + flips[len(flips)-1] + " flip"
}
