package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// checkInvariants holds after every move: nothing is created or lost, never two shrimps on one
// coral, at most two of a player's shrimps on a board, and no shrimp on bare rock between turns.
func checkInvariants(t testing.TB, s *state) {
	t.Helper()
	checkTotals(t, s)
	cm := s.corals()
	perCoral := map[int16]int{}
	for sq, sh := range s.Shrimp {
		if sh < 0 {
			continue
		}
		if s.Polyp[sq] != NoColour {
			perCoral[cm.id[sq]]++
			if perCoral[cm.id[sq]] > 1 {
				t.Fatalf("two shrimps on %s", s.coralText(cm, sq).English())
			}
		} else if int(sh) != s.Turn || s.Phase != phasePlay {
			t.Fatalf("shrimp of seat %d on bare rock at %s outside its turn", sh, SquareName(sq))
		}
	}
	for i := range s.Players {
		for b := range s.Layouts {
			if s.ownOnBoard(i, b) > data.MaxShrimpsPerBoard {
				t.Fatalf("seat %d has %d shrimps on board %d", i, s.ownOnBoard(i, b), b+1)
			}
		}
	}
	if s.T.FromScreen > data.MaxPerCube || s.T.Larva > 2 {
		t.Fatalf("turn state %+v", s.T)
	}
}

func TestInvariantsInRandomGames(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for n := 2; n <= 4; n++ {
		for g := 0; g < games; g++ {
			for _, v := range []string{VariantStandard, VariantAdvanced} {
				s := newGame(t, n, uint64(100*n+g), v)
				moves := randomGame(t, s, uint64(g), 20000, func(rules.Seat, rules.Move, []rules.Event) {
					checkInvariants(t, s)
				})
				if s.Res == nil {
					t.Fatalf("%d players, game %d: no result after %d moves", n, g, moves)
				}
			}
		}
	}
}
