package ascalion

import (
	"strconv"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// Trade (§10): an open window (A18). Any player offers resources to an eligible partner, the
// partner accepts or rejects, an accepted trade executes at once and each side places what it
// received in its own areas. The phase ends when everyone has said done.

func (s *state) startTrade() {
	s.Phase = 4
	s.dieCheck(4)
}

func (s *state) runTrade() {
	s.Offers, s.Offered, s.Closed, s.ToldDone = nil, nil, 0, 0
	s.Done = make([]bool, s.N)
	s.Receipts = make([]Goods, s.N)
	s.Permits = make([][]bool, s.N)
	s.Asks = make([][]bool, s.N)
	for i := range s.Permits {
		s.Permits[i] = make([]bool, s.N)
		s.Asks[i] = make([]bool, s.N)
	}
	for p := 0; p < s.N; p++ {
		s.Done[p] = !s.alive(p) || !s.mayEverTrade(p)
	}
	s.Stage = stTrade
	s.checkTradeEnd()
}

// mayEverTrade: a player without resources, or (by border) without a partner holding any, has
// nothing to do in this window.
func (s *state) mayEverTrade(p int) bool {
	if s.resourceCount(p) == 0 {
		return false
	}
	if s.Opt.Reach && s.hasVessel(p) {
		return true
	}
	return len(s.partners(p)) > 0
}

func (s *state) hasVessel(p int) bool {
	for _, v := range s.Ships {
		if v.Owner == p {
			return true
		}
	}
	return false
}

func (s *state) checkTradeEnd() {
	for p := 0; p < s.N; p++ {
		if s.alive(p) && (!s.Done[p] || s.Receipts[p].total() > 0) {
			return
		}
	}
	s.Offers, s.Offered, s.Done, s.Receipts, s.Permits, s.Asks = nil, nil, nil, nil, nil, nil
	s.Closed = 0
	s.emit("ev_trade_closes")
	s.startTransport()
}

func (s *state) tradeAwaits(p int) bool {
	return s.alive(p) && (!s.Done[p] || s.Receipts[p].total() > 0)
}

// partners: players p may trade with now (§10.1; §10.3 with the reach option), holding resources.
func (s *state) partners(p int) []int {
	var out []int
	border := s.borderSeats(p)
	for q := 0; q < s.N; q++ {
		if q != p && s.alive(q) && s.Closed&(1<<q) == 0 && s.resourceCount(q) > 0 && s.eligibleNext(p, q, border) {
			out = append(out, q)
		}
	}
	return out
}

// eligible: p and q may trade: they share a border or, with reach, one of them reaches the other.
func (s *state) eligible(p, q int) bool { return s.eligibleNext(p, q, s.borderSeats(p)) }

// eligibleNext is eligible with border = borderSeats(p) worked out once for all q.
func (s *state) eligibleNext(p, q int, border uint64) bool {
	if border&(1<<q) != 0 {
		return true
	}
	return s.Opt.Reach && (s.reaches(p, q) || s.reaches(q, p))
}

// borderSeats is the set (bit q) of the seats owning an area next to one of p's: those p
// shares a border with.
func (s *state) borderSeats(p int) uint64 {
	var set uint64
	for a := range s.areas(p) {
		for b := range s.adjs(a) {
			if q := s.owner(b); q >= 0 {
				set |= 1 << q
			}
		}
	}
	return set
}

// reaches: one transport of p could end next to an area of q (A19). Land transports end in p's
// own lands, whose borders shareBorder already covers, so only boats and ships add reach; river
// passage counts the permissions given in this trade phase.
func (s *state) reaches(p, q int) bool {
	for i := range s.Ships {
		v := &s.Ships[i]
		if v.Owner != p {
			continue
		}
		goal := func(pos int) bool {
			for _, l := range s.posLands(pos) {
				if s.Lands[l].Owner == q {
					return true
				}
			}
			for _, w := range s.Ships {
				if w.Owner == q && w.Pos == pos {
					return true
				}
			}
			return false
		}
		if s.reachWithPermits(p, v, goal) {
			return true
		}
	}
	return false
}

func (s *state) reachWithPermits(p int, v *Vessel, goal func(int) bool) bool {
	best := map[int]int{v.Pos: vesselMP}
	queue := []int{v.Pos}
	str := s.value(vesselArea + v.ID)
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if goal(x) {
			return true
		}
		if x >= riverBase && !v.Ship {
			sec := board.Sections[x-riverBase]
			refusing := 0
			for _, l := range []int{sec.Left, sec.Right} {
				o := s.Lands[l].Owner
				if o >= 0 && o != p && !s.Permits[o][p] {
					refusing += s.value(l)
				}
			}
			if refusing >= str {
				continue
			}
		}
		for _, st := range s.vesselSteps(v, x) {
			left := best[x] - st.cost
			if left < 0 {
				continue
			}
			if b, ok := best[st.to]; ok && b >= left {
				continue
			}
			best[st.to] = left
			queue = append(queue, st.to)
		}
	}
	return false
}

