package ascidiae

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Awaiting: every unplaced seat during setup; then the seat whose turn it is.
func (g *State) Awaiting() []rules.Prompt {
	if g.Res != nil {
		return nil
	}
	if g.setupPhase() {
		var out []rules.Prompt
		for i, p := range g.Players {
			if !p.Placed {
				m := placePromptMsg
				if g.solo() {
					m = placeSoloMsg
				}
				out = append(out, rules.Prompt{Seat: rules.Seat(i), Msg: m})
			}
		}
		return out
	}
	m := g.promptMsg()
	return []rules.Prompt{{Seat: rules.Seat(g.Turn.Seat), Msg: m, Default: g.defaultMove()}}
}

func (g *State) setupPhase() bool {
	for _, p := range g.Players {
		if !p.Placed {
			return true
		}
	}
	return false
}

// placePromptMsg asks every seat for its initial placement, the same words whatever the others
// chose.
// It says what the two cards do: a reader found the opening placement hard without knowing
// (issue 38).
var (
	placePromptMsg = say("prompt_place", initialCardArgs()...)
	// Solo there is nobody to place at the same time.
	placeSoloMsg = say("prompt_place_solo", initialCardArgs()...)
)

// initialCardArgs are the texts of basica and habilis, as the message arguments Basica and
// Habilis.
func initialCardArgs() []msg.Arg {
	return []msg.Arg{msg.Nested("Basica", cardMsg(mustCard("basica"))), msg.Nested("Habilis", cardMsg(mustCard("habilis")))}
}

// The companions of the ability prompts, "<id>_short": the platform's short prompt (a player
// asked many times) renders one with the prompt's own arguments, so that it still names the card
// that activates (issue #38). Listed here because no Go code of the game builds them.
var _ = []string{"prompt_ability_short", "prompt_ability_empty_short", "prompt_ability_full_short"}

// promptMsg is the question the seat to move is asked, once setup is over.
func (g *State) promptMsg() *msg.Message {
	t := &g.Turn
	switch t.Wait {
	case waitStart:
	case waitAbility:
		c, sp := g.activeCard()
		if c.T.Total() == 0 {
			return say("prompt_ability_empty", cardArg("Card", c.Card), msg.Code("Space", SpaceName(sp)))
		}
		if c.T.Total() >= def(c).Capacity {
			// Full: a tadpole more and it purges at its next activation, which the player
			// choosing an ability should know before the menu's labels (issue #38).
			return say("prompt_ability_full", cardArg("Card", c.Card), msg.Code("Space", SpaceName(sp)), msg.Nested("Holds", holdingMsg(c.T)), msg.Number("Cap", def(c).Capacity))
		}
		return say("prompt_ability", cardArg("Card", c.Card), msg.Code("Space", SpaceName(sp)), msg.Nested("Holds", holdingMsg(c.T)))
	case waitCentral:
		c, sp := g.activeCard()
		return say("prompt_central", cardArg("Card", c.Card), msg.Code("Space", SpaceName(sp)), msg.Nested("Holds", holdingMsg(c.T)), msg.Nested("Action", centralActionMsg(g.currentAction())))
	case waitPick:
		c, sp := g.activeCard()
		return say("prompt_pick", cardArg("Card", c.Card), msg.Code("Space", SpaceName(sp)), msg.Nested("Action", actionMsg(g.currentAction(), &gridDir{sp: sp, o: c.Orient, grid: &g.Players[g.Turn.Seat].Grid}, false, false)))
	default:
		return say("prompt_turn")
	}
	what := say("learn_one", msg.Code("Card", g.rearrangeable()[0]))
	if len(g.rearrangeable()) == 2 {
		what = say("learn_both")
	}
	return say("prompt_learning", msg.Number("Turn", g.Players[t.Seat].Turns), msg.Number("Of", g.Opt.Rearrange), msg.Nested("What", what))
}

