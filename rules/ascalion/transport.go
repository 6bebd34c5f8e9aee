package ascalion

import (
	"strings"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/msg"
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
			s.emit("ev_sinks", nested("Vessel", s.areaName(vesselArea+v.ID)))
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
			s.emitKind("surplus", "", say("ev_surplus_"+goodTok[k], nested("Area", s.areaName(a)), num("N", g[k]), msg.Count("Back", g[k]-1)))
			s.Sup[k] += g[k] - 1
			g[k] = 1
		}
	}
}

// surplusNote warns in a label that adding n of kind k to area a leaves more than one horse or
// weapon there (§11.8): the surplus goes back to the supply, at once or, in the transport phase,
// at its end unless moved on. Empty when nothing would be lost.
func (s *state) surplusNote(a, k, n int, phase bool) M {
	if k != Horse && k != Weapon {
		return nil
	}
	have := s.goods(a)[k] + n
	if have <= 1 {
		return nil
	}
	id := "note_surplus_" + goodTok[k]
	if phase {
		id += "_phase"
	}
	return say(id, nested("Area", s.areaName(a)), num("N", have), msg.Count("Lost", have-1))
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
		if _, err := r.word(wStranded, "boat", "lb_stranded"); err != nil {
			return err
		}
		a, err := s.readArea(r, stranded, wStranded)
		if err != nil {
			return err
		}
		return s.beginVessel(p, r, a, tripPhase)
	}
	err := s.startTrip(p, r, tripPhase, true, "done", "lb_transport_done")
	if err == errClose {
		s.emit("ev_transport_done", seatArg("Seat", p))
		s.Queue = s.Queue[1:]
		s.nextTransporter()
		return nil
	}
	return err
}

// startTrip reads the means of transport and runs it. closeTok, when not empty, is the word that
// ends the player's turn instead (its label the message closeLabel).
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
		add("foot", "lb_foot")
	}
	if len(horses) > 0 {
		add("horse", "lb_horse")
	}
	if len(chains) > 0 {
		add("chain", "lb_chain")
	}
	if len(boats) > 0 {
		add("boat", "lb_boat")
	}
	if len(ships) > 0 {
		add("ship", "lb_ship")
	}
	if closeTok != "" {
		add(closeTok, closeLabel)
	}
	m.what = wMeans
	m.label = func(i int) M { return fixed(lab[i]) }
	m.explain = func(tok string) M {
		switch tok {
		case "foot", "horse", "chain", "boat", "ship":
		default:
			return nil
		}
		extra := empty("Extra")
		if mode == tripExtra {
			extra = nested("Extra", fixed("why_extra"))
		}
		return say("why_means", nested("Why", fixed("why_"+tok)), extra, nested("Choices", short(m.toks, 6)))
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
		l, err := s.readArea(r, origins, wHorseLand)
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
		what := wYourBoat
		if m.toks[k] == "ship" {
			what = wYourShip
		}
		a, err := s.readArea(r, cands, what)
		if err != nil {
			return err
		}
		return s.beginVessel(p, r, a, mode)
	}
}

// errClose signals that the player chose the closing word instead of a transport; it is never
// shown (its callers compare it and go on).
var errClose = &rules.Illegal{Msg: rules.Verbatim("closed")}

