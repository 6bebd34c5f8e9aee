package reef

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// stepKind is what one move does. A turn is several moves: each action is one move, except that
// a larva play (actions 2 and 3) is opened by one move and then takes one move per polyp.
type stepKind uint8

const (
	kSetup  stepKind = iota // feed the parrotfish, take two larva cubes
	kEat                    // action 1
	kGrow                   // actions 2/3: play a larva cube from behind the screen
	kTrade                  // action 6, its cube used at once by kGrow or kBuy
	kAlga                   // action 7
	kBuy                    // action 8
	kAdd                    // action 4
	kShrimp                 // action 5
	kTake                   // action 10, ends the turn
	kPlace                  // one polyp of the larva play in progress
	kDone                   // end the larva play
	kPass                   // skip a last turn
)

// step is a parsed move.
type step struct {
	kind     stepKind
	col      Colour    // the colour the move is about
	cubes    [2]Colour // setup
	then     stepKind  // kTrade: kGrow or kBuy
	alga     Alga
	tile     int // kAlga: coral tile index, or -1 for the open sea
	sq, to   int // squares; to = -1 is "behind the screen"
	consumed bool
}

// Verbs of the turn menu, in menu order.
const (
	vEat    = "eat"
	vGrow   = "grow"
	vAdd    = "add"
	vShrimp = "shrimp"
	vTrade  = "trade"
	vAlga   = "alga"
	vPolyp  = "polyp"
	vTake   = "take"
	vCP     = "cp"
	vDone   = "done"
	vPass   = "pass"
	vHome   = "home"
	vSea    = "sea"
)

// tree walks seat's choice tree along m: the parsed step when m is complete, else the options for
// the next token, or the refusal of a token that does not fit.
func (s *state) tree(seat rules.Seat, m rules.Move) (step, []rules.Choice, bool, error) {
	return s.walkTree(seat, &walker{m: m})
}

// walkTree is tree with a walker of the caller's (quiet or drawing).
func (s *state) walkTree(seat rules.Seat, w *walker) (step, []rules.Choice, bool, error) {
	var st step
	m := w.m
	if len(m) > rules.MaxTreeDepth {
		return st, nil, false, rules.Illegalf("That move has too many parts (%d).", len(m))
	}
	if err := s.mayMove(seat); err != nil {
		return st, nil, false, err
	}
	me := int(seat)
	switch {
	case s.Phase == phaseSetup:
		s.treeSetup(w, me, &st)
	case s.Phase == phaseLast:
		s.treeLast(w, me, &st)
	case s.T.Grow != NoColour:
		s.treeLarva(w, me, &st)
	default:
		s.treeTurn(w, me, &st)
	}
	m = w.m // a drawing walker has extended it
	switch {
	case w.err != nil && w.bare:
		// Say what the expected tokens mean: walk again to the bad token, building the labels.
		if _, next, _, err := s.tree(seat, m[:w.i]); err == nil && len(next) > 0 {
			if w.i == 0 {
				return st, nil, false, rules.Illegalf("%q is not a move you can make now. Start with %s.", m[0], offer(next))
			}
			return st, nil, false, rules.Illegalf("%q cannot follow %q. Write %s.", m[w.i], m[:w.i].String(), offer(next))
		}
		return st, nil, false, w.err
	case w.err != nil:
		return st, nil, false, w.err
	case w.short:
		return st, w.next, false, nil
	case w.i < len(m):
		return st, nil, false, rules.Illegalf("%q is a whole move already: leave out %q.", m[:w.i].String(), m[w.i:].String())
	}
	return st, nil, true, nil
}

// mayMove refuses seats that are not awaited, with who is.
func (s *state) mayMove(seat rules.Seat) error {
	if s.Phase == phaseOver {
		return rules.Illegalf("The game is over.")
	}
	if seat == rules.Spectator {
		return rules.Illegalf("Spectators cannot move.")
	}
	if seat < 0 || int(seat) >= s.Seats {
		return rules.Illegalf("There is no seat %d in this game.", int(seat)+1)
	}
	switch s.Phase {
	case phaseSetup:
		if s.Players[seat].Ready {
			return rules.Illegalf("You have made your setup choices; waiting for the others.")
		}
	case phaseLast:
		if s.LastTurns[0] != int(seat) {
			return rules.Illegalf("It is %s's last turn, not yours.", who(s.LastTurns[0]))
		}
	default:
		if s.Turn != int(seat) {
			return rules.Illegalf("It is %s's turn, not yours.", who(s.Turn))
		}
	}
	return nil
}

