package reef

import (
	"strings"

	"github.com/boardbot/boardbot/rules"
)

// newState lays out a new game: boards, start polyps, coral tile side, open sea, first player and
// the hidden starting hands. The parrotfish polyp and the two larva cubes are each seat's first
// move (phaseSetup).
func newState(setup rules.Setup) *state {
	n := setup.Seats
	s := &state{
		Seats:    n,
		Advanced: setup.Options[OptVariant] == VariantAdvanced,
		RNG:      rules.NewRNG(setup.Seed),
		SeaAlga:  NoAlga,
		T:        turnState{Grow: NoColour},
	}
	for c := range s.Bag {
		s.Bag[c] = data.PolypsPerColour
		s.CubeSupply[c] = data.CubesPerColour
	}
	for a := range s.AlgaSupply {
		s.AlgaSupply[a] = data.AlgaePerColour
	}

	// As many boards as players, chosen at random, each with its five start polyps.
	perm := []int{1, 2, 3, 4}
	s.RNG.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	s.Layouts = append([]int(nil), perm[:n]...)
	s.initRock()
	s.Polyp = make([]Colour, s.numSquares())
	s.Shrimp = make([]int8, s.numSquares())
	for b := range s.Layouts {
		l := s.layout(b)
		for i := 0; i < perBoard; i++ {
			sq := b*perBoard + i
			s.Polyp[sq], s.Shrimp[sq] = l.Start[i], -1
			if l.Start[i] != NoColour {
				s.Bag[l.Start[i]]--
			}
		}
	}

	// One random draw decides the side every coral tile shows.
	sideB := s.RNG.IntN(2) == 1
	for t := range s.Tiles {
		s.Tiles[t] = tileState{SideB: sideB, Cover: NoAlga}
	}

	// The five bonus polyps beside the open sea.
	for c := range s.Bonus {
		s.Bonus[c] = true
		s.Bag[c]--
	}

	// Open sea: a larva cube on each space, then 3-3-3-2-1 polyps clockwise from a random space.
	for i, col := range data.SeaOrder {
		s.Sea[i] = seaSpace{Colour: col, Cube: true}
		s.CubeSupply[col]--
	}
	start := s.RNG.IntN(int(NumColours))
	for k, cnt := range data.OpenSeaFill {
		sp := &s.Sea[(start+k)%int(NumColours)]
		for j := 0; j < cnt; j++ {
			sp.Polyps[s.draw()]++
		}
	}

	// Random first player; in turn order each draws a hand (the later, the larger).
	s.First = s.RNG.IntN(n)
	s.Turn = s.First
	s.Players = make([]player, n)
	for k, size := range data.Hands[n] {
		p := &s.Players[(s.First+k)%n]
		p.ShrimpsHome = data.ShrimpsPerPlayer
		for j := 0; j < size; j++ {
			p.Screen[s.draw()]++
		}
	}
	s.Phase = phaseSetup
	return s
}

// draw takes a random polyp from the bag. When the bag runs dry the bonus polyps go into it
// first; NoColour means there is nothing left at all.
func (s *state) draw() Colour {
	total := sum(s.Bag[:])
	if total == 0 {
		for c := range s.Bonus {
			if s.Bonus[c] {
				s.Bonus[c] = false
				s.Bag[c]++
				total++
			}
		}
	}
	if total == 0 {
		return NoColour
	}
	r := s.RNG.IntN(total)
	for c, k := range s.Bag {
		if r < k {
			s.Bag[c]--
			return Colour(c)
		}
		r -= k
	}
	panic("unreachable")
}

// takeColour takes a polyp of colour c: the bonus tile beside the open sea, replaced at once from
// the bag when the bag still holds that colour. It reports where the polyp came from.
func (s *state) takeColour(c Colour) (ok bool, fromBonus bool) {
	switch {
	case s.Bag[c] > 0:
		// Taking the bonus tile and replacing it from the bag leaves the same table as taking
		// from the bag directly.
		s.Bag[c]--
		return true, false
	case s.Bonus[c]:
		s.Bonus[c] = false
		return true, true
	}
	return false, false
}

// topUpBonus refills empty bonus slots from the bag at the end of a turn.
func (s *state) topUpBonus() {
	for c := range s.Bonus {
		if !s.Bonus[c] && s.Bag[c] > 0 {
			s.Bag[c]--
			s.Bonus[c] = true
		}
	}
}

// Respell puts the two larva cubes of a setup move in colour order, the one spelling its choice
// tree offers, so that a player may write them in any order ("y w p" is "y p w").
func (s *state) Respell(seat rules.Seat, m rules.Move) rules.Move {
	if s.Phase != phaseSetup || len(m) != 3 {
		return m
	}
	a, okA := colourByToken(strings.ToLower(m[1]))
	b, okB := colourByToken(strings.ToLower(m[2]))
	if !okA || !okB || b >= a {
		return m
	}
	return rules.Move{m[0], m[2], m[1]}
}
