package ascidiae

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
)

// Normal and hard play Ascidiae by rollout improvement over the greedy player, each candidate
// simulated once (the rollouts are deterministic): no tree, one round of simulations, hard
// following the candidates further than normal (more simulated moves), and the same move again
// from the same seed.
func TestAILevelsImproveOnGreedy(t *testing.T) {
	s, err := Game.Info().ValidateSetup(rules.Setup{Seats: 2, Seed: 2, Options: map[string]string{"rearrange": "0"}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(s)
	if err != nil {
		t.Fatal(err)
	}
	// Play greedily to a decision with more moves than hard has candidates.
	for n := 0; ; n++ {
		if g.Res != nil || n > 200 {
			t.Fatal("no decision with 40 moves in this game")
		}
		seat := g.Awaiting()[0].Seat
		if !g.setupPhase() && len(g.moves(int(seat), 4000)) >= 40 {
			break
		}
		if _, err := g.Apply(seat, g.GreedyMove(seat, 0)); err != nil {
			t.Fatal(err)
		}
	}
	seat := g.Awaiting()[0].Seat
	before, _ := g.Encode()
	simulated := map[string]int{}
	for _, level := range []string{"normal", "hard"} {
		cfg, err := ai.ForLevel(level, 9)
		if err != nil {
			t.Fatal(err)
		}
		m, stats, err := ai.Choose(Game, g, seat, cfg)
		if err != nil {
			t.Fatalf("%s: %v", level, err)
		}
		if stats.Nodes != 0 || stats.Iterations != 1 {
			t.Errorf("%s: %+v, want the rollout improvement with one simulation per candidate", level, stats)
		}
		if again, _, _ := ai.Choose(Game, g, seat, cfg); !again.Equal(m) {
			t.Errorf("%s: %q, then %q from the same seed", level, m, again)
		}
		simulated[level] = stats.Simulated
	}
	if simulated["hard"] <= simulated["normal"] {
		t.Errorf("hard simulated %d moves, normal %d", simulated["hard"], simulated["normal"])
	}
	if after, _ := g.Encode(); string(after) != string(before) {
		t.Error("the AI changed the game")
	}
}
