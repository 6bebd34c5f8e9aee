package ausonia

import (
	"strconv"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
)

// The event writers below take a function that builds the event's message, and call it only
// when events are written: not while s.quiet (ApplyQuiet: the search reads no event), where
// building messages and their English would be most of a move's cost.

// say records a public event.
func (s *state) say(mk func() *msg.Message) {
	if s.quiet {
		return
	}
	s.ev = append(s.ev, rules.Say(mk()))
}

// sayReveal records a public event that made a random outcome or hidden card known.
func (s *state) sayReveal(mk func() *msg.Message) {
	if s.quiet {
		return
	}
	e := rules.Say(mk())
	e.Reveals = true
	s.ev = append(s.ev, e)
}

// tell records an event only seat p sees. It speaks to p ("You drew …"), so the history tells
// it to p alone, even after the game (rules.KindOwn).
func (s *state) tell(p rules.Seat, mk func() *msg.Message) {
	if s.quiet {
		return
	}
	e := rules.Say(mk())
	e.To, e.Reveals, e.Kind = []rules.Seat{p}, true, rules.KindOwn
	s.ev = append(s.ev, e)
}

// reply records a line for seat p's reply to its move only ("You pass with … unused"): it is
// about the moment, so the history never tells it (rules.KindReply).
func (s *state) reply(p rules.Seat, mk func() *msg.Message) {
	if s.quiet {
		return
	}
	e := rules.Say(mk())
	e.To, e.Kind = []rules.Seat{p}, rules.KindReply
	s.ev = append(s.ev, e)
}

// shown marks the last event as showing seat p's own hidden cards (rules.Event.Shows): news to
// the others, nothing new to p, so that p may take it back while nobody else has seen it.
func (s *state) shown(p rules.Seat) {
	if s.quiet {
		return
	}
	e := &s.ev[len(s.ev)-1]
	e.Reveals, e.Shows = false, []rules.Seat{p}
}

// post records a public event that may reveal something.
func (s *state) post(mk func() *msg.Message, reveals bool) {
	if s.quiet {
		return
	}
	e := rules.Say(mk())
	e.Reveals = reveals
	s.ev = append(s.ev, e)
}

// kinded marks the last event with a Kind.
func (s *state) kinded(kind string) {
	if s.quiet {
		return
	}
	s.ev[len(s.ev)-1].Kind = kind
}

func (s *state) names(insts []int) string {
	if len(insts) == 1 { // the usual case: one card bought, played or revealed
		return s.card(insts[0]).Name
	}
	// Cards by name, in the order first met; copies of one card are counted: "Sellsword (×2)".
	var kinds, counts []int
	for _, x := range insts {
		k := s.kinds[x]
		if i := indexOf(kinds, k); i >= 0 {
			counts[i]++
			continue
		}
		kinds, counts = append(kinds, k), append(counts, 1)
	}
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = Cards[k].Name
		if counts[i] > 1 {
			parts[i] += " (×" + strconv.Itoa(counts[i]) + ")"
		}
	}
	return andList(parts)
}

// inOrder names cards where their order matters (a pile from the top): no counting.
func (s *state) inOrder(insts []int) string {
	parts := make([]string, len(insts))
	for i, x := range insts {
		parts[i] = s.card(x).Name
	}
	return andList(parts)
}

func indexOf(xs []int, x int) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

// startTurn opens seat p's Action Phase: sources count as gem cards in play from the start.
func (s *state) startTurn(p rules.Seat) {
	s.Turn = p
	s.T = turnState{}
	for _, src := range s.P[p].Sources {
		s.T.Gems = s.T.Gems.Add(s.card(src.Gem).Gives)
	}
}

// reshuffle turns seat p's discard pile into its draw pile when the draw pile is empty and needed.
// It reports whether there is now something to take.
func (s *state) reshuffle(p rules.Seat) bool {
	pl := s.P[p]
	if len(pl.Draw) > 0 {
		return true
	}
	if len(pl.Discard) == 0 {
		return false
	}
	pl.Draw, pl.Discard = pl.Discard, nil
	s.shuffle(pl.Draw)
	s.post(func() *msg.Message { return say("ev_shuffle", seatArg("Seat", p), msg.Count("N", len(pl.Draw))) }, true)
	return true
}

