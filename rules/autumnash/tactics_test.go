package autumnash

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/boardbot/boardbot/rules"
	"github.com/boardbot/boardbot/rules/ai"
	"github.com/boardbot/boardbot/rules/ai/aitest"
	"github.com/boardbot/boardbot/rules/rulestest"
)

// tacticCase is one position of testdata/tactics.txt.
type tacticCase struct {
	name, want string
	n          int
	s          *state
}

func loadTactics(t testing.TB) []tacticCase {
	b, err := os.ReadFile("testdata/tactics.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []tacticCase
	for _, part := range strings.Split(string(b), "\n== ")[1:] {
		head, body, _ := strings.Cut(part, "\n")
		i := strings.LastIndex(head, ": ")
		c := tacticCase{name: head[:i]}
		f := strings.Fields(head[i+2:])
		c.want = f[0]
		if len(f) > 1 {
			c.n, _ = strconv.Atoi(f[1])
		}
		c.s = pos(t, body)
		out = append(out, c)
	}
	return out
}

// threatNow is what the opponent of the seat to move could bag if it were its turn.
func threatNow(s *state) int {
	c := s.Clone().(*state)
	c.turn = other(s.turn)
	c.refresh()
	return c.bestBag()
}

// meets says whether the move rated t does what the case asks.
func (c tacticCase) meets(t tactic) bool {
	switch c.want {
	case "win":
		return t.own == winValue
	case "points":
		return t.own >= c.n
	case "block":
		return t.answer < winValue
	case "shut":
		return t.answer == 0
	case "prevent":
		return t.answer == 0 && t.after != nil && (&forkSearch{me: other(t.after.turn)}).forkValue(t.after, 0, 0) == 0
	}
	return false
}

// The positions are what they claim: the best kind of move exists, not every move is one, and
// the threat to block or shut is there before the move.
func TestTacticPositions(t *testing.T) {
	cases := loadTactics(t)
	if len(cases) < 10 {
		t.Fatalf("%d positions, want at least 10", len(cases))
	}
	for _, c := range cases {
		ts := c.s.tactics(c.s.turn)
		good := 0
		for _, x := range ts {
			if c.meets(x) {
				good++
			}
		}
		if good == 0 || good == len(ts) {
			t.Errorf("%s: %d of %d moves do it", c.name, good, len(ts))
		}
		if c.want == "prevent" {
			// One move deep, moves that fail look as good as those that do: the fork is the point.
			best, fooled := ts[0].net(), 0
			for _, x := range ts {
				best = max(best, x.net())
			}
			for _, x := range ts {
				if x.net() == best && !c.meets(x) {
					fooled++
				}
			}
			if fooled == 0 {
				t.Errorf("%s: every move of the best one-move net does it", c.name)
			}
		}
		switch th := threatNow(c.s); c.want {
		case "block":
			if th != winValue {
				t.Errorf("%s: the opponent cannot win now (%d)", c.name, th)
			}
		case "shut":
			if th == 0 || th == winValue {
				t.Errorf("%s: the opponent threatens %d", c.name, th)
			}
		case "prevent":
			if th != 0 {
				t.Errorf("%s: the opponent can bag %d at once", c.name, th)
			}
		}
	}
}

// bestBag, the quick threat finder, agrees with playing every move out, over random positions
// (it may count a move the no-stalemate rule refuses, so it is never below the truth). It sees
// bags only: the rare win by leaving the opponent without a move is not a bag.
func TestBestBagAgrees(t *testing.T) {
	checked, differ := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		st, err := Game.New(rules.Setup{Seats: 2, Seed: seed, Options: map[string]string{OptVariant: VariantStandard}})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*state)
		r := rand.New(rand.NewPCG(seed, 3))
		for n := 0; n < 120 && s.result == nil; n++ {
			if n%3 == 0 {
				slow := 0
				moves, _, _ := rules.Enumerate(s, s.turn, maxTacticMoves)
				for _, m := range moves {
					c := s.Clone().(*state)
					// Points only: a win by leaving the opponent no move is no bag.
					if _, err := c.Apply(s.turn, m); err == nil && c.scores[s.turn] >= data.target {
						slow = winValue
					} else if err == nil {
						slow = max(slow, c.scores[s.turn]-s.scores[s.turn])
					}
				}
				fast := s.Clone().(*state).bestBag()
				checked++
				if fast < slow {
					t.Fatalf("seed %d move %d: bestBag %d, moves played out %d\n%s", seed, n, fast, slow, s.diagram())
				}
				if fast != slow {
					differ++
				}
			}
			m, err := rules.RandomMove(s, s.turn, r)
			if err != nil {
				t.Fatal(err)
			}
			s.Apply(s.turn, m)
		}
	}
	if differ*20 > checked {
		t.Errorf("bestBag differs in %d of %d positions", differ, checked)
	}
	t.Logf("%d positions, %d differ (a stalemating move counted)", checked, differ)
}