func (s *state) beginVessel(p int, r *rd, a, mode int) error {
	v := s.vessel(a - vesselArea)
	kind := "boat"
	if v.Ship {
		kind = "ship"
	}
	t := &trip{Mode: mode, Kind: kind, Vessel: v.ID, Start: v.Pos, Pos: v.Pos, MP: vesselMP, Carried: v.Goods}
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
	from, err := s.readArea(r, origins, wGoodsLand)
	if err != nil {
		return err
	}
	to, err := s.readArea(r, s.footTargets(p, from, mode), wNeighbourLand)
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
		// A good the land lacks is named as such, with what lies there.
		explain := func(tok string) M {
			k := goodIndex(tok)
			if k < 0 || src[k] > 0 || allowed&(1<<k) == 0 {
				return nil
			}
			var here []string
			for j := lowest; j < nGoods; j++ {
				if avail[j] > 0 && allowed&(1<<j) != 0 {
					here = append(here, goodTok[j])
				}
			}
			if len(here) == 0 {
				return nil
			}
			return say("why_land_lacks", landArg("Land", from), goodArg("Good", k), nested("Choices", short(here, 6)))
		}
		k, ok, err := r.kindNoted(avail, allowed, wCarry, moved.total() > 0, explain, func(k int) M {
			// Ending after this kind moves what is chosen so far and one of it.
			add, take := moved, Goods{}
			add[k]++
			take[k]++
			return notesMsg(s.afterNotes(to, add, from, take, mode))
		})
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
	s.emitKind("transport", "", say("ev_foot", seatArg("Seat", p), nested("Goods", goodsText(moved)), landArg("From", from), landArg("To", to)))
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
		m := menu{what: wStep}
		var lab []func() M
		add := func(tok string, l func() M) { m.add(tok); lab = append(lab, l) }
		type act struct {
			kind int // 0 end, 1 load, 2 unload, 3 move
			good int
			to   int
			cost int
		}
		var acts []act
		if s.tripCanEnd(p, t) {
			add("end", func() M {
				// The cargo (and a ride's horse) stays in this land; a vessel keeps its cargo.
				at, left := -1, Goods{}
				if t.Kind == "horse" || t.Kind == "chain" {
					at, left = t.Pos, t.Cargo
					if t.Kind == "horse" {
						left[Horse]++
					}
				}
				return say("lb_end_here", nested("Notes", notesMsg(s.afterNotes(at, left, -1, Goods{}, t.Mode))))
			})
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
					k, n := k, avail[k]
					add("+"+goodTok[k], func() M { return say("lb_load", goodArg("Good", k), num("N", n)) })
					acts = append(acts, act{kind: 1, good: k})
				}
			}
			for k := 0; k < nGoods; k++ {
				if spots := s.unloadSpots(p, t, lands); cargo[k] > 0 && t.StopIn&(1<<k) == 0 && len(spots) > 0 {
					k, n, spot := k, cargo[k], spots[0]
					add("-"+goodTok[k], func() M {
						var note []M
						if len(spots) == 1 { // where several lands fit, the land is asked next
							var one Goods
							one[k] = 1
							note = s.afterNotes(spot, one, -1, Goods{}, t.Mode)
						}
						return say("lb_unload", goodArg("Good", k), num("N", n), nested("Note", notesMsg(note)))
					})
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
		m.label = func(i int) M { return lab[i]() }
		m.explain = func(tok string) M { return s.whyNotStep(p, t, tok) }
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
			} else if from, err = s.readArea(r, srcs, wLoadFrom); err != nil {
				return err
			}
			s.Lands[from].Goods[a.good]--
			cargo[a.good]++
			t.Carried[a.good]++
			if v == nil {
				t.Hauls = append(t.Hauls, haul{K: a.good, From: from, To: -1})
			}
			t.StopIn |= 1 << a.good
			t.Loaded = true
		case 2:
			spots := s.unloadSpots(p, t, lands)
			to := spots[0]
			if len(spots) > 1 {
				if to, err = s.readArea(r, spots, wUnloadInto); err != nil {
					return err
				}
			}
			cargo[a.good]--
			s.Lands[to].Goods[a.good]++
			t.unload(a.good, to)
			t.StopOut |= 1 << a.good
		case 3:
			if done, err := s.tripMove(p, t, v, a.to, a.cost); err != nil || done {
				return err
			}
		}
	}
}

