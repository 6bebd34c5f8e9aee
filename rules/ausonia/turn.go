package ausonia

import (
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// Verbs of the Action Phase.
const (
	vPlay   = "play"
	vBuy    = "buy"
	vUse    = "use"
	vBuild  = "build"
	vUnseal = "unseal"
	vPass   = "pass"
	tokAll  = "all"
)

func (s *state) Result() *rules.Result { return s.Res }

func (s *state) Awaiting() []rules.Prompt {
	if s.Res != nil {
		return nil
	}
	if pd := s.Pend; pd != nil {
		m := s.pendingMsg()
		return []rules.Prompt{{Seat: pd.Seat, Text: m.English(), Msg: m, Default: s.pendingDefault(), Answers: s.pendingAnswers()}}
	}
	pool := s.pool()
	// The actions open now, as verbs() finds them: a prompt offering "build" with no star card
	// raised sends players looking for what is not there. The first is capitalised.
	var acts []*msg.Message
	for i, v := range s.verbs() {
		id := verbWords[v.Token]
		if i == 0 {
			id = verbFirst[v.Token]
		}
		acts = append(acts, say(id))
	}
	m := say("prompt_turn", msg.Number("Round", s.Round), msg.Nested("Acts", orMsg(acts)))
	if pool.Total() > 0 {
		m = say("prompt_turn_spend", msg.Number("Round", s.Round), msg.Nested("Gems", gemsMsg(pool, false)), msg.Nested("Acts", orMsg(acts)))
	}
	return []rules.Prompt{{Seat: s.Turn, Text: m.English(), Msg: m, Default: rules.Move{vPass}}}
}

// verbWords say each action in the prompt (message ids); verbFirst, the first, capitalised.
var verbWords = map[string]string{
	vPlay: "act_play", vBuy: "act_buy", vUse: "act_use", vBuild: "act_build",
	vUnseal: "act_unseal", vPass: "act_pass",
}

var verbFirst = map[string]string{
	vPlay: "act_play_first", vBuy: "act_buy_first", vUse: "act_use_first", vBuild: "act_build_first",
	vUnseal: "act_unseal_first", vPass: "act_pass_first",
}

// orMsg joins choices: "a", "a or b", "a, b or c".
func orMsg(parts []*msg.Message) *msg.Message {
	switch len(parts) {
	case 1:
		return parts[0]
	case 2:
		return say("list_or", msg.Nested("A", parts[0]), msg.Nested("B", parts[1]))
	}
	return say("list_comma", msg.Nested("A", parts[0]), msg.Nested("B", orMsg(parts[1:])))
}

// orList joins choices: "a", "a or b", "a, b or c".
func orList(parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// pendingAnswers are the public answers to a pending decision: only the choice of an opponent
// (which house to target is announced anyway). Every other decision names cards of a hand, a
// discard pile or a draw pile, so it stays in the private picker; a Discard answered on the
// public post would show the hand.
func (s *state) pendingAnswers() []rules.Answer {
	pd := s.Pend
	if pd.Kind != pendTarget {
		return nil
	}
	var out []rules.Answer
	for _, q := range s.opponents() {
		m := rules.Move{houseToken(s.house(q))}
		if rules.Check(s, pd.Seat, m) == nil {
			l := say("ans_target", seatArg("Seat", q))
			out = append(out, rules.Answer{Move: m, Label: l.English(), Msg: l})
		}
	}
	return out
}

func (s *state) pendingMsg() *msg.Message {
	pd := s.Pend
	// The prompt is what is asked of the awaited seat: it names another seat only when that seat
	// caused the question (a forced discard).
	switch pd.Kind {
	case pendTarget:
		return say("prompt_target", msg.Nested("Effect", effectMsg(Effect{Kw: pd.Kw, X: pd.X})))
	case pendDiscard:
		return say("prompt_discard", seatArg("By", pd.By), msg.Count("N", pd.X))
	case pendManipulation:
		return say("prompt_manipulation", msg.Count("N", pd.X))
	case pendForesight:
		return say("prompt_foresight")
	case pendRaise:
		return say("prompt_raise", msg.Count("N", pd.X))
	case pendSeal:
		return say("prompt_seal")
	}
	return say("prompt_decide")
}

// pendingDefault is what happens on silence: the first opponent, the first cards for a forced
// discard, the looked-at cards kept in order for Foresight, nothing for the optional keywords.
func (s *state) pendingDefault() rules.Move {
	pd := s.Pend
	switch pd.Kind {
	case pendTarget:
		return rules.Move{houseToken(s.house(s.opponents()[0]))}
	case pendDiscard:
		pk := s.pendingPicker()
		var m rules.Move
		for i := 0; i < pd.X; i++ {
			m = append(m, pk.items[i].tok)
		}
		return m
	case pendForesight:
		var m rules.Move
		for _, x := range pd.Looked {
			m = append(m, s.code(x))
		}
		return m
	}
	return rules.Move{"none"}
}

func (s *state) Choices(seat rules.Seat, m rules.Move) ([]rules.Choice, bool, error) {
	return s.choices(seat, lowered(m), true)
}

// lowered is m in lower case: every token of the game is, and players may type "C1" or "Pass".
// It copies only a move that needs it.
func lowered(m rules.Move) rules.Move {
	for i, t := range m {
		if strings.ToLower(t) != t {
			out := append(rules.Move(nil), m...)
			for j := i; j < len(out); j++ {
				out[j] = strings.ToLower(out[j])
			}
			return out
		}
	}
	return m
}

// choices is Choices; labels false leaves the hand's and the market's menus without labels.
func (s *state) choices(seat rules.Seat, m rules.Move, labels bool) ([]rules.Choice, bool, error) {
	if err := s.mayMove(seat, m); err != nil {
		return nil, false, err
	}
	if s.Pend != nil {
		return s.pendingChoices(m)
	}
	return s.mainChoices(m, labels)
}

// mayMove is Choices' first check: the game runs, the move is not too long, and seat is awaited.
func (s *state) mayMove(seat rules.Seat, m rules.Move) error {
	if s.Res != nil {
		return rules.Illegalf("The game is over: %s", s.Res.Reason)
	}
	if len(m) > rules.MaxTreeDepth {
		return rules.Illegalf("That move has too many parts.")
	}
	awaited := s.Turn
	if s.Pend != nil {
		awaited = s.Pend.Seat
	}
	if seat != awaited {
		if seat < 0 || int(seat) >= s.N {
			return rules.Illegalf("Only the players can move; %s is awaited.", rules.SeatRef(awaited))
		}
		return rules.Illegalf("It is not your move: %s is awaited.", rules.SeatRef(awaited))
	}
	return nil
}

func (s *state) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	m = lowered(m)
	// The move is read once without labels: a card pick (the discards after pass, a pending
	// decision's cards) by its picker, which gives the cards picked, an Action Phase move by the
	// tree. A refused move asks Choices again, for the reason it gives.
	var picked []int
	pk, args, isPick := s.pickerMove(m)
	ok := false
	switch {
	case s.mayMove(seat, m) != nil:
	case isPick:
		pk.quiet = true
		_, complete, p, err := pk.walk(args)
		ok, picked = err == nil && complete, p
	case s.Pend == nil:
		_, complete, err := s.mainChoices(m, false)
		ok = err == nil && complete
	default: // the choice of an opponent: a short menu, read by Choices
		ok = rules.Check(s, seat, m) == nil
	}
	if !ok {
		err := rules.Check(s, seat, m)
		if err == nil { // the labels never change what is legal: this is a bug, and nothing moves
			return nil, fmt.Errorf("ausonia: %q is refused without labels and accepted with them", m.String())
		}
		if _, ok := rules.IsIllegal(err); ok {
			return nil, err
		}
		return nil, &rules.Illegal{Reason: err.Error()}
	}
	s.ev = nil
	if s.Pend != nil {
		s.applyPending(m, picked)
	} else {
		s.applyMain(m, picked)
	}
	ev := s.ev
	s.ev = nil
	s.Last = s.Last[:0]
	for _, e := range ev {
		if e.Public() {
			s.Last = append(s.Last, e.Text)
		}
	}
	return ev, nil
}

// mainChoices is the Action Phase's tree; labels false leaves the menus of the hand and the market
// without labels (random play and Apply's check).
func (s *state) mainChoices(m rules.Move, labels bool) ([]rules.Choice, bool, error) {
	if len(m) == 0 {
		return s.verbs(), false, nil
	}
	args := m[1:]
	switch m[0] {
	case vPlay:
		return s.playChoices(args, labels)
	case vBuy:
		return s.buyChoices(args, labels)
	case vUse:
		return s.useChoices(args)
	case vBuild:
		return s.buildChoices(args)
	case vUnseal:
		return s.unsealChoices(args)
	case vPass:
		next, complete, _, err := s.passPicker().walk(args)
		return next, complete, err
	}
	return nil, false, rules.Illegalf("%q is not an action; start with %s.", m[0], tokenList(s.verbs()))
}

// verbs lists the actions that lead somewhere now.
func (s *state) verbs() []rules.Choice {
	p := s.Turn
	pl := s.P[p]
	var out []rules.Choice
	if len(pl.Hand) > 0 {
		out = append(out, rules.Choice{Token: vPlay, Label: "play a card from your hand"})
	}
	if len(s.buyable()) > 0 {
		out = append(out, rules.Choice{Token: vBuy, Label: "buy from the Offer Row or the Power deck"})
	}
	if len(s.usable(p)) > 0 {
		out = append(out, rules.Choice{Token: vUse, Label: "use an ability"})
	}
	if len(s.builds()) > 0 {
		out = append(out, rules.Choice{Token: vBuild, Label: "build a source in your raise area"})
	}
	if len(s.unsealable()) > 0 {
		out = append(out, rules.Choice{Token: vUnseal, Label: "break a seal: a sealed card returns to play"})
	}
	out = append(out, rules.Choice{Token: vPass, Label: "end your turn (then optionally name hand cards to discard)"})
	return out
}

// tooLong refuses words after a whole move, saying what the action takes.
func tooLong(m []string, verb string) error {
	how := map[string]string{
		vPlay:   "play names one card from your hand, or all for every gem card",
		vUse:    "use names the card, then which ability (1 or 2) and the payment only when the menu asks",
		vBuild:  "build names the star gem card, then the foundation",
		vUnseal: "unseal names one sealed card",
	}[verb]
	return rules.Illegalf("%q says more than the move takes: %s.", verb+" "+strings.Join(m, " "), how)
}

// --- play

func (s *state) playChoices(args []string, labels bool) ([]rules.Choice, bool, error) {
	hand := s.P[s.Turn].Hand
	if len(args) == 0 {
		var next []rules.Choice
		gems := 0
		for _, x := range hand {
			if s.card(x).Kind == GemCard {
				gems++
			}
		}
		if gems > 1 {
			next = append(next, rules.Choice{Token: tokAll})
			if labels {
				next[0].Label = fmt.Sprintf("all %d gem cards in your hand", gems)
			}
		}
		items := s.items(hand, "", "")
		return append(next, picker{items: items, quiet: !labels}.menu(items, false)...), false, nil
	}
	if len(args) > 1 {
		return nil, false, tooLong(args, vPlay)
	}
	if args[0] == tokAll {
		for _, x := range hand {
			if s.card(x).Kind == GemCard {
				return nil, true, nil
			}
		}
		return nil, false, rules.Illegalf("You have no gem card in hand to play.")
	}
	if s.findCode(hand, args[0]) < 0 {
		return nil, false, s.notIn(args[0], "in your hand: play a card from the menu")
	}
	return nil, true, nil
}

func (s *state) findCode(xs []int, code string) int {
	for _, x := range xs {
		if s.code(x) == code {
			return x
		}
	}
	return -1
}

func (s *state) notIn(code, where string) error {
	if c, ok := CardByCode(code); ok {
		return rules.Illegalf("%s is not %s.", c.Name, where)
	}
	return rules.Illegalf("%q is not a card code: codes look like s1, h2, v3 or p7, and each menu lists them.", code)
}

// playCard moves a card from hand to the play area; gem cards add their gems at once.
func (s *state) playCard(x int) {
	pl := s.P[s.Turn]
	pl.Hand = remove(pl.Hand, x)
	pl.Play = append(pl.Play, x)
	c := s.card(x)
	if c.Kind == GemCard {
		s.T.Gems = s.T.Gems.Add(c.Gives)
	}
}

// --- buy

// buyable lists the Offer Row cards and the Power deck's top card the active player can pay for.
func (s *state) buyable() []int {
	var out []int
	pool := s.pool()
	for _, x := range s.market() {
		if len(payments(s.card(x).Cost, pool)) > 0 {
			out = append(out, x)
		}
	}
	return out
}

// market is what may be bought: the Offer Row, then the Power deck's top card.
func (s *state) market() []int {
	out := append([]int(nil), s.Offer...)
	if n := len(s.PowerDeck); n > 0 {
		out = append(out, s.PowerDeck[n-1])
	}
	return out
}

func (s *state) buyChoices(args []string, labels bool) ([]rules.Choice, bool, error) {
	if len(args) == 0 {
		var next []rules.Choice
		for _, x := range s.buyable() {
			c := s.card(x)
			ch := rules.Choice{Token: c.Code}
			if labels {
				// The cost first: a menu that shortens a long label keeps it.
				ch.Label = c.Name + " for " + c.Cost.Describe("any") + " — " + strings.TrimPrefix(c.Label(), c.Name+" — ")
			}
			next = append(next, ch)
		}
		return next, false, nil
	}
	x := s.findCode(s.market(), args[0])
	if x < 0 {
		return nil, false, s.notIn(args[0], "for sale: only the Offer Row and the Power deck's top card are")
	}
	c := s.card(x)
	pays := payments(c.Cost, s.pool())
	if len(pays) == 0 {
		return nil, false, rules.Illegalf("You cannot afford %s: it costs %s and you have %s in play to spend.", c.Name, c.Cost.Describe("any"), s.pool().Describe(""))
	}
	return payChoices(pays, args[1:], "Buy", c.Name)
}

// payChoices walks the optional payment token: it is asked only when there is more than one way
// to fill the any-gem slots. verb ("Buy", "Use") and name (the card's) make the labels and
// refusals say what is paid for.
func payChoices(pays []payment, args []string, verb, name string) ([]rules.Choice, bool, error) {
	if len(pays) == 1 {
		if len(args) > 0 {
			return nil, false, rules.Illegalf("There is only one way to pay for %s, so nothing follows the card: leave out %q.", name, strings.Join(args, " "))
		}
		return nil, true, nil
	}
	if len(args) == 0 {
		next := make([]rules.Choice, len(pays))
		for i, p := range pays {
			l := verb + " " + name + ", paying " + p.All.Describe("")
			if p.Any != p.All {
				l += " (" + p.Any.Describe("") + " for the any-gem slot" + plural(p.Any.Total()) + ")"
			}
			next[i] = rules.Choice{Token: p.Any.Letters(), Label: l}
		}
		return next, false, nil
	}
	if len(args) > 1 {
		return nil, false, rules.Illegalf("Only one payment follows %s: one letter per gem for its any-gem slots, like %q.", name, pays[0].Any.Letters())
	}
	if pickPayment(pays, args[0]) == nil {
		var ts []string
		for _, p := range pays {
			ts = append(ts, p.Any.Letters())
		}
		return nil, false, rules.Illegalf("%q is not a way to pay for %s. Its any-gem slots take gems of your choice, one letter each (s sapphire, e emerald, b bloodshard, r rainbow): %s.", args[0], name, strings.Join(ts, ", "))
	}
	return nil, true, nil
}

func pickPayment(pays []payment, tok string) *payment {
	if len(pays) == 1 && tok == "" {
		return &pays[0]
	}
	for i := range pays {
		if pays[i].Any.Letters() == tok {
			return &pays[i]
		}
	}
	return nil
}

// --- use

func (s *state) useChoices(args []string) ([]rules.Choice, bool, error) {
	opts := s.usable(s.Turn)
	if len(args) == 0 {
		var next []rules.Choice
		seen := map[string]bool{}
		for _, o := range opts {
			c := s.card(o.inst)
			if seen[c.Code] {
				continue
			}
			seen[c.Code] = true
			next = append(next, rules.Choice{Token: c.Code, Label: c.Name + ": " + s.usableText(opts, c.Code)})
		}
		return next, false, nil
	}
	var mine []useOpt
	for _, o := range opts {
		if s.code(o.inst) == args[0] {
			mine = append(mine, o)
		}
	}
	if len(mine) == 0 {
		return nil, false, s.whyNotUse(args[0])
	}
	rest := args[1:]
	o := mine[0]
	if len(mine) > 1 {
		if len(rest) == 0 {
			var next []rules.Choice
			for _, o := range mine {
				c := s.card(o.inst)
				next = append(next, rules.Choice{Token: fmt.Sprint(o.k + 1), Label: c.Name + ": " + c.Abilities[o.k].Text})
			}
			return next, false, nil
		}
		found := false
		for _, m := range mine {
			if fmt.Sprint(m.k+1) == rest[0] {
				o, found = m, true
			}
		}
		if !found {
			return nil, false, rules.Illegalf("%q is not an ability of %s you can use now: choose 1 or 2, its first or second ability.", rest[0], s.card(o.inst).Name)
		}
		rest = rest[1:]
	}
	if o.pays == nil {
		if len(rest) > 0 {
			return nil, false, tooLong(args, vUse)
		}
		return nil, true, nil
	}
	return payChoices(o.pays, rest, "Use", s.card(o.inst).Name)
}

func (s *state) usableText(opts []useOpt, code string) string {
	var t []string
	for _, o := range opts {
		if s.code(o.inst) == code {
			t = append(t, s.card(o.inst).Abilities[o.k].Text)
		}
	}
	return strings.Join(t, " / ")
}

// whyNotUse explains why no ability of the card can be used now.
func (s *state) whyNotUse(code string) error {
	c, ok := CardByCode(code)
	if !ok {
		return s.notIn(code, "")
	}
	pl := s.P[s.Turn]
	if c.Kind == GemCard {
		return rules.Illegalf("%s is a gem card: play it for its gems; it has no ability.", c.Name)
	}
	inPlay, inHand, bought := s.findCode(pl.Play, code) >= 0, s.findCode(pl.Hand, code) >= 0, s.findCode(pl.Bought, code) >= 0
	switch {
	case !inPlay && !inHand && bought:
		return rules.Illegalf("%s was bought this round: it lies face down and cannot be used until it comes back from your deck.", c.Name)
	case !inPlay && !inHand:
		return rules.Illegalf("%s is neither in your play area nor in your hand.", c.Name)
	}
	for k := range c.Abilities {
		a := &c.Abilities[k]
		switch {
		case a.Kind == CondCost && !inPlay:
			return rules.Illegalf("Play %s first: its ability costs gems and works only from the play area.", c.Name)
		case a.Kind == CondCost:
			if len(payments(a.Gems, s.pool())) == 0 {
				return rules.Illegalf("You cannot pay for %s: it needs %s and you have %s in play to spend.", c.Name, a.Gems.Describe("any"), s.pool().Describe(""))
			}
		case !s.condMet(a):
			return rules.Illegalf("The condition of %s is not met yet this turn (%s).", c.Name, a.Text)
		}
	}
	return rules.Illegalf("Each ability of %s has already been used this turn.", c.Name)
}

// --- build

type buildOpt struct{ gem, foundation int }

// builds lists the distinct sources seat Turn can build: a star gem card in the raise area on
// another raise area card not yet part of a source.
func (s *state) builds() []buildOpt {
	r := s.P[s.Turn].Raise
	var out []buildOpt
	seen := map[[2]int]bool{}
	for _, g := range r {
		if !s.card(g).Star {
			continue
		}
		for _, f := range r {
			key := [2]int{s.kinds[g], s.kinds[f]}
			if f == g || seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, buildOpt{g, f})
		}
	}
	return out
}

