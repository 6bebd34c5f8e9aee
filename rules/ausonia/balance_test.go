package ausonia

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

var balanceGames = flag.Int("balance.games", 20, "games per table size for TestBalance (go test -run TestBalance -v -args -balance.games=200)")

// owned lists the favour and power cards seat p owns at the end (every zone but the market).
func (s *state) owned(p rules.Seat) []int {
	pl := s.P[p]
	var out []int
	for _, z := range [][]int{pl.Draw, pl.Hand, pl.Discard, pl.Play, pl.Bought, pl.Raise, pl.Seal} {
		for _, x := range z {
			if k := s.card(x).Kind; k == FavourCard || k == PowerCard {
				out = append(out, x)
			}
		}
	}
	for _, src := range pl.Sources {
		if k := s.card(src.Foundation).Kind; k == FavourCard || k == PowerCard {
			out = append(out, src.Foundation)
		}
	}
	return out
}

type balance struct {
	games, rounds, minR, maxR int
	bought, inWinner          map[string]int
	wins                      int // solo: the player won
}

func measure(t testing.TB, seats int, asp string, games int) *balance {
	b := &balance{minR: 1 << 30, bought: map[string]int{}, inWinner: map[string]int{}}
	for seed := 1; seed <= games; seed++ {
		s := newGame(t, seats, uint64(seed)*7919, OptAspirant+"="+asp)
		playout(t, s, greedy, 20000)
		b.games++
		b.rounds += s.Round
		b.minR, b.maxR = min(b.minR, s.Round), max(b.maxR, s.Round)
		for p := range s.P {
			seen := map[string]bool{}
			for _, x := range s.owned(rules.Seat(p)) {
				b.bought[s.code(x)]++
				if s.Res.Ranks[p] == 1 && !seen[s.code(x)] {
					seen[s.code(x)] = true
					b.inWinner[s.code(x)]++
				}
			}
		}
		if seats == 1 && s.Res.Ranks[0] == 1 {
			b.wins++
		}
	}
	return b
}

// TestBalance measures what the issue asks for with the greedy bot: rounds per game, how often each
// card is bought and how often it sits in the winner's deck, and the solo win rate against each
// Aspirant. It asserts the brief's targets loosely; -v prints the figures.
func TestBalance(t *testing.T) {
	if testing.Short() {
		t.Skip("balance figures take a few seconds")
	}
	games := *balanceGames
	all := map[string]int{}
	winners := map[string]int{}
	totalGames := 0
	for n := 2; n <= 4; n++ {
		b := measure(t, n, "1", games)
		t.Logf("%d players: %d games, rounds mean %.1f (min %d, max %d)", n, b.games, float64(b.rounds)/float64(b.games), b.minR, b.maxR)
		if mean := float64(b.rounds) / float64(b.games); mean < 8 || mean > 25 {
			t.Errorf("%d players: %.1f rounds per game is outside a plausible 8-25", n, mean)
		}
		for k, v := range b.bought {
			all[k] += v
		}
		for k, v := range b.inWinner {
			winners[k] += v
		}
		totalGames += b.games
	}
	type row struct {
		code       string
		bought, in int
	}
	var rows []row
	for _, c := range Cards {
		if c.Kind == FavourCard || c.Kind == PowerCard {
			rows = append(rows, row{c.Code, all[c.Code], winners[c.Code]})
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].in > rows[j].in })
	var sb strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&sb, " %s:%d/%d%%", r.code, r.bought, 100*r.in/totalGames)
		if 100*r.in > 80*totalGames {
			t.Errorf("%s is in %d%% of winning decks (more than 80%%)", r.code, 100*r.in/totalGames)
		}
	}
	t.Logf("bought (all games) / in the winner's deck:%s", sb.String())
	for _, a := range Aspirants {
		b := measure(t, 1, a.Code, games)
		rate := float64(b.wins) / float64(b.games)
		t.Logf("solo vs %s: greedy player wins %d of %d (%.0f%%), rounds mean %.1f", a.Name, b.wins, b.games, 100*rate, float64(b.rounds)/float64(b.games))
		if games >= 20 && (b.wins == 0 || b.wins == b.games) {
			t.Errorf("solo vs %s: the Aspirant must be beatable and able to win (%d of %d)", a.Name, b.wins, b.games)
		}
	}
}