func colourChoice(c Colour, label string) rules.Choice {
	return rules.Choice{Token: c.Letter(), Label: label}
}

// whyColour explains a colour token that is not offered (f), or a token that is no colour: the
// letters that are offered, by name.
func whyColour(tok string, opts []rules.Choice, f func(c Colour) string) string {
	c, ok := colourByToken(tok)
	if !ok {
		return fmt.Sprintf("%q is not a colour here: write %s.", tok, colourLetters(opts))
	}
	return f(c)
}

// colourLetters writes colour options as "g for grey, o for orange or w for white".
func colourLetters(opts []rules.Choice) string {
	var parts []rules.Choice
	for _, o := range opts {
		c, _ := colourByToken(o.Token)
		parts = append(parts, rules.Choice{Token: o.Token + " for " + c.String()})
	}
	return tokenList(parts)
}

// ---- setup ----

func (s *state) treeSetup(w *walker, me int, st *step) {
	p := &s.Players[me]
	st.kind = kSetup
	var fish []rules.Choice
	for _, c := range Colours {
		if p.Screen[c] > 0 {
			fish = append(fish, colourChoice(c, fmt.Sprintf("Feed a %s polyp to your parrotfish (you hold %d)", c, p.Screen[c])))
		}
	}
	t, ok := w.pick(fish, func(tok string) string {
		if _, ok := colourByToken(tok); !ok {
			return fmt.Sprintf("For the setup, write by colour letter the polyp your parrotfish keeps, then two larva cubes: like \"%s w y\". Your polyps: %s.",
				fish[0].Token, colourLetters(fish))
		}
		return whyColour(tok, fish, func(c Colour) string { return fmt.Sprintf("You hold no %s polyp behind your screen.", c) })
	})
	if !ok {
		return
	}
	st.col, _ = colourByToken(t)
	for k := 0; k < data.StartCubes && k < 2; k++ {
		var cubes []rules.Choice
		for _, c := range Colours {
			left := s.CubeSupply[c]
			if k == 1 && c == st.cubes[0] {
				left--
			}
			// The second cube is never before the first in colour order: one path per pair.
			if left > 0 && (k == 0 || c >= st.cubes[0]) {
				label := fmt.Sprintf("Take a %s larva cube", c)
				if k == 1 {
					label = fmt.Sprintf("And a %s larva cube", c)
				}
				cubes = append(cubes, colourChoice(c, label))
			}
		}
		t, ok := w.pick(cubes, func(tok string) string {
			return whyColour(tok, cubes, func(c Colour) string {
				return fmt.Sprintf("No %s larva cube is left in the supply.", c)
			})
		})
		if !ok {
			return
		}
		st.cubes[k], _ = colourByToken(t)
	}
}

// ---- last turns ----

func (s *state) treeLast(w *walker, me int, st *step) {
	cm := s.corals()
	targets := s.eatTargets(cm, me)
	opts := []rules.Choice{}
	if len(targets) > 0 {
		opts = append(opts, rules.Choice{Token: vEat, Label: "Your parrotfish eats a coral guarded by your shrimp"})
	}
	opts = append(opts, rules.Choice{Token: vPass, Label: "Pass: the game ends for you"})
	t, ok := w.pick(opts, func(tok string) string {
		if tok == vEat {
			return "None of your shrimps guards a coral of at least 5 polyps."
		}
		return "In a last turn your parrotfish may only eat one coral (eat), or you pass (pass)."
	})
	if !ok {
		return
	}
	if t == vPass {
		st.kind = kPass
		return
	}
	st.kind = kEat
	st.sq, _ = s.eatPicker(cm, me, targets).square(w, s)
}

// ---- the turn menu ----