func (s *state) buildChoices(args []string) ([]rules.Choice, bool, error) {
	opts := s.builds()
	var next []rules.Choice
	seen := map[string]bool{}
	for _, o := range opts {
		if len(args) == 0 {
			c := s.card(o.gem)
			if !seen[c.Code] {
				seen[c.Code] = true
				next = append(next, rules.Choice{Token: c.Code, Label: c.Name + " as the source's gem card (" + c.Gives.Describe("") + " every turn)"})
			}
		} else if s.code(o.gem) == args[0] && len(args) == 1 {
			c := s.card(o.foundation)
			next = append(next, rules.Choice{Token: c.Code, Label: c.Name + " as the foundation"})
		} else if s.code(o.gem) == args[0] && s.code(o.foundation) == args[1] {
			if len(args) > 2 {
				return nil, false, tooLong(args, vBuild)
			}
			return nil, true, nil
		}
	}
	if len(next) > 0 {
		return next, false, nil
	}
	if len(args) == 0 {
		return nil, false, rules.Illegalf("You cannot build a source: it needs a star-marked gem card and another card in your raise area.")
	}
	c, ok := CardByCode(args[0])
	switch {
	case !ok:
		return nil, false, s.notIn(args[0], "")
	case !c.Star:
		return nil, false, rules.Illegalf("%s has no star: only star-marked gem cards become sources.", c.Name)
	case s.findCode(s.P[s.Turn].Raise, args[0]) < 0:
		return nil, false, rules.Illegalf("%s is not free in your raise area (raise it first with a Raise ability).", c.Name)
	}
	return nil, false, rules.Illegalf("%q cannot be the foundation: it must be another card in your raise area that is not yet part of a source.", args[1])
}