// promptText is promptMsg's English.
func (g *State) promptText() string { return g.promptMsg().English() }

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
	return g.withConsequences(int(s), partial, next), complete, nil
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
		return nil, g.overRefusal()
	}
	if s < 0 || s >= g.Seats {
		return nil, refuseMsg("bad_spectator")
	}
	if g.setupPhase() {
		if g.Players[s].Placed {
			return nil, refuseMsg("bad_placed")
		}
		return g.treePlace, nil
	}
	if s != g.Turn.Seat {
		return nil, refuseMsg("bad_turn", msg.Seat("Seat", g.Turn.Seat))
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
		return nil, refuseMsg("bad_too_long")
	}
	next, complete, err := g.walk(int(s), m)
	if err != nil {
		return nil, err
	}
	if !complete {
		return nil, refuseMsg("bad_almost", msg.Nested("What", g.nextWhat(int(s), m)), msg.Nested("Choices", orListMsg(next)), msg.Code("Example", strconv.Quote(g.example(int(s), m).String())))
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
	t.Auto = nil // the seat decides: what the rules took before is behind it
	chose := g.choiceLine(m)
	switch t.Wait {
	case waitStart:
		t.Wait = ""
		if m[0] == "flow" {
			t.Started = true
			if !g.quiet {
				// Without an event of its own /history told another seat's flow as "bob
				// moved." (issue 38); posts tell the activations that follow, so it is
				// housekeeping there.
				e := g.ar.say("ev_flow", msg.Seat("Seat", seat))
				ev = append(ev, rules.Event{Msg: e, Routine: true})
			}
		} else {
			g.doRearrange(m, &ev)
		}
	case waitAbility:
		t.Wait = ""
		_, sp := g.activeCard()
		g.eachDoable(seat, sp, func(r AbRef) bool {
			if r.Label == m[0] {
				t.Ab = &r
			}
			return t.Ab == nil
		})
		// The actions that follow say what the chosen ability does; only a borrowed one needs
		// saying where it came from.
		if t.Ab.Lend >= 0 {
			g.say(say("part_borrow", shortArg("Card", t.Ab.Card), msg.Code("Space", SpaceName(t.Ab.From))))
		}
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
	if len(ev) == 0 && chose != nil {
		// The activation goes on and its line is told when it ends: until then the choice is
		// told by itself, kept out of posts (which tell the whole line) but not out of /history.
		e := g.ar.say("ev_owned", msg.Seat("Seat", seat), msg.Nested("Line", chose))
		ev = append(ev, rules.Event{Msg: e, Routine: true})
	}
	return ev
}

// choiceLine says what seat's ability choice or choice of tadpoles m picks ("habilis on c1
// chooses: Spawn 1 white"), for the event of a move that would otherwise cause none; nil for
// other decisions and on the copies that look ahead.
func (g *State) choiceLine(m rules.Move) *msg.Message {
	if g.quiet || len(m) != 1 || (g.Turn.Wait != waitAbility && g.Turn.Wait != waitPick) {
		return nil
	}
	var cs []rules.Choice
	if g.Turn.Wait == waitAbility {
		cs, _ = g.abilityTree(nil, true)
	} else {
		cs, _ = g.pickTree(nil, true)
	}
	for _, c := range cs {
		if c.Token == m[0] && c.Msg != nil {
			card, sp := g.activeCard()
			head := say("line_head", shortArg("Card", card.Card), msg.Code("Space", SpaceName(sp)))
			return say("line_chose", msg.Nested("Head", head), msg.Nested("Choice", c.Msg))
		}
	}
	return nil
}

// doPlace puts seat's initial ascidiae on its grid. Everyone places at the same time, so until
// the last seat has placed only the seat itself hears of it (and views hide it, see View); the
// last placement reveals them all.
func (g *State) doPlace(seat int, m rules.Move, ev *[]rules.Event) {
	for i, id := range initials {
		sp, _ := spaceByName(m[2*i])
		o, _ := dirByName(m[2*i+1])
		g.place(seat, sp, id, o)
	}
	g.Players[seat].Placed = true
	if g.quiet {
		if !g.setupPhase() {
			g.startTurn(0)
			g.run(ev)
		}
		return
	}
	if g.setupPhase() {
		e := rules.Say(say("ev_placed_own", msg.Nested("Placed", g.placedMsg(seat))))
		e.To = []rules.Seat{rules.Seat(seat)}
		// Everyone hears that the seat placed, not where (a post said "bob moved."): the thread
		// tells public events only.
		*ev = append(*ev, e, rules.Say(say("ev_placed_hidden", msg.Seat("Seat", seat))))
		return
	}
	for s := range g.Players {
		e := rules.Say(g.placedMsg(s))
		e.Reveals = g.Seats > 1
		*ev = append(*ev, e)
	}
	g.startTurn(0)
	g.run(ev)
}

// placedMsg says where seat placed its initial ascidiae.
func (g *State) placedMsg(seat int) *msg.Message {
	var parts [2]*msg.Message
	for i, id := range initials {
		sp := g.spaceOf(seat, id)
		parts[i] = say("place_one", shortArg("Card", id), msg.Code("Space", SpaceName(sp)), dirArg("Dir", g.Players[seat].Grid[sp].Orient))
	}
	return say("ev_placed", msg.Seat("Seat", seat), msg.Nested("First", parts[0]), msg.Nested("Second", parts[1]))
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
	if g.quiet {
		return
	}
	var line *msg.Message
	switch {
	case from == to:
		line = say("re_turn", shortArg("Card", m[0]), msg.Code("Space", m[1]), dirArg("Dir", o))
	case grid[from] != nil:
		line = say("re_swap", shortArg("Card", m[0]), msg.Code("From", SpaceName(from)), msg.Code("To", m[1]), dirArg("Dir", o), shortArg("Other", grid[from].Card))
	default:
		line = say("re_move", shortArg("Card", m[0]), msg.Code("From", SpaceName(from)), msg.Code("To", m[1]), dirArg("Dir", o))
	}
	*ev = append(*ev, g.logLine(t.Seat, line))
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
				ch = labelled(ch, say("lbl_place", cardArg("Card", id), msg.Code("Space", SpaceName(sp))))
			}
			out = append(out, ch)
		}
		return out, false
	case 1, 3:
		if !labels {
			return facings(false), false
		}
		// Each facing names the card and its space: "c2 up a1 up" reads as two placements.
		out := facingChoices()
		id := initials[len(m)/2]
		for i := range out {
			d, _ := dirByName(out[i].Token)
			out[i] = labelled(rules.Choice{Token: out[i].Token}, say("lbl_place_facing", cardArg("Card", id), msg.Code("Space", m[len(m)-1]), dirArg("Dir", d)))
		}
		return out, false
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
		out := []rules.Choice{{Token: "flow", Msg: flowLabelMsg}}
		for _, id := range g.rearrangeable() {
			ch := rules.Choice{Token: id}
			if labels {
				ch = labelled(ch, say("lbl_learn", cardArg("Card", id), msg.Code("Space", SpaceName(g.spaceOf(t.Seat, id)))))
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
					ch = labelled(ch, say("lbl_empty", msg.Code("Space", SpaceName(sp))))
				case c.Card == m[0]:
					ch = labelled(ch, say("lbl_stay", msg.Code("Space", SpaceName(sp))))
				default:
					ch = labelled(ch, say("lbl_swap", shortArg("Card", c.Card), msg.Code("Space", SpaceName(sp))))
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
			m := abilityMsg(ab, &gridDir{sp: sp, o: o, grid: &g.Players[g.Turn.Seat].Grid})
			if r.Lend >= 0 {
				m = say("lbl_borrowed", shortArg("Card", r.Card), msg.Code("Space", SpaceName(r.From)), msg.Nested("Ability", m))
			}
			ch = labelled(ch, m)
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
			ch = labelled(ch, pickLabel(a.Verb, p))
		}
		out = append(out, ch)
	}
	return out, false
}

