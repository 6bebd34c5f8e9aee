package ascalion

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// The habits a player would laugh at (issue 23), named by ai.HabitJudge for the arena's counts
// and ruled out token by token (ai.SensibleTokens) for the levels above easy: a transport or an
// offer is far too many moves to list, but each laughable one shows in one token.
const (
	// HabitOfferWithdrawn is an offer taken back: the trade window is one step, so every
	// withdrawal takes back an offer made in the same step.
	HabitOfferWithdrawn = "offer_withdrawn"
	// HabitOfferSameGood is an offer naming one kind of good on both sides (gold for gold).
	HabitOfferSameGood = "offer_same_good"
	// HabitOfferLosing is an offer that leaves its maker worse off (tradeWorth) if accepted.
	HabitOfferLosing = "offer_losing"
	// HabitAcceptLosing is accepting an offer that leaves the seat worse off (tradeWorth).
	HabitAcceptLosing = "accept_losing"
	// HabitAttackLosing is an attack that loses whatever the extra transport and the
	// neighbours do (hopeless).
	HabitAttackLosing = "attack_losing"
	// HabitSurplus is a move after which fewer of the seat's horses and weapons count (each area
	// counts one of each, §11.8: the rest returns to the supply), or a weapon forged where one
	// already lies.
	HabitSurplus = "surplus"
	// HabitEmptyTransport is a horse chain that carried nothing: a chain never moves its horses,
	// so it spent a transport on nothing.
	HabitEmptyTransport = "empty_transport"
	// HabitRepeatedOffer is an offer to a player the seat made an offer to already in this trade
	// window (one trade window a round): once refused, the same ask again is nagging, and a
	// second one beside an open first is a haggle with itself.
	HabitRepeatedOffer = "repeated_offer"
	// HabitRoundTrip is a transport after which every good and vessel is where it was (a horse
	// ridden there and back, a boat sailed out and back with its cargo).
	HabitRoundTrip = "round_trip"
)

// tradeWorth is what a seat's resources are worth to it, for judging a trade: every unit counts
// one, and every full city set (wood, gold, coal, iron) two more, every weapon pair (coal and
// iron) a half more, so a trade that completes a set gains and one that breaks a set loses.
func tradeWorth(t Goods) float64 {
	units := 0
	for k := 0; k < Weapon; k++ {
		units += t[k]
	}
	sets := min(t[Wood], t[Gold], t[Coal], t[Iron])
	return float64(units) + 2*float64(sets) + 0.5*float64(min(t[Coal], t[Iron]))
}

// holdings are a seat's resources over all its areas.
func (s *state) holdings(p int) Goods {
	var t Goods
	for a := range s.areas(p) {
		g := s.goods(a)
		for k := 0; k < Weapon; k++ {
			t[k] += g[k]
		}
	}
	return t
}

// tradeGain is how much seat p's tradeWorth changes by giving give and getting get.
func (s *state) tradeGain(p int, give, get Goods) float64 {
	before := s.holdings(p)
	after := before
	for k := 0; k < Weapon; k++ {
		after[k] += get[k] - give[k]
	}
	return tradeWorth(after) - tradeWorth(before)
}

// incoming is the open offer id made to p, or false.
func (s *state) incoming(p, id int) (offer, bool) {
	for _, o := range s.Offers {
		if o.ID == id && o.To == p {
			return o, true
		}
	}
	return offer{}, false
}

// counted is how many of seat p's horses and weapons count in the areas p held in before (one
// of each kind an area, §11.8), read in s.
func (s *state) counted(p int, before *state) int {
	n := 0
	for a := range before.areas(p) {
		if s.owner(a) != p {
			continue
		}
		g := s.goods(a)
		n += min(g[Horse], 1) + min(g[Weapon], 1)
	}
	return n
}

// hopeless says whether p's attack on t loses whatever happens: the attacker's total with the
// most the extra transport could add and every undeclared neighbour on its side is still no more
// than the defender's certain total (a tie loses, §12.7). It reads only public things.
func (s *state) hopeless(p, t int) bool {
	def := s.owner(t)
	att, dtot, others := 1, 0, 0
	if !s.convertedBy(t, p) {
		dtot += s.value(t)
	}
	adj := map[int]bool{}
	for b := range s.adjs(t) {
		switch o := s.owner(b); {
		case o == p && !s.convertedBy(b, def):
			att += s.value(b)
			adj[b] = true
		case o == def && !s.convertedBy(b, p):
			dtot += s.value(b)
		case o >= 0 && o != p && o != def:
			others += s.value(b)
		}
	}
	return att+s.extraBound(p, t, adj)+others <= dtot
}

