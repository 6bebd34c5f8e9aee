package ascalion

import (
	"fmt"
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// Transport (§11): on foot, by horse, by horse chain, by boat (with the passage rule) and by
// ship. The same walk serves the transport phase, an attack's extra transport (§12.5) and the
// city bonus (§12.3).

const vesselMP = 8

func (s *state) startTransport() {
	s.Phase = 5
	for i := range s.Ships {
		v := &s.Ships[i]
		v.Stranded = !v.Ship && !s.coast(v.Pos)
	}
	s.dieCheck(5)
}

// transportsFor is 1 plus 1 for every full 3 areas above the start count (§11.1).
func (s *state) transportsFor(p int) int {
	extra := (s.countAreas(p) - s.Start[p]) / 3
	if extra < 0 {
		extra = 0
	}
	return 1 + extra
}

func (s *state) runTransport() {
	s.Left = make([]int, s.N)
	for _, p := range s.order() {
		s.Left[p] = s.transportsFor(p)
	}
	s.Queue = s.order()
	s.nextTransporter()
}

func (s *state) nextTransporter() {
	for len(s.Queue) > 0 && (s.Left[s.Queue[0]] == 0 || !s.canTransport(s.Queue[0])) {
		s.Queue = s.Queue[1:]
	}
	if len(s.Queue) == 0 {
		s.endTransport()
		return
	}
	s.Stage = stTransport
	s.Turn = s.Queue[0]
}

// endTransport applies the one-weapon-one-horse limit everywhere and sinks boats left on the
// high sea since the phase began (§11.5, §11.8, A24, A28).
func (s *state) endTransport() {
	s.Left = nil
	s.capAll()
	kept := s.Ships[:0]
	for _, v := range s.Ships {
		if v.Stranded && !s.coast(v.Pos) {
			s.emit("%s sinks on the high sea with everything aboard.", s.areaName(vesselArea+v.ID))
			s.returnVesselPieces(v)
			continue
		}
		v.Stranded = false
		kept = append(kept, v)
	}
	s.Ships = kept
	s.startAttack()
}

func (s *state) returnVesselPieces(v Vessel) {
	for k := 0; k < nGoods; k++ {
		s.Sup[k] += v.Goods[k]
	}
	if v.Ship {
		s.Sup[supShip]++
	} else {
		s.Sup[supBoat]++
	}
	if v.Book {
		s.Sup[supBook]++
	}
	if v.Follower >= 0 {
		s.Fol[v.Follower]++
	}
}

func (s *state) capArea(a int) {
	g := s.goods(a)
	for _, k := range []int{Horse, Weapon} {
		if g[k] > 1 {
			s.emitKind("surplus", "", "%d areas gave surplus horses or weapons back to the supply", "%s holds %d %ss: %s back to the supply.", s.areaName(a), g[k], goodName[k], goBack(g[k]-1))
			s.Sup[k] += g[k] - 1
			g[k] = 1
		}
	}
}

// surplusNote warns in a label that adding n of kind k to area a leaves more than one horse or
// weapon there (§11.8): the surplus goes back to the supply, at once or, in the transport phase,
// at its end unless moved on. Empty when nothing would be lost.
func (s *state) surplusNote(a, k, n int, phase bool) string {
	if k != Horse && k != Weapon {
		return ""
	}
	have := s.goods(a)[k] + n
	if have <= 1 {
		return ""
	}
	lost := count(have-1, goodName[k], goodName[k]+"s")
	if phase {
		return fmt.Sprintf(" · %s then holds %d: %s back to the supply at the end of the phase unless moved on", s.areaName(a), have, lost)
	}
	return fmt.Sprintf(" · %s then holds %d: %s back to the supply", s.areaName(a), have, lost)
}

// goBack says how many pieces return: "1 goes", "2 go".
func goBack(n int) string {
	if n == 1 {
		return "1 goes"
	}
	return fmt.Sprintf("%d go", n)
}

func (s *state) capAll() {
	for _, a := range s.allAreas() {
		s.capArea(a)
	}
}

func (s *state) canTransport(p int) bool {
	for _, v := range s.Ships {
		if v.Owner == p {
			return true
		}
	}
	for l := range s.Lands {
		if s.Lands[l].Owner != p || s.Lands[l].Goods.total() == 0 {
			continue
		}
		for _, n := range board.Lands[l].Adj {
			if s.Lands[n].Owner == p {
				return true
			}
		}
	}
	return false
}

func (s *state) strandedOf(p int) []int {
	var out []int
	for _, v := range s.Ships {
		if v.Owner == p && v.Stranded && !s.coast(v.Pos) {
			out = append(out, vesselArea+v.ID)
		}
	}
	return out
}

func (s *state) playTransport(p int, r *rd) error {
	if s.Trip != nil {
		return s.walk(p, r, s.Trip)
	}
	stranded := s.strandedOf(p)
	if len(stranded) > 0 {
		if _, err := r.word("your boat on the high sea", "boat", "Bring your boat back to a coast first"); err != nil {
			return err
		}
		a, err := s.readArea(r, stranded, "your boat on the high sea")
		if err != nil {
			return err
		}
		return s.beginVessel(p, r, a, tripPhase)
	}
	err := s.startTrip(p, r, tripPhase, true, "done", "End your transports")
	if err == errClose {
		s.emit("%s ends the transports.", s.seatName(p))
		s.Queue = s.Queue[1:]
		s.nextTransporter()
		return nil
	}
	return err
}

// startTrip reads the means of transport and runs it. closeTok, when not empty, is the word that
// ends the player's turn instead.
func (s *state) startTrip(p int, r *rd, mode int, _ bool, closeTok, closeLabel string) error {
	allowed := allGoods
	if mode == tripExtra {
		allowed = horseWeapon
	}
	var m menu
	var lab []string
	add := func(t, l string) { m.add(t); lab = append(lab, l) }
	foot := s.footOrigins(p, mode, allowed)
	horses := s.horseOrigins(p, mode)
	chains := s.chainOrigins(p, mode, allowed)
	boats, ships := s.vesselOrigins(p, mode)
	if len(foot) > 0 {
		add("foot", "On foot: goods to a neighbouring land of yours")
	}
	if len(horses) > 0 {
		add("horse", "By horse: a horse carries goods over up to two borders")
	}
	if len(chains) > 0 {
		add("chain", "Horse chain: along your lands that each hold a horse")
	}
	if len(boats) > 0 {
		add("boat", "Boat: 8 movement points on the river and light-blue sea")
	}
	if len(ships) > 0 {
		add("ship", "Ship: 8 movement points at sea")
	}
	if closeTok != "" {
		add(closeTok, closeLabel)
	}
	m.what = "a means of transport"
	m.label = func(i int) string { return lab[i] }
	m.explain = func(tok string) string {
		why := map[string]string{
			"foot":  "No land of yours holds goods that can go on foot to a neighbouring land of yours.",
			"horse": "No horse of yours can ride now: a horse rides only through your own lands, so it needs one beside it.",
			"chain": "No horse chain is possible now: it runs through your own neighbouring lands that each hold a horse.",
			"boat":  "You have no boat that can move now.",
			"ship":  "You have no ship that can move now.",
		}[tok]
		if why == "" {
			return ""
		}
		if mode == tripExtra {
			why += " In this extra transport only horses and weapons travel, and they must end next to the target."
		}
		return why + " " + fmt.Sprintf("Choose %s.", short(m.toks, 6))
	}
	k, err := r.need(m)
	if err != nil {
		return err
	}
	switch m.toks[k] {
	case closeTok:
		return errClose
	case "foot":
		return s.playFoot(p, r, mode, foot, allowed)
	case "horse", "chain":
		origins := horses
		if m.toks[k] == "chain" {
			origins = chains
		}
		l, err := s.readArea(r, origins, "a land of yours with a horse")
		if err != nil {
			return err
		}
		t := &trip{Mode: mode, Kind: m.toks[k], Start: l, Pos: l, Visited: []int{l}}
		if t.Kind == "horse" {
			s.Lands[l].Goods[Horse]-- // the rider travels with the trip
		}
		s.Trip = t
		return s.walk(p, r, t)
	default:
		cands := boats
		if m.toks[k] == "ship" {
			cands = ships
		}
		a, err := s.readArea(r, cands, "one of your "+m.toks[k]+"s")
		if err != nil {
			return err
		}
		return s.beginVessel(p, r, a, mode)
	}
}

// errClose signals that the player chose the closing word instead of a transport.
var errClose = &rules.Illegal{Reason: "closed"}

func (s *state) beginVessel(p int, r *rd, a, mode int) error {
	v := s.vessel(a - vesselArea)
	kind := "boat"
	if v.Ship {
		kind = "ship"
	}
	t := &trip{Mode: mode, Kind: kind, Vessel: v.ID, Start: v.Pos, Pos: v.Pos, MP: vesselMP}
	s.Trip = t
	return s.walk(p, r, t)
}

// --- on foot ----------------------------------------------------------------------------------

func (s *state) footOrigins(p, mode, allowed int) []int {
	var out []int
	for l := range s.Lands {
		if s.Lands[l].Owner != p || !s.movableFrom(l, p, mode) {
			continue
		}
		if s.kindsIn(s.Lands[l].Goods, allowed) == 0 {
			continue
		}
		if len(s.footTargets(p, l, mode)) > 0 {
			out = append(out, l)
		}
	}
	return out
}

func (s *state) footTargets(p, from, mode int) []int {
	var out []int
	for _, n := range board.Lands[from].Adj {
		if s.Lands[n].Owner != p || !s.passable(n, p, mode) {
			continue
		}
		if mode == tripExtra && !s.adjacent(n, s.Atk.Target) {
			continue
		}
		out = append(out, n)
	}
	return out
}

func (s *state) kindsIn(g Goods, allowed int) int {
	n := 0
	for k := 0; k < nGoods; k++ {
		if g[k] > 0 && allowed&(1<<k) != 0 {
			n++
		}
	}
	return n
}

func (s *state) playFoot(p int, r *rd, mode int, origins []int, allowed int) error {
	from, err := s.readArea(r, origins, "a land of yours with goods")
	if err != nil {
		return err
	}
	to, err := s.readArea(r, s.footTargets(p, from, mode), "a neighbouring land of yours")
	if err != nil {
		return err
	}
	// Goods in non-decreasing kind order, so every load has one spelling.
	src := &s.Lands[from].Goods
	var moved Goods
	lowest := 0
	for {
		avail := Goods{}
		for k := lowest; k < nGoods && !(r.late() && moved.total() > 0); k++ {
			avail[k] = src[k]
		}
		k, ok, err := r.kindNoted(avail, allowed, "a kind of goods to carry", moved.total() > 0, nil,
			func(k int) string { return s.surplusNote(to, k, moved[k]+1, mode == tripPhase) })
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		src[k]--
		moved[k]++
		lowest = k
	}
	for k := range moved {
		s.Lands[to].Goods[k] += moved[k]
	}
	s.emitKind("transport", "", s.seatName(p)+" made %d transports", "%s carries %s on foot from %s to %s.", s.seatName(p), goodsText(moved), board.Lands[from].Name, board.Lands[to].Name)
	return s.finishTrip(p, mode, []int{to})
}

// movableFrom: in an attack on a temple owner, goods cannot leave an area he has converted
// (§15.4); passable: nor pass through one.
func (s *state) movableFrom(a, p, mode int) bool {
	if mode != tripExtra || s.Atk == nil {
		return true
	}
	return !s.convertedBy(a, s.Atk.Defender)
}

func (s *state) passable(a, p, mode int) bool { return s.movableFrom(a, p, mode) }

// --- horse, chain and vessels ---------------------------------------------------------------

func (s *state) horseOrigins(p, mode int) []int {
	var out []int
	for l := range s.Lands {
		L := s.Lands[l]
		if L.Owner != p || L.Goods[Horse] == 0 || !s.movableFrom(l, p, mode) {
			continue
		}
		if s.horseCanFinish(p, l, 0, mode) {
			out = append(out, l)
		}
	}
	return out
}

// horseCanFinish: from land l after steps borders, some ride of at most two borders can end.
func (s *state) horseCanFinish(p, l, steps, mode int) bool {
	ok := func(x int) bool { return mode != tripExtra || s.adjacent(x, s.Atk.Target) }
	if steps > 0 && ok(l) {
		return true
	}
	if steps >= 2 {
		return false
	}
	for _, n := range board.Lands[l].Adj {
		if s.Lands[n].Owner == p && s.passable(n, p, mode) && s.horseCanFinish(p, n, steps+1, mode) {
			return true
		}
	}
	return false
}

func (s *state) chainOrigins(p, mode, allowed int) []int {
	var out []int
	for l := range s.Lands {
		L := s.Lands[l]
		if L.Owner != p || L.Goods[Horse] == 0 || !s.movableFrom(l, p, mode) {
			continue
		}
		if s.chainCanFinish(p, l, []int{l}, mode, true) {
			out = append(out, l)
		}
	}
	return out
}

func (s *state) chainNext(p, l int, visited []int, mode int) []int {
	var out []int
	for _, n := range board.Lands[l].Adj {
		if s.Lands[n].Owner != p || s.Lands[n].Goods[Horse] == 0 || !s.passable(n, p, mode) || contains(visited, n) {
			continue
		}
		out = append(out, n)
	}
	return out
}

// chainCanFinish: some continuation of the chain can end validly (in an extra transport, next
// to the target; otherwise anywhere after one step). Any land reachable through horse lands not
// yet visited lies on some one-way path, so a breadth-first search decides it.
func (s *state) chainCanFinish(p, l int, visited []int, mode int, first bool) bool {
	if !first && (mode != tripExtra || s.adjacent(l, s.Atk.Target)) {
		return true
	}
	if mode != tripExtra {
		return len(s.chainNext(p, l, visited, mode)) > 0
	}
	seen := map[int]bool{l: true}
	queue := []int{l}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, n := range s.chainNext(p, x, visited, mode) {
			if seen[n] {
				continue
			}
			if s.adjacent(n, s.Atk.Target) {
				return true
			}
			seen[n] = true
			queue = append(queue, n)
		}
	}
	return false
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func (s *state) vesselOrigins(p, mode int) (boats, ships []int) {
	for _, v := range s.Ships {
		if v.Owner != p {
			continue
		}
		a := vesselArea + v.ID
		if !s.movableFrom(a, p, mode) {
			continue
		}
		if mode == tripExtra && !s.vesselReach(&v, v.Pos, vesselMP, s.nearTarget) && !s.adjacent(a, s.Atk.Target) {
			continue
		}
		if v.Ship {
			ships = append(ships, a)
		} else {
			boats = append(boats, a)
		}
	}
	return
}

func (s *state) nearTarget(pos int) bool {
	t := s.Atk.Target
	if t < vesselArea {
		return s.posTouchesLand(pos, t)
	}
	tv := s.vessel(t - vesselArea)
	return tv != nil && tv.Pos == pos
}

type vstep struct{ to, cost int }

// vesselSteps lists where a vessel may go next from pos and what it costs (§11.5, §11.7).
func (s *state) vesselSteps(v *Vessel, pos int) []vstep {
	var out []vstep
	if pos >= riverBase {
		i := pos - riverBase
		if i > 0 {
			out = append(out, vstep{riverBase + i - 1, board.SectionCost(i, i-1)})
		}
		if i+1 < len(board.Sections) {
			out = append(out, vstep{riverBase + i + 1, board.SectionCost(i, i+1)})
		}
		if i == 0 {
			out = append(out, vstep{board.Mouth, 2})
		}
		return out
	}
	for _, n := range board.Seas[pos].Adj {
		switch {
		case v.Ship && board.Seas[n].Deep:
			out = append(out, vstep{n, 1})
		case !board.Seas[n].Deep:
			out = append(out, vstep{n, 2})
		}
	}
	if !v.Ship && pos == board.Mouth {
		out = append(out, vstep{riverBase, 2}) // two coast lines at once
	}
	return out
}

// vesselReach: a goal position is reachable within mp (passage ignored).
func (s *state) vesselReach(v *Vessel, from, mp int, goal func(int) bool) bool {
	best := map[int]int{from: mp}
	queue := []int{from}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if goal(x) {
			return true
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

// landsAt lists the mover's own lands a carrier at this point can load from or unload into.
func (s *state) tripLands(p int, t *trip) []int {
	if t.Kind == "horse" || t.Kind == "chain" {
		return []int{t.Pos}
	}
	var out []int
	for _, l := range s.posLands(t.Pos) {
		if s.Lands[l].Owner == p {
			out = append(out, l)
		}
	}
	return out
}

// walk reads the steps of a horse ride, chain, boat or ship: +kind loads, -kind unloads, a
// place token moves, end finishes.
func (s *state) walk(p int, r *rd, t *trip) error {
	allowed := allGoods
	if t.Mode == tripExtra {
		allowed = horseWeapon
	}
	if t.Kind == "chain" {
		allowed &^= 1 << Horse // the chain's horses stay where they are
	}
	for {
		var v *Vessel
		var cargo *Goods
		if t.Kind == "boat" || t.Kind == "ship" {
			v = s.vessel(t.Vessel)
			cargo = &v.Goods
		} else {
			cargo = &t.Cargo
		}
		lands := s.tripLands(p, t)
		m := menu{what: "a step of the transport"}
		var lab []string
		add := func(tok, l string) { m.add(tok); lab = append(lab, l) }
		type act struct {
			kind int // 0 end, 1 load, 2 unload, 3 move
			good int
			to   int
			cost int
		}
		var acts []act
		if s.tripCanEnd(p, t) {
			end := "End this transport here"
			if !r.quiet && (t.Kind == "horse" || t.Kind == "chain") {
				// The cargo (and a ride's horse) stays in this land.
				for _, k := range []int{Horse, Weapon} {
					n := t.Cargo[k]
					if k == Horse && t.Kind == "horse" {
						n++
					}
					if n > 0 {
						end += s.surplusNote(t.Pos, k, n, t.Mode == tripPhase)
					}
				}
			}
			add("end", end)
			acts = append(acts, act{kind: 0})
		}
		// Loads.
		if t.Cross == nil && !r.late() {
			var avail Goods
			for _, l := range lands {
				if !s.movableFrom(l, p, t.Mode) {
					continue
				}
				for k := 0; k < nGoods; k++ {
					avail[k] += s.Lands[l].Goods[k]
				}
			}
			for k := 0; k < nGoods; k++ {
				if avail[k] > 0 && allowed&(1<<k) != 0 && t.StopOut&(1<<k) == 0 && s.loadKeepsFinish(p, t) {
					add("+"+goodTok[k], fmt.Sprintf("Load %s (%d here)", goodName[k], avail[k]))
					acts = append(acts, act{kind: 1, good: k})
				}
			}
			for k := 0; k < nGoods; k++ {
				if spots := s.unloadSpots(p, t, lands); cargo[k] > 0 && t.StopIn&(1<<k) == 0 && len(spots) > 0 {
					note := ""
					if len(spots) == 1 && !r.quiet {
						note = s.surplusNote(spots[0], k, 1, t.Mode == tripPhase)
					}
					add("-"+goodTok[k], fmt.Sprintf("Unload %s (%d aboard)%s", goodName[k], cargo[k], note))
					acts = append(acts, act{kind: 2, good: k})
				}
			}
		}
		if t.Cross == nil {
			for _, mv := range s.tripMoves(p, t) {
				add(mv.tok, mv.label)
				acts = append(acts, act{kind: 3, to: mv.to, cost: mv.cost})
			}
		}
		m.label = func(i int) string { return lab[i] }
		m.explain = func(tok string) string { return s.whyNotStep(p, t, tok) }
		k, err := r.need(m)
		if err != nil {
			return err
		}
		a := acts[k]
		switch a.kind {
		case 0:
			return s.endTrip(p, t)
		case 1:
			from := -1
			var srcs []int
			for _, l := range lands {
				if s.Lands[l].Goods[a.good] > 0 && s.movableFrom(l, p, t.Mode) {
					srcs = append(srcs, l)
				}
			}
			if len(srcs) == 1 {
				from = srcs[0]
			} else if from, err = s.readArea(r, srcs, "the land to load from"); err != nil {
				return err
			}
			s.Lands[from].Goods[a.good]--
			cargo[a.good]++
			t.StopIn |= 1 << a.good
			t.Loaded = true
		case 2:
			spots := s.unloadSpots(p, t, lands)
			to := spots[0]
			if len(spots) > 1 {
				if to, err = s.readArea(r, spots, "the land to unload into"); err != nil {
					return err
				}
			}
			cargo[a.good]--
			s.Lands[to].Goods[a.good]++
			t.StopOut |= 1 << a.good
		case 3:
			if done, err := s.tripMove(p, t, v, a.to, a.cost); err != nil || done {
				return err
			}
		}
	}
}

// whyNotStep explains a refused step of a transport.
func (s *state) whyNotStep(p int, t *trip, tok string) string {
	if tok == "end" {
		switch {
		case t.Kind == "horse" || t.Kind == "chain":
			if t.Steps == 0 {
				return "The transport has not moved yet: name the next land first."
			}
			return "The goods moved in an extra transport must end next to the attacked area."
		case t.Cross != nil:
			return "The boat waits for passage."
		}
		return "This transport cannot end here: it must reach the coast, or the attacked area, first."
	}
	l := board.Land(tok)
	if l >= 0 && (t.Kind == "horse" || t.Kind == "chain") {
		switch {
		case l == t.Pos && t.Steps == 0:
			return fmt.Sprintf("The %s starts in %s: name the next land, one of yours beside it.", t.Kind, board.Lands[l].Name)
		case l == t.Pos:
			return fmt.Sprintf("The %s is already in %s: name the next land, or end.", t.Kind, board.Lands[l].Name)
		case !contains(board.Lands[t.Pos].Adj, l):
			return fmt.Sprintf("%s does not border %s.", board.Lands[l].Name, board.Lands[t.Pos].Name)
		case s.Lands[l].Owner != p:
			return fmt.Sprintf("%s belongs to %s: horses travel only through your own lands.", board.Lands[l].Name, seatName(s.Lands[l].Owner))
		case t.Kind == "horse" && t.Steps >= 2:
			return "A horse crosses at most two borders in one transport."
		case t.Kind == "chain" && s.Lands[l].Goods[Horse] == 0:
			return fmt.Sprintf("%s has no horse, so the chain cannot run through it.", board.Lands[l].Name)
		case t.Kind == "chain":
			return "A horse chain runs one way and never returns to a land."
		}
	}
	if strings.HasPrefix(tok, "+") || strings.HasPrefix(tok, "-") {
		return fmt.Sprintf("%q is not possible here: there is no such load to take or cargo to leave.", tok)
	}
	if tok == "r0" || (len(tok) > 1 && (tok[0] == 's' || tok[0] == 'r')) {
		if t.Kind == "ship" && tok[0] == 'r' {
			return "Ships never enter the river."
		}
		if t.Back {
			why := "Passage was refused in this transport, so the boat may only stop or go back the way it came"
			b := t.back()
			if b < 0 || t.barred(t.Pos, b) {
				return why + "; the way back is closed too, so it can only stop here: a refused crossing is not asked again."
			}
			cost := 0
			for _, st := range s.vesselSteps(s.vessel(t.Vessel), t.Pos) {
				if st.to == b {
					cost = st.cost
				}
			}
			if cost > t.MP {
				return fmt.Sprintf("%s; going back to %s costs %s and %d are left, so it can only stop here.", why, posToken(b), count(cost, "point", "points"), t.MP)
			}
			return fmt.Sprintf("%s (next: %s, %s, for %s of the %d left); a refused crossing is not asked again.", why, posToken(b), s.posName(b), count(cost, "point", "points"), t.MP)
		}
		return fmt.Sprintf("%s cannot reach %s now: boats take light-blue fields (2 points) and river stretches; ships sea fields (dark 1, light 2), within 8 points.", s.areaName(vesselArea+t.Vessel), tok)
	}
	return ""
}

// unloadSpots: own lands here that may receive goods (next to the target in an extra transport).
func (s *state) unloadSpots(p int, t *trip, lands []int) []int {
	if t.Kind == "horse" || t.Kind == "chain" {
		if t.Steps == 0 {
			return nil // unloading where the goods were loaded moves nothing
		}
	}
	var out []int
	for _, l := range lands {
		if t.Mode == tripExtra && !s.adjacent(l, s.Atk.Target) {
			continue
		}
		out = append(out, l)
	}
	return out
}

// loadKeepsFinish: in an extra transport, loaded goods must be able to reach the target.
func (s *state) loadKeepsFinish(p int, t *trip) bool {
	if t.Mode != tripExtra {
		return true
	}
	switch t.Kind {
	case "horse":
		return true // the horse itself must reach the target anyway
	case "chain":
		return s.chainCanFinish(p, t.Pos, t.Visited, t.Mode, false)
	}
	v := s.vessel(t.Vessel)
	return s.vesselReach(v, t.Pos, t.MP, s.nearTarget)
}

type tripMv struct {
	tok, label string
	to, cost   int
}

func (s *state) tripMoves(p int, t *trip) []tripMv {
	var out []tripMv
	switch t.Kind {
	case "horse":
		if t.Steps >= 2 {
			return nil
		}
		for _, n := range board.Lands[t.Pos].Adj {
			if s.Lands[n].Owner == p && s.passable(n, p, t.Mode) && s.horseCanFinish(p, n, t.Steps+1, t.Mode) {
				out = append(out, tripMv{board.Lands[n].Token, "Ride to " + s.areaLabel(n), n, 1})
			}
		}
	case "chain":
		for _, n := range s.chainNext(p, t.Pos, t.Visited, t.Mode) {
			vis := append(append([]int(nil), t.Visited...), n)
			if t.Mode == tripExtra && t.Cargo.total() > 0 && !s.chainCanFinish(p, n, vis, t.Mode, false) {
				continue
			}
			out = append(out, tripMv{board.Lands[n].Token, "On to " + s.areaLabel(n), n, 1})
		}
	default:
		v := s.vessel(t.Vessel)
		for _, st := range s.vesselSteps(v, t.Pos) {
			// After a refusal the boat may only stop or retrace its way (§11.6): "muß es
			// stehenbleiben oder im Rahmen seiner übrigen Bewegungspunkte zurückziehen".
			if st.cost > t.MP || (t.Back && st.to != t.back()) || t.barred(t.Pos, st.to) {
				continue
			}
			left := t.MP - st.cost
			if t.Mode == tripExtra && !t.Back && !s.vesselReach(v, st.to, left, s.nearTarget) {
				continue
			}
			if s.mustReturn(t) && !s.vesselReach(v, st.to, left, s.coast) {
				continue
			}
			out = append(out, tripMv{posToken(st.to), fmt.Sprintf("To %s (%d of %d points left after)", s.posName(st.to), left, vesselMP), st.to, st.cost})
		}
	}
	return out
}

func (s *state) mustReturn(t *trip) bool {
	if t.Kind != "boat" {
		return false
	}
	v := s.vessel(t.Vessel)
	return v.Stranded && t.Mode == tripPhase
}

// tripCanEnd: a horse ride or chain must have moved; an extra transport must end next to the
// target; a stranded boat must reach a coast if it can.
func (s *state) tripCanEnd(p int, t *trip) bool {
	if t.Cross != nil {
		return false
	}
	switch t.Kind {
	case "horse":
		if t.Steps == 0 {
			return false
		}
		return t.Mode != tripExtra || s.adjacent(t.Pos, s.Atk.Target)
	case "chain":
		if t.Steps == 0 {
			return false
		}
		return t.Mode != tripExtra || t.Cargo.total() == 0 || s.adjacent(t.Pos, s.Atk.Target)
	}
	v := s.vessel(t.Vessel)
	if s.mustReturn(t) && !s.coast(t.Pos) && s.vesselReach(v, t.Pos, t.MP, s.coast) {
		return false
	}
	if t.Mode == tripExtra && (t.Pos != t.Start || t.Loaded) && !s.nearTarget(t.Pos) && !t.Back {
		return false
	}
	return true
}

// tripMove moves the carrier; for a boat leaving a river stretch it may need passage first, in
// which case the move ends here and the bank owners are asked (done=true).
func (s *state) tripMove(p int, t *trip, v *Vessel, to, cost int) (bool, error) {
	switch t.Kind {
	case "horse", "chain":
		t.Pos = to
		t.Steps++
		t.Visited = append(t.Visited, to)
		t.StopIn, t.StopOut = 0, 0
		return false, nil
	}
	if v.Pos >= riverBase {
		ask, need := s.passageNeed(p, v, to, t)
		if need {
			answers := make([]int, len(ask))
			for i := range answers {
				answers[i] = -1
			}
			t.Cross = &crossing{To: to, Cost: cost, Ask: ask, Answers: answers}
			s.Stage = stPassage
			s.emit("%s asks %s for passage out of %s.", s.areaName(vesselArea+v.ID), joinList(s.names(ask)), s.posName(v.Pos))
			return true, nil
		}
	}
	s.moveVessel(t, v, to, cost)
	return false, nil
}

func (s *state) moveVessel(t *trip, v *Vessel, to, cost int) {
	if t.Back {
		t.Path = t.Path[:len(t.Path)-1] // retracing: to is the last place it came from
	} else {
		t.Path = append(t.Path, v.Pos)
	}
	v.Pos = to
	t.Pos = to
	t.MP -= cost
	t.StopIn, t.StopOut = 0, 0
	t.Refused = false
}

func (s *state) names(seats []int) []string {
	out := make([]string, len(seats))
	for i, q := range seats {
		out[i] = s.seatName(q)
	}
	return out
}

// passageNeed: the owners to ask before a boat may leave its river stretch (§11.6, A27). None
// when the boat is stronger than all foreign banks together, when it turns back right after a
// refusal, or (trade phase) when a standing permission covers them.
func (s *state) passageNeed(p int, v *Vessel, to int, t *trip) ([]int, bool) {
	sec := board.Sections[v.Pos-riverBase]
	str := s.value(vesselArea + v.ID)
	total := 0
	var ask []int
	for _, l := range []int{sec.Left, sec.Right} {
		o := s.Lands[l].Owner
		if o == p || o < 0 {
			continue
		}
		total += s.value(l)
		if !contains(ask, o) {
			ask = append(ask, o)
		}
	}
	if len(ask) == 0 || str > total {
		return nil, false
	}
	var ordered []int
	for _, q := range s.order() {
		if contains(ask, q) {
			ordered = append(ordered, q)
		}
	}
	ask = ordered
	if t != nil && t.Refused && to == t.back() {
		return nil, false
	}
	return ask, true
}

func (s *state) playPassage(q int, r *rd) error {
	w, err := r.word("allow or refuse", "allow", "Let the boat pass your bank", "refuse", "Refuse passage")
	if err != nil {
		return err
	}
	t := s.Trip
	x := t.Cross
	for i, a := range x.Ask {
		if a == q {
			x.Answers[i] = 0
			if w == "allow" {
				x.Answers[i] = 1
			}
		}
	}
	// Several banks answer at once: an answer stays with its giver until every bank has answered.
	s.events = append(s.events, rules.Event{Text: fmt.Sprintf("%s %ss passage (the others see it once every bank has answered).", s.seatName(q), w), To: []rules.Seat{rules.Seat(q)}})
	for _, a := range x.Answers {
		if a < 0 {
			return nil
		}
	}
	for i, a := range x.Ask {
		w := "refuses"
		if x.Answers[i] == 1 {
			w = "allows"
		}
		s.emit("%s %s passage.", s.seatName(a), w)
	}
	v := s.vessel(t.Vessel)
	sec := board.Sections[v.Pos-riverBase]
	refusing := 0
	for _, l := range []int{sec.Left, sec.Right} {
		o := s.Lands[l].Owner
		for i, a := range x.Ask {
			if a == o && x.Answers[i] == 0 {
				refusing += s.value(l)
			}
		}
	}
	str := s.value(vesselArea + v.ID)
	t.Cross = nil
	if refusing < str {
		if refusing > 0 {
			s.emit("The boat (strength %d) forces its way past the refusing bank (value %d).", str, refusing)
		}
		s.moveVessel(t, v, x.To, x.Cost)
	} else {
		s.emit("Passage refused: the boat (strength %d) is not stronger than the refusing banks (value %d).", str, refusing)
		t.Refused, t.Back = true, true
		t.Barred = append(t.Barred, [2]int{v.Pos, x.To})
	}
	s.Turn = v.Owner
	switch t.Mode {
	case tripPhase:
		s.Stage = stTransport
	case tripExtra:
		s.Stage = stExtra
	default:
		s.Stage = stAttack
	}
	return nil
}

// endTrip unloads a horse's or chain's remaining cargo in its last land and closes the trip.
func (s *state) endTrip(p int, t *trip) error {
	var dest []int
	switch t.Kind {
	case "horse", "chain":
		for k := range t.Cargo {
			s.Lands[t.Pos].Goods[k] += t.Cargo[k]
		}
		if t.Kind == "horse" {
			s.Lands[t.Pos].Goods[Horse]++
		}
		dest = []int{t.Pos}
		for _, l := range t.Visited {
			if !contains(dest, l) {
				dest = append(dest, l)
			}
		}
		s.emitKind("transport", "", s.seatName(p)+" made %d transports", "%s's %s transport runs %s.", s.seatName(p), t.Kind, s.landPath(t.Visited))
	default:
		v := s.vessel(t.Vessel)
		dest = append(s.tripLands(p, t), vesselArea+v.ID)
		s.emit("%s ends in %s.", s.areaName(vesselArea+v.ID), s.posName(v.Pos))
	}
	s.Trip = nil
	return s.finishTrip(p, t.Mode, dest)
}

func (s *state) landPath(ls []int) string {
	names := make([]string, len(ls))
	for i, l := range ls {
		names[i] = board.Lands[l].Name
	}
	return strings.Join(names, " → ")
}

// finishTrip counts the transport and hands back to the phase it belongs to.
func (s *state) finishTrip(p, mode int, dest []int) error {
	s.Trip = nil
	if mode != tripPhase {
		for _, a := range s.areasOf(p) {
			s.capArea(a)
		}
	}
	switch mode {
	case tripPhase:
		s.Left[p]--
		if s.Left[p] == 0 || !s.canTransport(p) {
			s.Queue = s.Queue[1:]
			s.nextTransporter()
		}
	case tripExtra:
		s.startAlliances()
	default:
		s.Atk.Bonus++
		s.afterWin()
	}
	return nil
}
