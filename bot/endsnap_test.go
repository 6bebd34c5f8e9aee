package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/reef"
)

// The final board of a game the platform ended is drawn from the state concluded as the rules'
// own end shows it (Reef: every parrotfish revealed), while the stored state is left as the log
// replays it.
func TestEndSnapConcludes(t *testing.T) {
	st, err := reef.Game.New(rules.Setup{Seats: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		m, err := rules.RandomMove(st, rules.Seat(i), rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(rules.Seat(i), m); err != nil {
			t.Fatal(err)
		}
	}
	live, _ := st.Encode()
	snap := endSnap(reef.Game, st)
	if after, _ := st.Encode(); string(after) != string(live) {
		t.Fatal("endSnap changed the live state")
	}
	end, err := reef.Game.Decode(snap)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range end.View(rules.Spectator).(*reef.View).Players {
		if p.FishColours == nil || p.Score == nil {
			t.Errorf("seat %d: parrotfish not revealed on the final board", p.Seat)
		}
	}
	for _, p := range st.View(rules.Spectator).(*reef.View).Players {
		if p.FishColours != nil {
			t.Errorf("seat %d: the live state reveals its parrotfish", p.Seat)
		}
	}
}
