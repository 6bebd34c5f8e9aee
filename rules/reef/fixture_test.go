package reef

import (
	"fmt"
	"testing"
)

// fixture is a game in play on printed boards 1..n with nothing on the reef, nothing behind the
// screens and every polyp back in the bag (the open sea and bonus tiles stay as dealt). Seat 0 is
// to move. Tests then put exactly what they need in place, always from the bag or the supplies,
// so the component counts stay whole.
func fixture(t testing.TB, seats int) *state {
	t.Helper()
	s := newGame(t, seats, 1, VariantStandard)
	s.Layouts = s.Layouts[:0]
	for b := 1; b <= seats; b++ {
		s.Layouts = append(s.Layouts, b)
	}
	s.initRock()
	for sq := range s.Polyp {
		if c := s.Polyp[sq]; c != NoColour {
			s.Bag[c]++
		}
		s.Polyp[sq], s.Shrimp[sq] = NoColour, -1
	}
	for i := range s.Players {
		p := &s.Players[i]
		for c := range p.Screen {
			s.Bag[c] += p.Screen[c] + p.Fish[c] + p.Consumed[c]
			s.CubeSupply[c] += p.Cubes[c]
		}
		*p = player{ShrimpsHome: data.ShrimpsPerPlayer, Ready: true}
	}
	for i := range s.Tiles {
		s.Tiles[i].SideB = false
	}
	s.Phase, s.Turn, s.First = phasePlay, 0, 0
	s.T = turnState{Grow: NoColour}
	return s
}

// at parses "2:D4" into a square.
func at(name string) int {
	var b, r int
	var c rune
	if _, err := fmt.Sscanf(name, "%d:%c%d", &b, &c, &r); err != nil {
		panic(err)
	}
	return (b-1)*perBoard + (r-1)*Cols + int(c-'A')
}

// put lays polyps of colour c, taken from the bag, on the named squares.
func put(t testing.TB, s *state, c Colour, names ...string) {
	t.Helper()
	for _, n := range names {
		sq := at(n)
		if !s.isRock(sq) || s.Polyp[sq] != NoColour || s.Bag[c] == 0 {
			t.Fatalf("cannot put %s on %s", c, n)
		}
		s.Bag[c]--
		s.Polyp[sq] = c
	}
}

// shrimpOn puts one of seat's shrimps from behind the screen on the named square.
func shrimpOn(t testing.TB, s *state, seat int, name string) {
	t.Helper()
	sq := at(name)
	if s.Shrimp[sq] >= 0 || s.Players[seat].ShrimpsHome == 0 {
		t.Fatalf("cannot put a shrimp on %s", name)
	}
	s.Players[seat].ShrimpsHome--
	s.Shrimp[sq] = int8(seat)
}

// give moves n polyps of colour c from the bag behind seat's screen.
func give(t testing.TB, s *state, seat int, c Colour, n int) {
	t.Helper()
	if s.Bag[c] < n {
		t.Fatalf("bag has only %d %s", s.Bag[c], c)
	}
	s.Bag[c] -= n
	s.Players[seat].Screen[c] += n
}

// giveConsumed moves n polyps of colour c from the bag in front of seat's screen.
func giveConsumed(t testing.TB, s *state, seat int, c Colour, n int) {
	t.Helper()
	s.Bag[c] -= n
	s.Players[seat].Consumed[c] += n
}

// giveFish moves n polyps of colour c from the bag into seat's parrotfish.
func giveFish(t testing.TB, s *state, seat int, c Colour, n int) {
	t.Helper()
	s.Bag[c] -= n
	s.Players[seat].Fish[c] += n
}

// giveCube moves a larva cube of colour c from the supply behind seat's screen.
func giveCube(t testing.TB, s *state, seat int, c Colour) {
	t.Helper()
	if s.CubeSupply[c] == 0 {
		t.Fatalf("no %s cube in the supply", c)
	}
	s.CubeSupply[c]--
	s.Players[seat].Cubes[c]++
}

// totals counts every component wherever it is: polyps, cubes, cylinders, shrimps.
func totals(s *state) (polyps [NumColours]int, cubes [NumColours]int, algae [NumAlgae]int, shrimps []int) {
	polyps, cubes, algae = s.Bag, s.CubeSupply, s.AlgaSupply
	for c := range s.Bonus {
		if s.Bonus[c] {
			polyps[c]++
		}
	}
	for _, c := range s.Polyp {
		if c != NoColour {
			polyps[c]++
		}
	}
	for _, sp := range s.Sea {
		for c, n := range sp.Polyps {
			polyps[c] += n
		}
		if sp.Cube {
			cubes[sp.Colour]++
		}
	}
	shrimps = make([]int, s.Seats)
	for i, p := range s.Players {
		for c := range p.Screen {
			polyps[c] += p.Screen[c] + p.Fish[c] + p.Consumed[c]
			cubes[c] += p.Cubes[c]
			if s.Phase == phaseSetup {
				// Setup cubes leave the public supply only once everyone has chosen.
				cubes[c] -= p.Cubes[c]
			}
		}
		shrimps[i] = p.ShrimpsHome + p.ShrimpsEaten
	}
	for _, sh := range s.Shrimp {
		if sh >= 0 {
			shrimps[sh]++
		}
	}
	if s.SeaAlga != NoAlga {
		algae[s.SeaAlga]++
	}
	for _, t := range s.Tiles {
		if t.Cover != NoAlga {
			algae[t.Cover]++
		}
	}
	return
}

// checkTotals fails when a component was created or lost.
func checkTotals(t testing.TB, s *state) {
	t.Helper()
	polyps, cubes, algae, shrimps := totals(s)
	for c := range polyps {
		if polyps[c] != data.PolypsPerColour || cubes[c] != data.CubesPerColour {
			t.Fatalf("%s: %d polyps, %d cubes", Colour(c), polyps[c], cubes[c])
		}
	}
	for a := range algae {
		if algae[a] != data.AlgaePerColour {
			t.Fatalf("%s cylinders: %d", Alga(a), algae[a])
		}
	}
	for i, n := range shrimps {
		if n != data.ShrimpsPerPlayer {
			t.Fatalf("seat %d has %d shrimps", i, n)
		}
	}
}

// sqt writes a square name as move tokens: "2:D4" -> "2 d 4".
func sqt(name string) string {
	t := squareTokens(at(name))
	return t[0] + " " + t[1] + " " + t[2]
}