// takeTop removes up to k cards from the top of seat p's draw pile, reshuffling when it runs out.
func (s *state) takeTop(p rules.Seat, k int) []int {
	pl := s.P[p]
	var got []int
	for len(got) < k && s.reshuffle(p) {
		top := pl.Draw[len(pl.Draw)-1]
		pl.Draw = pl.Draw[:len(pl.Draw)-1]
		got = append(got, top)
	}
	return got
}

// draw moves up to k cards into seat p's hand; only p learns which.
func (s *state) draw(p rules.Seat, k int) {
	got := s.takeTop(p, k)
	if len(got) == 0 {
		return
	}
	s.P[p].Hand = append(s.P[p].Hand, got...)
	s.post(func() *msg.Message { return say("ev_draws", seatArg("Seat", p), msg.Count("N", len(got))) }, false)
	s.tell(p, func() *msg.Message { return say("ev_you_drew", msg.Nested("Cards", s.namesMsg(got))) })
}

// refillOffer keeps 4 cards in the Offer Row, new cards entering on the right. Alone, an empty
// Favour deck is rebuilt from the Aspirant's discard pile.
func (s *state) refillOffer() {
	for len(s.Offer) < offerSize {
		if len(s.FavourDeck) == 0 && s.Solo != nil && len(s.Solo.Discard) > 0 {
			s.FavourDeck, s.Solo.Discard = s.Solo.Discard, nil
			s.shuffle(s.FavourDeck)
			s.say(func() *msg.Message { return say("ev_favour_empty") })
		}
		if len(s.FavourDeck) == 0 {
			return
		}
		top := s.FavourDeck[len(s.FavourDeck)-1]
		s.FavourDeck = s.FavourDeck[:len(s.FavourDeck)-1]
		s.Offer = append(s.Offer, top)
		s.post(func() *msg.Message { return say("ev_offer", msg.Nested("Card", s.namesMsg([]int{top}))) }, true)
		s.kinded("offer-row")
	}
}

// gain adds influence to seat p; reaching 60 makes this round the last.
func (s *state) gain(p rules.Seat, x int) {
	pl := s.P[p]
	pl.Influence += x
	if p == s.Turn {
		s.T.Gain += x
	}
	s.post(func() *msg.Message {
		return say("ev_gain", seatArg("Seat", p), msg.Number("X", x), msg.Number("Now", pl.Influence))
	}, false)
	s.kinded("gain")
	if !s.quiet {
		s.ev[len(s.ev)-1].Detail = true // the turn's summary tells the gain and the total
	}
	if s.checkEnd(pl.Influence, seatArg("Who", p)) && p == s.Turn {
		// The mover's reply says it now; the thread, after the turn's line that tells the gain
		// ("has reached 60" came before "plays … (now 60)" in one post).
		s.T.Reached = true
		if !s.quiet {
			s.ev[len(s.ev)-1].Detail = true
		}
	}
}

// checkEnd starts the end when infl reaches the mark, saying so, and reports whether it did.
func (s *state) checkEnd(infl int, who msg.Arg) bool {
	if infl >= endInfluence && !s.Ending {
		s.Ending = true
		s.say(func() *msg.Message { return say("ev_reached", who, msg.Number("X", endInfluence)) })
		return true
	}
	return false
}

// lose takes influence from seat p, never below 0.
func (s *state) lose(p rules.Seat, x int) {
	pl := s.P[p]
	x = s.loss(p, x)
	s.say(func() *msg.Message {
		return say("ev_lose", seatArg("Seat", p), msg.Number("X", x), msg.Number("Now", pl.Influence))
	})
}

// loss takes influence from seat p, never below 0, without telling it, and returns what was lost.
func (s *state) loss(p rules.Seat, x int) int {
	pl := s.P[p]
	x = min(x, pl.Influence)
	pl.Influence -= x
	s.note(step{K: stDeal, A: int(p), X: x, Now: pl.Influence})
	return x
}

