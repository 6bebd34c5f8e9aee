package ascalion

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/boardbot/boardbot/rules"
)

// TestBalance measures random selfplay: how often games finish, how long they run, and how wins
// spread over the seats. It is a measurement, not a check, so it runs only when asked:
//
//	ASCALION_BALANCE=20 go test -run Balance -v ./rules/ascalion/
func TestBalance(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ASCALION_BALANCE"))
	if n <= 0 {
		t.Skip("set ASCALION_BALANCE=<games per configuration>")
	}
	type cfg struct {
		seats int
		exp   string
	}
	var out strings.Builder
	fmt.Fprintf(&out, "\n%-14s %5s %8s %8s %8s %9s %s\n", "config", "games", "finished", "rounds", "moves", "µs/move", "wins by seat (first = round-1 start player) · end reasons")
	for _, c := range []cfg{{2, "off"}, {2, "on"}, {4, "off"}, {4, "on"}, {6, "off"}, {6, "on"}} {
		finished, rounds, moves := 0, 0, 0
		wins := make([]int, c.seats)
		reasons := map[string]int{}
		start := time.Now()
		for g := 0; g < n; g++ {
			setup := rules.Setup{Seats: c.seats, Seed: uint64(1000*c.seats + g), Options: map[string]string{"expansion": c.exp, "setup": "quick"}}
			s, m := playRandom(t, setup, 40000)
			moves += m
			rounds += s.Round
			if s.Res == nil {
				continue
			}
			finished++
			first := s.firstSP()
			for _, w := range s.Res.Winners() {
				wins[(int(w)-first+c.seats)%c.seats]++
			}
			r := "3 cities"
			if strings.Contains(s.Res.English(), "nobody else holds") {
				r = "last standing"
			}
			reasons[r]++
		}
		el := time.Since(start)
		var rs []string
		for k, v := range reasons {
			rs = append(rs, fmt.Sprintf("%s %d", k, v))
		}
		sort.Strings(rs)
		fmt.Fprintf(&out, "%-14s %5d %8d %8.0f %8.0f %9.1f %v · %s\n", fmt.Sprintf("%d seats exp=%s", c.seats, c.exp), n, finished,
			float64(rounds)/float64(n), float64(moves)/float64(n), float64(el.Microseconds())/float64(max(1, moves)), wins, strings.Join(rs, ", "))
	}
	t.Log(out.String())
}

// firstSP recovers the start player of round 1 from the current one.
func (s *state) firstSP() int {
	return ((s.SP-(s.Round-1))%s.N + s.N) % s.N
}