func (s *state) tradePrompt(p int) M {
	if s.Receipts[p].total() > 0 {
		return say("pr_put", nested("Goods", goodsText(s.Receipts[p])))
	}
	var in M
	for _, o := range s.Offers {
		if o.To == p {
			if in == nil {
				in = s.offerFor(o)
			} else {
				in = say("list_semicolon", nested("A", in), nested("B", s.offerFor(o)))
			}
		}
	}
	if in != nil {
		return say("pr_offers", nested("Offers", in))
	}
	return fixed("pr_trade")
}

func (o offer) given() Goods {
	var give Goods
	for i := 0; i+1 < len(o.Give); i += 2 {
		give[o.Give[i+1]]++
	}
	return give
}

// offerFor is an offer as the seat it is made to reads it.
func (s *state) offerFor(o offer) M {
	return say("offer_for", num("N", o.ID), seatArg("Seat", o.From), nested("Give", goodsText(o.given())), nested("Get", goodsText(o.Get)))
}

// offerBy is an offer as its maker reads it.
func (s *state) offerBy(o offer) M {
	return say("offer_by", num("N", o.ID), seatArg("Seat", o.To), nested("Give", goodsText(o.given())), nested("Get", goodsText(o.Get)))
}

// offerRef names an offer for the platform's digests: a withdrawal (or lapse) takes back an offer
// made since the last post. Offer numbers never repeat within a game.
func offerRef(id int) string { return "offer-" + strconv.Itoa(id) }

// emitKind records a public event of a Kind that may repeat within one turn (a withdrawal
// takes back the offer of the same ref from a digest not yet posted).
func (s *state) emitKind(kind, ref string, m M) {
	s.events = append(s.events, rules.Event{Msg: m, Kind: kind, Ref: ref})
}

func (s *state) offerByID(id int) int {
	for i, o := range s.Offers {
		if o.ID == id {
			return i
		}
	}
	return -1
}

