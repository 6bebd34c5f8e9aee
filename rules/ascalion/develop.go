package ascalion

import (
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// Development (§8): in turn order each player trades resource combinations lying together in
// one area for weapons, cities, boats and ships.

func (s *state) startDevelopment() {
	s.Phase = 2
	if s.Opt.Expansion && s.templeOffers() {
		return
	}
	s.startUnivPlacement()
}

func (s *state) startBuilds() {
	s.Queue = nil
	for _, p := range s.order() {
		if s.canBuild(p) {
			s.Queue = append(s.Queue, p)
		}
	}
	s.nextBuilder()
}

func (s *state) nextBuilder() {
	for len(s.Queue) > 0 && !s.canBuild(s.Queue[0]) {
		s.Queue = s.Queue[1:]
	}
	if len(s.Queue) == 0 {
		s.startProduction()
		return
	}
	s.Stage = stBuild
	s.Turn = s.Queue[0]
}

func (s *state) boatCost() int {
	if s.BoatDisc == 0 || s.BoatDisc == s.Round {
		return 2
	}
	return 3
}

func (s *state) shipCost() int {
	if s.ShipDisc == 0 || s.ShipDisc == s.Round {
		return 4
	}
	return 5
}

// recipes available in an area, per good.
func (s *state) weaponRecipes(a int) []string {
	g := s.goods(a)
	var out []string
	if s.Sup[Weapon] == 0 {
		return nil
	}
	if g[Iron] >= 1 && g[Coal] >= 1 {
		out = append(out, "iron")
	}
	if g[Gold] >= 2 {
		out = append(out, "gold")
	}
	return out
}

func (s *state) cityRecipes(l int) []string {
	if l >= vesselArea || s.Lands[l].City || s.Sup[supCity] == 0 {
		return nil
	}
	g := s.Lands[l].Goods
	var out []string
	if g[Wood] >= 1 && g[Gold] >= 1 && g[Iron] >= 1 && g[Coal] >= 1 {
		out = append(out, "mix")
	}
	if g[Gold] >= 4 {
		out = append(out, "gold")
	}
	return out
}

func (s *state) shipRecipes(l int) []string {
	if l >= vesselArea || s.Sup[supShip] == 0 || len(s.shipSpots(l)) == 0 {
		return nil
	}
	g := s.Lands[l].Goods
	c := s.shipCost()
	var out []string
	if g[Wood] >= c {
		out = append(out, "wood")
	}
	if g[Gold] >= c {
		out = append(out, "gold")
	}
	return out
}

func (s *state) canBoat(l int) bool {
	return l < vesselArea && s.Sup[supBoat] > 0 && s.Lands[l].Goods[Wood] >= s.boatCost() && len(s.boatSpots(l)) > 0
}

// boatSpots: river sections the land is a bank of and light fields on its coast (§8.2).
func (s *state) boatSpots(l int) []int {
	var out []int
	for _, sec := range board.Lands[l].Sections {
		out = append(out, riverBase+sec)
	}
	for _, f := range board.Lands[l].Seas {
		if !board.Seas[f].Deep {
			out = append(out, f)
		}
	}
	return out
}

func (s *state) shipSpots(l int) []int { return append([]int(nil), board.Lands[l].Seas...) }

func (s *state) canBuild(p int) bool {
	for a := range s.areas(p) {
		if len(s.weaponRecipes(a)) > 0 {
			return true
		}
		if a < vesselArea && (len(s.cityRecipes(a)) > 0 || s.canBoat(a) || len(s.shipRecipes(a)) > 0) {
			return true
		}
	}
	return false
}

func (s *state) playBuild(p int, r *rd) error {
	var m menu
	var lab []func() M
	add := func(tok string, label func() M) { m.add(tok); lab = append(lab, label) }
	var wA, cA, bA, sA []int
	for a := range s.areas(p) {
		if len(s.weaponRecipes(a)) > 0 {
			wA = append(wA, a)
		}
		if a < vesselArea {
			if len(s.cityRecipes(a)) > 0 {
				cA = append(cA, a)
			}
			if s.canBoat(a) {
				bA = append(bA, a)
			}
			if len(s.shipRecipes(a)) > 0 {
				sA = append(sA, a)
			}
		}
	}
	if len(wA) > 0 {
		add("weapon", func() M { return fixed("lb_build_weapon") })
	}
	if len(cA) > 0 {
		add("city", func() M { return fixed("lb_build_city") })
	}
	if len(bA) > 0 {
		add("boat", func() M { return say("lb_build_boat", num("N", s.boatCost())) })
	}
	if len(sA) > 0 {
		add("ship", func() M { return say("lb_build_ship", num("N", s.shipCost())) })
	}
	add("done", func() M { return fixed("lb_build_done") })
	m.what = wBuild
	m.label = func(i int) M { return lab[i]() }
	// A good that cannot be built says what it needs (§8.1), not merely that it is not offered.
	m.explain = func(tok string) M {
		switch strings.ToLower(tok) {
		case "weapon":
			return fixed("why_build_weapon")
		case "city":
			return fixed("why_build_city")
		case "boat":
			return say("why_build_boat", num("N", s.boatCost()))
		case "ship":
			return say("why_build_ship", num("N", s.shipCost()))
		}
		return nil
	}
	k, err := r.need(m)
	if err != nil {
		return err
	}
	switch m.toks[k] {
	case "done":
		s.emit("ev_build_done", seatArg("Seat", p))
		s.Queue = s.Queue[1:]
		s.nextBuilder()
		return nil
	case "weapon":
		a, err := s.readArea(r, wA, wWeaponArea)
		if err != nil {
			return err
		}
		rec, err := s.recipe(r, s.weaponRecipes(a))
		if err != nil {
			return err
		}
		g := s.goods(a)
		if rec == "iron" {
			s.spend(g, Iron, 1)
			s.spend(g, Coal, 1)
		} else {
			s.spend(g, Gold, 2)
		}
		g[Weapon]++
		s.Sup[Weapon]--
		s.emitKind("forge", "", say("ev_forge", seatArg("Seat", p), nested("Area", s.areaName(a))))
	case "city":
		l, err := s.readArea(r, cA, wCityLand)
		if err != nil {
			return err
		}
		rec, err := s.recipe(r, s.cityRecipes(l))
		if err != nil {
			return err
		}
		g := &s.Lands[l].Goods
		if rec == "mix" {
			for _, k := range []int{Wood, Gold, Iron, Coal} {
				s.spend(g, k, 1)
			}
		} else {
			s.spend(g, Gold, 4)
		}
		s.Lands[l].City = true
		s.Sup[supCity]--
		s.emit("ev_city", seatArg("Seat", p), landArg("Land", l))
	case "boat":
		l, err := s.readArea(r, bA, wBoatLand)
		if err != nil {
			return err
		}
		pos, err := s.readPos(r, s.boatSpots(l), wBoatPos)
		if err != nil {
			return err
		}
		cost := s.boatCost()
		s.spend(&s.Lands[l].Goods, Wood, cost)
		if s.BoatDisc == 0 {
			s.BoatDisc = s.Round
		}
		v := s.launch(p, false, pos)
		s.emit("ev_boat", seatArg("Seat", p), num("N", v), nested("Cost", goodCount(Wood, cost)), nested("Pos", s.posAt(pos)))
	case "ship":
		l, err := s.readArea(r, sA, wShipLand)
		if err != nil {
			return err
		}
		rec, err := s.recipe(r, s.shipRecipes(l))
		if err != nil {
			return err
		}
		pos, err := s.readPos(r, s.shipSpots(l), wShipPos)
		if err != nil {
			return err
		}
		cost := s.shipCost()
		kind := Wood
		if rec == "gold" {
			kind = Gold
		}
		s.spend(&s.Lands[l].Goods, kind, cost)
		if s.ShipDisc == 0 {
			s.ShipDisc = s.Round
		}
		v := s.launch(p, true, pos)
		s.emit("ev_ship", seatArg("Seat", p), num("N", v), nested("Cost", goodCount(kind, cost)), nested("Pos", s.posAt(pos)))
	}
	if !s.canBuild(p) {
		s.Queue = s.Queue[1:]
		s.nextBuilder()
	}
	return nil
}

// recipe reads the recipe token only when there is a real choice.
func (s *state) recipe(r *rd, recs []string) (string, error) {
	if len(recs) == 1 {
		return recs[0], nil
	}
	m := menu{toks: recs, what: wRecipe}
	m.label = func(i int) M { return fixed("recipe_" + recs[i]) }
	k, err := r.need(m)
	if err != nil {
		return "", err
	}
	return recs[k], nil
}

// spend returns resources to the supply.
func (s *state) spend(g *Goods, k, n int) {
	g[k] -= n
	s.Sup[k] += n
}

// launch puts a new boat or ship with its builder's warrior on the water (§8.2).
func (s *state) launch(p int, ship bool, pos int) int {
	s.NextV++
	s.Ships = append(s.Ships, Vessel{ID: s.NextV, Ship: ship, Owner: p, Pos: pos, Follower: -1})
	if ship {
		s.Sup[supShip]--
	} else {
		s.Sup[supBoat]--
	}
	return s.NextV
}

func (s *state) readPos(r *rd, cands []int, what M) (int, error) {
	m := menu{what: what}
	for _, c := range cands {
		m.add(posToken(c))
	}
	m.label = func(i int) M { return s.posName(cands[i]) }
	k, err := r.need(m)
	if err != nil {
		return -1, err
	}
	return cands[k], nil
}

func posToken(pos int) string {
	if pos >= riverBase {
		return board.Sections[pos-riverBase].Token
	}
	return board.Seas[pos].Token
}

var _ = rules.Spectator
