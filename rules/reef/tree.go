package reef

import (
	"strconv"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
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

// turnVerbs are the verbs a turn starts with.
var turnVerbs = []string{vEat, vGrow, vAdd, vShrimp, vTrade, vAlga, vPolyp, vTake}

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
		return st, nil, false, illegal(say("bad_too_long", num("N", len(m))))
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
				return st, nil, false, illegal(say("bad_start", code("Token", strconv.Quote(m[0])), nest("Next", offer(next))))
			}
			return st, nil, false, illegal(say("bad_follow", code("Token", strconv.Quote(m[w.i])), code("Move", strconv.Quote(m[:w.i].String())), nest("Next", offer(next))))
		}
		return st, nil, false, w.err
	case w.err != nil:
		return st, nil, false, w.err
	case w.short:
		return st, w.next, false, nil
	case w.i < len(m):
		return st, nil, false, illegal(say("bad_whole", code("Move", strconv.Quote(m[:w.i].String())), code("Rest", strconv.Quote(m[w.i:].String()))))
	}
	return st, nil, true, nil
}

// mayMove refuses seats that are not awaited, with who is.
func (s *state) mayMove(seat rules.Seat) error {
	if s.Phase == phaseOver {
		return illegal(say("bad_over"))
	}
	if seat == rules.Spectator {
		return illegal(say("bad_spectator"))
	}
	if seat < 0 || int(seat) >= s.Seats {
		return illegal(say("bad_seat", num("Seat", int(seat)+1)))
	}
	switch s.Phase {
	case phaseSetup:
		if s.Players[seat].Ready {
			return illegal(say("bad_ready"))
		}
	case phaseLast:
		if s.LastTurns[0] != int(seat) {
			return illegal(say("bad_last_turn", seatArg("Seat", s.LastTurns[0])))
		}
	default:
		if s.Turn != int(seat) {
			return illegal(say("bad_turn", seatArg("Seat", s.Turn)))
		}
	}
	return nil
}

func colourChoice(c Colour, label *msg.Message) rules.Choice {
	return choice(c.Letter(), label)
}

// choice is a menu option with its label; a nil label is none (a menu not shown).
func choice(tok string, label *msg.Message) rules.Choice {
	if label == nil {
		return rules.Choice{Token: tok}
	}
	return rules.Choice{Token: tok, Msg: label}
}

// whyColour explains a colour token that is not offered (f), or a token that is no colour: the
// letters that are offered, by name.
func whyColour(tok string, opts []rules.Choice, f func(c Colour) *msg.Message) *msg.Message {
	c, ok := colourNamed(tok)
	if !ok {
		return say("bad_colour", code("Token", strconv.Quote(tok)), nest("Letters", colourLetters(opts)))
	}
	return f(c)
}

// allColourLetters names every colour's letter.
var allColourLetters = func() *msg.Message {
	var opts []rules.Choice
	for _, c := range Colours {
		opts = append(opts, rules.Choice{Token: c.Letter()})
	}
	return colourLetters(opts)
}()

// colourLetters writes colour options as "g for grey, o for orange or w for white".
func colourLetters(opts []rules.Choice) *msg.Message {
	var parts []*msg.Message
	for _, o := range opts {
		c, _ := colourByToken(o.Token)
		parts = append(parts, say("letter_for", code("Token", o.Token), colArg("Colour", c)))
	}
	return orList(parts)
}

// ---- setup ----

