package ascalion

import (
	"github.com/boardbot/boardbot/rules/msg"
)

// Attack (§12): in turn order each player may attack a neighbouring foreign area, move one extra
// transport, let the other neighbours declare, and on a win take the area, use the city bonus
// and (not in round 1) attack once more.

func (s *state) startAttack() {
	s.Phase = 6
	s.Atk = nil
	s.UnivFounder = -1
	if s.Opt.Expansion && s.startUnivRound() {
		return
	}
	s.startAttackTurns()
}

func (s *state) startAttackTurns() {
	s.Queue = nil
	for _, p := range s.order() {
		if p != s.UnivFounder {
			s.Queue = append(s.Queue, p)
		}
	}
	s.nextAttacker()
}

func (s *state) nextAttacker() {
	for len(s.Queue) > 0 && (!s.alive(s.Queue[0]) || len(s.targets(s.Queue[0])) == 0) {
		s.Queue = s.Queue[1:]
	}
	if len(s.Queue) == 0 {
		s.endAttackPhase()
		return
	}
	p := s.Queue[0]
	s.Atk = &attack{Attacker: p, Target: -1, Defender: -1, Sides: make([]int, s.N)}
	s.Stage = stAttack
	s.Turn = p
}

func (s *state) endAttackTurn() {
	s.Trip = nil
	s.Atk = nil
	if len(s.Queue) > 0 {
		s.Queue = s.Queue[1:]
	}
	s.nextAttacker()
}

// targets: foreign areas next to an area of p that may serve as a base against their owner
// (a base converted by that owner may not, §15.4).
func (s *state) targets(p int) []int {
	seen := map[int]bool{}
	for b := range s.areas(p) {
		for t := range s.adjs(b) {
			o := s.owner(t)
			if o < 0 || o == p || seen[t] || s.convertedBy(b, o) {
				continue
			}
			seen[t] = true
		}
	}
	return keys(seen)
}

func (s *state) secondAttackAllowed() bool {
	return s.Atk.Count == 1 && s.Atk.Won == 1 && s.Round > 1
}

func (s *state) bonusLeft(p int) int { return s.cities(p) - s.Atk.Bonus }

func (s *state) playAttack(p int, r *rd) error {
	if s.Trip != nil {
		return s.walk(p, r, s.Trip)
	}
	tg := s.targets(p)
	m := menu{what: wAttackAction}
	var lab []string
	add := func(t, l string) { m.add(t); lab = append(lab, l) }
	if s.Atk.Count == 0 {
		add("attack", "lb_attack")
		add("pass", "lb_attack_pass")
	} else {
		if s.secondAttackAllowed() && len(tg) > 0 {
			add("attack", "lb_attack_second")
		}
		if s.bonusLeft(p) > 0 && s.canTransport(p) {
			add("bonus", "lb_bonus")
		}
		add("done", "lb_attack_done")
	}
	m.label = func(i int) M {
		if lab[i] == "lb_bonus" {
			return say("lb_bonus", num("N", s.bonusLeft(p)))
		}
		return fixed(lab[i])
	}
	k, err := r.need(m)
	if err != nil {
		return err
	}
	switch m.toks[k] {
	case "pass", "done":
		s.emit("ev_attack_done", seatArg("Seat", p))
		s.endAttackTurn()
		return nil
	case "bonus":
		return s.startTrip(p, r, tripBonus, false, "", "")
	}
	t, err := s.readAreaWhy(r, tg, wTarget, func(t int) M { return s.attackLabel(p, t) }, func(a int) M { return s.whyNotTarget(p, a) })
	if err != nil {
		return err
	}
	a := s.Atk
	a.Target, a.Defender = t, s.owner(t)
	a.Count++
	a.Sides = make([]int, s.N)
	a.Asked, a.Next = nil, 0
	s.emit("ev_attack", seatArg("Seat", p), nested("Area", s.areaName(t)), seatArg("Defender", a.Defender))
	if !s.extraPossible(p) {
		s.startAlliances()
		return nil
	}
	s.Stage = stExtra
	return nil
}

// whyNotTarget names why area a is no target of p: p's own, or not next to any of p's areas.
func (s *state) whyNotTarget(p, a int) M {
	switch o := s.owner(a); {
	case o == p:
		return say("why_target_own", nested("Area", s.areaName(a)))
	case o >= 0:
		for b := range s.adjs(a) {
			if s.owner(b) == p {
				return nil // a base converted by its owner (§15.4): the general reason
			}
		}
		return say("why_target_far", nested("Area", s.areaName(a)), seatArg("Seat", o))
	}
	return nil
}

