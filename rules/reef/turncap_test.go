package reef

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
)

// A hard turn at two seats stays within its cap of simulated moves, the machine-independent
// measure of its time (about 3-5 ms of one core each): the play-test saw hard turns of 19-35 s,
// and a share of five decisions let this turn run 1753 simulated moves (three: 1487).
func TestHardTurnCapped(t *testing.T) {
	const maxSimulated = 1600 // about 8 s of one core at the dearest 5 ms a simulated move
	s := newGame(t, 2, 8, VariantStandard)
	for n := 0; n < 40 && s.Res == nil; n++ {
		seat := rules.Seat(s.AwaitedSeats()[0])
		mustApply(t, s, int(seat), s.GreedyMove(seat, uint64(n)).String())
	}
	seat := rules.Seat(s.AwaitedSeats()[0])
	cfg, _ := ai.ForLevel("hard", 1)
	cfg.Turn = ai.NewTurn("hard")
	sims := 0
	for d := 0; d < 20 && s.Res == nil && s.Phase == phasePlay && rules.Seat(s.AwaitedSeats()[0]) == seat; d++ {
		m, st, err := ai.Choose(game{}, s, seat, cfg)
		if err != nil {
			t.Fatal(err)
		}
		sims += st.Simulated
		mustApply(t, s, int(seat), m.String())
		if m[0] == vTake {
			break
		}
	}
	t.Logf("hard turn: %d simulated moves", sims)
	if sims > maxSimulated {
		t.Errorf("a hard turn ran %d simulated moves, cap %d", sims, maxSimulated)
	}
}