func (s *state) playTrade(p int, r *rd) error {
	if s.Receipts[p].total() > 0 {
		return s.playPut(p, r)
	}
	var m menu
	var lab []string
	add := func(t, l string) { m.add(t); lab = append(lab, l) }
	partners := s.partners(p)
	var in, out []offer
	for _, o := range s.Offers {
		if o.To == p {
			in = append(in, o)
		}
		if o.From == p {
			out = append(out, o)
		}
	}
	if len(partners) > 0 && s.resourceCount(p) > 0 && len(out) < 3 {
		add("offer", "lb_trade_offer")
	}
	if len(in) > 0 {
		add("accept", "lb_trade_accept")
		add("reject", "lb_trade_reject")
	}
	if len(out) > 0 {
		add("withdraw", "lb_trade_withdraw")
	}
	var askable, pending []int
	if s.Opt.Reach {
		for q := 0; q < s.N; q++ {
			if q != p && s.alive(q) && !s.Permits[q][p] && !s.Asks[q][p] && s.ownsBank(q) && s.hasVessel(p) {
				askable = append(askable, q)
			}
			if q != p && s.Asks[p][q] {
				pending = append(pending, q)
			}
		}
		if len(askable) > 0 {
			add("ask", "lb_trade_ask")
		}
		if len(pending) > 0 {
			add("grant", "lb_trade_grant")
			add("deny", "lb_trade_deny")
		}
	}
	if !s.Done[p] {
		add("done", "lb_trade_done")
	}
	add("close", "lb_trade_close")
	m.what = wTradeAction
	m.label = func(i int) M { return fixed(lab[i]) }
	// An action not offered says why: nothing to answer or withdraw, nobody or nothing to trade.
	m.explain = func(tok string) M {
		switch strings.ToLower(tok) {
		case "accept", "reject":
			return fixed("why_no_offer_in")
		case "withdraw":
			return fixed("why_no_offer_out")
		case "offer":
			switch {
			case s.resourceCount(p) == 0:
				return fixed("why_offer_nothing")
			case len(partners) == 0:
				return fixed("why_no_partner")
			case len(out) >= 3:
				return fixed("why_offer_three")
			}
		}
		return nil
	}
	k, err := r.need(m)
	if err != nil {
		return err
	}
	switch m.toks[k] {
	case "done", "close":
		s.Done[p] = true
		// The offers made to p are rejected, told in one line naming their makers.
		kept := s.Offers[:0]
		var rejected []offer
		for _, o := range s.Offers {
			if o.To != p {
				kept = append(kept, o)
				continue
			}
			rejected = append(rejected, o)
		}
		s.Offers = kept
		if len(rejected) > 0 {
			s.emitKind("reject", "", s.rejectsOf(p, rejected))
		}
		told := s.ToldDone&(1<<p) != 0
		s.ToldDone |= 1 << p
		if m.toks[k] == "close" {
			s.Closed |= 1 << p
			s.emit("ev_trade_closed", seatArg("Seat", p))
		} else {
			s.emit("ev_trade_done", seatArg("Seat", p))
			// Done again after an offer reopened the trade: told already this window, so it
			// restates it (the mover's reply still says it).
			s.events[len(s.events)-1].Detail = told
		}
	case "offer":
		if err := s.playOffer(p, r, partners); err != nil {
			return err
		}
	case "accept", "reject", "withdraw":
		list := in
		if m.toks[k] == "withdraw" {
			list = out
		}
		om := menu{what: wOfferNumber}
		for _, o := range list {
			om.add(strconv.Itoa(o.ID))
		}
		om.label = func(i int) M {
			if m.toks[k] == "withdraw" {
				return s.offerBy(list[i])
			}
			return s.offerFor(list[i])
		}
		j, err := r.need(om)
		if err != nil {
			return err
		}
		o := list[j]
		if m.toks[k] == "accept" {
			if err := s.acceptOffer(p, r, o); err != nil {
				return err
			}
		} else {
			s.Offers = append(s.Offers[:s.offerByID(o.ID)], s.Offers[s.offerByID(o.ID)+1:]...)
			if m.toks[k] == "withdraw" {
				s.emitKind("withdraw", offerRef(o.ID), say("ev_withdraw", seatArg("Seat", p), num("N", o.ID)))
			} else {
				s.emitKind("reject", offerRef(o.ID), s.rejectsOf(p, []offer{o}))
			}
		}
	case "ask", "grant", "deny":
		list := askable
		if m.toks[k] != "ask" {
			list = pending
		}
		q, err := s.readSeat(r, list)
		if err != nil {
			return err
		}
		switch m.toks[k] {
		case "ask":
			s.Asks[q][p] = true
			s.Done[q] = false
			s.emit("ev_ask_passage", seatArg("Seat", p), seatArg("Other", q))
		case "grant":
			s.Asks[p][q] = false
			s.Permits[p][q] = true
			s.emit("ev_grant_passage", seatArg("Seat", p), seatArg("Other", q))
		default:
			s.Asks[p][q] = false
			s.emit("ev_deny_passage", seatArg("Seat", p), seatArg("Other", q))
		}
	}
	s.checkTradeEnd()
	return nil
}