// extraPossible: some horse, weapon, boat or ship could move next to the target.
func (s *state) extraPossible(p int) bool {
	foot := s.footOrigins(p, tripExtra, horseWeapon)
	boats, ships := s.vesselOrigins(p, tripExtra)
	return len(foot)+len(s.horseOrigins(p, tripExtra))+len(s.chainOrigins(p, tripExtra, horseWeapon))+len(boats)+len(ships) > 0
}

func (s *state) playExtra(p int, r *rd) error {
	if s.Trip != nil {
		return s.walk(p, r, s.Trip)
	}
	err := s.startTrip(p, r, tripExtra, false, "skip", "lb_no_extra")
	if err == errClose {
		s.startAlliances()
		return nil
	}
	return err
}

// involved: the players owning areas next to the target, other than attacker and defender, in
// turn order from the start player (§12.6, A33).
func (s *state) involved() []int {
	own := map[int]bool{}
	for b := range s.adjs(s.Atk.Target) {
		own[s.owner(b)] = true
	}
	var out []int
	for _, q := range s.order() {
		if own[q] && q != s.Atk.Attacker && q != s.Atk.Defender {
			out = append(out, q)
		}
	}
	return out
}

func (s *state) startAlliances() {
	s.Atk.Asked = s.involved()
	s.Atk.Next = 0
	if len(s.Atk.Asked) == 0 {
		s.resolve()
		return
	}
	s.Stage = stAlly
	s.Turn = s.Atk.Asked[0]
}

func (s *state) playAlly(q int, r *rd) error {
	m := menu{toks: []string{"attacker", "defender", "neutral"}, what: wSide}
	m.label = func(i int) M { return s.sideLabel(q, []int{1, 2, 0}[i]) }
	k, err := r.need(m)
	if err != nil {
		return err
	}
	w := m.toks[k]
	s.Atk.Sides[q] = map[string]int{"neutral": 0, "attacker": 1, "defender": 2}[w]
	switch w {
	case "attacker":
		s.emit("ev_side_attacker", seatArg("Seat", q), seatArg("Other", s.Atk.Attacker))
	case "defender":
		s.emit("ev_side_defender", seatArg("Seat", q), seatArg("Other", s.Atk.Defender))
	default:
		s.emit("ev_neutral", seatArg("Seat", q))
	}
	s.Atk.Next++
	if s.Atk.Next < len(s.Atk.Asked) {
		s.Turn = s.Atk.Asked[s.Atk.Next]
		return nil
	}
	s.resolve()
	return nil
}

// attackLabel shows what the rules make certain before an attack on t: both sides' totals from
// their own areas (§12.7), and who may still change them (the extra transport, the neighbours).
func (s *state) attackLabel(p, t int) M {
	def := s.owner(t)
	att, dtot, qs := s.sureTotals(p, t)
	before := empty("Before")
	switch len(qs) {
	case 0:
	case 1:
		before = nested("Before", say("lb_before_one", nested("Seats", s.seatList(qs))))
	default:
		before = nested("Before", say("lb_before_many", nested("Seats", s.seatList(qs))))
	}
	return say("lb_target", nested("Area", s.areaName(t)), seatArg("Seat", def), num("Att", att), num("Def", dtot), before)
}

// sureTotals: both sides' totals from their own areas in an attack by p on t (§12.7), and the
// other neighbours, in turn order, who may still join.
func (s *state) sureTotals(p, t int) (att, dtot int, qs []int) {
	def := s.owner(t)
	att = 1
	if !s.convertedBy(t, p) {
		dtot += s.value(t)
	}
	others := map[int]bool{}
	for b := range s.adjs(t) {
		switch o := s.owner(b); {
		case o == p && !s.convertedBy(b, def):
			att += s.value(b)
		case o == def && !s.convertedBy(b, p):
			dtot += s.value(b)
		case o >= 0 && o != p && o != def:
			others[o] = true
		}
	}
	for _, q := range s.order() {
		if others[q] {
			qs = append(qs, q)
		}
	}
	return att, dtot, qs
}

// sideLabel is an alliance answer with the totals it leads to: the image shows the totals so far,
// the button what they become with this seat's areas on that side (staying out changes nothing).
func (s *state) sideLabel(q, side int) M {
	old := s.Atk.Sides[q]
	s.Atk.Sides[q] = side
	tt := s.totals()
	s.Atk.Sides[q] = old
	att, def := num("Att", tt.Attacker), num("Def", tt.Defender)
	switch side {
	case 1:
		return say("an_attacker_sum", seatArg("Seat", s.Atk.Attacker), att, def)
	case 2:
		return say("an_defender_sum", seatArg("Seat", s.Atk.Defender), att, def)
	}
	return say("an_neutral_sum", att, def)
}

// Totals is the arithmetic of a conflict, for events and the view.
type Totals struct {
	Attacker int            `json:"attacker"`
	Defender int            `json:"defender"`
	AtkParts []string       `json:"attacker_parts"`
	DefParts []string       `json:"defender_parts"`
	AtkMsgs  []*msg.Message `json:"attacker_msgs,omitempty"` // the parts as messages
	DefMsgs  []*msg.Message `json:"defender_msgs,omitempty"`
}

