package ascidiae

import (
	"math/bits"
	"slices"
	"strconv"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// The decisions a turn can wait on.
const (
	waitStart   = "start"   // learning turn: rearrange the initial ascidiae or let the current flow
	waitAbility = "ability" // several abilities can be done
	waitPick    = "pick"    // which tadpoles an any-colour icon means
	waitCentral = "central" // a central board action, or rest
)

// startTurn begins seat's turn.
func (g *State) startTurn(seat int) {
	g.Turn = Cursor{Seat: seat}
	g.Players[seat].Turns++
	g.Log, g.LogMsgs = nil, nil
}

// run moves the game on until a seat must decide something or the game ends.
func (g *State) run(ev *[]rules.Event) {
	for g.Res == nil && g.Turn.Wait == "" {
		t := &g.Turn
		switch {
		case !t.Started:
			if g.canRearrange() {
				t.Wait = waitStart
				return
			}
			t.Started = true
			g.presume("flow")
		case t.Active == 0:
			if t.Pos >= Spaces {
				g.endTurn(ev)
				continue
			}
			sp := g.path()[t.Pos]
			if c := g.Players[t.Seat].Grid[sp]; c != nil {
				g.activate(sp, c, ev)
			} else {
				t.Pos++
			}
		case t.Ab == nil:
			// An activation without an ability only exists while waiting for the choice.
			panic("ascidiae: activation without ability or wait")
		default:
			g.step(ev)
		}
	}
}

// presume notes tok as a decision the rules took for the seat to move (Cursor.Auto).
func (g *State) presume(tok string) {
	// Kept on quiet copies too: a state must be the same however it was played.
	g.Turn.Auto = append(slices.Clip(g.Turn.Auto), tok)
}

// Presumed is rules.Presumer: the decisions the rules took for s since its last one.
func (g *State) Presumed(s rules.Seat) []rules.Move {
	if g.setupPhase() || int(s) != g.Turn.Seat {
		return nil
	}
	out := make([]rules.Move, len(g.Turn.Auto))
	for i, tok := range g.Turn.Auto {
		out[i] = rules.Move{tok}
	}
	return out
}

// say adds a part to the activation's log line. Nothing is rendered until the line is done
// (finish): the greedy player plays hundreds of moves per decision.
func (g *State) say(m *msg.Message) {
	if g.quiet {
		return
	}
	g.Turn.Parts = append(g.Turn.Parts, m)
}

// sayCannot logs a push or catch (action a, its directions read on the grid by gd) that moves
// nothing. A run of them (gemmata pushes four colours) makes one clause: "cannot push 1 black
// right (d3), nor 1 white down (off the grid)".
func (g *State) sayCannot(a Action, gd *gridDir) {
	if g.quiet {
		return
	}
	t := &g.Turn
	if n := len(t.Parts); n > 1 && cannotVerb(t.Parts[n-1]) == a.Verb {
		obj := "obj_push"
		if a.Verb == Catch {
			obj = "obj_catch"
		}
		m := say("part_nor", msg.Nested("First", t.Parts[n-1]), msg.Nested("Rest", say(obj, msg.Nested("Icons", iconsMsg(a.Icons)), dirMsg(a.Dir, gd))))
		// A copy: clones share the line's array up to its length (see clone).
		t.Parts = append(t.Parts[:n-1:n-1], m)
		return
	}
	g.part("part_cannot", msg.Nested("Action", actionMsg(a, gd, false, false)))
}

// cannotVerb is the verb of a part saying a push or catch moved nothing (part_cannot, or a run
// of them), or Spawn (no such verb) for any other part.
func cannotVerb(m *msg.Message) Verb {
	for m != nil {
		switch m.ID {
		case "part_nor":
			m = m.Args[0].Msg
		case "part_cannot":
			switch m.Args[0].Msg.ID {
			case "act_push":
				return Push
			case "act_catch":
				return Catch
			}
			return Spawn
		default:
			return Spawn
		}
	}
	return Spawn
}

// finish closes the activation and logs it. The event names the card's owner ("{seat:0}'s basica
// on c2 spawns ..."), since every player has a basica and a habilis; the turn's log, drawn under
// a header naming the seat, keeps the line without the owner (the same string, no copy).
func (g *State) finish(ev *[]rules.Event) {
	t := &g.Turn
	// An activation begun quietly (ApplyQuiet) has no head: its line is not written.
	if len(t.Parts) > 0 && t.Parts[0].ID == "line_head" {
		var line *msg.Message
		if len(t.Parts) > 1 {
			parts := t.Parts[len(t.Parts)-1]
			for i := len(t.Parts) - 2; i >= 1; i-- {
				parts = g.ar.say("list_semi", msg.Nested("First", t.Parts[i]), msg.Nested("Rest", parts))
			}
			line = g.ar.say("line", msg.Nested("Head", t.Parts[0]), msg.Nested("Parts", parts))
		} else {
			line = g.ar.say("line_bare", msg.Nested("Head", t.Parts[0]))
		}
		*ev = append(*ev, activationEvent(t.Seat, g.logLine(t.Seat, line)))
	}
	t.Active, t.Ab, t.Act, t.Parts = 0, nil, 0, nil
	t.Pos++
}

// activate starts the activation of card c on space sp: purge, then pick an ability.
func (g *State) activate(sp int, c *Placed, ev *[]rules.Event) {
	t := &g.Turn
	t.Active, t.Space = c.UID, sp
	t.forget(c.UID)
	if !g.quiet {
		t.Parts = make([]*msg.Message, 0, 4)
	}
	if !g.quiet {
		g.say(g.head(c.Card, sp))
	}
	if n := c.T.Total(); n > def(c).Capacity {
		g.part("part_purge", msg.Number("N", n), msg.Number("Cap", def(c).Capacity))
		if g.watch != nil {
			g.watch.purges = append(g.watch.purges, purge{seat: t.Seat, card: c.Card, space: sp, n: n})
		}
		c.T = Pool{}
		g.finish(ev)
		return
	}
	var first AbRef
	n := 0
	g.eachDoable(t.Seat, sp, func(r AbRef) bool {
		if n == 0 {
			first = r
		}
		n++
		return n < 2 // one is done at once, more are asked
	})
	switch n {
	case 0:
		g.part("part_none")
		g.finish(ev)
	case 1:
		t.Ab = &first
		g.presume(first.Label)
	default:
		t.Wait = waitAbility
	}
}

// offered lists the abilities the card on sp may use: its own, then those its neighbours lend it.
func (g *State) offered(seat, sp int) []AbRef {
	var out []AbRef
	g.eachOffered(seat, sp, func(r AbRef) bool { out = append(out, r); return true })
	return out
}

// eachOffered calls f with each ability offered to the card on sp, in menu order, until f says
// stop: activations ask several times, and a list would cost an allocation each time.
func (g *State) eachOffered(seat, sp int, f func(AbRef) bool) {
	grid := &g.Players[seat].Grid
	c := grid[sp]
	i := 0
	for k := range def(c).Abilities {
		if !f(AbRef{Card: c.Card, Lend: -1, Index: k, From: -1, Label: abilityLabel(i), d: def(c)}) {
			return
		}
		i++
	}
	for d := Up; d <= Left; d++ {
		n := step(sp, d)
		if n < 0 || grid[n] == nil {
			continue
		}
		lender := grid[n]
		for li, l := range def(lender).Lends {
			if step(n, l.To.Turn(lender.Orient)) == sp {
				if !f(AbRef{Card: lender.Card, Lend: li, Orient: lender.Orient, From: n, Label: abilityLabel(i), d: def(lender)}) {
					return
				}
				i++
			}
		}
	}
}

// doable keeps the offered abilities that can be done: an ability can be done unless its first
// action is a consume or cooperate without enough tadpoles, or a central board action with
// nothing to do.
func (g *State) doable(seat, sp int) []AbRef {
	var out []AbRef
	g.eachDoable(seat, sp, func(r AbRef) bool { out = append(out, r); return true })
	return out
}

// eachDoable is doable one ability at a time, until f says stop.
func (g *State) eachDoable(seat, sp int, f func(AbRef) bool) {
	c := g.Players[seat].Grid[sp]
	g.eachOffered(seat, sp, func(r AbRef) bool {
		ab, _ := g.ability(&r, c)
		return !g.canDo(c, ab.Actions[0]) || f(r)
	})
}

func (g *State) canDo(c *Placed, a Action) bool {
	switch {
	case a.Verb == Consume || a.Verb == Coop:
		return canSupply(c.T, a) // what tadOptions would list, without listing it
	case a.Verb.Central():
		return g.canCentral(c, a)
	}
	return true
}

// canSupply reports whether the pool src holds some reading of a's icons (tadOptions is not empty
// for a consume or cooperate drawing on src).
func canSupply(src Pool, a Action) bool {
	if m := a.allMask(); m != 0 {
		for col := Colour(0); col < NumColours; col++ {
			if m&(1<<col) != 0 && src[col] > 0 {
				return true
			}
		}
		return false
	}
	return coverable(src, a.Icons)
}

// coverable reports whether src can give one tadpole for each icon: a search over the colours
// each icon allows (cards print a few icons).
func coverable(src Pool, icons []Icon) bool {
	if len(icons) == 0 {
		return true
	}
	ic := icons[0]
	for col := Colour(0); col < NumColours; col++ {
		if ic.has(col) && src[col] > 0 {
			src[col]--
			if coverable(src, icons[1:]) {
				return true
			}
			src[col]++
		}
	}
	return false
}

// abilityLabel is the token of the i-th offered ability, "1".."n" (asked for every activation and
// menu: no formatting).
func abilityLabel(i int) string {
	if i < len(abilityLabels) {
		return abilityLabels[i]
	}
	return strconv.Itoa(i + 1)
}

var abilityLabels = [...]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"}

// ability resolves a reference to the ability and the orientation its directions are read in.
func (g *State) ability(r *AbRef, c *Placed) (Ability, Dir) {
	d := r.d
	if d == nil {
		d = mustCard(r.Card)
	}
	if r.Lend < 0 {
		return d.Abilities[r.Index], c.Orient
	}
	return d.Lends[r.Lend].Ability, r.Orient
}

// step does the next action of the ability under way, or stops to ask.
func (g *State) step(ev *[]rules.Event) {
	t := &g.Turn
	sp := g.find(t.Seat, t.Active)
	if sp < 0 {
		g.part("part_ends")
		g.finish(ev)
		return
	}
	c := g.Players[t.Seat].Grid[sp]
	ab, o := g.ability(t.Ab, c)
	if t.Act >= len(ab.Actions) {
		g.finish(ev)
		return
	}
	a := ab.Actions[t.Act]
	if a.Verb.Central() {
		if !g.canCentral(c, a) {
			g.part("part_afford", msg.Nested("Action", actionMsg(a, nil, true, false)))
			t.Act++
			return
		}
		t.Wait = waitCentral
		return
	}
	opts := g.tadOptions(t.Seat, sp, c, a, o)
	switch {
	case len(opts) == 0 && (a.Verb == Consume || a.Verb == Coop):
		g.part("part_stops", msg.Nested("Action", actionMsg(a, nil, false, false)))
		g.finish(ev)
	case len(opts) == 0:
		g.sayCannot(a, &gridDir{sp: sp, o: o})
		t.Act++
	case a.Verb == Coop:
		g.part("part_coop", msg.Nested("Pool", g.pool(opts[0])))
		t.Act++
	case len(opts) == 1:
		g.presume(opts[0].Token())
		g.doTadpoles(sp, c, a, o, opts[0])
	default:
		t.Wait = waitPick
	}
}

// tadOptions lists the tadpoles an action may use: for spawn every way to read its icons; for the
// others the ways the source card can supply. All-icons give one pool, empty when there is nothing.
func (g *State) tadOptions(seat, sp int, c *Placed, a Action, o Dir) []Pool {
	src := c.T
	if a.Verb == Catch {
		n := step(sp, a.Dir.Turn(o))
		if n < 0 || g.Players[seat].Grid[n] == nil {
			return nil
		}
		src = g.Players[seat].Grid[n].T
	}
	if m := a.allMask(); m != 0 {
		var p Pool
		for col := Colour(0); col < NumColours; col++ {
			if m&(1<<col) != 0 {
				p[col] = src[col]
			}
		}
		if p.Total() == 0 {
			return nil
		}
		return []Pool{p}
	}
	if p, ok := a.fixed(); ok { // one colour an icon, the usual case: one reading
		if a.Verb == Spawn || src.Covers(p) {
			return []Pool{p}
		}
		return nil
	}
	all := combos(a.Icons)
	if a.Verb == Spawn {
		return all
	}
	var out []Pool
	for _, p := range all {
		if src.Covers(p) {
			out = append(out, p)
		}
	}
	return out
}

// combos lists the distinct pools a list of one-tadpole icons can stand for, in icon order.
func combos(icons []Icon) []Pool {
	res := []Pool{{}}
	for _, ic := range icons {
		next := make([]Pool, 0, len(res)*bits.OnesCount8(ic.Set))
		for _, p := range res {
			for c := Colour(0); c < NumColours; c++ {
				if !ic.has(c) {
					continue
				}
				q := p
				q[c]++
				if !slices.Contains(next, q) { // at most 25 readings: a scan beats a map
					next = append(next, q)
				}
			}
		}
		res = next
	}
	return res
}

// doTadpoles carries out a tadpole action with the tadpoles p, then moves to the next action.
func (g *State) doTadpoles(sp int, c *Placed, a Action, o Dir, p Pool) {
	t := &g.Turn
	grid := &g.Players[t.Seat].Grid
	t.Act++
	switch a.Verb {
	case Spawn:
		c.T = c.T.Plus(p)
		g.part("part_spawn", msg.Nested("Pool", g.pool(p)))
	case Consume:
		c.T = c.T.Minus(p)
		g.part("part_consume", msg.Nested("Pool", g.pool(p)))
	case Push:
		c.T = c.T.Minus(p)
		n := step(sp, a.Dir.Turn(o))
		switch {
		case n < 0:
			g.part("part_push_off", msg.Nested("Pool", g.pool(p)))
		case grid[n] == nil:
			g.part("part_push_empty", msg.Nested("Pool", g.pool(p)), msg.Code("Space", SpaceName(n)))
		default:
			grid[n].T = grid[n].T.Plus(p)
			g.part("part_push", msg.Nested("Pool", g.pool(p)), msg.Code("Space", SpaceName(n)))
		}
	case Catch:
		n := step(sp, a.Dir.Turn(o))
		grid[n].T = grid[n].T.Minus(p)
		c.T = c.T.Plus(p)
		g.part("part_catch", msg.Nested("Pool", g.pool(p)), msg.Code("Space", SpaceName(n)))
	}
}

// endTurn closes the turn, checks solo victory or failure and the turn limit, and starts the next.
func (g *State) endTurn(ev *[]rules.Event) {
	t := g.Turn
	g.Recent = append(g.Recent, TurnLog{Seat: t.Seat, Turn: g.Players[t.Seat].Turns, Lines: g.Log, Msgs: g.LogMsgs})
	if len(g.Recent) > 4 {
		g.Recent = g.Recent[len(g.Recent)-4:]
	}
	g.Log, g.LogMsgs = nil, nil
	if g.solo() {
		switch {
		case t.Claims >= 3:
			g.end(ev, []int{1}, say("res_major"))
		case t.Claims == 2:
			g.end(ev, []int{1}, say("res_minor"))
		case g.unclaimed() < 2:
			g.end(ev, []int{2}, say("res_too_few"))
		case g.Players[0].Turns >= data.Rules.SoloTurns:
			g.end(ev, []int{2}, say("res_solo_turns", msg.Number("Turns", data.Rules.SoloTurns)))
		default:
			g.startTurn(0)
		}
		return
	}
	next := (t.Seat + 1) % g.Seats
	if next == 0 {
		g.Round++
		if g.Round >= data.Rules.TurnLimit {
			g.end(ev, rules.RanksByScore(g.scores()), say("res_turn_limit", msg.Number("Rounds", data.Rules.TurnLimit)))
			return
		}
	}
	g.startTurn(next)
}

func (g *State) scores() []int {
	s := make([]int, g.Seats)
	for i, p := range g.Players {
		s[i] = len(p.Colonies)
	}
	return s
}

// end closes the game. The snapshot keeps the reason's English only (a Verbatim message);
// Result gives its message.
func (g *State) end(ev *[]rules.Event, ranks []int, reason *msg.Message) {
	g.Res = &rules.Result{Ranks: ranks, Scores: g.scores(), ReasonMsg: rules.Verbatim(reason.English())}
	g.Turn.Wait = ""
	if !g.quiet {
		*ev = append(*ev, rules.Say(reason))
	}
}

// canRearrange reports whether the seat to move may still move an initial ascidia this turn.
func (g *State) canRearrange() bool {
	t := &g.Turn
	if g.Players[t.Seat].Turns > g.Opt.Rearrange {
		return false
	}
	return len(g.rearrangeable()) > 0
}

var initials = [2]string{"basica", "habilis"}

// rearrangeable lists the initial ascidiae on the grid not yet moved this turn.
func (g *State) rearrangeable() []string {
	var out []string
	for i, id := range initials {
		if !g.Turn.Moved[i] && g.spaceOf(g.Turn.Seat, id) >= 0 {
			out = append(out, id)
		}
	}
	return out
}

func (g *State) spaceOf(seat int, card string) int {
	for i, c := range g.Players[seat].Grid {
		if c != nil && c.Card == card {
			return i
		}
	}
	return -1
}