// extraBound is at most what one extra transport against t adds to p's total: a weapon (3) and a
// horse (1) for each adjacent area of p lacking one, while p has spare ones elsewhere, and a boat
// or ship brought next to t (at most 4 and its warrior, and a slot for the spares).
func (s *state) extraBound(p, t int, adj map[int]bool) int {
	x := s.scratchCopy()
	defer x.done()
	c := &x.st
	c.Atk = &attack{Attacker: p, Target: t, Defender: s.owner(t), Sides: make([]int, s.N)}
	boats, ships := c.vesselOrigins(p, tripExtra)
	vessel := len(boats)+len(ships) > 0
	if !vessel && len(c.footOrigins(p, tripExtra, horseWeapon))+len(c.horseOrigins(p, tripExtra))+len(c.chainOrigins(p, tripExtra, horseWeapon)) == 0 {
		return 0
	}
	spareW, spareH, slotW, slotH := 0, 0, 0, 0
	for a := range s.areas(p) {
		g := s.goods(a)
		if adj[a] {
			spareW += max(0, g[Weapon]-1)
			spareH += max(0, g[Horse]-1)
			if g[Weapon] == 0 {
				slotW++
			}
			if g[Horse] == 0 {
				slotH++
			}
			continue
		}
		spareW += g[Weapon]
		spareH += g[Horse]
	}
	bound := 0
	if vessel {
		bound, slotW, slotH = 5, slotW+1, slotH+1
	}
	return bound + 3*min(spareW, slotW) + min(spareH, slotH)
}

// Habits names what seat showed by playing m (ai.HabitJudge); s is the state before the move.
func (s *state) Habits(seat rules.Seat, m rules.Move, _ []rules.Event, after rules.State) []string {
	a, ok := after.(*state)
	if !ok || len(m) == 0 {
		return nil
	}
	p := int(seat)
	var hs []string
	switch {
	case s.Stage == stTrade && s.Receipts[p].total() == 0:
		switch strings.ToLower(m[0]) {
		case "withdraw":
			hs = append(hs, HabitOfferWithdrawn)
		case "offer":
			for _, o := range a.Offers {
				if o.ID != a.NextOffer || o.From != p {
					continue
				}
				give := o.given()
				for k := range give {
					if give[k] > 0 && o.Get[k] > 0 {
						hs = append(hs, HabitOfferSameGood)
						break
					}
				}
				if s.tradeGain(p, give, o.Get) < 0 {
					hs = append(hs, HabitOfferLosing)
				}
				if s.offeredTo(p, o.To) {
					hs = append(hs, HabitRepeatedOffer)
				}
			}
		case "accept":
			if len(m) > 1 {
				if o, ok := s.incoming(p, atoi(m[1])); ok && s.tradeGain(p, o.Get, o.given()) < 0 {
					hs = append(hs, HabitAcceptLosing)
				}
			}
		}
	case s.Stage == stAttack && s.Trip == nil && strings.EqualFold(m[0], "attack"):
		// The target is the move's last token: with nobody else to ask, the attack is already
		// resolved in after (and its record gone when it failed).
		if t := s.areaByToken(m[len(m)-1]); t >= 0 && slices.Contains(s.targets(p), t) {
			if s.hopeless(p, t) {
				hs = append(hs, HabitAttackLosing)
			}
			if s.hopelessAttack(p, t) {
				hs = append(hs, HabitHopelessAttack)
			}
		}
	case s.Stage == stBuild && strings.EqualFold(m[0], "weapon"):
		for _, tok := range m[1:] {
			if ar := s.areaByToken(tok); ar >= 0 && s.goods(ar)[Weapon] > 0 {
				hs = append(hs, HabitSurplus)
				break
			}
		}
	}
	if s.carries(p, m[0]) && a.counted(p, s) < s.counted(p, s) {
		hs = append(hs, HabitSurplus)
	}
	if s.transports(m) {
		switch {
		case emptyChain(m):
			hs = append(hs, HabitEmptyTransport)
		case s.movesNothing(p, m):
			hs = append(hs, HabitRoundTrip)
		}
	}
	return hs
}