// totals computes both sides (§12.7): the attacker's bonus point, every adjacent area of each
// side and its allies, the target for the defender; areas converted by the opposing temple
// owner count nothing against him (§15.4).
func (s *state) totals() Totals {
	a := s.Atk
	tt := Totals{Attacker: 1, AtkParts: []string{"attack bonus 1"}, AtkMsgs: []M{fixed("part_bonus")}}
	if !s.convertedBy(a.Target, a.Attacker) {
		v := s.value(a.Target)
		tt.Defender += v
		pm := say("part", nested("Area", s.areaName(a.Target)), num("N", v))
		tt.DefParts, tt.DefMsgs = append(tt.DefParts, pm.English()), append(tt.DefMsgs, pm)
	}
	for b := range s.adjs(a.Target) {
		o := s.owner(b)
		side := 0
		switch {
		case o == a.Attacker:
			side = 1
		case o == a.Defender:
			side = 2
		case o >= 0:
			side = a.Sides[o]
		}
		v := s.value(b)
		switch {
		case side == 1 && !s.convertedBy(b, a.Defender):
			tt.Attacker += v
			pm := say("part", nested("Area", s.areaName(b)), num("N", v))
			tt.AtkParts, tt.AtkMsgs = append(tt.AtkParts, pm.English()), append(tt.AtkMsgs, pm)
		case side == 2 && !s.convertedBy(b, a.Attacker):
			tt.Defender += v
			pm := say("part", nested("Area", s.areaName(b)), num("N", v))
			tt.DefParts, tt.DefMsgs = append(tt.DefParts, pm.English()), append(tt.DefMsgs, pm)
		}
	}
	return tt
}

func (s *state) resolve() {
	a := s.Atk
	tt := s.totals()
	a.Resolved = true
	s.Stage = stAttack
	s.Turn = a.Attacker
	s.emit("ev_totals", seatArg("Seat", a.Attacker), num("Att", tt.Attacker), nested("AtkParts", msgList(saidParts(tt.AtkMsgs))),
		seatArg("Defender", a.Defender), num("Def", tt.Defender), nested("DefParts", msgList(saidParts(tt.DefMsgs))))
	if tt.Attacker <= tt.Defender {
		s.emit("ev_attack_fails", nested("Area", s.areaName(a.Target)))
		s.endAttackTurn()
		return
	}
	s.emit("ev_conquers", seatArg("Seat", a.Attacker), nested("Area", s.areaName(a.Target)))
	s.conquer(a.Target, a.Attacker, a.Defender)
	if !s.alive(a.Defender) {
		// Said once, here: a player who holds nothing never comes back.
		s.emit("ev_out", seatArg("Seat", a.Defender), seatArg("By", a.Attacker), nested("Area", s.areaName(a.Target)))
	}
	a.Won++
	s.afterWin()
}

// conquer swaps the warrior; the area changes hands with everything in it (§12.7, A34).
func (s *state) conquer(t, att, def int) {
	if t < vesselArea {
		L := &s.Lands[t]
		L.Owner = att
		if L.Temple >= 0 {
			s.dissolveTemple(L.Temple)
		}
		if L.Univ {
			L.Univ = false
			s.Univ[def] = -1
			s.UnivLost[def] = true
			s.UnivLostRd[def] = s.Round
			s.Sup[supUniv]++
			s.emit("ev_univ_destroyed", landArg("Land", t))
		}
	} else {
		s.vessel(t - vesselArea).Owner = att
	}
	if f := s.follower(t); f >= 0 && s.templeOwner(f) == att {
		s.setFollower(t, -1)
		s.Fol[f]++
	}
	if s.hasBook(t) && !s.hasUniv(att) {
		s.setBook(t, false)
		s.Sup[supBook]++
	}
}

func L2name(l int) string { return board.Lands[l].Name }

// afterWin keeps the turn while a second attack or a city-bonus transport is possible.
func (s *state) afterWin() {
	p := s.Atk.Attacker
	if (s.secondAttackAllowed() && len(s.targets(p)) > 0) || (s.bonusLeft(p) > 0 && s.canTransport(p)) {
		s.Stage = stAttack
		s.Turn = p
		return
	}
	s.endAttackTurn()
}

// saidParts are an attack's parts as a sentence tells them, the strength in words ("Quinn's
// boat 1 with strength 4", issue 36); the board's panel keeps the short "part" beside the total.
func saidParts(ms []M) []M {
	out := make([]M, len(ms))
	for i, m := range ms {
		if m.ID == "part" {
			c := *m
			c.ID = "part_said"
			m = &c
		}
		out[i] = m
	}
	return out
}