// refuse explains why the token m[i] cannot follow the tokens before it.
func (g *State) refuse(seat int, m rules.Move, i int, next []rules.Choice, complete bool) error {
	prefix, tok := m[:i], m[i]
	if err := g.explain(seat, prefix, tok, m[i+1:]); err != nil {
		return err
	}
	if len(next) == 0 && complete {
		return refuseMsg("bad_whole", msg.Code("Move", strconv.Quote(prefix.String())), msg.Code("Rest", strconv.Quote(strings.Join(m[i:], " "))))
	}
	return refuseMsg("bad_not_possible", msg.Code("Token", strconv.Quote(tok)), msg.Nested("What", g.nextWhat(seat, prefix)), msg.Nested("Choices", orListMsg(next)))
}

// explain gives the specific refusal players are likely to meet, or nil; rest is what the player
// typed after tok.
func (g *State) explain(seat int, prefix rules.Move, tok string, rest rules.Move) error {
	if g.setupPhase() {
		if (len(prefix) == 0 || len(prefix) == 2) && !validSpace(tok) {
			return refuseMsg("bad_space", msg.Code("Token", strconv.Quote(tok)))
		}
		if len(prefix) == 2 && prefix[0] == tok {
			return refuseMsg("bad_basica_there", msg.Code("Space", tok))
		}
		if len(prefix)%2 == 1 {
			return refuseMsg("bad_facing", msg.Code("Token", strconv.Quote(tok)))
		}
		return nil
	}
	if g.Turn.Wait == waitPick && len(prefix) == 0 {
		var typed Pool
		for _, part := range strings.Split(tok, "+") {
			col, ok := colourByName(part)
			if !ok {
				return nil
			}
			typed[col]++
		}
		if typed.Token() != tok {
			return refuseMsg("bad_colour_order", msg.Code("Token", strconv.Quote(typed.Token())))
		}
		return nil
	}
	if g.Turn.Wait != waitCentral || len(prefix) == 0 {
		if g.Turn.Wait == waitCentral {
			c, _ := g.activeCard()
			switch tok {
			case wColonize, wRoot, wDisplace, wSpin, wBlock, wPuff:
				if tok == wColonize && len(rest) > 0 && slices.Contains(actionVerbs(g.currentAction()), wColonize) {
					// The colony named next usually says best what is wrong.
					if why := g.explain(seat, rules.Move{wColonize}, rest[0], rest[1:]); why != nil {
						return why
					}
				}
				if why := g.verbReason(c, g.currentAction(), tok); why != nil {
					return refuseMsg("bad_verb", msg.Nested("Why", why))
				}
			}
		}
		return nil
	}
	c, _ := g.activeCard()
	switch prefix[0] {
	case wColonize:
		if len(prefix) == 1 {
			i := slotByToken(tok)
			if i < 0 || i >= len(g.Colonies) {
				return refuseMsg("bad_colony", msg.Code("Token", strconv.Quote(tok)), msg.Number("Last", len(g.Colonies)))
			}
			s := g.Colonies[i]
			if s.By >= 0 {
				return refuseMsg("bad_claimed", msg.Code("Colony", tok), msg.Seat("Seat", s.By))
			}
			col, _ := Colony(s.ID)
			return refuseMsg("bad_colony_needs", msg.Code("Colony", tok), msg.Nested("Needs", poolMsg(col.Needs)), cardArg("Card", c.Card), msg.Nested("Holds", holdingMsg(c.T)))
		}
	case wRoot, wBlock:
		if len(prefix) == 1 {
			i := g.pileByCard(tok)
			if i < 0 {
				var piles []*msg.Message
				for _, p := range g.Piles {
					piles = append(piles, codeMsg(p.Card))
				}
				return refuseMsg("bad_pile", msg.Code("Token", strconv.Quote(tok)), msg.Nested("Piles", listMsg(piles, "list_and")))
			}
			p := g.Piles[i]
			switch {
			case prefix[0] == wBlock && p.Locked:
				return refuseMsg("bad_locked", msg.Code("Pile", p.Card))
			case prefix[0] == wBlock && g.Blocks == 0:
				return refuseMsg("bad_no_lock")
			case p.Count == 0 && !p.Locked:
				return refuseMsg("bad_pile_empty", msg.Code("Pile", p.Card))
			case !c.T.Covers(p.Cost):
				return refuseMsg("bad_pile_cost", msg.Code("Pile", p.Card), msg.Nested("Cost", poolMsg(p.Cost)), cardArg("Card", c.Card), msg.Nested("Holds", holdingMsg(c.T)))
			}
			if p.Zone == "blue" {
				return refuseMsg("bad_zone_blue", msg.Code("Pile", p.Card))
			}
			return refuseMsg("bad_zone_red", msg.Code("Pile", p.Card))
		}
	}
	return nil
}

func validSpace(s string) bool { _, ok := spaceByName(s); return ok && strings.ToLower(s) == s }

// overRefusal refuses a move after the end, with the end's reason.
func (g *State) overRefusal() error {
	if m := reasonMsg(g.Res.English(), g.Seats); m != nil {
		return refuseMsg("bad_over", msg.Nested("Reason", m))
	}
	return refuseMsg("bad_over", msg.Code("Reason", g.Res.English()))
}

// RoundCount makes the game a rules.RoundCounter.
func (g *State) RoundCount() int { return g.Round }

// TurnCount is the number of turns begun so far (rules.TurnCounter).
func (g *State) TurnCount() int {
	n := 0
	for _, p := range g.Players {
		n += p.Turns
	}
	return n
}