func (s *state) treeTurn(w *walker, me int, st *step) {
	cm := s.corals()
	p := &s.Players[me]
	var opts []rules.Choice
	eat := s.eatTargets(cm, me)
	if !s.T.Started && len(eat) > 0 {
		opts = append(opts, rules.Choice{Token: vEat, Label: "1. Your parrotfish eats a coral guarded by your shrimp"})
	}
	growCols := s.growColours(me)
	if len(growCols) > 0 {
		c := rules.Choice{Token: vGrow}
		if w.listing() { // labels only for a menu that will be shown
			c.Label = fmt.Sprintf("%d. Play a larva cube and lay polyps", 2+s.T.Larva)
		}
		opts = append(opts, c)
	}
	add := s.addTargets(cm, me)
	if !s.T.Introduced && p.ShrimpsHome > 0 && len(add) > 0 {
		opts = append(opts, rules.Choice{Token: vAdd, Label: "4. Introduce a shrimp onto a coral"})
	}
	mine := s.shrimpsOf(me)
	if len(mine) > 0 {
		opts = append(opts, rules.Choice{Token: vShrimp, Label: "5. Move a shrimp"})
	}
	trade := s.tradeColours(me)
	if len(trade) > 0 {
		opts = append(opts, rules.Choice{Token: vTrade, Label: "6. Trade a consumed polyp for a larva cube"})
	}
	if s.canAlga(me) {
		opts = append(opts, rules.Choice{Token: vAlga, Label: "7. Trade a consumed polyp for an alga cylinder"})
	}
	buy := s.buyColours(me)
	if !s.T.Bought && len(buy) > 0 {
		opts = append(opts, rules.Choice{Token: vPolyp, Label: "8. Trade a larva cube for a polyp"})
	}
	rock := s.shrimpOnRock(me)
	if rock < 0 {
		opts = append(opts, rules.Choice{Token: vTake, Label: "10. Take an open-sea space (ends your turn)"})
	}
	t, ok := w.pick(opts, func(tok string) string {
		// A refused verb followed by a square: explain that square.
		if sq, ok := w.peekSquare(s, w.i+1); ok && tok == vAdd && !s.T.Introduced && p.ShrimpsHome > 0 {
			return s.shrimpWhy(cm, me, -1, sq)
		} else if ok && tok == vEat && !s.T.Started {
			return s.eatPicker(cm, me, eat).why(sq)
		}
		return s.whyVerb(cm, me, tok)
	})
	if !ok {
		return
	}
	switch t {
	case vEat:
		st.kind = kEat
		st.sq, _ = s.eatPicker(cm, me, eat).square(w, s)
	case vGrow:
		st.kind = kGrow
		opts := colourChoices(w, growCols, func(c Colour) string {
			return fmt.Sprintf("Play a %s larva cube (%s behind your screen, %d consumed)", c, nPolyps(p.Screen[c]), p.Consumed[c])
		})
		c, ok := w.pick(opts, func(tok string) string {
			return whyColour(tok, opts, func(c Colour) string {
				return fmt.Sprintf("To grow %s you need a %s larva cube and a %s polyp behind your screen or consumed.", c, c, c)
			})
		})
		if ok {
			st.col, _ = colourByToken(c)
		}
	case vAdd:
		st.kind = kAdd
		st.sq, _ = s.addPicker(cm, me, add).square(w, s)
	case vShrimp:
		st.kind = kShrimp
		s.shrimpMove(w, cm, me, mine, st)
	case vTrade:
		st.kind = kTrade
		opts := colourChoices(w, trade, func(c Colour) string {
			return fmt.Sprintf("A consumed %s polyp for a %s larva cube", c, c)
		})
		c, ok := w.pick(opts, func(tok string) string {
			return whyColour(tok, opts, func(c Colour) string {
				return fmt.Sprintf("You cannot trade for a %s cube now: it needs a consumed %s polyp, a %s cube in the supply and a use for it at once.", c, c, c)
			})
		})
		if !ok {
			return
		}
		st.col, _ = colourByToken(c)
		var uses []rules.Choice
		if s.canGrowAfterTrade(me, st.col) {
			uses = append(uses, rules.Choice{Token: vGrow, Label: fmt.Sprintf("Play the cube at once: lay %s polyps", st.col)})
		}
		if s.canBuy(me, st.col, true) {
			uses = append(uses, rules.Choice{Token: vPolyp, Label: fmt.Sprintf("Trade the cube at once for a %s polyp", st.col)})
		}
		u, ok := w.pick(uses, nil)
		if !ok {
			return
		}
		st.then = kGrow
		if u == vPolyp {
			st.then = kBuy
		}
	case vAlga:
		st.kind = kAlga
		s.algaTree(w, me, st)
	case vPolyp:
		st.kind = kBuy
		opts := colourChoices(w, buy, func(c Colour) string {
			return fmt.Sprintf("A %s larva cube for a %s polyp", c, c)
		})
		c, ok := w.pick(opts, func(tok string) string {
			return whyColour(tok, opts, func(c Colour) string {
				return fmt.Sprintf("You have no %s larva cube behind your screen to trade.", c)
			})
		})
		if ok {
			st.col, _ = colourByToken(c)
		}
	case vTake:
		st.kind = kTake
		var sp []rules.Choice
		for _, x := range s.Sea {
			label := ""
			if w.listing() {
				label = fmt.Sprintf("Take the %s space: a %s larva cube and %s", x.Colour, x.Colour, polypList(x.Polyps))
			}
			sp = append(sp, colourChoice(x.Colour, label))
		}
		c, ok := w.pick(sp, func(tok string) string {
			return whyColour(tok, sp, func(Colour) string { return "" })
		})
		if ok {
			st.col, _ = colourByToken(c)
		}
	}
}