// whyNotLoad names the cause of a refused load (+kind) or unload (-kind), where one applies.
func (s *state) whyNotLoad(p int, t *trip, tok string) M {
	k := goodIndex(tok[1:])
	if k < 0 {
		return nil
	}
	cargo := t.Cargo
	if v := s.vessel(t.Vessel); (t.Kind == "boat" || t.Kind == "ship") && v != nil {
		cargo = v.Goods
	}
	if tok[0] == '-' {
		switch {
		case cargo[k] == 0:
			return say("why_unload_lacks", goodArg("Good", k))
		case t.StopIn&(1<<k) != 0:
			return fixed("why_unload_here")
		}
		return nil
	}
	switch {
	case t.Mode == tripExtra && horseWeapon&(1<<k) == 0:
		return fixed("why_extra_kinds")
	case t.Kind == "chain" && k == Horse:
		return fixed("why_chain_horses")
	}
	if t.Kind == "horse" || t.Kind == "chain" {
		if s.Lands[t.Pos].Goods[k] == 0 {
			return say("why_load_lacks", landArg("Land", t.Pos), goodArg("Good", k))
		}
	}
	return nil
}

// whyNotStep explains a refused step of a transport.
func (s *state) whyNotStep(p int, t *trip, tok string) M {
	if tok == "end" {
		switch {
		case t.Kind == "horse" || t.Kind == "chain":
			if t.Steps == 0 {
				return fixed("why_end_unmoved")
			}
			return fixed("why_end_extra")
		case t.Cross != nil:
			return fixed("why_end_waits")
		}
		return fixed("why_end_vessel")
	}
	l := board.Land(tok)
	if l >= 0 && (t.Kind == "horse" || t.Kind == "chain") {
		switch {
		case l == t.Pos && t.Steps == 0:
			return say("why_starts_"+t.Kind, landArg("Land", l))
		case l == t.Pos:
			return say("why_already_"+t.Kind, landArg("Land", l))
		case !contains(board.Lands[t.Pos].Adj, l):
			return say("why_no_border", landArg("Land", l), landArg("Other", t.Pos))
		case s.Lands[l].Owner != p:
			if s.Lands[l].Owner < 0 {
				return say("why_nobodys", landArg("Land", l))
			}
			return say("why_foreign", landArg("Land", l), seatArg("Seat", s.Lands[l].Owner))
		case t.Kind == "horse" && t.Steps >= 2:
			return fixed("why_two_borders")
		case t.Kind == "chain" && s.Lands[l].Goods[Horse] == 0:
			return say("why_chain_no_horse", landArg("Land", l))
		case t.Kind == "chain":
			return fixed("why_chain_back")
		}
	}
	if strings.HasPrefix(tok, "+") || strings.HasPrefix(tok, "-") {
		if why := s.whyNotLoad(p, t, tok); why != nil {
			return why
		}
		return say("why_no_load", quoted("Token", tok))
	}
	if tok == "r0" || (len(tok) > 1 && (tok[0] == 's' || tok[0] == 'r')) {
		if t.Kind == "ship" && tok[0] == 'r' {
			return fixed("why_ship_river")
		}
		if t.Back {
			b := t.back()
			if b < 0 || t.barred(t.Pos, b) {
				return fixed("why_back_closed")
			}
			cost := 0
			for _, st := range s.vesselSteps(s.vessel(t.Vessel), t.Pos) {
				if st.to == b {
					cost = st.cost
				}
			}
			if cost > t.MP {
				return say("why_back_too_far", code("Token", posToken(b)), nested("Cost", count(cost, "n_points")), num("Left", t.MP))
			}
			return say("why_back_only", code("Token", posToken(b)), nested("Pos", s.posName(b)), nested("Cost", count(cost, "n_points")), num("Left", t.MP))
		}
		return say("why_unreachable", nested("Vessel", s.areaName(vesselArea+t.Vessel)), code("Token", tok))
	}
	return nil
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
	tok      string
	label    func() M
	to, cost int
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
				n := n
				out = append(out, tripMv{board.Lands[n].Token, func() M { return say("lb_ride_to", nested("Area", s.areaLabel(n))) }, n, 1})
			}
		}
	case "chain":
		for _, n := range s.chainNext(p, t.Pos, t.Visited, t.Mode) {
			vis := append(append([]int(nil), t.Visited...), n)
			if t.Mode == tripExtra && t.Cargo.total() > 0 && !s.chainCanFinish(p, n, vis, t.Mode, false) {
				continue
			}
			n := n
			out = append(out, tripMv{board.Lands[n].Token, func() M { return say("lb_on_to", nested("Area", s.areaLabel(n))) }, n, 1})
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
			to := st.to
			out = append(out, tripMv{posToken(st.to), func() M {
				return say("lb_sail_to", nested("Pos", s.posName(to)), num("Left", left), num("Of", vesselMP))
			}, st.to, st.cost})
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
			s.emit("ev_passage_asked", nested("Vessel", s.areaName(vesselArea+v.ID)), nested("Seats", seatMsgs(ask)), nested("Pos", s.posName(v.Pos)))
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
	w, err := r.word(wAllowRefuse, "allow", "lb_allow", "refuse", "lb_refuse")
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
	e := rules.Say(say("ev_passage_own_"+w, seatArg("Seat", q)))
	e.To = []rules.Seat{rules.Seat(q)}
	s.events = append(s.events, e)
	for _, a := range x.Answers {
		if a < 0 {
			return nil
		}
	}
	for i, a := range x.Ask {
		id := "ev_passage_refused_by"
		if x.Answers[i] == 1 {
			id = "ev_passage_allowed_by"
		}
		s.emit(id, seatArg("Seat", a))
		// Each answer was its giver's secret until now: news to everyone else, the last giver too.
		if e := &s.events[len(s.events)-1]; a == q {
			e.Shows = []rules.Seat{rules.Seat(q)}
		} else {
			e.Reveals = true
		}
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
			s.emit("ev_passage_forced", num("N", str), num("Bank", refusing))
		}
		s.moveVessel(t, v, x.To, x.Cost)
	} else {
		s.emit("ev_passage_refused", num("N", str), num("Bank", refusing))
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
		for k := range t.Cargo {
			for range t.Cargo[k] {
				t.unload(k, t.Pos)
			}
		}
		ev := say("ev_"+t.Kind+"_transport", seatArg("Seat", p), nested("Path", s.landPath(t.Visited)))
		if hs := t.haulsText(); hs != nil {
			ev = say("ev_"+t.Kind+"_carries", seatArg("Seat", p), nested("Hauls", hs), nested("Path", s.landPath(t.Visited)))
		}
		s.emitKind("transport", "", ev)
	default:
		v := s.vessel(t.Vessel)
		dest = append(s.tripLands(p, t), vesselArea+v.ID)
		if t.Carried.total() > 0 {
			s.emit("ev_vessel_carries", nested("Vessel", s.areaName(vesselArea+v.ID)), nested("Goods", goodsText(t.Carried)), nested("Pos", s.posAt(v.Pos)))
		} else {
			s.emit("ev_vessel_ends", nested("Vessel", s.areaName(vesselArea+v.ID)), nested("Pos", s.posAt(v.Pos)))
		}
	}
	s.Trip = nil
	return s.finishTrip(p, t.Mode, dest)
}