// transports says whether m is a horse, chain, boat or ship transport (in the transport phase,
// as an attack's extra transport or a city bonus), the moves the empty and round-trip habits judge.
func (s *state) transports(m rules.Move) bool {
	if s.Stage != stTransport && s.Stage != stExtra && s.Stage != stAttack {
		return false
	}
	for i := 0; i < len(m) && i < 2; i++ {
		switch strings.ToLower(m[i]) {
		case "horse", "chain", "boat", "ship":
			return true
		}
	}
	return false
}

// emptyChain says whether m is a horse chain that loads nothing (a chain's cargo comes only from
// its loads).
func emptyChain(m rules.Move) bool {
	chain := false
	for i, tok := range m {
		if i < 2 && strings.EqualFold(tok, "chain") {
			chain = true
		}
		if strings.HasPrefix(tok, "+") {
			return false
		}
	}
	return chain
}

// carries says whether a move of p starting with first moves or places goods: a transport
// (phase, extra or bonus) or putting received goods. An attack's declaration does not: a
// conquest changes areas.
func (s *state) carries(p int, first string) bool {
	switch s.Stage {
	case stTransport, stExtra:
		return true
	case stTrade:
		return s.Receipts[p].total() > 0
	case stAttack:
		return s.Trip != nil || strings.EqualFold(first, "bonus")
	}
	return false
}

// supplyWords is what an English label says of a horse or weapon that goes back to the supply
// ("1 horse lost": back_* and note_surplus_* in locales/en.toml): the habits read it there.
const supplyWords = " lost"