// whyVerb explains a turn-menu token that is not offered now.
func (s *state) whyVerb(cm *corals, me int, tok string) string {
	p := &s.Players[me]
	switch tok {
	case vEat:
		if s.T.Started {
			return "Your parrotfish may only eat as the first action of your turn."
		}
		return fmt.Sprintf("None of your shrimps guards a coral of at least %d polyps.", data.MinEat)
	case vGrow:
		if s.T.Larva >= 2 {
			return "You have already played two larva cubes this turn."
		}
		return "To lay polyps you need a larva cube and polyps of its colour (behind your screen or consumed)."
	case vAdd:
		switch {
		case s.T.Introduced:
			return "You have already introduced a shrimp this turn."
		case p.ShrimpsHome == 0:
			return "You have no shrimp behind your screen."
		}
		return fmt.Sprintf("No coral without a shrimp is open to you (at most %d of your shrimps on one board).", data.MaxShrimpsPerBoard)
	case vShrimp:
		return "You have no shrimp on the reef to move."
	case vTrade:
		if s.T.Traded {
			return "You have already traded a consumed polyp for a larva cube this turn."
		}
		return "Trading needs a consumed polyp, a larva cube of its colour in the supply, and a use for the cube at once (a larva play or a polyp)."
	case vAlga:
		return "An alga cylinder costs one consumed polyp, and the supply must still hold a cylinder."
	case vPolyp:
		if s.T.Bought {
			return "You have already traded a larva cube for a polyp this turn."
		}
		return "You have no larva cube behind your screen to trade for a polyp."
	case vTake:
		if sq := s.shrimpOnRock(me); sq >= 0 {
			return fmt.Sprintf("Your shrimp on bare rock at %s must move onto a coral or back behind your screen before your turn ends.", sqWhere(sq))
		}
	case vCP, vDone:
		return "No larva play is under way; start one with grow."
	}
	if _, err := strconv.Atoi(tok); err == nil {
		return "To lay polyps, first play a larva cube: grow and a colour."
	}
	return ""
}

func colourChoices(w *walker, cs []Colour, label func(c Colour) string) []rules.Choice {
	out := make([]rules.Choice, 0, len(cs))
	for _, c := range cs {
		ch := rules.Choice{Token: c.Letter()}
		if w.listing() {
			ch.Label = label(c)
		}
		out = append(out, ch)
	}
	return out
}

// polypList writes polyps by colour: "2 grey polyps", "3 polyps (2 grey, 1 white)", "no polyps".
func polypList(n [NumColours]int) string {
	var parts []string
	total, only := 0, NoColour
	for c, k := range n {
		if k > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", k, Colour(c)))
			total += k
			only = Colour(c)
		}
	}
	switch len(parts) {
	case 0:
		return "no polyps"
	case 1:
		return plural(total, only.String()+" polyp", only.String()+" polyps")
	}
	return nPolyps(total) + " (" + strings.Join(parts, ", ") + ")"
}

// ---- a larva play in progress ----

