package autumnash

import (
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Every corner is taken and nearly every leaf is burnt or buried: Rainbow's green queen on B3 and
// Xeno's white drone on C3 are the only leaves that can move. The orange queens are all on the
// board, buried away from any line, so the drone can only become an orange pawn or drone.
const cornered = `variant standard
turn rainbow
6 O3P3 .  .  .    O3K3
5 .    .  .  .    .
4 K1   K2 P2 .    .
3 .    G3 W2 P2   .
2 K1   K2 P2 .    .
1 K3   .  .  O3K1 O3P3
  a   b   c    d    e`

// A move that would leave the opponent without a legal move is not offered.
func TestNoStalemateMoves(t *testing.T) {
	s := pos(t, cornered)
	// As a yellow drone on A3 the queen would stop the Xeno drone arriving head-on at B3, its only
	// way out; as a yellow pawn it would not.
	sameTokens(t, "sizes on A3", tokens(t, s, "b3 a3"), "pawn", "queen")
	mustRefuse(t, s, "b3 a3 drone", "Becoming a yellow drone would leave Xeno without a legal move, which the rules forbid")
	mustApply(t, s, "b3 a3 pawn")
	if s.result != nil {
		t.Fatalf("game ended: %v", s.result.English())
	}
}

// A player who has no legal move at the start of the turn loses. Here every Xeno move (onto B3,
// onto the queen on A3, out and back) would shut the Rainbow queen in, so Xeno has no legal move.
func TestNoMoveLoses(t *testing.T) {
	s := pos(t, cornered)
	evs := mustApply(t, s, "b3 a3 queen")
	if s.result == nil {
		t.Fatalf("game goes on\n%s", s.diagram())
	}
	if s.result.Ranks[0] != 1 || s.result.Ranks[1] != 2 || !strings.Contains(rules.PlainSeats(s, s.result.English()), "Xeno has no legal move and loses") {
		t.Errorf("result %+v", s.result)
	}
	if !strings.Contains(evs[len(evs)-1].English(), "no legal move") {
		t.Errorf("events %v", evs)
	}
	if len(s.Awaiting()) != 0 || s.view().Turn != rules.Spectator {
		t.Error("a finished game still awaits someone")
	}
}

// Reaching 21 wins at once; nothing can be played afterwards.
func TestTargetWins(t *testing.T) {
	s := pos(t, "variant standard\nturn rainbow\nscores 15 20\n"+numbered(`
		.  .  .  .  C1
		.  .  .  .  .
		.  .  .  .  .
		.  .  .  .  .
		R1 R1 .  .  .
		.  .  Y2 .  .`))
	// Menus say the win first (Gain), the label no more.
	if g := s.Gain(s.turn, move("c1 c2 queen")); !g.Wins {
		t.Errorf("winning size gains %+v", g)
	}
	mustApply(t, s, "c1 c2 pawn") // 1+1+1+3 = 6: exactly 21
	if s.result == nil || s.result.Ranks[0] != 1 || s.result.Scores[0] != 21 {
		t.Fatalf("result %+v", s.result)
	}
	if _, err := s.Apply(1, move("e6 e5 pawn")); err == nil {
		t.Error("a move after the end was accepted")
	}
	if _, _, err := s.Choices(1, nil); err == nil {
		t.Error("choices after the end")
	}
}

// A winning move stands even when it leaves the opponent without a move: the game is over.
func TestWinningMoveMayStalemate(t *testing.T) {
	// Xeno's drone on C3 can only cap the red queen on B3; bagging that queen leaves a purple drone
	// on top, which a drone cannot cap.
	const d = `
		K3 Y1 .  .    K3
		.  .  .  .    .
		.  R1 P2 .    .
		.  P2R3 W2 P2 .
		.  .  P2 .    .
		K3 .  .  .    P3`
	s := pos(t, "variant standard\nturn rainbow\nscores 0 0\n"+numbered(d))
	mustRefuse(t, s, "b6 b5 pawn", "would leave Xeno without a legal move")
	s = pos(t, "variant standard\nturn rainbow\nscores 15 0\n"+numbered(d))
	mustApply(t, s, "b6 b5 pawn")
	if s.result == nil || s.result.Ranks[0] != 1 {
		t.Fatalf("result %+v", s.result)
	}
}