// endTurn is the End Turn Phase: the play area to the discard pile, the chosen hand cards too, then
// draw up to 6; then the next player, or the Aspirant, or the end of the game.
func (s *state) endTurn(discards []int) {
	p := s.Turn
	pl := s.P[p]
	at := len(s.ev)
	pl.Discard = append(pl.Discard, pl.Play...)
	pl.Discard = append(pl.Discard, pl.Bought...)
	pl.Play, pl.Bought = nil, nil
	if len(discards) > 0 {
		for _, x := range discards {
			pl.Hand = remove(pl.Hand, x)
		}
		pl.Discard = append(pl.Discard, discards...)
		s.post(func() *msg.Message {
			return say("ev_discard_hand", seatArg("Seat", p), msg.Nested("Cards", s.namesMsg(discards)))
		}, false)
		s.note(step{K: stDiscard, C: discards})
		s.shown(p)
	}
	s.detail(at)
	s.summarize(p)
	if s.T.Reached {
		// The posts tell it here, after the turn's line; the history told it where it happened
		// (gain), so here it is a Summary line history leaves out.
		s.say(func() *msg.Message { return say("ev_reached", seatArg("Who", p), msg.Number("X", endInfluence)) })
		if !s.quiet {
			s.ev[len(s.ev)-1].Summary = true
		}
	}
	routine := len(s.ev) // drawing back up, the reshuffle it needs, the end: the rules' own doing
	if need := handSize - len(pl.Hand); need > 0 {
		s.draw(p, need)
	}
	s.post(func() *msg.Message { return say("ev_end_turn", seatArg("Seat", p)) }, false)
	for i := routine; i < len(s.ev); i++ {
		s.ev[i].Routine = true
	}
	next := rules.Seat((int(p) + 1) % s.N)
	if s.Solo != nil {
		s.aspirantTurn()
	}
	if next == s.First {
		if s.Ending {
			s.finish()
			return
		}
		s.Round++
	}
	s.startTurn(next)
}

// remove deletes one occurrence of x from xs, keeping order.
func remove(xs []int, x int) []int {
	for i, y := range xs {
		if y == x {
			return append(xs[:i:i], xs[i+1:]...)
		}
	}
	return xs
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// order is seat p's place in turn order for the round (0 first).
func (s *state) order(p rules.Seat) int { return s.house(p) }

// finish ranks the players: most influence first, ties to the earlier in turn order.
func (s *state) finish() {
	res := &rules.Result{Ranks: make([]int, s.N), Scores: make([]int, s.N)}
	for i, pl := range s.P {
		res.Scores[i] = pl.Influence
	}
	if s.Solo != nil {
		if s.P[0].Influence >= s.Solo.Influence {
			res.Ranks[0] = 1
		} else {
			res.Ranks[0] = 2
		}
	} else {
		for i := range s.P {
			p := rules.Seat(i)
			r := 1
			for j := range s.P {
				q := rules.Seat(j)
				if q != p && s.beats(q, p) {
					r++
				}
			}
			res.Ranks[i] = r
		}
	}
	s.Res = res
	res.ReasonMsg = s.resultMsg()
	s.say(func() *msg.Message { return res.ReasonMsg }) // the bot's result line says "Game over"
}

// resultMsg is the reason of the finished game s.Res: who won, by how much.
func (s *state) resultMsg() *msg.Message {
	if s.Solo != nil {
		if s.Res.Ranks[0] == 1 {
			return say("res_solo_win", seatArg("Seat", 0), s.aspArg("Asp"), msg.Number("X", s.P[0].Influence), msg.Number("Y", s.Solo.Influence))
		}
		return say("res_solo_lose", s.aspArg("Asp"), msg.Number("X", s.Solo.Influence), seatArg("Seat", 0), msg.Number("Y", s.P[0].Influence))
	}
	best := 0
	for i, r := range s.Res.Ranks {
		if r == 1 {
			best = i
		}
	}
	return say("res_win", seatArg("Seat", rules.Seat(best)), msg.Number("X", s.P[best].Influence), msg.Count("N", s.Round))
}

// beats reports whether seat q finishes ahead of seat p.
func (s *state) beats(q, p rules.Seat) bool {
	a, b := s.P[q].Influence, s.P[p].Influence
	if a != b {
		return a > b
	}
	return s.order(q) < s.order(p)
}

// TurnOrder is every seat in the order they move: the first player drawn at setup, then
// clockwise (rulebook: "The round continues clockwise to the next player."), so a start post
// lists the players as they will play.
func (s *state) TurnOrder() []rules.Seat {
	out := make([]rules.Seat, s.N)
	for i := range out {
		out[i] = rules.Seat((int(s.First) + i) % s.N)
	}
	return out
}