func (s *state) treeSetup(w *walker, me int, st *step) {
	p := &s.Players[me]
	st.kind = kSetup
	var fish []rules.Choice
	for _, c := range Colours {
		if p.Screen[c] > 0 {
			fish = append(fish, colourChoice(c, say("lb_feed", colArg("Colour", c), num("Held", p.Screen[c]))))
		}
	}
	t, ok := w.pick(fish, func(tok string) *msg.Message {
		if _, ok := colourByToken(tok); !ok {
			return say("bad_setup", code("Example", fish[0].Token+" w y"), nest("Letters", colourLetters(fish)))
		}
		return whyColour(tok, fish, func(c Colour) *msg.Message { return say("bad_setup_none", colArg("Colour", c)) })
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
				label := say("lb_take_cube", colArg("Colour", c))
				if k == 1 {
					label = say("lb_and_cube", colArg("Colour", c))
				}
				cubes = append(cubes, colourChoice(c, label))
			}
		}
		t, ok := w.pick(cubes, func(tok string) *msg.Message {
			return whyColour(tok, cubes, func(c Colour) *msg.Message {
				return say("bad_no_cube", colArg("Colour", c))
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
		c := rules.Choice{Token: vEat}
		if w.listing() {
			c = choice(vEat, say("lb_last_eat", pointsArg("Points", s.bestMeal(cm, targets))))
		}
		opts = append(opts, c)
	}
	opts = append(opts, lastPass)
	t, ok := w.pick(opts, func(tok string) *msg.Message {
		if tok == vEat {
			return say("bad_eat_none", num("Min", 5))
		}
		return say("bad_last")
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
		c := rules.Choice{Token: vEat}
		if w.listing() {
			c = choice(vEat, say("lb_eat", pointsArg("Points", s.bestMeal(cm, eat))))
		}
		opts = append(opts, c)
	}
	growCols := s.growColours(me)
	if len(growCols) > 0 {
		c := rules.Choice{Token: vGrow}
		if w.listing() { // labels only for a menu that will be shown
			c = choice(vGrow, lbGrow)
			if s.T.Larva > 0 {
				c = choice(vGrow, lbGrowAgain)
			}
		}
		opts = append(opts, c)
	}
	add := s.addTargets(cm, me)
	if !s.T.Introduced && p.ShrimpsHome > 0 && len(add) > 0 {
		opts = append(opts, menuAdd)
	}
	mine := s.shrimpsOf(me)
	if len(mine) > 0 {
		opts = append(opts, menuShrimp)
	}
	trade := s.tradeColours(me)
	if len(trade) > 0 {
		opts = append(opts, menuTrade)
	}
	if s.canAlga(me) {
		opts = append(opts, menuAlga)
	}
	buy := s.buyColours(me)
	if !s.T.Bought && len(buy) > 0 {
		opts = append(opts, menuPolyp)
	}
	rock := s.shrimpOnRock(me)
	if rock < 0 {
		opts = append(opts, menuTake)
	}
	t, ok := w.pick(opts, func(tok string) *msg.Message {
		// A verb typed in a language's words is explained as that verb: a French "croître" when
		// no colour can grow says what is lacking (rules.Unalias leaves words not offered as typed).
		tok = tokenNamed(tok, turnVerbs)
		// A refused verb followed by a square: explain that square.
		if sq, ok := w.peekSquare(s, w.i+1); ok && tok == vAdd && !s.T.Introduced && p.ShrimpsHome > 0 {
			return s.shrimpWhy(cm, me, -1, sq)
		} else if ok && tok == vEat && !s.T.Started {
			return s.eatPicker(cm, me, eat).why(sq)
		}
		// A verb followed by something that is no colour: that is the mistake to name, unless
		// the action was spent this turn.
		again := tok == vGrow && s.T.Larva >= 2 || tok == vTrade && s.T.Traded || tok == vPolyp && s.T.Bought
		if (tok == vGrow || tok == vTrade || tok == vPolyp) && !again && w.i+1 < len(w.m) {
			c, ok := colourNamed(w.m[w.i+1])
			if !ok {
				return say("bad_colour", code("Token", strconv.Quote(w.m[w.i+1])), nest("Letters", allColourLetters))
			}
			if tok == vGrow {
				return s.whyGrowColour(me, c)
			}
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
		opts := colourChoices(w, growCols, func(c Colour) *msg.Message {
			return say("lb_grow_colour", colArg("Colour", c), polypsArg("Polyps", p.Screen[c]), num("Consumed", p.Consumed[c]))
		})
		c, ok := w.pick(opts, func(tok string) *msg.Message {
			return whyColour(tok, opts, func(c Colour) *msg.Message { return s.whyGrowColour(me, c) })
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
		opts := colourChoices(w, trade, func(c Colour) *msg.Message {
			return say("lb_trade_colour", colArg("Colour", c))
		})
		c, ok := w.pick(opts, func(tok string) *msg.Message {
			return whyColour(tok, opts, func(c Colour) *msg.Message {
				return say("bad_trade_colour", colArg("Colour", c))
			})
		})
		if !ok {
			return
		}
		st.col, _ = colourByToken(c)
		var uses []rules.Choice
		if s.canGrowAfterTrade(me, st.col) {
			uses = append(uses, choice(vGrow, say("lb_use_grow", colArg("Colour", st.col))))
		}
		if s.canBuy(me, st.col, true) {
			uses = append(uses, choice(vPolyp, say("lb_use_buy", colArg("Colour", st.col))))
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
		opts := colourChoices(w, buy, func(c Colour) *msg.Message {
			return say("lb_buy_colour", colArg("Colour", c))
		})
		c, ok := w.pick(opts, func(tok string) *msg.Message {
			return whyColour(tok, opts, func(c Colour) *msg.Message {
				return say("bad_buy_colour", colArg("Colour", c))
			})
		})
		if ok {
			st.col, _ = colourByToken(c)
		}
	case vTake:
		st.kind = kTake
		var sp []rules.Choice
		for _, x := range s.Sea {
			var label *msg.Message
			if w.listing() {
				label = say("lb_take", colArg("Colour", x.Colour), nest("Polyps", polypList(x.Polyps)))
			}
			sp = append(sp, colourChoice(x.Colour, label))
		}
		c, ok := w.pick(sp, func(tok string) *msg.Message {
			return whyColour(tok, sp, func(Colour) *msg.Message { return nil })
		})
		if ok {
			st.col, _ = colourByToken(c)
		}
	}
}

// whyVerb explains a turn-menu token that is not offered now.
func (s *state) whyVerb(cm *corals, me int, tok string) *msg.Message {
	p := &s.Players[me]
	switch tok {
	case vEat:
		if s.T.Started {
			return say("bad_eat_first")
		}
		return say("bad_eat_none", num("Min", data.MinEat))
	case vGrow:
		if s.T.Larva >= 2 {
			return say("bad_grow_twice")
		}
		return s.whyGrow(me)
	case vAdd:
		switch {
		case s.T.Introduced:
			return say("bad_add_twice")
		case p.ShrimpsHome == 0:
			return say("bad_add_none")
		}
		return say("bad_add_where", num("Max", data.MaxShrimpsPerBoard))
	case vShrimp:
		return say("bad_shrimp_none")
	case vTrade:
		if s.T.Traded {
			return say("bad_trade_twice")
		}
		return say("bad_trade")
	case vAlga:
		return say("bad_alga")
	case vPolyp:
		if s.T.Bought {
			return say("bad_buy_twice")
		}
		return say("bad_buy")
	case vTake:
		if sq := s.shrimpOnRock(me); sq >= 0 {
			return say("bad_take_rock", whereArg("Square", sq))
		}
	case vCP, vDone:
		if why := s.spentWhy(p); why != nil {
			return why
		}
		return say("bad_no_larva")
	}
	if _, err := strconv.Atoi(tok); err == nil {
		if why := s.spentWhy(p); why != nil {
			return why
		}
		return say("bad_lay_first")
	}
	return nil
}

// spentWhy explains a lay written after the turn's larva play closed by itself: the player ran out
// of its colour, or laid the most one cube allows from behind the screen (rulebook: "Play a larva
// cube … and lay up to 4 polyps of that colour from" behind the screen). Nil when no play closed so.
func (s *state) spentWhy(p *player) *msg.Message {
	if s.T.Spent == 0 || s.T.Grow != NoColour {
		return nil
	}
	x := Colour(s.T.Spent - 1)
	if p.Screen[x] > 0 || p.Consumed[x] > 0 {
		return say("bad_play_full", colArg("Colour", x), num("Max", data.MaxPerCube))
	}
	return say("bad_play_spent", colArg("Colour", x))
}

// The labels of the turn menus that never change, built once: the tree is on the search's path.
var (
	lbGrow      = say("lb_grow")
	lbGrowAgain = say("lb_grow_again")
	menuAdd     = choice(vAdd, say("lb_add"))
	menuShrimp  = choice(vShrimp, say("lb_shrimp"))
	menuTrade   = choice(vTrade, say("lb_trade"))
	menuAlga    = choice(vAlga, say("lb_alga"))
	menuPolyp   = choice(vPolyp, say("lb_buy"))
	menuTake    = choice(vTake, say("lb_take_space"))
	lastPass    = choice(vPass, say("lb_pass"))
	moveShrimp  = choice(vShrimp, say("lb_move_shrimp"))
	shrimpHome  = choice(vHome, say("lb_home"))
)

func colourChoices(w *walker, cs []Colour, label func(c Colour) *msg.Message) []rules.Choice {
	out := make([]rules.Choice, 0, len(cs))
	for _, c := range cs {
		ch := rules.Choice{Token: c.Letter()}
		if w.listing() {
			ch = choice(c.Letter(), label(c))
		}
		out = append(out, ch)
	}
	return out
}

// polypList writes polyps by colour: "2 grey polyps", "3 polyps (2 grey, 1 white)", "no polyps".
func polypList(n [NumColours]int) *msg.Message {
	var parts []*msg.Message
	total, only := 0, NoColour
	for c, k := range n {
		if k > 0 { // a count, so that the colour agrees with it: "1 blanco", "2 blancos"
			parts = append(parts, say("colour_count", msg.Count("N", k), colArg("Colour", Colour(c))))
			total += k
			only = Colour(c)
		}
	}
	switch len(parts) {
	case 0:
		return say("no_polyps")
	case 1:
		return say("n_colour_polyps", msg.Count("N", total), colArg("Colour", only))
	}
	return say("polyps_by_colour", polypsArg("Polyps", total), nest("Parts", commas(parts)))
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
				b = choice(b.Token, say("lb_lay_board", colArg("Colour", x), code("Board", b.Token), num("Held", p.Screen[x]), num("Left", data.MaxPerCube-s.T.FromScreen)))
			}
			opts = append(opts, b)
		}
	}
	if p.Consumed[x] > 0 && len(targets) > 0 {
		c := rules.Choice{Token: vCP}
		if w.listing() {
			c = choice(vCP, say("lb_lay_cp", colArg("Colour", x), num("Left", p.Consumed[x])))
		}
		opts = append(opts, c)
	}
	mine := s.shrimpsOf(me)
	if len(mine) > 0 {
		opts = append(opts, moveShrimp)
	}
	done := rules.Choice{Token: vDone}
	if w.listing() {
		done = choice(vDone, say("lb_done", colArg("Colour", x)))
	}
	opts = append(opts, done)
	t, ok := w.pick(opts, func(tok string) *msg.Message {
		switch tok {
		case vEat, vGrow, vAdd, vTrade, vAlga, vPolyp, vTake:
			return say("bad_finish_larva", colArg("Colour", x))
		case vCP:
			if p.Consumed[x] == 0 {
				return say("bad_no_consumed", colArg("Colour", x))
			}
			return say("bad_no_space_colour", colArg("Colour", x))
		}
		if b, err := strconv.Atoi(tok); err == nil && b >= 1 && b <= len(s.Layouts) {
			switch {
			case s.T.FromScreen >= data.MaxPerCube:
				return say("bad_cube_full", num("Max", data.MaxPerCube))
			case p.Screen[x] == 0:
				return say("bad_screen_empty", colArg("Colour", x))
			}
			if sq, ok := w.peekSquare(s, w.i); ok {
				return pk.why(sq)
			}
			return pk.whyBoard(s, tok)
		}
		return say("bad_larva", colArg("Colour", x), code("Example", "1 c 4"))
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

// whatPolyp is "a white polyp" and so on, for refusals, built once (shared, never changed).
var whatPolyp = func() (out [NumColours]*msg.Message) {
	for _, c := range Colours {
		out[c] = say("what_polyp", colArg("Colour", c))
	}
	return out
}()

// placePicker labels the squares where a polyp of colour x may go, with what laying it there
// will certainly do: start a coral, grow one to a size, overgrow whose polyp.
func (s *state) placePicker(cm *corals, me int, x Colour, targets []int) squarePicker {
	return squarePicker{
		sqs:  targets,
		what: whatPolyp[x],
		why:  func(sq int) *msg.Message { return s.placeWhy(cm, x, sq) },
		label: func(sq int) *msg.Message {
			name := whereArg("Square", sq)
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
			extra := code("Extra", "")
			if g, n := s.growthIf(sq, x); n > 0 {
				grow = n - 1
				extra = nest("Extra", say("lb_extra", code("Cell", sqCell(g))))
			}
			if v := s.Polyp[sq]; v != NoColour {
				whose := code("Whose", "")
				switch sh := int(cm.shrimp[cm.id[sq]]); {
				case sh == me:
					whose = nest("Whose", say("whose_own"))
				case sh >= 0:
					whose = nest("Whose", say("whose_guard", seatArg("Guard", sh)))
				}
				return say("lb_overgrow", name, colArg("Victim", v), whose, colArg("Colour", x), polypsArg("Polyps", grow+1), extra)
			}
			if grow == 0 {
				return say("lb_new_coral", name, colArg("Colour", x))
			}
			return say("lb_grow_coral", name, colArg("Colour", x), polypsArg("Polyps", grow+1), extra)
		},
	}
}

// growthIf: when a polyp of colour x laid on sq would make its coral grow into the board's
// extra-growth space, that space and the coral's size after both; n is 0 otherwise. Worked out
// on a copy, for menus only, so the label counts what the move will really do.
func (s *state) growthIf(sq int, x Colour) (g, n int) {
	g = s.growthSquare(sq / perBoard)
	if s.Advanced || !adjacent(sq, g) || s.Polyp[g] != NoColour || s.Shrimp[g] >= 0 {
		return g, 0
	}
	c := s.clone()
	c.Polyp[sq] = x
	if c.extraGrowth(sq, x) != growthGrew {
		return g, 0
	}
	cm := c.corals()
	return g, cm.size[cm.id[sq]]
}

// bestMeal is the most points one of the corals at targets would bring into the parrotfish now.
func (s *state) bestMeal(cm *corals, targets []int) int {
	best := 0
	for _, sq := range targets {
		n := cm.size[cm.id[sq]]
		best = max(best, (n-min(n, s.eatReturn()))*s.colourValue(cm.colour[cm.id[sq]]))
	}
	return best
}

// offer lists what may be written next, short: the tokens, with their labels when there are at
// most three ("one of: cp (Lay a consumed white polyp) or done (End this white larva play)").
func offer(cs []rules.Choice) *msg.Message {
	const max = 9
	labels := len(cs) <= 3
	var parts []*msg.Message
	for i, c := range cs {
		if i == max {
			parts = append(parts, say("offer_more", num("N", len(cs)-max)))
			break
		}
		p := token(c.Token)
		if labels && c.English() != "" {
			l := c.Msg
			if l == nil {
				l = token(articles(c.English()))
			}
			p = say("offer_labelled", code("Token", c.Token), nest("Label", l))
		}
		parts = append(parts, p)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return say("offer_list", nest("List", orList(parts)))
}

// whyGrowColour names what a larva play of colour c lacks: the cube, or polyps of its colour.
func (s *state) whyGrowColour(me int, c Colour) *msg.Message {
	if s.T.Larva >= 2 {
		return say("bad_grow_twice")
	}
	if s.Players[me].Cubes[c] == 0 {
		return say("bad_grow_no_cube", colArg("Colour", c))
	}
	return say("bad_grow_no_polyp", colArg("Colour", c))
}

// whyGrow names, for a grow that no colour allows, each cube held that has no polyp of its colour.
func (s *state) whyGrow(me int) *msg.Message {
	p := &s.Players[me]
	var lacks []*msg.Message
	for _, c := range Colours {
		if p.Cubes[c] > 0 {
			lacks = append(lacks, say("grow_lack", colArg("Colour", c)))
		}
	}
	if len(lacks) == 0 {
		return say("bad_grow_no_cubes")
	}
	return say("bad_grow_lacks", nest("Lacks", andList(lacks)))
}
