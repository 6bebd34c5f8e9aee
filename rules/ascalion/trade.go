package ascalion

import (
	"fmt"
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
	s.Offers = nil
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
	s.Offers, s.Done, s.Receipts, s.Permits, s.Asks = nil, nil, nil, nil, nil
	s.emit("The trade phase closes.")
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
		if q != p && s.alive(q) && s.resourceCount(q) > 0 && s.eligibleNext(p, q, border) {
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

func (s *state) tradePrompt(p int) string {
	if s.Receipts[p].total() > 0 {
		return fmt.Sprintf("Place what you received (%s) in your areas.", goodsText(s.Receipts[p]))
	}
	var in []string
	for _, o := range s.Offers {
		if o.To == p {
			in = append(in, s.offerFor(o))
		}
	}
	if len(in) > 0 {
		return "Trade offers for you: " + strings.Join(in, "; ") + ". Accept, reject, make your own, or done."
	}
	return "Trade window: offer resources to a neighbour, answer offers, or say done."
}

func (o offer) given() Goods {
	var give Goods
	for i := 0; i+1 < len(o.Give); i += 2 {
		give[o.Give[i+1]]++
	}
	return give
}

// offerText is an offer as everyone reads it: "#3: {seat:0} gives 1 wood to {seat:1} for 1 gold".
func (s *state) offerText(o offer) string {
	return fmt.Sprintf("#%d: %s gives %s to %s for %s", o.ID, s.seatName(o.From), goodsText(o.given()), s.seatName(o.To), goodsText(o.Get))
}

// offerFor is an offer as the seat it is made to reads it.
func (s *state) offerFor(o offer) string {
	return fmt.Sprintf("#%d from %s: %s for your %s", o.ID, s.seatName(o.From), goodsText(o.given()), goodsText(o.Get))
}

// offerBy is an offer as its maker reads it.
func (s *state) offerBy(o offer) string {
	return fmt.Sprintf("#%d to %s: your %s for %s", o.ID, s.seatName(o.To), goodsText(o.given()), goodsText(o.Get))
}

// offerRef names an offer for the platform's digests: a withdrawal (or lapse) takes back an offer
// made since the last post. Offer numbers never repeat within a game.
func offerRef(id int) string { return "offer-" + strconv.Itoa(id) }

// emitKind records a public event of a Kind that may repeat within one turn.
func (s *state) emitKind(kind, ref, many, format string, a ...any) {
	s.events = append(s.events, rules.Event{Text: fmt.Sprintf(format, a...), Kind: kind, Ref: ref, Many: many})
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
		add("offer", "Offer a trade")
	}
	if len(in) > 0 {
		add("accept", "Accept an offer made to you")
		add("reject", "Reject an offer made to you")
	}
	if len(out) > 0 {
		add("withdraw", "Take back one of your offers")
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
			add("ask", "Ask a player for river passage during this trade phase")
		}
		if len(pending) > 0 {
			add("grant", "Grant river passage for this trade phase")
			add("deny", "Deny river passage")
		}
	}
	if !s.Done[p] {
		add("done", "Stop trading this phase (rejects offers made to you)")
	}
	m.what = "a trade action"
	m.label = func(i int) string { return lab[i] }
	k, err := r.need(m)
	if err != nil {
		return err
	}
	switch m.toks[k] {
	case "done":
		s.Done[p] = true
		kept := s.Offers[:0]
		for _, o := range s.Offers {
			if o.To != p {
				kept = append(kept, o)
			}
		}
		s.Offers = kept
		s.emit("%s is done trading.", s.seatName(p))
	case "offer":
		if err := s.playOffer(p, r, partners); err != nil {
			return err
		}
	case "accept", "reject", "withdraw":
		list := in
		if m.toks[k] == "withdraw" {
			list = out
		}
		om := menu{what: "an offer number"}
		for _, o := range list {
			om.add(strconv.Itoa(o.ID))
		}
		om.label = func(i int) string {
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
				s.emitKind("withdraw", offerRef(o.ID), "%d trade offers of "+s.seatName(p)+" were withdrawn or lapsed", "%s withdraws offer #%d.", s.seatName(p), o.ID)
			} else {
				s.emitKind("reject", offerRef(o.ID), s.seatName(p)+" rejected %d trade offers", "%s rejects offer #%d.", s.seatName(p), o.ID)
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
			s.emit("%s asks %s for river passage during this trade phase.", s.seatName(p), s.seatName(q))
		case "grant":
			s.Asks[p][q] = false
			s.Permits[p][q] = true
			s.emit("%s grants %s river passage for this trade phase.", s.seatName(p), s.seatName(q))
		default:
			s.Asks[p][q] = false
			s.emit("%s denies %s river passage.", s.seatName(p), s.seatName(q))
		}
	}
	s.checkTradeEnd()
	return nil
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
	m := menu{what: "a player's colour"}
	m.label = func(i int) string { return seatName(seats[i]) }
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
	q, err := s.readSeat(r, partners)
	if err != nil {
		return err
	}
	// Work on a scratch count so a unit is not offered twice.
	avail := map[int]Goods{}
	for a := range s.areas(p) {
		g := *s.goods(a)
		g[Weapon] = 0
		avail[a] = g
	}
	var give []int
	lowest := 0
	for {
		var tot Goods
		for _, g := range avail {
			for k := lowest; k < Weapon; k++ {
				tot[k] += g[k]
			}
		}
		m := menu{what: "a resource to give, or for", explain: s.offerSlip(lowest, tot, true)}
		var ks []int
		for k := lowest; k < Weapon && !(r.late() && len(give) > 0); k++ {
			if tot[k] > 0 {
				m.add(goodTok[k])
				ks = append(ks, k)
			}
		}
		if len(give) > 0 {
			m.add("for")
		}
		m.label = func(i int) string {
			if i == len(ks) {
				return "Now say what you want in return"
			}
			return fmt.Sprintf("Give %s (%d)", goodName[ks[i]], tot[ks[i]])
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
		for a := range s.areas(p) {
			if avail[a][k] > 0 {
				src = append(src, a)
			}
		}
		a := src[0]
		if len(src) > 1 {
			if a, err = s.readArea(r, src, "the area to give it from"); err != nil {
				return err
			}
		}
		g := avail[a]
		g[k]--
		avail[a] = g
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
	var get Goods
	lowest = 0
	for {
		avail := Goods{}
		for k := lowest; k < Weapon && !(r.late() && get.total() > 0); k++ {
			avail[k] = theirs[k] - get[k]
		}
		k, ok, err := r.kindExplained(avail, resOnly, "a resource you want", get.total() > 0, s.offerSlip(lowest, avail, false))
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		get[k]++
		lowest = k
	}
	s.NextOffer++
	o := offer{ID: s.NextOffer, From: p, To: q, Give: give, Get: get}
	s.Offers = append(s.Offers, o)
	s.Done[q] = false
	s.emitKind("offer", offerRef(o.ID), s.seatName(p)+" made %d trade offers",
		"%s offers %s %s for %s (offer #%d).", s.seatName(p), s.seatName(q), goodsText(o.given()), goodsText(get), o.ID)
	return nil
}

// offerOrder is how an offer is written, for refusals.
const offerOrder = "an offer is written `offer <colour> <what you give> for <what you want>`, each list in the order wood, horse, gold, coal, iron, one word per unit: `offer blue wood wood iron for gold`"

// offerSlip explains a goods word that does not fit an offer: out of order, not there, or not
// tradable.
func (s *state) offerSlip(lowest int, have Goods, giving bool) func(string) string {
	return func(tok string) string {
		k := -1
		for i, g := range goodTok {
			if strings.EqualFold(g, tok) {
				k = i
			}
		}
		switch {
		case k == Weapon:
			return "Weapons cannot be traded (§10.0): " + offerOrder + "."
		case k >= 0 && k < lowest:
			return fmt.Sprintf("%s comes too late: %s.", goodName[k], offerOrder)
		case k >= 0 && giving && have[k] == 0:
			return fmt.Sprintf("You have no %s left to give.", goodName[k])
		case k >= 0 && have[k] == 0:
			return fmt.Sprintf("Your partner holds no more %s than you asked for.", goodName[k])
		case giving && strings.EqualFold(tok, "for"):
			return "Name what you give before `for`: " + offerOrder + "."
		case k < 0 && !strings.EqualFold(tok, "for"):
			return fmt.Sprintf("%q is not a resource: %s.", tok, offerOrder)
		}
		return ""
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
				if a, err = s.readArea(r, src, "the area to pay "+goodName[k]+" from"); err != nil {
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
	s.emitKind("trade", offerRef(o.ID), s.seatName(p)+" accepted %d trade offers",
		"%s accepts offer #%d: %s gives %s for %s.", s.seatName(p), o.ID, s.seatName(o.From), goodsText(given), goodsText(o.Get))
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
			s.emitKind("withdraw", offerRef(o.ID), "%d trade offers of "+s.seatName(o.From)+" were withdrawn or lapsed", "Offer #%d lapses: the goods it names are gone.", o.ID)
		}
	}
	s.Offers = kept
}

// playPut places received goods into one area: "put <area> <kind>...". Repeat until all are placed.
func (s *state) playPut(p int, r *rd) error {
	if _, err := r.word("the word put, then one of your areas and the goods to place there", "put", "Place the goods you received"); err != nil {
		return err
	}
	cur, err := s.readArea(r, s.areasOf(p), "one of your areas")
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
		k, ok, err := r.kindNoted(avail, resOnly, "a received resource to put here", put.total() > 0, nil,
			func(k int) string { return s.surplusNote(cur, k, 1, false) })
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
	s.emitKind("put", "", s.seatName(p)+" placed received goods in %d areas", "%s puts %s in %s.", s.seatName(p), goodsText(put), s.areaName(cur))
	s.capArea(cur)
	s.checkTradeEnd()
	return nil
}