// rejectsOf says that p rejects the offers os, naming their makers, never counting them: "bob
// rejects the offers of Tess and Ivo".
func (s *state) rejectsOf(p int, os []offer) M {
	var makers []M
	var seen uint64
	for _, o := range os {
		if seen&(1<<o.From) == 0 {
			seen |= 1 << o.From
			makers = append(makers, say("seat", seatArg("Seat", o.From)))
		}
	}
	id := "ev_reject_offers"
	if len(os) == 1 {
		id = "ev_reject_offer"
	}
	return say(id, seatArg("Seat", p), nested("Makers", msgList(makers)))
}

func (s *state) ownsBank(q int) bool {
	for _, sec := range board.Sections {
		if s.Lands[sec.Left].Owner == q || s.Lands[sec.Right].Owner == q {
			return true
		}
	}
	return false
}

func (s *state) readSeat(r *rd, seats []int) (int, error) {
	return s.readSeatWhy(r, seats, nil)
}

// readSeatWhy is readSeat with a specific reason for a colour that does not fit (nil: none).
func (s *state) readSeatWhy(r *rd, seats []int, why func(q int) M) (int, error) {
	m := menu{what: wColour}
	if why != nil {
		m.explain = func(tok string) M {
			for q := 0; q < s.N; q++ {
				if strings.EqualFold(tok, colourNames[q]) {
					return why(q)
				}
			}
			return nil
		}
	}
	m.label = func(i int) M { return say("seat", seatArg("Seat", seats[i])) }
	for _, q := range seats {
		m.add(colourNames[q])
	}
	k, err := r.need(m)
	if err != nil {
		return -1, err
	}
	return seats[k], nil
}

// playOffer reads: partner, the goods given (kind, then area when it lies in several), "for",
// the goods wanted.
func (s *state) playOffer(p int, r *rd, partners []int) error {
	q, err := s.readSeatWhy(r, partners, func(q int) M { return s.whyNotPartner(p, q) })
	if err != nil {
		return err
	}
	// Work on a scratch count so a unit is not offered twice: per area, in areas' order (a slice,
	// not a map: this runs on every walk of the choice tree, the AI's playouts included).
	type areaGoods struct {
		a int
		g Goods
	}
	var buf [16]areaGoods
	avail := buf[:0]
	for a := range s.areas(p) {
		g := *s.goods(a)
		g[Weapon] = 0
		avail = append(avail, areaGoods{a, g})
	}
	var give []int
	lowest := 0
	for {
		var tot Goods
		for _, ag := range avail {
			for k := lowest; k < Weapon; k++ {
				tot[k] += ag.g[k]
			}
		}
		// Sized at once: a kind of goods each, and "for".
		m := menu{what: wGiveOrFor, explain: s.offerSlip(lowest, tot, true), toks: make([]string, 0, Weapon+1)}
		ks := make([]int, 0, Weapon)
		for k := lowest; k < Weapon && !(r.late() && len(give) > 0); k++ {
			if tot[k] > 0 {
				m.add(goodTok[k])
				ks = append(ks, k)
			}
		}
		if len(give) > 0 {
			m.add("for")
		}
		m.label = func(i int) M {
			if i == len(ks) {
				return fixed("lb_offer_for")
			}
			return say("lb_offer_give", goodArg("Good", ks[i]), num("N", tot[ks[i]]))
		}
		i, err := r.need(m)
		if err != nil {
			return err
		}
		if i == len(ks) {
			break
		}
		k := ks[i]
		var src []int
		for _, ag := range avail {
			if ag.g[k] > 0 {
				src = append(src, ag.a)
			}
		}
		a := src[0]
		if len(src) > 1 {
			if a, err = s.readArea(r, src, wGiveFrom); err != nil {
				return err
			}
		}
		for j := range avail {
			if avail[j].a == a {
				avail[j].g[k]--
			}
		}
		give = append(give, a, k)
		lowest = k
	}
	var theirs Goods
	for a := range s.areas(q) {
		g := s.goods(a)
		for k := 0; k < Weapon; k++ {
			theirs[k] += g[k]
		}
	}
	var gave Goods
	for i := 1; i < len(give); i += 2 {
		gave[give[i]]++
	}
	var get Goods
	lowest = 0
	for {
		avail := Goods{}
		for k := lowest; k < Weapon && !(r.late() && get.total() > 0); k++ {
			avail[k] = theirs[k] - get[k]
		}
		m := menu{what: wWant, explain: s.partnerSlip(q, s.offerSlip(lowest, avail, false)), toks: make([]string, 0, Weapon)}
		ks := make([]int, 0, Weapon)
		for k := 0; k < Weapon; k++ {
			if avail[k] > 0 {
				ks = append(ks, k)
				m.add(goodTok[k])
			}
		}
		// The number is the partner's stock; a kind also given is a like-for-like trade, which
		// only moves goods (§10.2), and says so.
		m.label = func(i int) M {
			k := ks[i]
			if gave[k] > 0 {
				return say("lb_offer_want_same", goodArg("Good", k))
			}
			return say("lb_offer_want", goodArg("Good", k), seatArg("Seat", q), num("N", avail[k]))
		}
		var i int
		if get.total() > 0 {
			var ok bool
			if i, ok, err = r.opt(m); err != nil {
				return err
			} else if !ok {
				break
			}
		} else if i, err = r.need(m); err != nil {
			return err
		}
		k := ks[i]
		get[k]++
		lowest = k
	}
	s.NextOffer++
	o := offer{ID: s.NextOffer, From: p, To: q, Give: give, Get: get}
	s.Offers = append(s.Offers, o)
	if s.Offered == nil {
		s.Offered = make([]uint64, s.N)
	}
	s.Offered[p] |= 1 << q
	s.Done[q] = false
	s.emitKind("offer", offerRef(o.ID),
		say("ev_offer", seatArg("Seat", p), seatArg("Other", q), nested("Give", goodsText(o.given())), nested("Get", goodsText(get)), num("N", o.ID)))
	return nil
}

