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

// AwaitedSeats is the seat Awaiting asks, without its prompt (rules.SeatsAwaiter, for search).
func (s *state) AwaitedSeats() []rules.Seat {
	switch {
	case s.Res != nil:
		return nil
	case s.Pend != nil:
		return []rules.Seat{s.Pend.Seat}
	}
	return []rules.Seat{s.Turn}
}

func (s *state) Awaiting() []rules.Prompt {
	if s.Res != nil {
		return nil
	}
	if pd := s.Pend; pd != nil {
		m := s.pendingMsg()
		return []rules.Prompt{{Seat: pd.Seat, Msg: m, Default: s.pendingDefault(), Answers: s.pendingAnswers()}}
	}
	pool := s.pool()
	// The actions open now, as verbs() finds them: a prompt offering "build" with no star card
	// raised sends players looking for what is not there. The first is capitalised.
	var acts []*msg.Message
	for i, v := range s.verbs(false) {
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
	// A met condition is said by name: players missed it in the menu and passed it away.
	for _, o := range s.freeUses() {
		c := s.card(o.inst)
		met := say("prompt_cond_met", cardTerm("Card", c), msg.Code("Code", c.Code), msg.Nested("Effects", effectsMsg(c.Abilities[o.k].Do)))
		m = say("prompt_more", msg.Nested("A", m), msg.Nested("B", met))
	}
	return []rules.Prompt{{Seat: s.Turn, Msg: m, Default: rules.Move{vPass}}}
}

// freeUses are the condition abilities met and not yet used. Rulebook line 162: "If the condition
// ability … is met during the turn (even if the card is still in Hand), the ability is
// automatically activated and you can use it at any time during your Action Phase." They cost
// nothing and are lost at the pass, so the prompt, the menu and the pass name them.
func (s *state) freeUses() []useOpt {
	var out []useOpt
	for _, o := range s.usable(s.Turn) {
		if o.pays == nil {
			out = append(out, o)
		}
	}
	return out
}

// unusedMsg says what a pass now leaves unused: the free abilities and the gems still in the
// pool; nil when nothing is.
func (s *state) unusedMsg(short bool) *msg.Message {
	var parts []*msg.Message
	for _, o := range s.freeUses() {
		c := s.card(o.inst)
		parts = append(parts, say("free_ability", cardTerm("Card", c), msg.Nested("Effects", effectsMsg(c.Abilities[o.k].Do))))
	}
	if pool := s.pool(); pool.Total() > 0 {
		if short { // a menu line: the gems in the boards' letters
			parts = append(parts, gemsShortMsg(pool))
		} else {
			parts = append(parts, gemsMsg(pool, false))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return listMsg(parts)
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
			out = append(out, rules.Answer{Move: m, Msg: l})
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
		// The cards themselves: a house card is a favour card by the rulebook ("a Gem or Favour
		// Card" is all a hand holds), which "a favour card" alone left players doubting.
		return say("prompt_seal", msg.Nested("Cards", s.kindsOrMsg(s.sealable(pd.Seat))))
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
		return refusal("ref_over", msg.Nested("Reason", s.Res.ReasonMsg))
	}
	if len(m) > rules.MaxTreeDepth {
		return refusal("ref_too_many_parts")
	}
	awaited := s.Turn
	if s.Pend != nil {
		awaited = s.Pend.Seat
	}
	if seat != awaited {
		if seat < 0 || int(seat) >= s.N {
			return refusal("ref_not_player", seatArg("Seat", awaited))
		}
		return refusal("ref_not_your_move", seatArg("Seat", awaited))
	}
	return nil
}

func (s *state) Apply(seat rules.Seat, m rules.Move) ([]rules.Event, error) {
	m = lowered(m)
	// The move is read once without labels: a card pick (the discards after pass, a pending
	// decision's cards) by its picker, which gives the cards picked, an Action Phase move by the
	// tree. A refused move asks Choices again, for the reason it gives.
	ok, picked := s.legal(seat, m)
	if !ok {
		err := s.refusal(seat, m)
		if err == nil { // the labels never change what is legal: this is a bug, and nothing moves
			return nil, fmt.Errorf("ausonia: %q is refused without labels and accepted with them", m.String())
		}
		if _, ok := rules.IsIllegal(err); ok {
			return nil, err
		}
		return nil, fmt.Errorf("ausonia: %q: %w", m.String(), err) // Choices refuses only with *Illegal: a bug
	}
	s.ev = nil
	if s.Pend != nil {
		s.applyPending(m, picked)
	} else {
		s.applyMain(m, picked)
	}
	if !s.quiet && s.onlyPassLeft(seat, m) {
		// The platform plays a seat's only move for it: the mover's reply says the turn ends
		// here, or a "pass" typed next would be read as the next turn's.
		s.reply(seat, func() *msg.Message { return say("ev_only_pass") })
	}
	ev := s.ev
	s.ev = nil
	s.Last, s.LastMsg = s.Last[:0], s.LastMsg[:0] // after ApplyQuiet, the last move is not known
	for _, e := range lastEvents(ev) {
		s.Last, s.LastMsg = append(s.Last, e.English()), append(s.LastMsg, e.Msg)
	}
	return ev, nil
}

// onlyPassLeft says whether seat's move m, just applied, left its turn with nothing but a pass
// that discards nothing: an empty hand, and nothing to buy, use, build or unseal.
func (s *state) onlyPassLeft(seat rules.Seat, m rules.Move) bool {
	if s.Res != nil || s.Pend != nil || s.Turn != seat || (len(m) > 0 && m[0] == vPass) {
		return false
	}
	return len(s.P[seat].Hand) == 0 && len(s.verbs(false)) == 1
}

// legal says whether seat may play m (lower case) now, reading it without labels, and gives the
// cards a pick picked.
func (s *state) legal(seat rules.Seat, m rules.Move) (ok bool, picked []int) {
	pk, args, isPick := s.pickerMove(m)
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
	return ok, picked
}

// accepts says whether seat may play m now, as Apply would, without building a refusal.
func (s *state) accepts(seat rules.Seat, m rules.Move) bool {
	ok, _ := s.legal(seat, lowered(m))
	return ok
}

// lastEvents are the events a board's last-move box tells of a move: what was chosen, not the
// housekeeping, and at a turn's end its summary rather than the steps it restates; a step inside
// a turn is told by its own events.
func lastEvents(ev []rules.Event) []rules.Event {
	for _, keep := range []func(rules.Event) bool{
		func(e rules.Event) bool { return !e.Detail && !e.Routine },
		func(e rules.Event) bool { return !e.Routine },
		func(rules.Event) bool { return true },
	} {
		var out []rules.Event
		for _, e := range ev {
			if e.Public() && keep(e) {
				out = append(out, e)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// refusal is rules.Check in the game's own messages: the reason Choices gives, or what may
// follow a move cut short.
func (s *state) refusal(seat rules.Seat, m rules.Move) error {
	next, complete, err := s.Choices(seat, m)
	switch {
	case err != nil || complete:
		return err
	case len(next) == 0:
		return refusal("ref_not_whole", quoted("Move", m.String()))
	}
	example := append(append(rules.Move{}, m...), next[0].Token)
	return refusal("ref_incomplete", quoted("Move", m.String()), msg.Nested("Next", nextMsg(next)), quoted("Example", example.String()))
}

// nextMsg lists what may follow, as rules.Check does: up to 8 tokens, then how many others.
func nextMsg(next []rules.Choice) *msg.Message {
	const most = 8
	if len(next) > most {
		return say("next_more", msg.Code("Tokens", tokenList(next[:most])), msg.Count("N", len(next)-most))
	}
	return orTokensMsg(tokensOf(next))
}

// ApplyQuiet is Apply without events (rules.QuietApplier), for search: the same moves accepted
// and refused, the same state after, except that the last move's lines are left empty. The
// events' messages, their English and the lines kept for the board are most of an Apply's cost.
func (s *state) ApplyQuiet(seat rules.Seat, m rules.Move) error {
	s.quiet = true
	_, err := s.Apply(seat, m)
	s.quiet = false
	return err
}

// mainChoices is the Action Phase's tree; labels false leaves the menus of the hand and the market
// without labels (random play and Apply's check).
func (s *state) mainChoices(m rules.Move, labels bool) ([]rules.Choice, bool, error) {
	if len(m) == 0 {
		return s.verbs(labels), false, nil
	}
	args := m[1:]
	switch m[0] {
	case vPlay:
		return s.playChoices(args, labels)
	case vBuy:
		return s.buyChoices(args, labels)
	case vUse:
		return s.useChoices(args, labels)
	case vBuild:
		return s.buildChoices(args, labels)
	case vUnseal:
		return s.unsealChoices(args, labels)
	case vPass:
		next, complete, _, err := s.passPicker().walk(args)
		return next, complete, err
	}
	if v := verbWord(m[0]); v != "" {
		// A word of a player's language for an action not open now ("kaufen" with nothing to buy
		// is not respelled, as no menu offers it): it is an action, so say why it cannot be made.
		if _, _, err := s.mainChoices(append(rules.Move{v}, args...), false); err != nil {
			return nil, false, err
		}
	}
	return nil, false, refusal("ref_not_action", quoted("Tok", m[0]), msg.Nested("Verbs", tokensMsg(s.verbs(false))))
}

// verbWord is the action token a word of any player's language stands for ("kaufen", "comprar":
// buy), "" when it stands for none.
func verbWord(word string) string {
	for _, w := range typedWords {
		for _, t := range w.Tokens(word) {
			switch t {
			case vPlay, vBuy, vUse, vBuild, vUnseal, vPass:
				return t
			}
		}
	}
	return ""
}

// verbs lists the actions that lead somewhere now, labelled when labels.
func (s *state) verbs(labels bool) []rules.Choice {
	p := s.Turn
	pl := s.P[p]
	var out []rules.Choice
	if len(pl.Hand) > 0 {
		out = append(out, choiceIf(labels, vPlay, func() *msg.Message { return say("lbl_play") }))
	}
	if buy := s.buyable(); len(buy) > 0 {
		out = append(out, choiceIf(labels, vBuy, func() *msg.Message {
			if len(buy) == 1 { // a menu may show this line alone for "buy <card>": it names the card
				c := s.card(buy[0])
				return say("lbl_buy_one", cardTerm("Card", c), msg.Nested("Text", cardGistMsg(c)), msg.Nested("Cost", s.buyCostMsg(c)))
			}
			return say("lbl_buy")
		}))
	}
	if len(s.usable(p)) > 0 {
		out = append(out, choiceIf(labels, vUse, func() *msg.Message {
			var free []*msg.Message
			for _, o := range s.freeUses() {
				c := s.card(o.inst)
				free = append(free, say("free_ability", cardTerm("Card", c), msg.Nested("Effects", effectsMsg(c.Abilities[o.k].Do))))
			}
			if len(free) > 0 {
				return say("lbl_use_free", msg.Nested("Free", listMsg(free)))
			}
			return say("lbl_use")
		}))
	}
	if len(s.builds()) > 0 {
		out = append(out, choiceIf(labels, vBuild, func() *msg.Message { return say("lbl_build") }))
	}
	if len(s.unsealable()) > 0 {
		out = append(out, choiceIf(labels, vUnseal, func() *msg.Message { return say("lbl_unseal") }))
	}
	out = append(out, choiceIf(labels, vPass, func() *msg.Message {
		if u := s.unusedMsg(true); u != nil {
			return say("lbl_pass_unused", msg.Nested("Unused", u))
		}
		return say("lbl_pass")
	}))
	return out
}

// howIDs say what each action takes, for tooLong.
var howIDs = map[string]string{vPlay: "how_play", vUse: "how_use", vBuild: "how_build", vUnseal: "how_unseal"}

// tooLong refuses words after a whole move, saying what the action takes.
func tooLong(m []string, verb string) error {
	return refusal("ref_too_long", quoted("Move", verb+" "+strings.Join(m, " ")), msg.Nested("How", say(howIDs[verb])))
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
				next[0] = choice(tokAll, say("lbl_play_all", msg.Count("N", gems)))
			}
		}
		items := s.items(hand, "", "")
		menu := picker{items: items, quiet: !labels}.menu(items, false)
		if labels {
			s.markUnpayable(menu)
		}
		return append(next, menu...), false, nil
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
		return nil, false, refusal("ref_no_gem_card")
	}
	if s.findCode(hand, args[0]) < 0 {
		return nil, false, s.notIn(args[0], "ref_not_in_hand")
	}
	return nil, true, nil
}

// markUnpayable labels the cards of the play menu whose every ability costs gems the turn cannot
// pay, even with the gem cards still in hand: playing one does nothing, and the label says so. The
// move stays in the menu: the rules allow it, and the menu must offer what random play draws.
func (s *state) markUnpayable(menu []rules.Choice) {
	most := s.pool()
	for _, x := range s.P[s.Turn].Hand {
		if c := s.card(x); c.Kind == GemCard {
			most = most.Add(c.Gives)
		}
	}
	for i := range menu {
		c, ok := CardByCode(menu[i].Token)
		if !ok || c.Kind == GemCard || len(c.Abilities) == 0 {
			continue
		}
		payable := false
		for k := range c.Abilities {
			if a := &c.Abilities[k]; a.Kind != CondCost || canPay(a.Gems, most) {
				payable = true
			}
		}
		if !payable {
			m := say("lbl_play_unpayable", cardTerm("Card", c), msg.Nested("Text", cardTextMsg(c)))
			menu[i].Msg = m
		}
	}
}

func (s *state) findCode(xs []int, code string) int {
	for _, x := range xs {
		if s.code(x) == code {
			return x
		}
	}
	return -1
}

// notIn refuses code: a card that is not where the message id (given the card) says it must be,
// or no card at all.
func (s *state) notIn(code, id string) error {
	if c, ok := CardByCode(code); ok && id != "" {
		return refusal(id, cardTerm("Card", c))
	}
	return refusal("ref_not_code", quoted("Tok", code))
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
		if canPay(s.card(x).Cost, pool) {
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
				// The effect first, then the payment: a label cut short kept the cost and lost what
				// the card does. The guild is on the card's face in the Offer Row.
				// Paid as printed (on the card in the Offer Row), the payment is left out: a menu
				// line has 100 characters.
				l := say("lbl_buy_card", cardTerm("Card", c), msg.Nested("Cost", s.buyCostMsg(c)), msg.Nested("Text", cardGistMsg(c)))
				if pays := payments(c.Cost, s.pool()); len(pays) == 1 && pays[0].All == c.Cost {
					l = say("lbl_buy_card_printed", cardTerm("Card", c), msg.Nested("Text", cardGistMsg(c)))
				}
				ch = choice(c.Code, l)
			}
			next = append(next, ch)
		}
		if len(next) == 0 {
			return nil, false, s.whyNoBuy()
		}
		return next, false, nil
	}
	x := s.findCode(s.market(), args[0])
	if x < 0 {
		return nil, false, s.notIn(args[0], "ref_not_for_sale")
	}
	c := s.card(x)
	pays := payments(c.Cost, s.pool())
	if len(pays) == 0 {
		return nil, false, refusal("ref_cannot_afford", cardTerm("Card", c), msg.Nested("Cost", gemsMsg(c.Cost, true)), msg.Nested("Pool", gemsMsg(s.pool(), false)))
	}
	return payChoices(pays, args[1:], vBuy, c, nil, labels)
}

// buyCostMsg says what buying c takes from the pool: with one way to pay, what is paid (rainbows
// filling coloured slots); with several, the default (defaultPay) a buy without letters takes.
func (s *state) buyCostMsg(c *Card) *msg.Message {
	pool := s.pool()
	switch pays := payments(c.Cost, pool); len(pays) {
	case 0:
		return gemsMsg(c.Cost, true)
	case 1:
		return gemsShortMsg(pays[0].All)
	default:
		return gemsShortMsg(defaultPay(pays, pool).All)
	}
}

// payChoices walks the optional payment token: it is asked only when there is more than one way
// to fill the any-gem slots. verb ("buy", "use") and card c make the labels and refusals say
// what is paid for.
func payChoices(pays []payment, args []string, verb string, c *Card, fx []Effect, labels bool) ([]rules.Choice, bool, error) {
	name := cardTerm("Card", c)
	if len(pays) == 1 {
		if len(args) > 0 {
			return nil, false, refusal("ref_one_way", name, quoted("Tok", strings.Join(args, " ")))
		}
		return nil, true, nil
	}
	if len(args) == 0 {
		next := make([]rules.Choice, len(pays))
		for i, p := range pays {
			if !labels {
				next[i] = rules.Choice{Token: p.Any.Letters()}
				continue
			}
			// The whole payment, which is what leaves the pool; a use says what it does too.
			l := say("lbl_pay_buy", name, msg.Nested("Gems", gemsShortMsg(p.All)), msg.Nested("Text", cardGistMsg(c)))
			if verb == vUse {
				l = say("lbl_pay_use", name, msg.Nested("Gems", gemsShortMsg(p.All)), msg.Nested("Effects", effectsMsg(fx)))
			}
			next[i] = choice(p.Any.Letters(), l)
		}
		return next, false, nil
	}
	if len(args) > 1 {
		return nil, false, refusal("ref_one_payment", name, quoted("Tok", pays[0].Any.Letters()))
	}
	if pickPayment(pays, args[0]) == nil {
		var ts []string
		for _, p := range pays {
			ts = append(ts, p.Any.Letters())
		}
		return nil, false, refusal("ref_not_payment", quoted("Tok", args[0]), name, msg.Code("Pays", strings.Join(ts, ", ")))
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

func (s *state) useChoices(args []string, labels bool) ([]rules.Choice, bool, error) {
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
			next = append(next, choiceIf(labels, c.Code, func() *msg.Message {
				return say("lbl_use_card", cardTerm("Card", c), msg.Nested("Text", s.usableMsg(opts, c.Code)))
			}))
		}
		if len(next) == 0 {
			return nil, false, s.whyNoUse()
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
				next = append(next, choiceIf(labels, fmt.Sprint(o.k+1), func() *msg.Message {
					return say("lbl_use_card", cardTerm("Card", c), msg.Nested("Text", abilityMsg(&c.Abilities[o.k])))
				}))
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
			return nil, false, refusal("ref_not_ability", quoted("Tok", rest[0]), cardTerm("Card", s.card(o.inst)))
		}
		rest = rest[1:]
	}
	if o.pays == nil {
		if len(rest) > 0 {
			return nil, false, tooLong(args, vUse)
		}
		return nil, true, nil
	}
	return payChoices(o.pays, rest, vUse, s.card(o.inst), s.card(o.inst).Abilities[o.k].Do, labels)
}

// usableMsg says the abilities of the card code that can be used now: "a / b".
func (s *state) usableMsg(opts []useOpt, code string) *msg.Message {
	var t []*msg.Message
	for _, o := range opts {
		if s.code(o.inst) == code {
			a := &s.card(o.inst).Abilities[o.k]
			m := abilityMsg(a)
			if o.pays == nil { // a met condition: free now, which the printed condition does not say
				m = say("ab_met", msg.Nested("Effects", effectsMsg(a.Do)))
			}
			if len(o.pays) == 1 { // what is paid, not the printed cost
				m = say("ab_paying", msg.Nested("Gems", gemsMsg(o.pays[0].All, false)), msg.Nested("Effects", effectsMsg(a.Do)))
			}
			t = append(t, m)
		}
	}
	return joinMsg("txt_either", t)
}

// whyNoBuy explains why nothing can be bought now: no gems in play, or too few for any card for
// sale.
func (s *state) whyNoBuy() error {
	if s.pool().Total() == 0 {
		return refusal("ref_buy_no_gems")
	}
	return refusal("ref_buy_none_affordable", msg.Nested("Pool", gemsMsg(s.pool(), false)))
}

// whyNoUse explains why no ability can be used now: by the first card in play, then in hand,
// that has one ("You cannot pay for Envoy: it needs 2 gems and you have 1 emerald …").
func (s *state) whyNoUse() error {
	pl := s.P[s.Turn]
	for _, zone := range [][]int{pl.Play, pl.Hand} {
		for _, x := range zone {
			if c := s.card(x); len(c.Abilities) > 0 {
				return s.whyNotUse(c.Code)
			}
		}
	}
	return refusal("ref_use_none")
}

// whyNotUse explains why no ability of the card can be used now.
func (s *state) whyNotUse(code string) error {
	c, ok := CardByCode(code)
	if !ok {
		return s.notIn(code, "")
	}
	name := cardTerm("Card", c)
	pl := s.P[s.Turn]
	if c.Kind == GemCard {
		return refusal("ref_gem_no_ability", name)
	}
	inPlay, inHand, bought := s.findCode(pl.Play, code) >= 0, s.findCode(pl.Hand, code) >= 0, s.findCode(pl.Bought, code) >= 0
	switch {
	case !inPlay && !inHand && bought:
		return refusal("ref_bought", name)
	case !inPlay && !inHand:
		return refusal("ref_not_at_hand", name)
	}
	for k := range c.Abilities {
		a := &c.Abilities[k]
		switch {
		case a.Kind == CondCost && !inPlay:
			return refusal("ref_play_first", name)
		case a.Kind == CondCost:
			if !canPay(a.Gems, s.pool()) {
				return refusal("ref_cannot_pay", name, msg.Nested("Cost", gemsMsg(a.Gems, true)), msg.Nested("Pool", gemsMsg(s.pool(), false)))
			}
		case !s.condMet(a):
			return refusal("ref_condition", name, msg.Nested("Ability", abilityMsg(a)))
		}
	}
	return refusal("ref_used", name)
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

func (s *state) buildChoices(args []string, labels bool) ([]rules.Choice, bool, error) {
	opts := s.builds()
	var next []rules.Choice
	seen := map[string]bool{}
	for _, o := range opts {
		if len(args) == 0 {
			c := s.card(o.gem)
			if !seen[c.Code] {
				seen[c.Code] = true
				next = append(next, choiceIf(labels, c.Code, func() *msg.Message {
					return say("lbl_build_gem", cardTerm("Card", c), msg.Nested("Gems", gemsMsg(c.Gives, false)))
				}))
			}
		} else if s.code(o.gem) == args[0] && len(args) == 1 {
			c := s.card(o.foundation)
			next = append(next, choiceIf(labels, c.Code, func() *msg.Message { return say("lbl_build_foundation", cardTerm("Card", c)) }))
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
		return nil, false, refusal("ref_cannot_build")
	}
	c, ok := CardByCode(args[0])
	switch {
	case !ok:
		return nil, false, s.notIn(args[0], "")
	case !c.Star:
		return nil, false, refusal("ref_no_star", cardTerm("Card", c))
	case s.findCode(s.P[s.Turn].Raise, args[0]) < 0:
		return nil, false, refusal("ref_not_raised", cardTerm("Card", c))
	case len(args) == 1:
		return nil, false, refusal("ref_no_foundation", cardTerm("Card", c))
	}
	return nil, false, refusal("ref_not_foundation", quoted("Tok", args[1]))
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

func (s *state) unsealChoices(args []string, labels bool) ([]rules.Choice, bool, error) {
	xs := s.unsealable()
	if len(args) == 0 {
		it := s.items(xs, "", "")
		return picker{quiet: !labels}.menu(it, false), false, nil
	}
	if len(args) > 1 {
		return nil, false, tooLong(args, vUnseal)
	}
	if s.findCode(xs, args[0]) < 0 {
		if s.findCode(s.P[s.Turn].Seal, args[0]) >= 0 {
			return nil, false, refusal("ref_seal_later")
		}
		return nil, false, s.notIn(args[0], "ref_not_sealed")
	}
	return nil, true, nil
}

// --- pass

func (s *state) passPicker() picker {
	h := s.P[s.Turn].Hand
	return picker{items: s.items(h, "", ""), max: len(h), sorted: true, emptyOK: true, what: "what_discard_hand"}
}

// applyMain carries out a complete Action Phase move; picked are the cards a pass discards.
func (s *state) applyMain(m rules.Move, picked []int) {
	p := s.Turn
	pl := s.P[p]
	args := m[1:]
	at := len(s.ev)
	if m[0] != vPass { // the pass writes the summary, which is no detail
		defer s.detailUnlessAsking(at)
	}
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
			s.note(step{K: stPlay, C: gems})
			s.post(func() *msg.Message { return say("ev_plays", seatArg("Seat", p), msg.Nested("Cards", s.namesMsg(gems))) }, false)
			s.shown(p)
			s.kinded("play")
			return
		}
		x := s.findCode(pl.Hand, args[0])
		s.playCard(x)
		s.note(step{K: stPlay, C: []int{x}})
		s.post(func() *msg.Message {
			return say("ev_plays", seatArg("Seat", p), msg.Nested("Cards", s.namesMsg([]int{x})))
		}, false)
		s.shown(p)
		s.kinded("play")
	case vBuy:
		x := s.findCode(s.market(), args[0])
		c := s.card(x)
		pay := s.choosePay(payments(c.Cost, s.pool()), args[1:])
		s.T.Spent = s.T.Spent.Add(pay.All)
		fromPower := len(s.PowerDeck) > 0 && s.PowerDeck[len(s.PowerDeck)-1] == x
		pl.Bought = append(pl.Bought, x)
		s.note(step{K: stBuy, C: []int{x}, G: pay.All})
		s.post(func() *msg.Message {
			return say("ev_buys", seatArg("Seat", p), msg.Nested("Card", s.namesMsg([]int{x})), msg.Nested("Gems", gemsMsg(pay.All, false)))
		}, false)
		if fromPower {
			s.PowerDeck = s.PowerDeck[:len(s.PowerDeck)-1]
			if n := len(s.PowerDeck); n > 0 {
				s.sayReveal(func() *msg.Message { return say("ev_power_shows", msg.Nested("Card", s.namesMsg(s.PowerDeck[n-1:]))) })
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
		s.note(step{K: stBuild, C: []int{o.gem}})
		s.say(func() *msg.Message {
			return say("ev_build", seatArg("Seat", p), msg.Nested("Card", s.namesMsg([]int{o.gem})), msg.Nested("Gems", gemsMsg(s.card(o.gem).Gives, false)))
		})
	case vUnseal:
		x := s.findCode(s.unsealable(), args[0])
		pl.Seal = remove(pl.Seal, x)
		pl.Play = append(pl.Play, x)
		s.T.Unsealed = append(s.T.Unsealed, x)
		s.note(step{K: stUnseal, C: []int{x}})
		s.say(func() *msg.Message {
			return say("ev_unseal", seatArg("Seat", p), msg.Nested("Card", s.namesMsg([]int{x})))
		})
	case vPass:
		// A pass leaving a free ability or gems is not silent (the reply says what was left); it
		// needs no confirming second pass: the prompt and the pass label said so beforehand, and a
		// whole turn typed in one command must not stop short of its pass.
		if !s.quiet {
			if u := s.unusedMsg(false); u != nil {
				s.reply(p, func() *msg.Message { return say("ev_pass_unused", msg.Nested("Unused", u)) })
			}
		}
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

// Options says that the moves starting with "pass" are one move, ending the turn, with the hand
// cards to discard chosen after it (rulebook, End Turn Phase: "You can put any number of cards
// from your Hand into your Discard Pile"), so a menu names it by what it does, not by how many ways of
// discarding follow.
func (s *state) Options(seat rules.Seat, m rules.Move) bool {
	return len(m) > 0 && m[0] == vPass
}