func (s *state) treeLarva(w *walker, me int, st *step) {
	cm := s.corals()
	p := &s.Players[me]
	x := s.T.Grow
	targets := s.targets(cm, x)
	fromScreen := s.T.FromScreen < data.MaxPerCube && p.Screen[x] > 0
	pk := s.placePicker(cm, me, x, targets)
	var opts []rules.Choice
	if fromScreen {
		for _, b := range pk.boards(w) {
			if w.listing() {
				b.Label = fmt.Sprintf("A %s polyp from behind your screen on board %s", x, b.Token)
			}
			opts = append(opts, b)
		}
	}
	if p.Consumed[x] > 0 && len(targets) > 0 {
		c := rules.Choice{Token: vCP}
		if w.listing() {
			c.Label = fmt.Sprintf("Lay a consumed %s polyp (%d left)", x, p.Consumed[x])
		}
		opts = append(opts, c)
	}
	mine := s.shrimpsOf(me)
	if len(mine) > 0 {
		opts = append(opts, rules.Choice{Token: vShrimp, Label: "Move a shrimp"})
	}
	done := rules.Choice{Token: vDone}
	if w.listing() {
		done.Label = fmt.Sprintf("End this %s larva play", x)
	}
	opts = append(opts, done)
	t, ok := w.pick(opts, func(tok string) string {
		switch tok {
		case vEat, vGrow, vAdd, vTrade, vAlga, vPolyp, vTake:
			return fmt.Sprintf("Finish the %s larva play first (done): only shrimps may move in the middle of it.", x)
		case vCP:
			if p.Consumed[x] == 0 {
				return fmt.Sprintf("You have no consumed %s polyp.", x)
			}
			return fmt.Sprintf("There is no space for a %s polyp.", x)
		}
		if b, err := strconv.Atoi(tok); err == nil && b >= 1 && b <= len(s.Layouts) {
			switch {
			case s.T.FromScreen >= data.MaxPerCube:
				return fmt.Sprintf("You have laid %d polyps from behind your screen for this cube; only consumed ones (cp) may follow.", data.MaxPerCube)
			case p.Screen[x] == 0:
				return fmt.Sprintf("You hold no more %s polyps behind your screen.", x)
			}
			if sq, ok := w.peekSquare(s, w.i); ok {
				return pk.why(sq)
			}
			return pk.whyBoard(s, tok)
		}
		return fmt.Sprintf("You are laying %s polyps: write a square for the next one (like \"1 c 4\"), cp and a square for a consumed one, shrimp to move a shrimp, or done to end the play.", x)
	})
	if !ok {
		return
	}
	switch t {
	case vDone:
		st.kind = kDone
	case vShrimp:
		st.kind = kShrimp
		s.shrimpMove(w, cm, me, mine, st)
	case vCP:
		st.kind, st.consumed = kPlace, true
		st.sq, _ = pk.square(w, s)
	default:
		st.kind = kPlace
		b, _ := strconv.Atoi(t)
		st.sq, _ = pk.rest(w, s, b)
	}
}

// placePicker labels the squares where a polyp of colour x may go, with what laying it there
// will certainly do: start a coral, grow one to a size, overgrow whose polyp.
func (s *state) placePicker(cm *corals, me int, x Colour, targets []int) squarePicker {
	return squarePicker{
		sqs:  targets,
		what: "a " + x.String() + " polyp",
		why:  func(sq int) string { return s.placeWhy(cm, x, sq) },
		label: func(sq int) string {
			name := sqWhere(sq)
			grow := 0
			var seen [4]int16
			k := 0
			neighbours(sq, func(n int) {
				if s.Polyp[n] != x {
					return
				}
				id := cm.id[n]
				for _, d := range seen[:k] {
					if d == id {
						return
					}
				}
				seen[k] = id
				k++
				grow += cm.size[id]
			})
			if v := s.Polyp[sq]; v != NoColour {
				whose := ""
				switch sh := int(cm.shrimp[cm.id[sq]]); {
				case sh == me:
					whose = " of your own coral (your shrimp guards it)"
				case sh >= 0:
					whose = " of the coral " + who(sh) + "'s shrimp guards"
				}
				return fmt.Sprintf("%s: overgrow the %s polyp%s; you keep it as a consumed polyp, and the %s coral grows to %s", name, v, whose, x, nPolyps(grow+1))
			}
			if grow == 0 {
				return fmt.Sprintf("%s: start a new %s coral", name, x)
			}
			return fmt.Sprintf("%s: grow a %s coral to %s", name, x, nPolyps(grow+1))
		},
	}
}

// offer lists what may be written next, short: the tokens, with their labels when there are at
// most three ("one of: cp (Lay a consumed white polyp) or done (End this white larva play)").
func offer(cs []rules.Choice) string {
	const max = 9
	labels := len(cs) <= 3
	var parts []rules.Choice
	for i, c := range cs {
		if i == max {
			parts = append(parts, rules.Choice{Token: fmt.Sprintf("%d more", len(cs)-max)})
			break
		}
		p := c.Token
		if labels && c.Label != "" {
			p += " (" + articles(c.Label) + ")"
		}
		parts = append(parts, rules.Choice{Token: p})
	}
	if len(parts) == 1 {
		return parts[0].Token
	}
	return "one of: " + tokenList(parts)
}