// partnerSlip names, before slip's reasons, a resource the partner q holds none of at all.
func (s *state) partnerSlip(q int, slip func(string) M) func(string) M {
	return func(tok string) M {
		if k := goodIndex(tok); k >= 0 && k < Weapon && s.holdings(q)[k] == 0 {
			return say("bad_offer_partner_none", seatArg("Seat", q), goodArg("Good", k))
		}
		return slip(tok)
	}
}

// offerSlip explains a goods word that does not fit an offer: out of order, not there, or not
// tradable.
func (s *state) offerSlip(lowest int, have Goods, giving bool) func(string) M {
	return func(tok string) M {
		k := -1
		for i, g := range goodTok {
			if strings.EqualFold(g, tok) {
				k = i
			}
		}
		switch {
		case k == Weapon:
			return say("bad_offer_weapon", nested("Order", fixed("offer_order")))
		case k >= 0 && k < lowest:
			return say("bad_offer_late", goodArg("Good", k), nested("Order", fixed("offer_order")))
		case k >= 0 && giving && have[k] == 0:
			return say("bad_offer_none_left", goodArg("Good", k))
		case k >= 0 && have[k] == 0:
			return say("bad_offer_partner", goodArg("Good", k))
		case giving && strings.EqualFold(tok, "for"):
			return say("bad_offer_for_first", nested("Order", fixed("offer_order")))
		case k < 0 && !strings.EqualFold(tok, "for"):
			return say("bad_offer_not_resource", quoted("Token", tok), nested("Order", fixed("offer_order")))
		}
		return nil
	}
}

// acceptOffer reads where the accepting player pays from, then executes the trade.
func (s *state) acceptOffer(p int, r *rd, o offer) error {
	var pay []int
	used := map[int]Goods{}
	for k := 0; k < Weapon; k++ {
		for n := 0; n < o.Get[k]; n++ {
			var src []int
			for a := range s.areas(p) {
				if s.goods(a)[k]-used[a][k] > 0 {
					src = append(src, a)
				}
			}
			a := src[0]
			if len(src) > 1 {
				var err error
				if a, err = s.readArea(r, src, say("w_pay_from", goodArg("Good", k))); err != nil {
					return err
				}
			}
			g := used[a]
			g[k]++
			used[a] = g
			pay = append(pay, a, k)
		}
	}
	var given Goods
	for i := 0; i < len(o.Give); i += 2 {
		s.goods(o.Give[i])[o.Give[i+1]]--
		given[o.Give[i+1]]++
	}
	for i := 0; i < len(pay); i += 2 {
		s.goods(pay[i])[pay[i+1]]--
	}
	for k := range given {
		s.Receipts[p][k] += given[k]
		s.Receipts[o.From][k] += o.Get[k]
	}
	s.Offers = append(s.Offers[:s.offerByID(o.ID)], s.Offers[s.offerByID(o.ID)+1:]...)
	s.emitKind("trade", offerRef(o.ID),
		say("ev_accept", seatArg("Seat", p), num("N", o.ID), seatArg("Other", o.From), nested("Give", goodsText(given)), nested("Get", goodsText(o.Get))))
	s.pruneOffers()
	return nil
}

