package autumnash

import (
	"testing"

	"github.com/boardbot/boardbot/rules"
)

// The prompt says what is asked (the platform says of whom), the score, and whether a leaf may
// enter first; prompts made
// once for scores below the target read the same as those written on demand for any other.
func TestPrompt(t *testing.T) {
	for _, c := range []struct {
		name, diagram, want string
	}{
		{"start, corners free", "variant standard\nturn rainbow\nscores 0 0\n" +
			"6 .  C2 .  C1 .\n5 .  .  C3 .  .\n4 .  .  .  .  .\n3 .  .  .  .  .\n2 .  .  G3 .  .\n1 .  G1 .  G2 .\n  a  b  c  d  e\n",
			"Move one of your leaves one or two steps (you may first enter a green leaf at a free corner). You have 0 of 21 points."},
		{"every corner taken", "variant standard\nturn xeno\nscores 4 17\n" +
			"6 W1 C2 .  C1 Y1\n5 .  .  C3 .  .\n4 .  .  .  .  .\n3 .  .  .  .  .\n2 .  .  G3 .  .\n1 Y1 G1 .  G2 O1\n  a  b  c  d  e\n",
			"Move one of your leaves one or two steps. You have 17 of 21 points."},
		{"score past the target, not in the table", "variant standard\nturn xeno\nscores 0 30\n" +
			"6 .  C2 .  C1 .\n5 .  .  C3 .  .\n4 .  .  .  .  .\n3 .  .  .  .  .\n2 .  .  G3 .  .\n1 .  G1 .  G2 .\n  a  b  c  d  e\n",
			"Move one of your leaves one or two steps (you may first enter a clear leaf at a free corner). You have 30 of 21 points."},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := pos(t, c.diagram).promptText(); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
	for seat := range prompts {
		for sc := range prompts[seat] {
			for e, p := range prompts[seat][sc] {
				if want := promptFor(rules.Seat(seat), sc, e == 1); p.msg.English() != want.msg.English() {
					t.Errorf("prompts[%d][%d][%d] = %q, want %q", seat, sc, e, p.msg.English(), want.msg.English())
				}
			}
		}
	}
}
