package ascidiae

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
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
	g.Log = nil
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

func (g *State) say(format string, a ...any) {
	g.Turn.Line = append(g.Turn.Line, fmt.Sprintf(format, a...))
}

// finish closes the activation and logs it.
func (g *State) finish(ev *[]rules.Event) {
	t := &g.Turn
	if len(t.Line) > 0 {
		line := t.Line[0]
		if len(t.Line) > 1 {
			line += " " + strings.Join(t.Line[1:], "; ")
		}
		line += "."
		g.Log = append(g.Log, line)
		*ev = append(*ev, rules.Event{Text: line})
	}
	t.Active, t.Ab, t.Act, t.Line = 0, nil, 0, nil
	t.Pos++
}

// activate starts the activation of card c on space sp: purge, then pick an ability.
func (g *State) activate(sp int, c *Placed, ev *[]rules.Event) {
	t := &g.Turn
	t.Active, t.Space = c.UID, sp
	t.Line = []string{fmt.Sprintf("%s %s:", SpaceName(sp), c.Card)}
	if n := c.T.Total(); n > def(c).Capacity {
		g.say("purges all %d tadpoles (capacity %d)", n, def(c).Capacity)
		c.T = Pool{}
		g.finish(ev)
		return
	}
	opts := g.doable(t.Seat, sp)
	switch len(opts) {
	case 0:
		g.say("no ability can be done")
		g.finish(ev)
	case 1:
		t.Ab = &opts[0]
	default:
		t.Wait = waitAbility
	}
}

// offered lists the abilities the card on sp may use: its own, then those its neighbours lend it.
func (g *State) offered(seat, sp int) []AbRef {
	grid := &g.Players[seat].Grid
	c := grid[sp]
	var out []AbRef
	for i := range def(c).Abilities {
		out = append(out, AbRef{Card: c.Card, Lend: -1, Index: i, From: -1})
	}
	for d := Up; d <= Left; d++ {
		n := step(sp, d)
		if n < 0 || grid[n] == nil {
			continue
		}
		lender := grid[n]
		for li, l := range def(lender).Lends {
			if step(n, l.To.Turn(lender.Orient)) == sp {
				out = append(out, AbRef{Card: lender.Card, Lend: li, Orient: lender.Orient, From: n})
			}
		}
	}
	for i := range out {
		out[i].Label = strconv.Itoa(i + 1) // asked for every activation and menu: no fmt
	}
	return out
}

// doable keeps the offered abilities that can be done: an ability can be done unless its first
// action is a consume or cooperate without enough tadpoles, or a central board action with
// nothing to do.
func (g *State) doable(seat, sp int) []AbRef {
	c := g.Players[seat].Grid[sp]
	var out []AbRef
	for _, r := range g.offered(seat, sp) {
		ab, o := g.ability(&r, c)
		if g.canDo(seat, sp, c, ab.Actions[0], o) {
			out = append(out, r)
		}
	}
	return out
}

func (g *State) canDo(seat, sp int, c *Placed, a Action, o Dir) bool {
	switch {
	case a.Verb == Consume || a.Verb == Coop:
		return len(g.tadOptions(seat, sp, c, a, o)) > 0
	case a.Verb.Central():
		return len(g.centralVerbs(seat, c, a)) > 0
	}
	return true
}

// ability resolves a reference to the ability and the orientation its directions are read in.
func (g *State) ability(r *AbRef, c *Placed) (Ability, Dir) {
	d := mustCard(r.Card)
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
		g.say("is gone")
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
		if len(g.centralVerbs(t.Seat, c, a)) == 0 {
			g.say("%s: nothing to do", a.Verb)
			t.Act++
			return
		}
		t.Wait = waitCentral
		return
	}
	opts := g.tadOptions(t.Seat, sp, c, a, o)
	switch {
	case len(opts) == 0 && (a.Verb == Consume || a.Verb == Coop):
		g.say("%s %s impossible, ability stops", a.Verb, iconsText(a.Icons))
		g.finish(ev)
	case len(opts) == 0:
		g.say("%s %s: nothing moves", a.Verb, iconsText(a.Icons))
		t.Act++
	case a.Verb == Coop:
		g.say("cooperates with %s", opts[0])
		t.Act++
	case len(opts) == 1:
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
		var next []Pool
		seen := map[Pool]bool{}
		for _, p := range res {
			for _, c := range ic.colours() {
				q := p
				q[c]++
				if !seen[q] {
					seen[q] = true
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
		g.say("spawns %s", p)
	case Consume:
		c.T = c.T.Minus(p)
		g.say("consumes %s", p)
	case Push:
		c.T = c.T.Minus(p)
		n := step(sp, a.Dir.Turn(o))
		switch {
		case n < 0:
			g.say("pushes %s off the grid (lost)", p)
		case grid[n] == nil:
			g.say("pushes %s to empty %s (lost)", p, SpaceName(n))
		default:
			grid[n].T = grid[n].T.Plus(p)
			g.say("pushes %s to %s", p, SpaceName(n))
		}
	case Catch:
		n := step(sp, a.Dir.Turn(o))
		grid[n].T = grid[n].T.Minus(p)
		c.T = c.T.Plus(p)
		g.say("catches %s from %s", p, SpaceName(n))
	}
}

// endTurn closes the turn, checks solo victory or failure and the turn limit, and starts the next.
func (g *State) endTurn(ev *[]rules.Event) {
	t := g.Turn
	g.Recent = append(g.Recent, TurnLog{Seat: t.Seat, Turn: g.Players[t.Seat].Turns, Lines: g.Log})
	if len(g.Recent) > 4 {
		g.Recent = g.Recent[len(g.Recent)-4:]
	}
	g.Log = nil
	if g.solo() {
		switch {
		case t.Claims >= 3:
			g.end(ev, []int{1}, "Major victory: all three colonies claimed in one turn.")
		case t.Claims == 2:
			g.end(ev, []int{1}, "Minor victory: two colonies claimed in one turn.")
		case g.unclaimed() < 2:
			g.end(ev, []int{2}, "Defeat: fewer than two colonies are left, so none can be claimed two in a turn.")
		case g.Players[0].Turns >= data.Rules.SoloTurns:
			g.end(ev, []int{2}, fmt.Sprintf("Defeat: %d turns passed without claiming two colonies in one turn.", data.Rules.SoloTurns))
		default:
			g.startTurn(0)
		}
		return
	}
	next := (t.Seat + 1) % g.Seats
	if next == 0 {
		g.Round++
		if g.Round >= data.Rules.TurnLimit {
			g.end(ev, rules.RanksByScore(g.scores()), fmt.Sprintf("The turn limit (%d rounds) is reached: ranked by colonies claimed.", data.Rules.TurnLimit))
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

func (g *State) end(ev *[]rules.Event, ranks []int, reason string) {
	g.Res = &rules.Result{Ranks: ranks, Scores: g.scores(), Reason: reason}
	g.Turn.Wait = ""
	*ev = append(*ev, rules.Event{Text: reason})
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