// unload lands one good of kind k, the earliest loaded still aboard, in land to.
func (t *trip) unload(k, to int) {
	for i := range t.Hauls {
		if h := &t.Hauls[i]; h.K == k && h.To < 0 {
			h.To = to
			return
		}
	}
}

// haulsText says which goods went from where to where, grouped by their two lands in the
// order they were loaded; nil when every good was unloaded where it was loaded.
func (t *trip) haulsText() M {
	type pair struct{ from, to int }
	var order []pair
	by := map[pair]*Goods{}
	for _, h := range t.Hauls {
		if h.To < 0 || h.To == h.From {
			continue
		}
		k := pair{h.From, h.To}
		if by[k] == nil {
			by[k] = &Goods{}
			order = append(order, k)
		}
		by[k][h.K]++
	}
	if len(order) == 0 {
		return nil
	}
	ms := make([]M, 0, len(order))
	for _, k := range order {
		ms = append(ms, say("haul", nested("Goods", goodsText(*by[k])), landArg("From", k.from), landArg("To", k.to)))
	}
	return msgList(ms)
}

func (s *state) landPath(ls []int) M {
	m := landMsg[ls[0]]
	for _, l := range ls[1:] {
		m = say("path", nested("A", m), nested("B", landMsg[l]))
	}
	return m
}

