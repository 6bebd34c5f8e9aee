package autumnash

import (
	"flag"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

var selfplayGames = flag.Int("selfplay", 20, "random games per variant in TestSelfplay")

// TestSelfplay plays uniformly random legal games to the end and reports how they finish. Every
// game must end (21 points or a player without a move) well within the suite's move bound.
func TestSelfplay(t *testing.T) {
	for _, v := range data.variants {
		var moves, byPoints, noMove, longest int
		var wins [2]int
		for g := 0; g < *selfplayGames; g++ {
			st, err := Game.New(rules.Setup{Seats: 2, Options: map[string]string{OptVariant: v.name}})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*state)
			r := rand.New(rand.NewPCG(uint64(g), 42))
			n := 0
			for ; s.result == nil; n++ {
				if n > 2000 {
					t.Fatalf("%s game %d still running after %d moves\n%s", v.name, g, n, s.diagram())
				}
				m, err := rules.RandomMove(s, s.turn, r)
				if err != nil {
					t.Fatalf("%s game %d move %d: %v", v.name, g, n, err)
				}
				if _, err := s.Apply(s.turn, m); err != nil {
					t.Fatalf("%s game %d move %d %q: %v", v.name, g, n, m, err)
				}
			}
			moves += n
			longest = max(longest, n)
			wins[s.result.Winners()[0]]++
			if strings.Contains(s.result.English(), "no legal move") {
				noMove++
			} else {
				byPoints++
			}
		}
		if *selfplayGames > 0 {
			t.Logf("%s: %d games, %.1f moves on average (longest %d), Rainbow won %d, Xeno %d; %d by points, %d by a player left without a move",
				v.name, *selfplayGames, float64(moves)/float64(*selfplayGames), longest, wins[0], wins[1], byPoints, noMove)
		}
	}
}
