package autumnash

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// Each test here proves one line of the rulebook (seeds/autumn-ash.txt), quoted above it.

// "Color Bonuses ... Black and Purple + 12" and "Score one bonus per bagged group (no matter the
// number of pyramids involved), counting each pyramid only once." A burnt leaf never moves, so a
// burnt line is made by the leaf that turns black or purple as it moves.
func TestRulebookBurntLinesScoreTwelve(t *testing.T) {
	runChecks(t, []check{
		{name: "black row", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			K1 K3 .  .  .
			.  .  B2 .  .
			.  .  .  .  .`), apply: "c2 c3 drone", scores: pts(1+3+2+12, 0), board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .`},
		{name: "purple row for xeno", diag: "variant standard\nturn xeno\n" + numbered(`
			.  .  .  .  .
			.  .  .  .  .
			.  .  .  .  .
			P1 P2 .  .  .
			.  .  N1 .  .
			.  .  .  .  G1`), apply: "c2 c3 pawn", scores: pts(0, 1+2+1+12)},
		{name: "black stack of three", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  K1W1K2N1 .  .
			.  .  B1 .  .
			.  .  .  .  .`), apply: "c2 c3", scores: pts(1+2+1+12, 0), board: `
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			.  .  W1N1 .  .
			.  .  .  .  .
			.  .  .  .  .`},
		{name: "two black lines are one group with one bonus", diag: std(`
			.  .  .  .  C1
			.  .  K2 .  .
			.  .  K1 .  .
			K1 K1 .  .  .
			.  .  B1 .  .
			.  .  .  .  .`), apply: "c2 c3 pawn", scores: pts(2+1+1+1+1+12, 0)},
		{name: "the same row in blue earns 6", diag: std(`
			.  .  .  .  C1
			.  .  .  .  .
			.  .  .  .  .
			B1 B3 .  .  .
			.  .  R2 .  .
			.  .  .  .  .`), apply: "c2 c3 drone", scores: pts(1+3+2+6, 0)},
	})
}

// mirror swaps the two sides of a diagram: every colour becomes the other side's colour at the
// same stage, and the other side moves.
func mirror(diagram string) string {
	swap := map[rune]rune{'G': 'C', 'Y': 'W', 'R': 'O', 'B': 'N', 'K': 'P', 'C': 'G', 'W': 'Y', 'O': 'R', 'N': 'B', 'P': 'K'}
	var b strings.Builder
	for _, line := range strings.Split(diagram, "\n") {
		switch {
		case line == "turn rainbow":
			line = "turn xeno"
		case strings.HasPrefix(line, "variant"), strings.HasPrefix(line, "turn"), strings.HasPrefix(strings.TrimSpace(line), "a "):
		default:
			line = strings.Map(func(r rune) rune {
				if s, ok := swap[r]; ok {
					return s
				}
				return r
			}, line)
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// "A. You must move on your turn. It is illegal to put your opponent in a position where she has
// no legal moves." The rule binds both sides: the cornered position with the colours swapped
// forbids Xeno the move that would shut Rainbow in, and lets Xeno make the others.
func TestRulebookXenoMayNotLeaveRainbowWithoutAMove(t *testing.T) {
	s := pos(t, mirror(cornered))
	if s.turn != 1 {
		t.Fatalf("mirrored position: %s to move", s.diagram())
	}
	sameTokens(t, "sizes on A3", tokens(t, s, "b3 a3"), "pawn", "queen")
	mustRefuse(t, s, "b3 a3 drone", "Becoming a white drone would leave Rainbow without a legal move, which the rules forbid")
	mustApply(t, s, "b3 a3 pawn")
	if s.result != nil || s.turn != 0 {
		t.Fatalf("Rainbow must have a move now: %+v\n%s", s.result, s.diagram())
	}
	if len(tokens(t, s, "")) == 0 {
		t.Errorf("Rainbow is offered no move\n%s", s.diagram())
	}
}

// The same rule for a whole leaf: in this position (reached in random play) Rainbow's only moves
// would come from a corner Xeno frees, so every move of the white drone on D1 would shut Rainbow
// in. The drone is not offered, naming it is refused with the reason, and a move Xeno is offered
// leaves Rainbow one.
func TestRulebookALeafWhoseEveryMoveStalemates(t *testing.T) {
	const d = `variant standard
turn xeno
6 G1K1N1 .  N1 .  O2
5 .      .  .  .  Y2K1
4 .      .  O2 .  .
3 .      P1N1 . . .
2 .      O1 .  K1 K1
1 C2     .  K2 W2 C2`
	s := pos(t, d)
	if offered(t, s, "", "d1") {
		t.Errorf("the white drone on D1 is offered:\n%s", s.diagram())
	}
	mustRefuse(t, s, "d1", "The white drone on D1 has no legal move: every move it could make would leave Rainbow without a legal move")
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		s := pos(t, d)
		m, err := rules.RandomMove(s, s.turn, r)
		if err != nil {
			t.Fatal(err)
		}
		mustApply(t, s, strings.Join(m, " "))
		if s.result != nil || len(tokens(t, s, "")) == 0 {
			t.Fatalf("after Xeno's %q Rainbow has no move: %+v\n%s", m, s.result, s.diagram())
		}
	}
}