// SensibleTokens rules out, inside p's own move, the tokens of a habit (ai.SensibleTokens):
// taking back an offer; making one at all (the search cannot tell what an offer is worth, and
// nothing in the position says which offers were refused already, so it would offer again and
// again); accepting an offer that loses by tradeWorth; an attack that is hopeless; forging a
// weapon where one lies; and carrying or putting a horse or weapon where the rules' own label
// says it goes back to the supply.
func (s *state) SensibleTokens(seat rules.Seat, partial rules.Move, tokens []string) []string {
	p := int(seat)
	var keep func(tok string) bool
	switch {
	case s.Stage == stTrade && s.Receipts[p].total() == 0:
		switch {
		case len(partial) == 0:
			// One thing at a time, as a trader would: accept a fair offer, refuse the others
			// aloud, make the planned offer, and only then say done.
			fair, unfair := false, false
			for _, o := range s.Offers {
				if o.To == p {
					if s.fairOffer(p, o) {
						fair = true
					} else {
						unfair = true
					}
				}
			}
			fair = fair && slices.Contains(tokens, "accept")
			unfair = unfair && slices.Contains(tokens, "reject")
			plan := false
			if !fair && !unfair && slices.Contains(tokens, "offer") {
				_, _, _, plan = s.plannedOffer(p)
			}
			keep = func(tok string) bool {
				switch {
				case fair:
					return tok == "accept"
				case unfair:
					return tok == "reject"
				case plan:
					return tok == "offer"
				}
				// "close" is a person's standing answer; the AI stays open to offers.
				return tok != "offer" && tok != "withdraw" && tok != "accept" && tok != "close"
			}
		case len(partial) == 1 && strings.EqualFold(partial[0], "accept"):
			keep = func(tok string) bool {
				o, ok := s.incoming(p, atoi(tok))
				return !ok || s.fairOffer(p, o)
			}
		case len(partial) == 1 && strings.EqualFold(partial[0], "reject"):
			keep = func(tok string) bool {
				o, ok := s.incoming(p, atoi(tok))
				return !ok || !s.fairOffer(p, o)
			}
		case strings.EqualFold(partial[0], "offer"):
			keep = s.offerTokens(p, partial)
		}
	case s.Stage == stAlly && s.Turn == p && len(partial) == 0:
		keep = s.allySides(p)
	case s.Stage == stAttack && s.Trip == nil && (len(partial) == 0 || strings.EqualFold(partial[0], "attack")):
		targets := s.targets(p)
		// A player one city from victory is attacked wherever an attack on him may win.
		var urgent []int
		for _, t := range targets {
			if len(partial) == 0 && !slices.Contains(tokens, "attack") {
				break // no attack left to make: never forced into a bonus transport
			}
			if s.nearWin(s.owner(t)) && !s.hopeless(p, t) {
				urgent = append(urgent, t)
			}
		}
		// An attack is made on the odds (odds.go), never on a tie or on hoping every neighbour
		// joins; against a player one city from victory wherever it may win at all.
		fair := map[int]bool{}
		if len(partial) > 0 || slices.Contains(tokens, "attack") {
			for _, t := range targets {
				fair[t] = !s.hopelessAttack(p, t)
			}
		}
		if len(partial) == 0 {
			keep = func(tok string) bool {
				if tok != "attack" {
					return len(urgent) == 0 || tok != "pass" && tok != "done"
				}
				for _, t := range targets {
					if fair[t] {
						return true
					}
				}
				return false
			}
		} else {
			keep = func(tok string) bool {
				t := s.areaByToken(tok)
				return t < 0 || fair[t] && (len(urgent) == 0 || slices.Contains(urgent, t))
			}
		}
	case s.Stage == stBuild && len(partial) == 0:
		keep = func(tok string) bool {
			if tok != "weapon" {
				return true
			}
			for a := range s.areas(p) {
				if s.goods(a)[Weapon] == 0 && len(s.weaponRecipes(a)) > 0 {
					return true
				}
			}
			return false
		}
	case s.Stage == stBuild && len(partial) >= 1 && strings.EqualFold(partial[0], "weapon"):
		keep = func(tok string) bool {
			a := s.areaByToken(tok)
			return a < 0 || s.goods(a)[Weapon] == 0
		}
	case s.carries(p, firstTok(partial)):
		next, _, err := s.Choices(seat, partial)
		if err != nil {
			return tokens
		}
		bad := map[string]bool{}
		for _, c := range next {
			if strings.Contains(c.English(), supplyWords) {
				bad[c.Token] = true
			}
		}
		look := !byVessel(partial) && (s.Trip == nil || s.Trip.Kind != "boat" && s.Trip.Kind != "ship")
		// The transport in the middle of the move: s itself where the decision begins inside
		// one (begun in an earlier decision, before another seat refused passage).
		var mid *state
		if len(partial) == 0 && s.Trip != nil {
			mid = s
		} else if x := s.midMove(p, partial); x != nil {
			defer x.done()
			mid = &x.st
		}
		keep = func(tok string) bool {
			if bad[tok] || mid != nil && (mid.unloadsOnto(partial, tok) || mid.overloads(tok) || mid.unloadDead(seat, partial, tok)) {
				return false
			}
			if tok == "end" {
				// Ending at once a transport begun in an earlier decision is what is left of it
				// (its passage refused, the boat turned back), no transport spent for nothing.
				if len(partial) == 0 && s.Trip != nil {
					return true
				}
				return !s.movesNothing(p, append(slices.Clone(partial), tok))
			}
			if tok != "" && !strings.HasPrefix(tok, "+") && !strings.HasPrefix(tok, "-") && isChain(append(slices.Clone(partial), tok)) {
				// A chain that can never load anything ends empty: not worth starting or going on.
				budget := rideLook
				if !s.chainLoads(seat, append(slices.Clone(partial), tok), &budget) {
					return false
				}
			}
			if !look || tok == "" || tok == "done" || tok == "skip" || tok == "boat" || tok == "ship" {
				return true
			}
			budget := rideLook
			return s.cleanEnd(seat, append(slices.Clone(partial), tok), &budget)
		}
	}
	if keep == nil {
		return tokens
	}
	out := make([]string, 0, len(tokens))
	for _, t := range tokens {
		if keep(t) {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return tokens
	}
	return out
}

// byVessel says whether partial is a boat or ship transport, whose cargo stays aboard unless
// unloaded: the labels of its unloads suffice, and looking ahead along its many fields would cost
// too much.
func byVessel(partial rules.Move) bool {
	for i := 0; i < len(partial) && i < 2; i++ {
		if strings.EqualFold(partial[i], "boat") || strings.EqualFold(partial[i], "ship") {
			return true
		}
	}
	return false
}

// isRide says whether partial is inside a horse ride or chain, whose cargo and horse are all
// unloaded where it ends, so loading more never makes a clean end.
func isRide(partial rules.Move) bool {
	for i := 0; i < len(partial) && i < 2; i++ {
		if strings.EqualFold(partial[i], "horse") || strings.EqualFold(partial[i], "chain") {
			return true
		}
	}
	return false
}

// isChain says whether partial is a horse chain transport.
func isChain(partial rules.Move) bool {
	for i := 0; i < len(partial) && i < 2; i++ {
		if strings.EqualFold(partial[i], "chain") {
			return true
		}
	}
	return false
}

// chainLoads says whether the chain part carries something already or can still load a good and
// move on with it: a chain never moves its horses, so one that loads nothing moves nothing. It reads the
// menus along the chain's ways, at most budget of them (beyond, the benefit of the doubt).
func (s *state) chainLoads(seat rules.Seat, part rules.Move, budget *int) bool {
	if *budget <= 0 {
		return true
	}
	*budget--
	x := s.scratchCopy()
	defer x.done()
	r := &rd{toks: part, quiet: true}
	st, ok := x.st.play(int(seat), r).(*stop)
	if !ok || len(st.next) == 0 {
		return true
	}
	if t := x.st.Trip; t != nil && t.Cargo.total() > 0 {
		return true
	}
	// A load counts only where the chain can still move on: loaded in its last land, it is
	// unloaded there again.
	load, move := false, false
	for _, c := range st.next {
		switch {
		case strings.HasPrefix(c.Token, "+"):
			load = true
		case c.Token != "end" && !strings.HasPrefix(c.Token, "-"):
			move = true
		}
	}
	if load && move {
		return true
	}
	for _, c := range st.next {
		if c.Token == "end" || strings.HasPrefix(c.Token, "-") || strings.HasPrefix(c.Token, "+") {
			continue
		}
		if s.chainLoads(seat, append(slices.Clone(part), c.Token), budget) {
			return true
		}
	}
	return false
}

// rideLook is how many menus cleanEnd reads at most, enough for every horse ride of a seat from
// the choice of its kind (a ride crosses two borders, and only its steps and the unloads of
// horses and weapons are followed); beyond it a transport is given the benefit of the doubt.
const rideLook = 300

// cleanEnd says whether the transport part can still end without sending a horse or weapon back
// to the supply. A ride or chain is followed through its steps and its unloads of horses and
// weapons (never loading more: it unloads all where it ends), judged on a copy in the middle of
// the move, without labels; other transports by the notes of their labels.
func (s *state) cleanEnd(seat rules.Seat, part rules.Move, budget *int) bool {
	if *budget <= 0 {
		return true
	}
	*budget--
	if !isRide(part) {
		next, complete, err := s.Choices(seat, part)
		if err != nil || len(next) == 0 || complete {
			return true
		}
		for _, c := range next {
			if c.Token == "end" && !strings.Contains(c.English(), supplyWords) {
				return true
			}
		}
		for _, c := range next {
			if c.Token == "end" || strings.Contains(c.English(), supplyWords) || s.unloadsOnto(part, c.Token) {
				continue
			}
			if s.cleanEnd(seat, append(slices.Clone(part), c.Token), budget) {
				return true
			}
		}
		return false
	}
	x := s.scratchCopy()
	defer x.done()
	r := &rd{toks: part, quiet: true}
	st, ok := x.st.play(int(seat), r).(*stop)
	if !ok || len(st.next) == 0 || st.complete {
		return true
	}
	mid := &x.st
	for _, c := range st.next {
		if c.Token == "end" && mid.Trip != nil && mid.rideEndsClean(mid.Trip) {
			return true
		}
	}
	for _, c := range st.next {
		tok := c.Token
		if tok == "end" || strings.HasPrefix(tok, "+") || strings.HasPrefix(tok, "-") && tok != "-horse" && tok != "-weapon" || mid.unloadsOnto(part, tok) {
			continue
		}
		if s.cleanEnd(seat, append(slices.Clone(part), tok), budget) {
			return true
		}
	}
	return false
}

// rideEndsClean says whether ending the ride or chain t where it stands leaves no more than one
// horse and one weapon there (the end label's note, §11.8).
func (s *state) rideEndsClean(t *trip) bool {
	for _, k := range []int{Horse, Weapon} {
		n := t.Cargo[k]
		if k == Horse && t.Kind == "horse" {
			n++
		}
		if n > 0 && s.goods(t.Pos)[k]+n > 1 {
			return false
		}
	}
	return true
}

func firstTok(m rules.Move) string {
	if len(m) == 0 {
		return ""
	}
	return m[0]
}

// PositionKey is the position for the undo habit (ai.Keyer): the encoding without what only
// records the last move (its summary, the offer counter) or counts the turn's moves (transports
// left), so goods carried there and back, or an offer made and taken back, bring the same key.
func (s *state) PositionKey() string {
	c := *s
	c.Log, c.NextOffer, c.Left, c.events, c.drawn = nil, 0, nil, nil, nil
	b, err := json.Marshal(&c)
	if err != nil {
		return ""
	}
	return string(b)
}

// movesNothing says whether the whole move m of p leaves every good and vessel where it was: a
// horse ride there and back, a chain or a boat trip with nothing carried spend a transport for
// nothing (and, repeated, bring back a position of the turn).
func (s *state) movesNothing(p int, m rules.Move) bool {
	x := s.scratchCopy()
	defer x.done()
	r := &rd{toks: m, quiet: true}
	if err := x.st.play(p, r); err != nil || r.more() {
		return false
	}
	c := &x.st
	if len(c.Lands) != len(s.Lands) || len(c.Ships) != len(s.Ships) {
		return false
	}
	for i := range s.Lands {
		if c.Lands[i].Goods != s.Lands[i].Goods || c.Lands[i].Owner != s.Lands[i].Owner {
			return false
		}
	}
	for i := range s.Ships {
		if c.Ships[i].ID != s.Ships[i].ID || c.Ships[i].Pos != s.Ships[i].Pos || c.Ships[i].Goods != s.Ships[i].Goods {
			return false
		}
	}
	return true
}

// unloadsOnto says whether tok picks the land a horse or weapon is unloaded into (the token
// after -horse or -weapon where several lands fit, whose labels carry no note) and that land
// already holds one.
func (s *state) unloadsOnto(part rules.Move, tok string) bool {
	if len(part) == 0 {
		return false
	}
	k := -1
	switch strings.ToLower(part[len(part)-1]) {
	case "-horse":
		k = Horse
	case "-weapon":
		k = Weapon
	}
	a := s.areaByToken(tok)
	return k >= 0 && a >= 0 && a < vesselArea && s.goods(a)[k] > 0
}

// midMove is a scratch copy of s in the middle of p's partial move (a transport under way), or
// nil when partial is empty or complete. Give it back with done.
func (s *state) midMove(p int, partial rules.Move) *scratch {
	if len(partial) == 0 {
		return nil
	}
	x := s.scratchCopy()
	r := &rd{toks: partial, quiet: true}
	if _, ok := x.st.play(p, r).(*stop); !ok || x.st.Trip == nil {
		x.done()
		return nil
	}
	return x
}

// overloads says whether tok loads a horse or weapon onto the transport's boat or ship, which
// already carries one (in the middle of the move: s is a midMove copy).
func (s *state) overloads(tok string) bool {
	t := s.Trip
	if t == nil || (t.Kind != "boat" && t.Kind != "ship") {
		return false
	}
	v := s.vessel(t.Vessel)
	switch strings.ToLower(tok) {
	case "+horse":
		return v != nil && v.Goods[Horse] > 0
	case "+weapon":
		return v != nil && v.Goods[Weapon] > 0
	}
	return false
}

// unloadDead says whether tok unloads a horse or weapon where every land it may go to already
// holds one (s is a midMove copy, whose transport the menu after tok continues; the land is
// asked next where several fit).
func (s *state) unloadDead(seat rules.Seat, partial rules.Move, tok string) bool {
	if tok != "-horse" && tok != "-weapon" {
		return false
	}
	next, _, err := s.ChoiceTokens(seat, rules.Move{tok})
	if err != nil || len(next) == 0 {
		return false
	}
	part := append(slices.Clone(partial), tok)
	for _, c := range next {
		if !s.unloadsOnto(part, c.Token) {
			return false
		}
	}
	return true
}
