package ascidiae

import (
	"slices"
	"strconv"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// The first word of a central board move.
const (
	wColonize = "colonize"
	wRoot     = "root"
	wDisplace = "displace"
	wSpin     = "spin"
	wBlock    = "block"
	wPuff     = "puff"
	wRest     = "rest"
)

// canCentral reports whether action a lets card c make some central move now (rest aside,
// always allowed).
func (g *State) canCentral(c *Placed, a Action) bool {
	for _, v := range actionVerbs(a) {
		if g.verbPays(c, a, v) {
			return true
		}
	}
	return false
}

// verbPays reports whether card c can make central move v, one its action allows: verbReason
// without the reason, since working out which abilities can be done asks it for every card and
// builds no text.
func (g *State) verbPays(c *Placed, a Action, v string) bool {
	switch v {
	case wColonize:
		for i := range g.Colonies {
			if g.canColonize(c, i) {
				return true
			}
		}
		return false
	case wRoot:
		for i := range g.Piles {
			if g.canRoot(c, a.Zone, i) {
				return true
			}
		}
		return false
	case wBlock:
		for i := range g.Piles {
			if g.canBlock(c, i) {
				return true
			}
		}
		return false
	default: // displace, spin, puff: one tadpole of any colour
		return c.T.Total() > 0
	}
}

// actionVerbs lists the central board moves action a allows at all. The lists are shared:
// callers only read them.
func actionVerbs(a Action) []string {
	switch a.Verb {
	case Think:
		return thinkVerbs
	case Colonize:
		return thinkVerbs[0:1:1]
	case Root:
		return thinkVerbs[1:2:2]
	case Order:
		return thinkVerbs[2:]
	case Displace:
		return thinkVerbs[2:3:3]
	case Spin:
		return thinkVerbs[3:4:4]
	case Block:
		return thinkVerbs[4:5:5]
	case Puff:
		return thinkVerbs[5:6:6]
	}
	return nil
}

// thinkVerbs is every central move, in the order menus list them.
var thinkVerbs = []string{wColonize, wRoot, wDisplace, wSpin, wBlock, wPuff}

// verbReason says why card c cannot make central move v under action a now, or nil when it can.
func (g *State) verbReason(c *Placed, a Action, v string) *msg.Message {
	name := cardArg("Card", c.Card)
	if !slices.Contains(actionVerbs(a), v) {
		return say("why_not_now", name, msg.Nested("Action", centralActionMsg(a)), msg.Nested("Verb", verbMsg(v)))
	}
	if g.verbPays(c, a, v) {
		return nil
	}
	switch v {
	case wColonize:
		// Name the open colony it lacks fewest tadpoles for: a long game has up to nine.
		near, short := -1, 0
		for i, s := range g.Colonies {
			if s.By >= 0 {
				continue
			}
			n := 0
			for col, need := range s.colony().Needs {
				n += max(0, need-c.T[col])
			}
			if near < 0 || n < short {
				near, short = i, n
			}
		}
		if near < 0 {
			return say("why_all_claimed")
		}
		return say("why_no_colony", name, msg.Nested("Holds", holdingMsg(c.T)), msg.Code("Colony", slotToken(near)), msg.Nested("Needs", poolMsg(g.Colonies[near].colony().Needs)))
	case wRoot:
		return say("why_no_root", name, msg.Nested("Holds", holdingMsg(c.T)))
	case wBlock:
		if g.Blocks <= 0 {
			return say("bad_no_lock")
		}
		return say("why_no_block", name, msg.Nested("Holds", holdingMsg(c.T)))
	default:
		return say("why_no_pay", name, msg.Nested("Verb", verbMsg(v)))
	}
}

// colonizable lists the green slots whose colony card c can pay for.
func (g *State) colonizable(c *Placed) []int {
	var out []int
	for i := range g.Colonies {
		if g.canColonize(c, i) {
			out = append(out, i)
		}
	}
	return out
}

func (g *State) canColonize(c *Placed, i int) bool {
	s := &g.Colonies[i]
	return s.By < 0 && c.T.Covers(s.colony().Needs)
}

// rootable lists the piles c can take root from (or unlock) in zone.
func (g *State) rootable(c *Placed, z Zone) []int {
	var out []int
	for i := range g.Piles {
		if g.canRoot(c, z, i) {
			out = append(out, i)
		}
	}
	return out
}

func (g *State) canRoot(c *Placed, z Zone, i int) bool {
	p := &g.Piles[i]
	if (z == ZoneBlue && p.Zone != "blue") || (z == ZoneRed && p.Zone != "red") {
		return false
	}
	return (p.Locked || p.Count > 0) && c.T.Covers(p.Cost)
}

// blockable lists the piles c can lock: unlocked, not empty, affordable, with a token left.
func (g *State) blockable(c *Placed) []int {
	var out []int
	for i := range g.Piles {
		if g.canBlock(c, i) {
			out = append(out, i)
		}
	}
	return out
}

func (g *State) canBlock(c *Placed, i int) bool {
	p := &g.Piles[i]
	return g.Blocks > 0 && !p.Locked && p.Count > 0 && c.T.Covers(p.Cost)
}

// payColours lists the colours card c could return for a one-tadpole yellow action.
func payColours(c *Placed) []Colour {
	var out []Colour
	for col := Colour(0); col < NumColours; col++ {
		if c.T[col] > 0 {
			out = append(out, col)
		}
	}
	return out
}

func slotToken(i int) string { return "g" + strconv.Itoa(i+1) }

func slotByToken(s string) int {
	if len(s) < 2 || s[0] != 'g' {
		return -1
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil {
		return -1
	}
	return n - 1
}

// activeCard returns the activating card and its space.
func (g *State) activeCard() (*Placed, int) {
	sp := g.find(g.Turn.Seat, g.Turn.Active)
	if sp < 0 {
		return nil, -1
	}
	return g.Players[g.Turn.Seat].Grid[sp], sp
}

func (g *State) currentAction() Action {
	c, _ := g.activeCard()
	ab, _ := g.ability(g.Turn.Ab, c)
	return ab.Actions[g.Turn.Act]
}

// treeCentral is the choice tree of a central board action.
func (g *State) treeCentral(m rules.Move) ([]rules.Choice, bool) { return g.centralTree(m, true) }

// centralTree is treeCentral, with the labels only when asked (random play and Apply's check
// never read them).
func (g *State) centralTree(m rules.Move, labels bool) ([]rules.Choice, bool) {
	c, _ := g.activeCard()
	seat := g.Turn.Seat
	grid := &g.Players[seat].Grid
	a := g.currentAction()
	if len(m) == 0 {
		var out []rules.Choice
		for _, v := range actionVerbs(a) {
			if g.verbPays(c, a, v) {
				ch := rules.Choice{Token: v, Msg: verbLabelMsg(v)}
				out = append(out, ch)
			}
		}
		rest := rules.Choice{Token: wRest, Msg: restLabelMsg}
		return append(out, rest), false
	}
	payNext := func(k int) ([]rules.Choice, bool) {
		cols := payColours(c)
		if len(cols) < 2 {
			return nil, len(m) == k
		}
		if len(m) == k {
			var out []rules.Choice
			for _, col := range cols {
				ch := rules.Choice{Token: col.String()}
				if labels {
					ch = labelled(ch, g.payLabel(m, col))
				}
				out = append(out, ch)
			}
			return out, false
		}
		return nil, true
	}
	switch m[0] {
	case wRest:
		return nil, true
	case wColonize:
		if len(m) == 1 {
			var out []rules.Choice
			for _, i := range g.colonizable(c) {
				ch := rules.Choice{Token: slotToken(i)}
				if labels {
					col, _ := Colony(g.Colonies[i].ID)
					ch = labelled(ch, say("lbl_claim", msg.Code("Colony", slotToken(i)), msg.Nested("Needs", poolMsg(col.Needs))))
				}
				out = append(out, ch)
			}
			return out, false
		}
		return nil, true
	case wRoot:
		switch len(m) {
		case 1:
			var out []rules.Choice
			for _, i := range g.rootable(c, a.Zone) {
				p := g.Piles[i]
				ch := rules.Choice{Token: p.Card}
				if labels {
					on := mustCard(p.Card).OnRoot
					switch {
					case p.Locked:
						ch = labelled(ch, say("lbl_unlock", shortArg("Pile", p.Card), msg.Nested("Cost", poolMsg(p.Cost))))
					case on.Total() > 0:
						ch = labelled(ch, say("lbl_pile_enters", cardArg("Card", p.Card), msg.Nested("Cost", poolMsg(p.Cost)), msg.Nested("On", poolMsg(on)), msg.Number("Left", p.Count)))
					default:
						ch = labelled(ch, say("lbl_pile", cardArg("Card", p.Card), msg.Nested("Cost", poolMsg(p.Cost)), msg.Number("Left", p.Count)))
					}
				}
				out = append(out, ch)
			}
			return out, false
		case 2:
			if g.Piles[g.pileByCard(m[1])].Locked {
				return nil, true
			}
			if !labels {
				return spaceChoices[:], false
			}
			var out []rules.Choice
			for sp := 0; sp < Spaces; sp++ {
				lbl := say("lbl_empty", msg.Code("Space", SpaceName(sp)))
				if o := grid[sp]; o != nil {
					lbl = say("lbl_replaces", msg.Code("Space", SpaceName(sp)), shortArg("Card", o.Card), msg.Nested("Lost", lostMsg(o.T, true)))
				}
				out = append(out, labelled(rules.Choice{Token: SpaceName(sp)}, lbl))
			}
			return out, false
		case 3:
			return facings(labels), false
		}
		return nil, true
	case wDisplace:
		switch len(m) {
		case 1:
			var out []rules.Choice
			for sp := 0; sp < Spaces; sp++ {
				if o := grid[sp]; o != nil {
					ch := rules.Choice{Token: SpaceName(sp)}
					if labels {
						ch = labelled(ch, say("lbl_move_from", shortArg("Card", o.Card), msg.Code("Space", SpaceName(sp))))
					}
					out = append(out, ch)
				}
			}
			return out, false
		case 2:
			from, _ := spaceByName(m[1])
			var out []rules.Choice
			for d := Up; d <= Left; d++ {
				if n := step(from, d); n >= 0 {
					ch := rules.Choice{Token: SpaceName(n)}
					if labels {
						if o := grid[n]; o != nil {
							ch = labelled(ch, say("lbl_to", msg.Code("Space", SpaceName(n)), dirArg("Dir", d), shortArg("Card", o.Card), msg.Nested("Lost", lostMsg(o.T, false))))
						} else {
							ch = labelled(ch, say("lbl_to_empty", msg.Code("Space", SpaceName(n)), dirArg("Dir", d)))
						}
					}
					out = append(out, ch)
				}
			}
			return out, false
		}
		return payNext(3)
	case wSpin:
		switch len(m) {
		case 1:
			var out []rules.Choice
			for sp := 0; sp < Spaces; sp++ {
				if o := grid[sp]; o != nil {
					ch := rules.Choice{Token: SpaceName(sp)}
					if labels {
						ch = labelled(ch, say("lbl_turn", shortArg("Card", o.Card), msg.Code("Space", SpaceName(sp)), dirArg("Dir", o.Orient)))
					}
					out = append(out, ch)
				}
			}
			return out, false
		case 2:
			// Every facing, the one the card has too: the rules say a spin may leave the card as it
			// faces (it then only returns a tadpole from it), and its label says so.
			sp, _ := spaceByName(m[1])
			o := grid[sp]
			if !labels {
				return quietFacings[:], false
			}
			var out []rules.Choice
			for d := Up; d <= Left; d++ {
				id := "lbl_spin_to"
				if d == o.Orient {
					id = "lbl_spin_stay"
				}
				out = append(out, labelled(rules.Choice{Token: quietFacings[d].Token},
					say(id, shortArg("Card", o.Card), msg.Code("Space", SpaceName(sp)), dirArg("Dir", d))))
			}
			return out, false
		}
		return payNext(3)
	case wBlock:
		if len(m) == 1 {
			var out []rules.Choice
			for _, i := range g.blockable(c) {
				p := g.Piles[i]
				ch := rules.Choice{Token: p.Card}
				if labels {
					ch = labelled(ch, say("lbl_lock", shortArg("Pile", p.Card), msg.Nested("Cost", poolMsg(p.Cost))))
				}
				out = append(out, ch)
			}
			return out, false
		}
		return nil, true
	case wPuff:
		return payNext(1)
	}
	return nil, false
}

// payLabel is the choice of the colour paid for the yellow action m: it says the whole action,
// the payment first (it tells the choice from its siblings when a long label is cut), since a
// menu of whole moves labels each by its last step ("Pay with a black tadpole" 24 times
// said nothing of which card turns where).
func (g *State) payLabel(m rules.Move, col Colour) *msg.Message {
	var one Pool
	one[col] = 1
	paid := msg.Nested("Tadpole", poolMsg(one))
	grid := &g.Players[g.Turn.Seat].Grid
	switch m[0] {
	case wSpin:
		sp, _ := spaceByName(m[1])
		d, _ := dirByName(m[2])
		if grid[sp] != nil && grid[sp].Orient == d {
			return say("lbl_spin_stay_pay", shortArg("Card", grid[sp].Card), msg.Code("Space", SpaceName(sp)), dirArg("Dir", d), paid)
		}
		return say("lbl_spin_pay", shortArg("Card", grid[sp].Card), msg.Code("Space", SpaceName(sp)), dirArg("Dir", d), paid)
	case wDisplace:
		from, _ := spaceByName(m[1])
		to, _ := spaceByName(m[2])
		if o := grid[to]; o != nil {
			return say("lbl_displace_pay_onto", shortArg("Card", grid[from].Card), msg.Code("To", SpaceName(to)),
				shortArg("Other", o.Card), msg.Nested("Lost", lostMsg(o.T, false)), paid)
		}
		return say("lbl_displace_pay", shortArg("Card", grid[from].Card), msg.Code("To", SpaceName(to)), paid)
	case wPuff:
		return say("lbl_puff_pay", paid)
	}
	return say(payIDs[col])
}

// restLabelMsg is the choice to do nothing on the central board.
var restLabelMsg = say("lbl_rest")

// payIDs are the choices of the colour of the tadpole paid.
var payIDs = [NumColours]string{"pay_black", "pay_white", "pay_red", "pay_blue"}

// spaceChoices are the grid's spaces without labels, shared by the quiet trees (read only).
var spaceChoices = func() (out [Spaces]rules.Choice) {
	for sp := range out {
		out[sp].Token = SpaceName(sp)
	}
	return out
}()

func facingChoices() []rules.Choice {
	out := make([]rules.Choice, 4)
	copy(out, labelledFacings[:])
	return out
}

// labelledFacings are the four facings with their labels, copied for each menu.
var labelledFacings = func() (out [4]rules.Choice) {
	for d := Up; d <= Left; d++ {
		out[d] = labelled(rules.Choice{Token: d.String()}, say("lbl_facing", dirArg("Dir", d)))
	}
	return out
}()

// quietFacings are the four facings without labels, shared by the quiet trees (read only).
var quietFacings = [4]rules.Choice{{Token: "up"}, {Token: "right"}, {Token: "down"}, {Token: "left"}}

// facings is facingChoices, or the shared list without labels.
func facings(labels bool) []rules.Choice {
	if labels {
		return facingChoices()
	}
	return quietFacings[:]
}

// verbLabels are the central moves' choices, their messages and English, by first token.
var verbLabels = func() map[string]*msg.Message {
	out := map[string]*msg.Message{}
	for _, v := range thinkVerbs {
		out[v] = say("lbl_" + v)
	}
	return out
}()

func verbLabelMsg(v string) *msg.Message {
	if m, ok := verbLabels[v]; ok {
		return m
	}
	return codeMsg(v)
}

// lostMsgOf says that card old, where a card took root or was moved, is lost; c is the
// activating card, which may be the one lost.
func lostMsgOf(old, c *Placed) *msg.Message {
	if old == c {
		return say("part_lost_self", shortArg("Card", old.Card), msg.Nested("Lost", lostMsg(old.T, false)))
	}
	return say("part_lost_other", shortArg("Card", old.Card), msg.Nested("Lost", lostMsg(old.T, false)))
}

// pay returns one tadpole from c: the named colour, or the only colour it holds.
func pay(c *Placed, m rules.Move, k int) Colour {
	if len(m) > k {
		col, _ := colourByName(m[k])
		c.T[col]--
		return col
	}
	col := payColours(c)[0]
	c.T[col]--
	return col
}

// doCentral carries out a validated central board move.
func (g *State) doCentral(m rules.Move, ev *[]rules.Event) {
	t := &g.Turn
	c, _ := g.activeCard()
	seat := t.Seat
	pl := &g.Players[seat]
	t.Act++
	switch m[0] {
	case wRest:
		g.part("part_rest")
	case wColonize:
		i := slotByToken(m[1])
		col, _ := Colony(g.Colonies[i].ID)
		c.T = c.T.Minus(col.Needs)
		g.Colonies[i].By = seat
		pl.Colonies = append(pl.Colonies, col.ID)
		t.Claims++
		g.part("part_claim", msg.Nested("Pool", g.pool(col.Needs)), msg.Code("Colony", m[1]), msg.Nested("Nth", ordinalMsg(len(pl.Colonies))))
		if !g.solo() && len(pl.Colonies) >= g.winTarget() {
			g.finish(ev)
			g.end(ev, rules.RanksByScore(g.scores()), winMsg(seat, len(pl.Colonies)))
		}
	case wRoot:
		p := &g.Piles[g.pileByCard(m[1])]
		c.T = c.T.Minus(p.Cost)
		if p.Locked {
			p.Locked = false
			g.Blocks++
			g.part("part_unlock", msg.Nested("Pool", g.pool(p.Cost)), shortArg("Pile", p.Card))
			return
		}
		p.Count--
		sp, _ := spaceByName(m[2])
		o, _ := dirByName(m[3])
		old := pl.Grid[sp]
		n := g.place(seat, sp, p.Card, o)
		n.T = mustCard(p.Card).OnRoot
		g.part("part_root", msg.Nested("Pool", g.pool(p.Cost)), shortArg("Card", p.Card), msg.Code("Space", m[2]), dirArg("Dir", o))
		if old != nil {
			g.say(lostMsgOf(old, c))
		}
		if n.T.Total() > 0 {
			g.part("part_enters", msg.Nested("Pool", g.pool(n.T)))
		}
	case wDisplace:
		col := pay(c, m, 3)
		from, _ := spaceByName(m[1])
		to, _ := spaceByName(m[2])
		mv, old := pl.Grid[from], pl.Grid[to]
		t.remember(mv, from)
		pl.Grid[to], pl.Grid[from] = mv, nil
		if mv == c {
			g.part("part_move_self", msg.Nested("Pool", oneMsg(col)), msg.Code("From", m[1]), msg.Code("To", m[2]))
		} else {
			g.part("part_move", msg.Nested("Pool", oneMsg(col)), shortArg("Card", mv.Card), msg.Code("From", m[1]), msg.Code("To", m[2]))
		}
		if old != nil {
			g.say(lostMsgOf(old, c))
		}
	case wSpin:
		col := pay(c, m, 3)
		sp, _ := spaceByName(m[1])
		o, _ := dirByName(m[2])
		t.remember(pl.Grid[sp], sp)
		pl.Grid[sp].Orient = o
		if pl.Grid[sp] == c {
			g.part("part_turn_self", msg.Nested("Pool", oneMsg(col)), dirArg("Dir", o))
		} else {
			g.part("part_turn", msg.Nested("Pool", oneMsg(col)), shortArg("Card", pl.Grid[sp].Card), msg.Code("Space", m[1]), dirArg("Dir", o))
		}
	case wBlock:
		p := &g.Piles[g.pileByCard(m[1])]
		c.T = c.T.Minus(p.Cost)
		p.Locked = true
		g.Blocks--
		g.part("part_lock", msg.Nested("Pool", g.pool(p.Cost)), shortArg("Pile", p.Card))
	case wPuff:
		col := pay(c, m, 1)
		g.part("part_puff", msg.Nested("Pool", oneMsg(col)))
	}
}
