package ascidiae

import (
	"fmt"
	"slices"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

func seatName(s int) string { return fmt.Sprintf("seat %d", s+1) }

// Awaiting: every unplaced seat during setup; then the seat whose turn it is.
func (g *State) Awaiting() []rules.Prompt {
	if g.Res != nil {
		return nil
	}
	if g.setupPhase() {
		var out []rules.Prompt
		for i, p := range g.Players {
			if !p.Placed {
				out = append(out, rules.Prompt{Seat: rules.Seat(i), Text: "Place A. basica and A. habilis on your grid: a space and a facing for each, e.g. \"b2 up c2 up\"."})
			}
		}
		return out
	}
	return []rules.Prompt{{Seat: rules.Seat(g.Turn.Seat), Text: g.promptText(), Default: g.defaultMove()}}
}

func (g *State) setupPhase() bool {
	for _, p := range g.Players {
		if !p.Placed {
			return true
		}
	}
	return false
}

func (g *State) promptText() string {
	t := &g.Turn
	c, sp := g.activeCard()
	switch t.Wait {
	case waitStart:
		return fmt.Sprintf("Learning turn %d: move or turn an initial ascidia (%s), or \"flow\" to start the current.", g.Players[t.Seat].Turns, strings.Join(g.rearrangeable(), ", "))
	case waitAbility:
		return def(c).Name + " on " + SpaceName(sp) + " activates with " + c.T.String() + ": choose an ability."
	case waitPick:
		a := g.currentAction()
		return def(c).Name + " on " + SpaceName(sp) + ": " + ActionText(a, gridDirText(sp, c.Orient)) + ". Which tadpoles?"
	case waitCentral:
		a := g.currentAction()
		return def(c).Name + " on " + SpaceName(sp) + " holds " + c.T.String() + ": " + ActionText(a, nil) + ", or rest."
	}
	return "Your turn."
}

func (g *State) defaultMove() rules.Move {
	switch g.Turn.Wait {
	case waitStart:
		return rules.Move{"flow"}
	case waitCentral:
		return rules.Move{wRest}
	}
	return nil
}

// Choices walks the tree of the decision seat s is asked.
func (g *State) Choices(s rules.Seat, partial rules.Move) ([]rules.Choice, bool, error) {
	tree, err := g.treeFor(int(s))
	if err != nil {
		return nil, false, err
	}
	next, complete, bad := follow(tree, partial)
	if bad >= 0 {
		return nil, false, g.refuse(int(s), partial, bad, next, complete)
	}
	return next, complete, nil
}

// follow reads m through tree: what may follow it and whether it is whole, or, where token
// m[bad] does not fit, what could have come there instead (bad is -1 when every token fits).
func follow(tree func(rules.Move) ([]rules.Choice, bool), m rules.Move) (next []rules.Choice, complete bool, bad int) {
	for i := 0; ; i++ {
		next, complete := tree(m[:i])
		if i == len(m) {
			return next, complete, -1
		}
		if !hasToken(next, m[i]) {
			return next, complete, i
		}
	}
}

// walk reads m through the tree of seat s's decision without labels (Apply's check); where a token
// does not fit, Choices walks again with the labels its refusal quotes.
func (g *State) walk(s int, m rules.Move) ([]rules.Choice, bool, error) {
	tree, err := g.quietTree(s)
	if err != nil {
		return nil, false, err
	}
	next, complete, bad := follow(tree, m)
	if bad >= 0 {
		return g.Choices(rules.Seat(s), m)
	}
	return next, complete, nil
}

func hasToken(cs []rules.Choice, tok string) bool {
	for i := range cs {
		if cs[i].Token == tok {
			return true
		}
	}
	return false
}

// treeFor returns the choice tree of the decision seat s is asked, or why it may not move.
func (g *State) treeFor(s int) (func(rules.Move) ([]rules.Choice, bool), error) {
	if g.Res != nil {
		return nil, rules.Illegalf("The game is over: %s", g.Res.Reason)
	}
	if s < 0 || s >= g.Seats {
		return nil, rules.Illegalf("Only the players of this game can move.")
	}
	if g.setupPhase() {
		if g.Players[s].Placed {
			return nil, rules.Illegalf("You have placed your initial ascidiae; the others are still placing theirs.")
		}
		return g.treePlace, nil
	}
	if s != g.Turn.Seat {
		return nil, rules.Illegalf("It is not your turn: %s is playing.", seatName(g.Turn.Seat))
	}
	switch g.Turn.Wait {
	case waitStart:
		return g.treeStart, nil
	case waitAbility:
		return g.treeAbility, nil
	case waitPick:
		return g.treePick, nil
	case waitCentral:
		return g.treeCentral, nil
	}
	return nil, fmt.Errorf("ascidiae: no decision pending")
}

// Apply plays one decision.
func (g *State) Apply(s rules.Seat, m rules.Move) ([]rules.Event, error) {
	if len(m) > rules.MaxTreeDepth {
		return nil, rules.Illegalf("That move has too many parts.")
	}
	next, complete, err := g.walk(int(s), m)
	if err != nil {
		return nil, err
	}
	if !complete {
		return nil, rules.Illegalf("%q is not a whole move yet: it goes on with %s.", m.String(), tokenList(next))
	}
	return g.play(s, m), nil
}

// play applies a move already known to be whole and legal (Apply's checks passed, or the move
// came from the seat's own tree): the greedy player tries hundreds of them per decision.
func (g *State) play(s rules.Seat, m rules.Move) []rules.Event {
	var ev []rules.Event
	seat := int(s)
	if g.setupPhase() {
		g.doPlace(seat, m, &ev)
		return ev
	}
	t := &g.Turn
	switch t.Wait {
	case waitStart:
		t.Wait = ""
		if m[0] == "flow" {
			t.Started = true
		} else {
			g.doRearrange(m, &ev)
		}
	case waitAbility:
		t.Wait = ""
		c, sp := g.activeCard()
		g.eachDoable(seat, sp, func(r AbRef) bool {
			if r.Label == m[0] {
				t.Ab = &r
			}
			return t.Ab == nil
		})
		ab, o := g.ability(t.Ab, c)
		g.say("uses " + m[0] + " (" + AbilityText(ab, gridDirText(sp, o)) + ")")
	case waitPick:
		t.Wait = ""
		c, sp := g.activeCard()
		ab, o := g.ability(t.Ab, c)
		a := ab.Actions[t.Act]
		for _, p := range g.tadOptions(seat, sp, c, a, o) {
			if p.Token() == m[0] {
				g.doTadpoles(sp, c, a, o, p)
				break
			}
		}
	case waitCentral:
		t.Wait = ""
		g.doCentral(m, &ev)
	}
	g.run(&ev)
	return ev
}

func (g *State) doPlace(seat int, m rules.Move, ev *[]rules.Event) {
	for i, id := range initials {
		sp, _ := spaceByName(m[2*i])
		o, _ := dirByName(m[2*i+1])
		g.place(seat, sp, id, o)
	}
	g.Players[seat].Placed = true
	*ev = append(*ev, rules.Event{Text: fmt.Sprintf("%s places basica on %s facing %s and habilis on %s facing %s.", seatName(seat), m[0], m[1], m[2], m[3])})
	if !g.setupPhase() {
		g.startTurn(0)
		g.run(ev)
	}
}

func (g *State) doRearrange(m rules.Move, ev *[]rules.Event) {
	t := &g.Turn
	grid := &g.Players[t.Seat].Grid
	i := slices.Index(initials[:], m[0])
	t.Moved[i] = true
	from := g.spaceOf(t.Seat, m[0])
	to, _ := spaceByName(m[1])
	o, _ := dirByName(m[2])
	c := grid[from]
	grid[from], grid[to] = grid[to], c
	c.Orient = o
	line := fmt.Sprintf("%s moves %s to %s facing %s", seatName(t.Seat), m[0], m[1], o)
	if grid[from] != nil && from != to {
		line += fmt.Sprintf(" (%s goes to %s)", grid[from].Card, SpaceName(from))
	}
	g.Log = append(g.Log, line+".")
	*ev = append(*ev, rules.Event{Text: line + "."})
}

func (g *State) treePlace(m rules.Move) ([]rules.Choice, bool) { return g.placeTree(m, true) }

// placeTree is treePlace, with the labels only when asked.
func (g *State) placeTree(m rules.Move, labels bool) ([]rules.Choice, bool) {
	switch len(m) {
	case 0, 2:
		if !labels && len(m) == 0 {
			return spaceChoices[:], false
		}
		out := make([]rules.Choice, 0, Spaces)
		id := initials[len(m)/2]
		for sp := 0; sp < Spaces; sp++ {
			if len(m) == 2 && m[0] == SpaceName(sp) {
				continue
			}
			ch := rules.Choice{Token: SpaceName(sp)}
			if labels {
				ch.Label = mustCard(id).Name + " on " + SpaceName(sp)
			}
			out = append(out, ch)
		}
		return out, false
	case 1, 3:
		return facings(labels), false
	}
	return nil, true
}

func (g *State) treeStart(m rules.Move) ([]rules.Choice, bool) { return g.startTree(m, true) }

// startTree is treeStart, with the labels only when asked.
func (g *State) startTree(m rules.Move, labels bool) ([]rules.Choice, bool) {
	t := &g.Turn
	grid := &g.Players[t.Seat].Grid
	switch len(m) {
	case 0:
		out := []rules.Choice{{Token: "flow", Label: "Start the current"}}
		for _, id := range g.rearrangeable() {
			ch := rules.Choice{Token: id}
			if labels {
				ch.Label = fmt.Sprintf("Move or turn %s (on %s)", mustCard(id).Name, SpaceName(g.spaceOf(t.Seat, id)))
			}
			out = append(out, ch)
		}
		return out, false
	case 1:
		if m[0] == "flow" {
			return nil, true
		}
		out := make([]rules.Choice, 0, Spaces)
		for sp := 0; sp < Spaces; sp++ {
			c := grid[sp]
			if c != nil && c.Card != m[0] && !slices.Contains(initials[:], c.Card) {
				continue // only empty spaces and the initial ascidiae
			}
			ch := spaceChoices[sp]
			if labels {
				switch {
				case c == nil:
					ch.Label = "Empty " + SpaceName(sp)
				case c.Card == m[0]:
					ch.Label = "Stay on " + SpaceName(sp)
				default:
					ch.Label = "Swap with " + c.Card + " on " + SpaceName(sp)
				}
			}
			out = append(out, ch)
		}
		return out, false
	case 2:
		return facings(labels), false
	}
	return nil, true
}

func (g *State) treeAbility(m rules.Move) ([]rules.Choice, bool) { return g.abilityTree(m, true) }

// abilityTree is treeAbility, with the labels only when asked (random play never reads them).
func (g *State) abilityTree(m rules.Move, labels bool) ([]rules.Choice, bool) {
	if len(m) > 0 {
		return nil, true
	}
	c, sp := g.activeCard()
	var out []rules.Choice
	g.eachDoable(g.Turn.Seat, sp, func(r AbRef) bool {
		ch := rules.Choice{Token: r.Label}
		if labels {
			ab, o := g.ability(&r, c)
			ch.Label = AbilityText(ab, gridDirText(sp, o))
			if r.Lend >= 0 {
				ch.Label = fmt.Sprintf("Borrowed from %s on %s: %s", r.Card, SpaceName(r.From), ch.Label)
			}
		}
		out = append(out, ch)
		return true
	})
	return out, false
}

func (g *State) treePick(m rules.Move) ([]rules.Choice, bool) { return g.pickTree(m, true) }

// pickTree is treePick, with the labels only when asked.
func (g *State) pickTree(m rules.Move, labels bool) ([]rules.Choice, bool) {
	if len(m) > 0 {
		return nil, true
	}
	c, sp := g.activeCard()
	ab, o := g.ability(g.Turn.Ab, c)
	a := ab.Actions[g.Turn.Act]
	var out []rules.Choice
	for _, p := range g.tadOptions(g.Turn.Seat, sp, c, a, o) {
		ch := rules.Choice{Token: p.Token()}
		if labels {
			ch.Label = strings.ToUpper(a.Verb.String()[:1]) + a.Verb.String()[1:] + " " + p.String()
		}
		out = append(out, ch)
	}
	return out, false
}

func tokenList(cs []rules.Choice) string {
	if len(cs) == 0 {
		return "nothing"
	}
	var toks []string
	for i, c := range cs {
		if i == 10 {
			toks = append(toks, fmt.Sprintf("… (%d in all)", len(cs)))
			break
		}
		toks = append(toks, c.Token)
	}
	return strings.Join(toks, ", ")
}

// refuse explains why the token m[i] cannot follow the tokens before it.
func (g *State) refuse(seat int, m rules.Move, i int, next []rules.Choice, complete bool) error {
	prefix, tok := m[:i], m[i]
	if r := g.explain(seat, prefix, tok, m[i+1:]); r != "" {
		return rules.Illegalf("%s", r)
	}
	if len(next) == 0 && complete {
		return rules.Illegalf("%q is already a whole move; %q cannot follow it.", prefix.String(), tok)
	}
	if len(prefix) == 0 {
		return rules.Illegalf("%q is not possible now: %s Choose %s.", tok, g.promptText(), tokenList(next))
	}
	return rules.Illegalf("%q does not fit after %q. What comes next is one of: %s.", tok, prefix.String(), rules.DescribeChoices(next, 6))
}

// explain gives the specific reason for the refusals players are likely to meet; rest is what
// the player typed after tok.
func (g *State) explain(seat int, prefix rules.Move, tok string, rest rules.Move) string {
	if g.setupPhase() {
		if (len(prefix) == 0 || len(prefix) == 2) && !validSpace(tok) {
			return fmt.Sprintf("%q is not a space: spaces are a1 to d3 (columns a-d, rows 1-3).", tok)
		}
		if len(prefix) == 2 && prefix[0] == tok {
			return fmt.Sprintf("A. basica is already on %s: put A. habilis on another space.", tok)
		}
		if len(prefix)%2 == 1 {
			return fmt.Sprintf("%q is not a facing: write up, right, down or left.", tok)
		}
		return ""
	}
	if g.Turn.Wait == waitPick && len(prefix) == 0 {
		var typed Pool
		for _, part := range strings.Split(tok, "+") {
			col, ok := colourByName(part)
			if !ok {
				return ""
			}
			typed[col]++
		}
		if typed.Token() != tok {
			return fmt.Sprintf("Write the colours in the order black, white, red, blue: %s.", typed.Token())
		}
		return ""
	}
	if g.Turn.Wait != waitCentral || len(prefix) == 0 {
		if g.Turn.Wait == waitCentral {
			c, _ := g.activeCard()
			switch tok {
			case wColonize, wRoot, wDisplace, wSpin, wBlock, wPuff:
				if tok == wColonize && len(rest) > 0 && slices.Contains(actionVerbs(g.currentAction()), wColonize) {
					// The colony named next usually says best what is wrong.
					if why := g.explain(seat, rules.Move{wColonize}, rest[0], rest[1:]); why != "" {
						return why
					}
				}
				if why := g.verbReason(c, g.currentAction(), tok); why != "" {
					return why + " Choose rest or another action."
				}
			}
		}
		return ""
	}
	c, _ := g.activeCard()
	switch prefix[0] {
	case wColonize:
		if len(prefix) == 1 {
			i := slotByToken(tok)
			if i < 0 || i >= len(g.Colonies) {
				return fmt.Sprintf("%q is not a colony: the colonies are g1 to g%d.", tok, len(g.Colonies))
			}
			s := g.Colonies[i]
			if s.By >= 0 {
				return fmt.Sprintf("Colony %s is already claimed by %s.", tok, seatName(s.By))
			}
			col, _ := Colony(s.ID)
			return fmt.Sprintf("Colony %s needs %s; %s holds %s.", tok, col.Needs, mustCard(c.Card).Name, c.T)
		}
	case wRoot, wBlock:
		if len(prefix) == 1 {
			i := g.pileByCard(tok)
			if i < 0 {
				return fmt.Sprintf("%q is not a pile on the central board.", tok)
			}
			p := g.Piles[i]
			switch {
			case prefix[0] == wBlock && p.Locked:
				return fmt.Sprintf("%s is already locked.", p.Card)
			case prefix[0] == wBlock && g.Blocks == 0:
				return "No block token is left."
			case p.Count == 0 && !p.Locked:
				return fmt.Sprintf("The %s pile is empty.", p.Card)
			case !c.T.Covers(p.Cost):
				return fmt.Sprintf("%s costs %s; %s holds %s.", p.Card, p.Cost, c.Card, c.T)
			}
			return fmt.Sprintf("%s is not in the zone this action may take root from.", p.Card)
		}
	}
	return ""
}

func validSpace(s string) bool { _, ok := spaceByName(s); return ok && strings.ToLower(s) == s }

// SeatName is how texts and the board name a seat: "seat 2".
func (g *State) SeatName(p rules.Seat) string { return seatName(int(p)) }

// TurnCount is the number of turns begun so far (rules.TurnCounter).
func (g *State) TurnCount() int {
	n := 0
	for _, p := range g.Players {
		n += p.Turns
	}
	return n
}
