package reef

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

var figureGames = flag.Int("reef.games", 0, "games per player count for TestFigures (0: a quick check)")

type figures struct {
	games, finished, moves, turns int
	reasons                       map[string]int
	winsByOrder                   []float64 // by position in turn order from the first player
	score, winScore, eaten        int
	covered, triggered            int
}

// play runs one game with policy and gathers its figures.
func (f *figures) play(t testing.TB, seats int, seed uint64, greedy bool) {
	s := newGame(t, seats, seed, VariantStandard)
	r := rand.New(rand.NewPCG(seed, 5))
	f.games++
	for n := 0; s.Res == nil && n < 20000; n++ {
		ps := s.Awaiting()
		seat := ps[r.IntN(len(ps))].Seat
		var m rules.Move
		if greedy && s.Phase != phaseSetup {
			m = greedyMove(s, seat, r)
		} else {
			var err error
			if m, err = rules.RandomMove(s, seat, r); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("%q: %v", m, err)
		}
		f.moves++
		if m[0] == vTake {
			f.turns++
		}
	}
	if s.Res == nil {
		return
	}
	f.finished++
	reason := s.EndReason
	switch {
	case strings.Contains(reason, "covered"):
		reason = "all tiles covered"
	case strings.Contains(reason, "shrimps"):
		reason = "four shrimps eaten"
	case strings.Contains(reason, "refilled"):
		reason = "open sea not refilled"
	case strings.Contains(reason, "rock"):
		reason = "no rock left"
	}
	f.reasons[reason]++
	var winners []int
	for i, rk := range s.Res.Ranks {
		f.score += s.Res.Scores[i]
		f.eaten += s.Players[i].ShrimpsEaten
		if rk == 1 {
			winners = append(winners, i)
		}
	}
	for _, w := range winners {
		f.winsByOrder[(w-s.First+seats)%seats] += 1 / float64(len(winners))
		f.winScore += s.Res.Scores[w] / len(winners)
	}
	for _, tl := range s.Tiles {
		if tl.Cover != NoAlga {
			f.covered++
		}
	}
}

func (f *figures) String() string {
	g := float64(max(f.finished, 1))
	var rs []string
	for k, v := range f.reasons {
		rs = append(rs, fmt.Sprintf("%s %.0f%%", k, 100*float64(v)/g))
	}
	sort.Strings(rs)
	var wins []string
	for i, w := range f.winsByOrder {
		wins = append(wins, fmt.Sprintf("%d:%.0f%%", i+1, 100*w/g))
	}
	return fmt.Sprintf("finished %d/%d; %.0f moves, %.1f turns a game; ends: %s; wins by turn order %s; mean score %.1f, winner %.1f; shrimps eaten %.1f, tiles covered %.1f a game",
		f.finished, f.games, float64(f.moves)/float64(f.games), float64(f.turns)/float64(f.games), strings.Join(rs, ", "),
		strings.Join(wins, " "), float64(f.score)/g/float64(len(f.winsByOrder)), float64(f.winScore)/g, float64(f.eaten)/g, float64(f.covered)/g)
}

// TestFigures plays random and greedy games for each player count and reports the figures; run
// with -reef.games=200 -v for the full measurement (it takes minutes).
func TestFigures(t *testing.T) {
	games, greedyGames := *figureGames, *figureGames/4
	quick := games == 0
	if quick {
		games, greedyGames = 3, 1
		if testing.Short() {
			games, greedyGames = 2, 0
		}
	}
	for seats := 2; seats <= 4; seats++ {
		for _, greedy := range []bool{false, true} {
			n := games
			if greedy {
				n = greedyGames
				if quick && seats > 2 {
					n = 0 // a greedy game takes a second or two: one is enough to check it runs
				}
			}
			if n == 0 {
				continue
			}
			f := &figures{reasons: map[string]int{}, winsByOrder: make([]float64, seats)}
			for g := 0; g < n; g++ {
				f.play(t, seats, uint64(1000*seats+g), greedy)
			}
			if f.finished != f.games {
				t.Errorf("%d players: only %d of %d games finished", seats, f.finished, f.games)
			}
			policy := "random"
			if greedy {
				policy = "greedy"
			}
			t.Logf("%d players, %s: %s", seats, policy, f)
		}
	}
}
