package reef

import (
	"flag"
	"math/rand/v2"
	"sort"
	"testing"
	"time"

	"github.com/boardbot/boardbot/render"
	"github.com/boardbot/boardbot/rules"
	rf "github.com/boardbot/boardbot/rules/reef"
)

var selfplayGames = flag.Int("reef.selfplay", 0, "games for TestSelfplay, as boardbot selfplay --render plays them (0: a quick check)")

// TestSelfplay plays random games the way `boardbot selfplay --render` does (seat counts and the
// variant spread over the games, a render every 8th position then sparser, the final position in
// every view) and reports finish rate, move speed, render times and PNG sizes.
func TestSelfplay(t *testing.T) {
	games := *selfplayGames
	if games == 0 {
		games = 6
	}
	var renders []time.Duration
	var sizes []int
	moves, finished := 0, 0
	var moveTime time.Duration
	for i := 0; i < games; i++ {
		seats := 2 + i%3
		variant := []string{rf.VariantStandard, rf.VariantAdvanced}[(i/3)%2]
		st, err := rf.Game.New(rules.Setup{Seats: seats, Seed: uint64(i + 1), Options: map[string]string{rf.OptVariant: variant}})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i+1), 0x5e1f))
		draw := func(seat rules.Seat) {
			t0 := time.Now()
			b, err := PNG(st.View(seat), render.Meta{})
			if err != nil {
				t.Fatalf("game %d: render: %v", i, err)
			}
			renders = append(renders, time.Since(t0))
			sizes = append(sizes, len(b))
		}
		every, drawn, n := 8, 0, 0
		for st.Result() == nil && n < 50000 {
			ps := st.Awaiting()
			p := ps[r.IntN(len(ps))]
			t0 := time.Now()
			m, err := rules.RandomMove(st, p.Seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(p.Seat, m); err != nil {
				t.Fatalf("game %d: %q refused: %v", i, m, err)
			}
			moveTime += time.Since(t0)
			n++
			if n%every == 0 {
				draw(rules.Spectator)
				if drawn++; drawn%8 == 0 {
					every *= 2
				}
			}
		}
		moves += n
		if st.Result() != nil {
			finished++
		}
		draw(rules.Spectator)
		for s := 0; s < seats; s++ {
			draw(rules.Seat(s))
		}
	}
	if finished != games {
		t.Errorf("%d of %d games finished", finished, games)
	}
	sort.Slice(renders, func(a, b int) bool { return renders[a] < renders[b] })
	sort.Ints(sizes)
	t.Logf("%d/%d games finished, %d moves (%.0f moves/s); %d renders: p50 %v, p99 %v; PNG p50 %d bytes, max %d",
		finished, games, moves, float64(moves)/moveTime.Seconds(), len(renders),
		renders[len(renders)/2].Round(time.Microsecond*100), renders[len(renders)*99/100].Round(time.Microsecond*100),
		sizes[len(sizes)/2], sizes[len(sizes)-1])
	// Random play marks more than any real turn (shrimps crossing boards, corals eaten each
	// turn): its largest boards, private 4-seat views, still keep to the 60 KB budget.
	if sizes[len(sizes)-1] > 60_000 {
		t.Errorf("a PNG of %d bytes", sizes[len(sizes)-1])
	}
}