// The AI finds the tactic: normal at least 90% of the positions, hard all of them; easy, which
// has no tactical filter, is only reported.
func TestAITactics(t *testing.T) {
	var cases []aitest.Tactic
	for _, c := range loadTactics(t) {
		cases = append(cases, aitest.Tactic{Name: c.name, State: c.s.Clone, Seat: c.s.turn, Good: func(m rules.Move) bool {
			after := c.s.Clone().(*state)
			if _, err := after.Apply(c.s.turn, m); err != nil {
				t.Fatal(err)
			}
			return c.meets(tactic{m: m, own: gained(c.s, after, c.s.turn), answer: bestReply(after, c.s.turn), after: after})
		}})
	}
	aitest.Tactics(t, Game, cases)
}

// Over seeded games against easy, normal never leaves points or a win on the table and never
// lets a threat it could stop stand (easy, without the filter, does: the counters count). The
// default suite plays the first game only: since normal looks for forks (issue 40) a game costs
// some 10 s of one core.
func TestAIHabits(t *testing.T) {
	easy := 0
	for i, seed := range []uint64{1, 2}[:rulestest.Scale(1, 2)] {
		levels := []string{"normal", "easy"}
		if i == 1 {
			levels = []string{"easy", "normal"}
		}
		counts, n, err := aitest.Habits(Game, rules.Setup{Seats: 2, Seed: seed}, levels, 400)
		if err != nil {
			t.Fatal(err)
		}
		for seat, lv := range levels {
			t.Logf("seed %d, %d moves: %s %v", seed, n, lv, counts[rules.Seat(seat)])
			if lv == "normal" && len(counts[rules.Seat(seat)]) != 0 {
				t.Errorf("seed %d: normal's habits %v", seed, counts[rules.Seat(seat)])
			}
			if lv == "easy" {
				easy += counts[rules.Seat(seat)][HabitMissedPoints] + counts[rules.Seat(seat)][HabitIgnoredThreat]
			}
		}
	}
	if easy == 0 {
		t.Error("easy showed no habit either: the counters may count nothing")
	}
}

// Hard beats normal (issue 40: at least 65% over 100 games, seats alternating). Long tier only:
// one game between them costs some 40 s of a loaded core, beyond the package's test budget; the
// default suite checks hard's edge through TestAITactics (hard must solve every position).
func TestHardBeatsNormal(t *testing.T) {
	rulestest.NeedLong(t)
	games := 100
	won := 0
	for g := 0; g < games; g++ {
		seed := uint64(400 + g)
		hard := rules.Seat(g % 2)
		st, err := Game.New(rules.Setup{Seats: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; st.Result() == nil; n++ {
			if n > 400 {
				t.Fatalf("game %d still running after %d moves", g, n)
			}
			seat := st.(*state).turn
			level := "normal"
			if seat == hard {
				level = "hard"
			}
			cfg, _ := ai.ForLevel(level, seed*1000+uint64(n))
			m, _, err := ai.Choose(Game, st, seat, cfg)
			if err != nil {
				t.Fatalf("game %d move %d: %v", g, n, err)
			}
			if _, err := st.Apply(seat, m); err != nil {
				t.Fatalf("game %d move %d %s: %v", g, n, m, err)
			}
		}
		if w := st.Result().Winners(); len(w) == 1 && w[0] == hard {
			won++
		}
	}
	t.Logf("hard won %d of %d against normal", won, games)
	if won*100 < 65*games {
		t.Errorf("hard won %d of %d against normal, want at least 65%%", won, games)
	}
}
