package autumnash

import (
	"math/rand/v2"
	"testing"

	"github.com/boardbot/boardbot/rules"
	game "github.com/boardbot/boardbot/rules/autumnash"
)

// playout plays random legal moves from a new game until stop returns true for the view after a
// move, or the game ends; it returns every view along the way, the start included.
func playout(t testing.TB, variant string, seed uint64, stop func(*game.View) bool) []*game.View {
	t.Helper()
	st, err := game.Game.New(rules.Setup{Seats: 2, Seed: seed, Options: map[string]string{game.OptVariant: variant}})
	if err != nil {
		t.Fatalf("new %s game: %v", variant, err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	views := []*game.View{st.View(rules.Spectator).(*game.View)}
	for i := 0; i < 1000 && st.Result() == nil; i++ {
		seat := st.Awaiting()[0].Seat
		m, err := rules.RandomMove(st, seat, rng)
		if err != nil {
			t.Fatalf("random move: %v", err)
		}
		if _, err := st.Apply(seat, m); err != nil {
			t.Fatalf("apply %v: %v", m, err)
		}
		v := st.View(rules.Spectator).(*game.View)
		views = append(views, v)
		if stop != nil && stop(v) {
			break
		}
	}
	return views
}