// --- unseal

// unsealable lists sealed cards sealed on an earlier turn.
func (s *state) unsealable() []int {
	var out []int
	for _, x := range s.P[s.Turn].Seal {
		if !contains(s.T.Sealed, x) {
			out = append(out, x)
		}
	}
	return out
}

func (s *state) unsealChoices(args []string) ([]rules.Choice, bool, error) {
	xs := s.unsealable()
	if len(args) == 0 {
		it := s.items(xs, "", "")
		return picker{}.menu(it, false), false, nil
	}
	if len(args) > 1 {
		return nil, false, tooLong(args, vUnseal)
	}
	if s.findCode(xs, args[0]) < 0 {
		if s.findCode(s.P[s.Turn].Seal, args[0]) >= 0 {
			return nil, false, rules.Illegalf("A seal can be broken only on a later turn than the one it was made.")
		}
		return nil, false, s.notIn(args[0], "in your seal area")
	}
	return nil, true, nil
}

// --- pass

func (s *state) passPicker() picker {
	h := s.P[s.Turn].Hand
	return picker{items: s.items(h, "", ""), max: len(h), sorted: true, emptyOK: true, what: "to discard from your hand"}
}

// applyMain carries out a complete Action Phase move; picked are the cards a pass discards.
func (s *state) applyMain(m rules.Move, picked []int) {
	p := s.Turn
	pl := s.P[p]
	args := m[1:]
	switch m[0] {
	case vPlay:
		if args[0] == tokAll {
			var gems []int
			for _, x := range pl.Hand {
				if s.card(x).Kind == GemCard {
					gems = append(gems, x)
				}
			}
			for _, x := range gems {
				s.playCard(x)
			}
			s.post(say("ev_plays", seatArg("Seat", p), msg.Nested("Cards", s.namesMsg(gems))), true)
			s.kinded("play", rules.SeatRef(p)+" played cards %d times")
			return
		}
		x := s.findCode(pl.Hand, args[0])
		s.playCard(x)
		s.post(say("ev_plays", seatArg("Seat", p), msg.Nested("Cards", s.namesMsg([]int{x}))), true)
		s.kinded("play", rules.SeatRef(p)+" played cards %d times")
	case vBuy:
		x := s.findCode(s.market(), args[0])
		c := s.card(x)
		pay := s.choosePay(payments(c.Cost, s.pool()), args[1:])
		s.T.Spent = s.T.Spent.Add(pay.All)
		fromPower := len(s.PowerDeck) > 0 && s.PowerDeck[len(s.PowerDeck)-1] == x
		pl.Bought = append(pl.Bought, x)
		s.post(say("ev_buys", seatArg("Seat", p), msg.Nested("Card", s.namesMsg([]int{x})), msg.Nested("Gems", gemsMsg(pay.All, false))), false)
		if fromPower {
			s.PowerDeck = s.PowerDeck[:len(s.PowerDeck)-1]
			if n := len(s.PowerDeck); n > 0 {
				s.sayReveal(say("ev_power_shows", msg.Nested("Card", s.namesMsg(s.PowerDeck[n-1:]))))
			}
		} else {
			s.Offer = remove(s.Offer, x)
			s.refillOffer()
		}
	case vUse:
		var mine []useOpt
		for _, o := range s.usable(p) {
			if s.code(o.inst) == args[0] {
				mine = append(mine, o)
			}
		}
		o, rest := mine[0], args[1:]
		if len(mine) > 1 {
			for _, mo := range mine {
				if fmt.Sprint(mo.k+1) == rest[0] {
					o = mo
				}
			}
			rest = rest[1:]
		}
		var pay Gems
		if o.pays != nil {
			pay = s.choosePay(o.pays, rest).All
		}
		s.activate(o.inst, o.k, pay)
	case vBuild:
		var o buildOpt
		for _, b := range s.builds() {
			if s.code(b.gem) == args[0] && s.code(b.foundation) == args[1] {
				o = b
				break
			}
		}
		pl.Raise = remove(remove(pl.Raise, o.gem), o.foundation)
		pl.Sources = append(pl.Sources, source{Gem: o.gem, Foundation: o.foundation})
		s.T.Gems = s.T.Gems.Add(s.card(o.gem).Gives)
		s.say(say("ev_build", seatArg("Seat", p), msg.Nested("Card", s.namesMsg([]int{o.gem})), msg.Nested("Gems", gemsMsg(s.card(o.gem).Gives, false))))
	case vUnseal:
		x := s.findCode(s.unsealable(), args[0])
		pl.Seal = remove(pl.Seal, x)
		pl.Play = append(pl.Play, x)
		s.T.Unsealed = append(s.T.Unsealed, x)
		s.say(say("ev_unseal", seatArg("Seat", p), msg.Nested("Card", s.namesMsg([]int{x}))))
	case vPass:
		s.endTurn(picked)
	}
}

func (s *state) choosePay(pays []payment, rest []string) payment {
	if len(pays) == 1 {
		return pays[0]
	}
	return *pickPayment(pays, rest[0])
}

// TurnCount numbers the Action Phases (rules.TurnCounter): rounds times seats, plus the place of
// the seat whose turn it is in the round.
func (s *state) TurnCount() int { return s.Round*s.N + s.house(s.Turn) }
