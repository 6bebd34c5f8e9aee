package ascalion

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/ascalion"
)

// The board's cut of the map stays the same through a game, so replay frames keep their size.
func TestLandCropHoldsThroughAGame(t *testing.T) {
	for _, opts := range []map[string]string{{"setup": "quick"}, {"setup": "quick", "expansion": "on"}} {
		st, err := game.Game.New(rules.Setup{Seats: 4, Seed: 9, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		first := landCrop(geometry(), st.View(rules.Spectator).(game.View))
		r := rand.New(rand.NewPCG(9, 1))
		for i := 0; i < 3000 && st.Result() == nil; i++ {
			ps := st.Awaiting()
			p := ps[r.IntN(len(ps))]
			m, err := rules.RandomMove(st, p.Seat, r)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.Apply(p.Seat, m); err != nil {
				t.Fatal(err)
			}
			if i%50 == 0 {
				if c := landCrop(geometry(), st.View(rules.Spectator).(game.View)); c != first {
					t.Fatalf("%v: the cut moved from %v to %v after %d moves", opts, first, c, i+1)
				}
			}
		}
		if first.Dx() >= imgW && opts["expansion"] == "" {
			t.Errorf("%v: the map is not cut (%v)", opts, first)
		}
	}
}