// notesMsg joins a label's notes (empty for none).
func notesMsg(ns []M) M {
	switch len(ns) {
	case 0:
		return say("code", code("Code", ""))
	case 1:
		return ns[0]
	}
	return say("notes2", nested("A", notesMsg(ns[:len(ns)-1])), nested("B", ns[len(ns)-1]))
}

// goodsMenu is goodsText in a menu's style, commas only ("2 horses, 1 gold"): a label is cut at
// 100 characters, and what follows the goods is what would go back to the supply.
func goodsMenu(g Goods) M {
	var out M
	for k := 0; k < nGoods; k++ {
		if g[k] == 0 {
			continue
		}
		if out == nil {
			out = goodCount(k, g[k])
		} else {
			out = say("list_comma", nested("A", out), nested("B", goodCount(k, g[k])))
		}
	}
	if out == nil {
		return say("list_nothing")
	}
	return out
}

// afterNotes say in the label of a move that completes a transport or a put what land a holds
// afterwards (add arriving, take leaving from: -1 when already gone), what would go back to
// the supply, and in an extra transport the attack's totals then: the player must not have to
// work out what a full move changes (issue #36).
func (s *state) afterNotes(a int, add Goods, from int, take Goods, mode int) []M {
	var notes []M
	if a >= 0 {
		after := *s.goods(a)
		for k := range after {
			after[k] += add[k]
		}
		// What goes back to the supply follows the contents it comes from (§11.8).
		var back []M
		for _, k := range []int{Horse, Weapon} {
			if add[k] > 0 && after[k] > 1 {
				id := "back_" + goodTok[k]
				if mode == tripPhase {
					id += "_phase"
				}
				back = append(back, say(id, msg.Count("Lost", after[k]-1)))
			}
		}
		if len(back) == 0 {
			notes = append(notes, say("note_holds", nested("Area", s.areaName(a)), nested("Goods", goodsMenu(after))))
		} else if mode == tripExtra && s.Atk != nil {
			// An attack's extra transport already leads with the totals: the loss and where is
			// what else counts there, and a menu line has no room for the land's whole stock.
			notes = append(notes, say("note_back_at", nested("Area", s.areaName(a)), nested("Back", msgList(back))))
		} else {
			notes = append(notes, say("note_holds_back", nested("Area", s.areaName(a)), nested("Goods", goodsMenu(after)), nested("Back", msgList(back))))
		}
	}
	if mode == tripExtra && s.Atk != nil {
		// Values count whether a horse or weapon is there, so apply the move, read, and undo it.
		move := func(sign int) {
			for k := range add {
				if a >= 0 {
					s.goods(a)[k] += sign * add[k]
				}
				if from >= 0 {
					s.goods(from)[k] -= sign * take[k]
				}
			}
		}
		move(1)
		att, def, _ := s.sureTotals(s.Atk.Attacker, s.Atk.Target)
		move(-1)
		// First: it is what an extra transport is for, and a menu cuts a long label's end.
		notes = append([]M{say("note_attack", num("Att", att), num("Def", def))}, notes...)
	}
	return notes
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
		// The limit applies at the phase's end (§11.8): the mover is told now what it will cost
		// unless moved on, so no good is lost without a word (issue 36).
		for _, a := range dest {
			g := s.goods(a)
			for _, k := range []int{Horse, Weapon} {
				if g[k] > 1 {
					e := rules.Say(say("ev_surplus_later_"+goodTok[k], nested("Area", s.areaName(a)), num("N", g[k]), msg.Count("Back", g[k]-1)))
					e.To = []rules.Seat{rules.Seat(p)}
					s.events = append(s.events, e)
				}
			}
		}
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