// pruneOffers drops offers that can no longer be paid.
func (s *state) pruneOffers() {
	kept := s.Offers[:0]
	for _, o := range s.Offers {
		ok := true
		need := map[[2]int]int{}
		for i := 0; i < len(o.Give); i += 2 {
			need[[2]int{o.Give[i], o.Give[i+1]}]++
		}
		for ak, n := range need {
			if s.owner(ak[0]) != o.From || s.goods(ak[0])[ak[1]] < n {
				ok = false
			}
		}
		var theirs Goods
		for a := range s.areas(o.To) {
			for k := 0; k < Weapon; k++ {
				theirs[k] += s.goods(a)[k]
			}
		}
		for k := 0; k < Weapon; k++ {
			if theirs[k] < o.Get[k] {
				ok = false
			}
		}
		if ok {
			kept = append(kept, o)
		} else {
			s.emitKind("withdraw", offerRef(o.ID), say("ev_lapse", num("N", o.ID)))
		}
	}
	s.Offers = kept
}

// playPut places received goods into one area: "put <area> <kind>...". Repeat until all are placed.
func (s *state) playPut(p int, r *rd) error {
	if _, err := r.word(wPut, "put", "lb_put"); err != nil {
		return err
	}
	cur, err := s.readArea(r, s.areasOf(p), wYourArea)
	if err != nil {
		return err
	}
	var put Goods
	lowest := 0
	for s.Receipts[p].total() > 0 {
		avail := Goods{}
		for k := lowest; k < Weapon && !(r.late() && put.total() > 0); k++ {
			avail[k] = s.Receipts[p][k]
		}
		// A good not received (or all put already) is named as such, with what is left to put.
		explain := func(tok string) M {
			k := goodIndex(tok)
			if k < 0 || k >= Weapon || s.Receipts[p][k] > 0 {
				return nil
			}
			var left []string
			for j := lowest; j < Weapon; j++ {
				if avail[j] > 0 {
					left = append(left, goodTok[j])
				}
			}
			if len(left) == 0 {
				return nil
			}
			return say("why_put_unreceived", goodArg("Good", k), nested("Choices", short(left, 6)))
		}
		k, ok, err := r.kindNoted(avail, resOnly, wPutResource, put.total() > 0, explain,
			func(k int) M {
				var one Goods
				one[k] = 1
				return notesMsg(s.afterNotes(cur, one, -1, Goods{}, tripBonus)) // capped at once, as after a bonus transport
			})
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		s.Receipts[p][k]--
		s.goods(cur)[k]++
		put[k]++
		lowest = k
	}
	s.emitKind("put", "", say("ev_put", seatArg("Seat", p), nested("Goods", goodsText(put)), nested("Area", s.areaName(cur))))
	s.capArea(cur)
	s.checkTradeEnd()
	return nil
}

// whyNotPartner names why p may not make q an offer (§10.1: neighbours trade resources).
func (s *state) whyNotPartner(p, q int) M {
	switch {
	case q == p:
		return fixed("why_partner_self")
	case !s.alive(q):
		return say("why_partner_out", seatArg("Seat", q))
	case s.Closed&(1<<q) != 0:
		return say("why_partner_closed", seatArg("Seat", q))
	case s.resourceCount(q) == 0:
		return say("why_partner_empty", seatArg("Seat", q))
	case !s.eligible(p, q):
		return say("why_partner_far", seatArg("Seat", q))
	}
	return nil
}
