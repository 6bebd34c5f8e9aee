package reef

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

func TestSetupBoardsTilesAndSea(t *testing.T) {
	sides := map[bool]int{}
	firsts := map[int]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		for n := 2; n <= 4; n++ {
			s := newGame(t, n, seed, VariantStandard)
			checkTotals(t, s)
			// As many boards as players, all different, each with its five start polyps.
			if len(s.Layouts) != n {
				t.Fatalf("%d boards for %d players", len(s.Layouts), n)
			}
			seen := map[int]bool{}
			for b, l := range s.Layouts {
				if seen[l] {
					t.Fatalf("board %d dealt twice", l)
				}
				seen[l] = true
				for i := 0; i < perBoard; i++ {
					if s.Polyp[b*perBoard+i] != s.layout(b).Start[i] {
						t.Fatalf("board %d square %d: %s", l, i, s.Polyp[b*perBoard+i])
					}
				}
			}
			// All ten coral tiles on the same side, none covered.
			for _, tl := range s.Tiles {
				if tl.SideB != s.Tiles[0].SideB || tl.Cover != NoAlga {
					t.Fatalf("tiles %+v", s.Tiles)
				}
			}
			sides[s.Tiles[0].SideB]++
			// Open sea: each space has its cube, and the polyps run 3-3-3-2-1 clockwise.
			var counts []int
			for i, sp := range s.Sea {
				if !sp.Cube || sp.Colour != data.SeaOrder[i] {
					t.Fatalf("space %d: %+v", i, sp)
				}
				counts = append(counts, sp.count())
			}
			start := slices.Index(counts, 1) + 1
			for k, want := range data.OpenSeaFill {
				if got := counts[(start+k)%5]; got != want {
					t.Fatalf("open sea %v is not 3-3-3-2-1 from one space", counts)
				}
			}
			// Hands in turn order from the first player.
			for k, size := range data.Hands[n] {
				if got := sum(s.Players[(s.First+k)%n].Screen[:]); got != size {
					t.Fatalf("%d players: player %d in turn order holds %d, want %d", n, k+1, got, size)
				}
			}
			firsts[s.First]++
			if s.Phase != phaseSetup || len(s.Awaiting()) != n {
				t.Fatalf("setup awaits %d seats", len(s.Awaiting()))
			}
		}
	}
	if sides[true] == 0 || sides[false] == 0 {
		t.Errorf("the coral tile side never varies: %v", sides)
	}
	if len(firsts) < 3 {
		t.Errorf("first player hardly varies: %v", firsts)
	}
}

func TestSetupChoices(t *testing.T) {
	s := newGame(t, 3, 9, VariantStandard)
	var fish Colour
	for c := range s.Players[1].Screen {
		if s.Players[1].Screen[c] > 0 {
			fish = Colour(c)
			break
		}
	}
	screen := s.Players[1].Screen
	evs := mustApply(t, s, 1, fish.Letter()+" g y")
	p := s.Players[1]
	if p.Fish[fish] != 1 || p.Screen[fish] != screen[fish]-1 || p.Cubes[Grey] != 1 || p.Cubes[Yellow] != 1 || !p.Ready {
		t.Fatalf("after setup: %+v", p)
	}
	// The parrotfish polyp is told to its owner only.
	for _, e := range evs {
		if strings.Contains(e.English(), " "+fish.String()+" polyp") && !slices.Equal(e.To, []rules.Seat{1}) {
			t.Errorf("event %q tells everyone the parrotfish polyp", e.English())
		}
	}
	checkTotals(t, s)
	// A seat that has chosen is no longer awaited; the others choose in any order.
	if reason := refuse(t, s, 1, "g g g"); !strings.Contains(reason, "setup") {
		t.Errorf("reason %q", reason)
	}
	refuse(t, s, 0, "x")
	for _, seat := range []int{2, 0} {
		for c := range s.Players[seat].Screen {
			if s.Players[seat].Screen[c] > 0 {
				mustApply(t, s, seat, Colour(c).Letter()+" w w")
				break
			}
		}
	}
	if s.Phase != phasePlay || s.Turn != s.First {
		t.Fatalf("phase %d turn %d first %d", s.Phase, s.Turn, s.First)
	}
	// The second cube is never listed before the first: one path per pair of cubes.
	s2 := newGame(t, 2, 3, VariantStandard)
	next, _, err := s2.Choices(0, rules.Move{firstColour(s2.Players[0].Screen).Letter(), "p"})
	if err != nil {
		t.Fatal(err)
	}
	var toks []string
	for _, c := range next {
		toks = append(toks, c.Token)
	}
	if strings.Join(toks, " ") != "p w y" {
		t.Errorf("second cube after pink: %v", toks)
	}
}

func firstColour(n [NumColours]int) Colour {
	for c, k := range n {
		if k > 0 {
			return Colour(c)
		}
	}
	return NoColour
}

func TestViewsHideScreensAndParrotfish(t *testing.T) {
	s := newGame(t, 3, 4, VariantStandard)
	pub, _ := json.Marshal(s.View(rules.Spectator))
	if strings.Contains(string(pub), `"me"`) {
		t.Errorf("public view carries a private part")
	}
	v := s.View(2).(*View)
	if v.Me == nil || v.Me.Screen != s.Players[2].Screen {
		t.Fatalf("own view lacks the screen")
	}
	// Counts behind the screens are public, colours are not.
	for i, pv := range v.Players {
		if pv.Screen != sum(s.Players[i].Screen[:]) || pv.FishColours != nil {
			t.Errorf("player view %+v", pv)
		}
	}
}

// A player writes the two larva cubes in any order: the platform's spelling check (rules.Canonical)
// turns "y w" into the tree's "w y", and the refusal for a cube really missing still names it.
func TestSetupCubesInAnyOrder(t *testing.T) {
	s := newGame(t, 2, 3, VariantStandard)
	fish := firstColour(s.Players[0].Screen).Letter()
	for typed, want := range map[string]string{
		fish + " Y p": fish + " p y",
		fish + " y w": fish + " w y",
		fish + " w y": fish + " w y",
		fish + " o o": fish + " o o",
	} {
		m, err := rules.Canonical(s, 0, rules.Move(strings.Fields(typed)))
		if err != nil || m.String() != want {
			t.Errorf("%q: %v %v, want %q", typed, m, err, want)
		}
	}
	s.CubeSupply[Pink] = 0
	if _, err := rules.Canonical(s, 0, rules.Move{fish, "y", "p"}); err == nil || !strings.Contains(err.Error(), "pink") {
		t.Errorf("no pink cube left: %v", err)
	}
}
